/* Generated from schemas/ by `npm run gen:types`. Do not edit by hand: edit the schema and regenerate. */

/**
 * A link target: a site path such as /pricing, an in-page anchor such as #contact-form, a path with an anchor such as /takedowns/commercial#contact-form, or a full https:// or mailto: address.
 */
export type Href = string;
/**
 * One block of a page. Its type decides which fields it takes. Generated from schemas/sections/ by npm run gen:types.
 */
export type Section = (
  | ArticleListSection
  | BadgeBuilderSection
  | BreadcrumbSection
  | CardGridSection
  | ComparisonSection
  | ContactDetailsSection
  | CallToActionSection
  | DocumentSection
  | ExternalLinksSection
  | FAQSection
  | FormSection
  | GallerySection
  | HeroSection
  | LinkListSection
  | PlansSection
  | PricingTableSection
  | RichTextSection
  | StatsSection
  | StepsSection
  | TagListSection
  | TeamSection
  | TestimonialsSection
) & {
  type:
    | 'article-list'
    | 'badge-builder'
    | 'breadcrumb'
    | 'card-grid'
    | 'comparison'
    | 'contact-details'
    | 'cta'
    | 'document'
    | 'external-links'
    | 'faq'
    | 'form'
    | 'gallery'
    | 'hero'
    | 'link-list'
    | 'plans'
    | 'pricing-table'
    | 'rich-text'
    | 'stats'
    | 'steps'
    | 'tag-list'
    | 'team'
    | 'testimonials';
};
/**
 * An in-page anchor (lowercase letters, digits and hyphens), so that /page#anchor-id scrolls here.
 */
export type AnchorId = string;
/**
 * One of the built-in line icons.
 */
export type Icon =
  | 'alert'
  | 'badge'
  | 'bolt'
  | 'building'
  | 'camera'
  | 'chart'
  | 'chat'
  | 'check'
  | 'clock'
  | 'code'
  | 'document'
  | 'dollar'
  | 'download'
  | 'eye'
  | 'gamepad'
  | 'globe'
  | 'heart'
  | 'lock'
  | 'mail'
  | 'map-pin'
  | 'music'
  | 'palette'
  | 'pen'
  | 'phone'
  | 'rocket'
  | 'scale'
  | 'search'
  | 'shield'
  | 'star'
  | 'users'
  | 'video'
  | 'wordpress';
/**
 * One or more paragraphs of plain text.
 *
 * @minItems 1
 */
export type Paragraphs = [string, ...string[]];
/**
 * A link target: a site path such as /pricing, an in-page anchor such as #contact-form, a path with an anchor such as /takedowns/commercial#contact-form, or a full https:// or mailto: address.
 */
export type Href1 = string;
/**
 * Fields whose surrounding spaces are removed before checking and sending.
 */
export type Trim = string[];
/**
 * An amount in the catalogue's currency; {price:key} shows it with the currency and thousands separators, e.g. 1225 reads $1,225 and 9.99 reads $9.99.
 */
export type Amount = number;
/**
 * A discount or saving as a percentage, written with its % sign, e.g. "25%"; {price:key} shows it as written.
 */
export type Percentage = string;

export interface Content {
  site?: Site;
  page?: Page;
  faqSet?: FAQSet;
  knownLinks?: KnownLinks;
  form?: Form;
  apiPayload?: APIPayload;
  badges?: Badges;
  pricing?: PriceCatalogue;
  notifications?: Notifications;
  section?: Section;
}
/**
 * site/site.yaml: the site's name, shared header, footer and settings.
 */
export interface Site {
  $schema?: string;
  /**
   * The brand name shown in the header, footer and page titles.
   */
  name: string;
  tagline?: string;
  /**
   * The public origin without a trailing slash. SITE_URL overrides it at build time.
   */
  url: string;
  language: string;
  /**
   * How page titles are shown; %s is the page's title.
   */
  titleTemplate?: string;
  themeColor?: string;
  header: {
    /**
     * Dropdown menus, in order.
     */
    menus: {
      label: string;
      /**
       * @minItems 1
       */
      items: [Link, ...Link[]];
    }[];
    /**
     * Single links after the menus.
     */
    links: {
      label: string;
      href: Href;
      /**
       * Show this link only in the mobile menu.
       */
      mobileOnly?: boolean;
    }[];
    cta: Link;
  };
  footer: {
    about: string;
    columns: {
      title: string;
      links: Link[];
    }[];
    supportEmail: string;
    supportLabel?: string;
    legal: Link[];
    /**
     * {year} is replaced by the build year.
     */
    copyright: string;
  };
  consent?: ConsentNotice;
  toast?: {
    durationMs?: number;
    label?: string;
  };
}
export interface Link {
  /**
   * The visible link text.
   */
  label: string;
  href: Href;
  /**
   * A short line shown under the label (menus, link lists).
   */
  description?: string;
}
/**
 * The notice every lead form shows just above its submit button: why we ask for the visitor's details, with links to the privacy policy and terms. A form may replace it with its own consent in site/forms/.
 */
export interface ConsentNotice {
  /**
   * The notice as visitors read it. Write {privacy} (or any name under links) where a link goes; every name in braces needs a link and every link must appear in the text.
   */
  text: string;
  /**
   * The links the text names, by name: each a label and the page it opens.
   */
  links: {
    [k: string]: Link | undefined;
  };
}
/**
 * site/pages/*.yaml: one route with its metadata and sections, top to bottom.
 */
export interface Page {
  $schema?: string;
  /**
   * The route, e.g. /pricing. Lowercase letters, digits and hyphens; no trailing slash. Leave it out only on the not-found page.
   */
  path?: string;
  meta: PageMeta;
  /**
   * The page's sections, top to bottom. Each has a type; the first is usually a hero with the page's main heading.
   *
   * @minItems 1
   */
  sections: [Section, ...Section[]];
}
export interface PageMeta {
  /**
   * The browser tab and search result title (up to 70 characters).
   */
  title: string;
  /**
   * The search result snippet (20 to 300 characters).
   */
  description: string;
  /**
   * @minItems 1
   */
  keywords: [string, ...string[]];
  /**
   * A path when the canonical address differs from the route.
   */
  canonical?: string;
  /**
   * Keep this page out of search engines and the sitemap.
   */
  noindex?: boolean;
  ogType?: 'website' | 'article';
  /**
   * Structured data (schema.org objects) added to the page as JSON-LD.
   */
  jsonLd?: {
    '@type': string;
  }[];
}
/**
 * A searchable list of articles with a category filter, a featured band, a latest list and a sidebar (categories, trending topics, newsletter box, quick resources). Search and category are kept in the address (?q=…&category=…).
 */
export interface ArticleListSection {
  type: 'article-list';
  id?: AnchorId;
  /**
   * The band colour behind the section.
   */
  background?: 'plain' | 'muted' | 'brand';
  /**
   * An optional heading above the search box.
   */
  title?: string;
  /**
   * The search box's label, e.g. Search articles.
   */
  searchLabel: string;
  searchPlaceholder: string;
  /**
   * The category dropdown's label.
   */
  categoryLabel: string;
  /**
   * The first dropdown option, which shows every category.
   */
  allCategoriesLabel: string;
  /**
   * The result line, with {shown} (articles that match) and {total} (all articles in the list), e.g. Showing {shown} of {total} articles.
   */
  countText: string;
  /**
   * Heading of the first band, which shows the first three matching articles.
   */
  featuredTitle: string;
  /**
   * Heading of the list of the remaining matches (the first three are skipped).
   */
  latestTitle: string;
  /**
   * The label on articles marked featured, e.g. Featured.
   */
  featuredLabel: string;
  /**
   * What shows when no article matches.
   */
  empty: {
    title: string;
    text: string;
    /**
     * A button that clears the search and the category.
     */
    resetLabel: string;
  };
  /**
   * Where an article links, with {id} replaced by the article's number, e.g. /blog/{id}.
   */
  articleHref: string;
  moreAction?: Action;
  /**
   * The dropdown's options and the sidebar's category list, in order.
   *
   * @minItems 1
   */
  categories: [ArticleCategory, ...ArticleCategory[]];
  /**
   * @minItems 1
   */
  articles: [Article, ...Article[]];
  sidebar: {
    /**
     * The sidebar's name for assistive technology.
     */
    label: string;
    categoriesTitle: string;
    trending?: {
      title: string;
      /**
       * How a topic's post count reads, with {count} for the number, e.g. {count} posts.
       */
      countText: string;
      /**
       * @minItems 1
       */
      topics: [
        {
          name: string;
          /**
           * The number of posts on the topic.
           */
          posts: number;
        },
        ...{
          name: string;
          /**
           * The number of posts on the topic.
           */
          posts: number;
        }[]
      ];
    };
    newsletter?: {
      title: string;
      text: string;
      /**
       * The label of the email box.
       */
      emailLabel: string;
      action: Action;
    };
    resources?: {
      title: string;
      /**
       * @minItems 1
       */
      links: [Link, ...Link[]];
    };
  };
}
/**
 * A button. Give it an href to make it a link, or action: history-back for a Go Back button. Without either it is a plain button.
 */
export interface Action {
  label: string;
  /**
   * Words that finish the label for screen readers and search engines, not shown: label "Learn More" with context "about badge plans" is read "Learn More about badge plans". Use it when the label alone does not say where the link goes.
   */
  context?: string;
  href?: Href;
  /**
   * A behaviour instead of a link.
   */
  action?: 'history-back';
  variant?: 'primary' | 'secondary' | 'ghost';
  icon?: Icon;
}
export interface ArticleCategory {
  /**
   * The value the filter compares with (and the ?category= value).
   */
  id: string;
  /**
   * As shown, and as articles name their category.
   */
  name: string;
  /**
   * How many posts the whole blog has in this category (shown in the sidebar).
   */
  count: number;
  icon: Icon;
}
export interface Article {
  /**
   * The article's number, used in its link.
   */
  id: number;
  title: string;
  excerpt: string;
  /**
   * The name of one of the categories above.
   */
  category: string;
  author: string;
  /**
   * Publication date, YYYY-MM-DD.
   */
  date: string;
  /**
   * As shown, e.g. 8 min read.
   */
  readTime: string;
  /**
   * As shown, e.g. 12.4K views.
   */
  views: string;
  /**
   * Marks the article with a Featured label.
   */
  featured?: boolean;
  tags?: string[];
}
/**
 * The protection-badge customiser: visitors pick a badge type, size and colour (from site/data/badges.yaml), see a live preview, and copy the HTML snippet that embeds the badge on their site.
 */
export interface BadgeBuilderSection {
  type: 'badge-builder';
  id?: AnchorId;
  /**
   * The band colour behind the section.
   */
  background?: 'plain' | 'muted' | 'brand';
  title: string;
  intro?: string;
  labels: BadgeBuilderLabels;
}
export interface BadgeBuilderLabels {
  /**
   * Heading of the badge type choices, e.g. Badge type.
   */
  type: string;
  /**
   * Heading of the size choices, e.g. Size.
   */
  size: string;
  /**
   * Heading of the colour choices, e.g. Color.
   */
  color: string;
  /**
   * Heading above the live preview.
   */
  preview: string;
  /**
   * Heading above the HTML snippet.
   */
  code: string;
  /**
   * A line under the snippet, e.g. where to paste it.
   */
  codeHelp?: string;
  /**
   * The copy button, e.g. Copy.
   */
  copy: string;
  /**
   * The copy button for 2 seconds after a copy, e.g. Copied!
   */
  copied: string;
  /**
   * Read out by screen readers after a copy.
   */
  copiedStatus?: string;
  /**
   * Shown when the browser refuses the clipboard.
   */
  copyFailed?: string;
}
/**
 * A slim bar under the hero: where this page sits (e.g. Home › FAQ › Legal Questions) and an optional back link.
 */
export interface BreadcrumbSection {
  type: 'breadcrumb';
  id?: AnchorId;
  /**
   * The band colour behind the bar.
   */
  background?: 'plain' | 'muted' | 'brand';
  /**
   * The pages above this one, from the top, each a link.
   *
   * @minItems 1
   */
  trail: [Link, ...Link[]];
  /**
   * This page's name, shown last (not a link).
   */
  current: string;
  back?: Link1;
}
/**
 * A back link at the end of the bar, e.g. Back to FAQ.
 */
export interface Link1 {
  /**
   * The visible link text.
   */
  label: string;
  href: Href;
  /**
   * A short line shown under the label (menus, link lists).
   */
  description?: string;
}
/**
 * A heading and a grid of cards: benefits, services, case types, threats, industries.
 */
export interface CardGridSection {
  type: 'card-grid';
  id?: AnchorId;
  /**
   * The band colour behind the section.
   */
  background?: 'plain' | 'muted' | 'brand';
  title: string;
  intro?: string;
  columns?: 2 | 3 | 4;
  /**
   * @minItems 1
   */
  cards: [Card, ...Card[]];
}
export interface Card {
  icon?: Icon;
  /**
   * A small label in the card's corner.
   */
  badge?: string;
  title: string;
  text: string;
  /**
   * A last line in bold, e.g. an impact figure or a price.
   */
  note?: string;
  /**
   * A ticked list inside the card.
   */
  items?: string[];
  action?: Action;
}
/**
 * A table comparing options side by side: one column per option, one row per point of comparison.
 */
export interface ComparisonSection {
  type: 'comparison';
  id?: AnchorId;
  /**
   * The band colour behind the section.
   */
  background?: 'plain' | 'muted' | 'brand';
  title: string;
  intro?: string;
  /**
   * The heading above the row names, e.g. What you get.
   */
  rowHeading: string;
  /**
   * The options compared, left to right.
   *
   * @minItems 2
   * @maxItems 5
   */
  columns: [
    {
      label: string;
      /**
       * Emphasise this column, e.g. our own service.
       */
      highlight?: boolean;
    },
    {
      label: string;
      /**
       * Emphasise this column, e.g. our own service.
       */
      highlight?: boolean;
    },
    ...{
      label: string;
      /**
       * Emphasise this column, e.g. our own service.
       */
      highlight?: boolean;
    }[]
  ];
  /**
   * @minItems 1
   */
  rows: [
    {
      label: string;
      /**
       * One value per column, in the same order as columns.
       *
       * @minItems 2
       * @maxItems 5
       */
      values: [string, string, ...string[]];
    },
    ...{
      label: string;
      /**
       * One value per column, in the same order as columns.
       *
       * @minItems 2
       * @maxItems 5
       */
      values: [string, string, ...string[]];
    }[]
  ];
  /**
   * A line under the table.
   */
  note?: string;
}
/**
 * Where to find us: an office address, e-mail addresses and phone lines, each with a label.
 */
export interface ContactDetailsSection {
  type: 'contact-details';
  id?: AnchorId;
  /**
   * The band colour behind the section.
   */
  background?: 'plain' | 'muted' | 'brand';
  title: string;
  intro?: string;
  /**
   * @minItems 1
   */
  entries: [
    {
      icon?: Icon;
      label: string;
      /**
       * The address or details, one line each.
       *
       * @minItems 1
       */
      lines: [string, ...string[]];
      link?: Link;
    },
    ...{
      icon?: Icon;
      label: string;
      /**
       * The address or details, one line each.
       *
       * @minItems 1
       */
      lines: [string, ...string[]];
      link?: Link;
    }[]
  ];
}
/**
 * A closing band with a heading, a line of text and one to three buttons.
 */
export interface CallToActionSection {
  type: 'cta';
  id?: AnchorId;
  /**
   * The band colour behind the section.
   */
  background?: 'plain' | 'muted' | 'brand';
  title: string;
  text?: string;
  /**
   * @minItems 1
   * @maxItems 3
   */
  actions: [Action, ...Action[]];
}
/**
 * A long text in numbered, anchored parts with a table of contents that links to each part, e.g. a privacy policy or terms of service.
 */
export interface DocumentSection {
  type: 'document';
  id?: AnchorId;
  /**
   * The band colour behind the section.
   */
  background?: 'plain' | 'muted' | 'brand';
  /**
   * The words before the date, e.g. Last updated.
   */
  updatedLabel: string;
  /**
   * When the text last changed, YYYY-MM-DD; shown as e.g. January 15, 2024.
   */
  updated: string;
  intro?: Paragraphs;
  /**
   * The heading of the table of contents.
   */
  tocTitle: string;
  /**
   * Number the parts (1., 2., …) in the headings and the table of contents.
   */
  numbered?: boolean;
  /**
   * @minItems 1
   */
  parts: [DocumentPart, ...DocumentPart[]];
}
export interface DocumentPart {
  id: AnchorId;
  title: string;
  paragraphs: Paragraphs;
  /**
   * A bulleted list after the paragraphs.
   *
   * @minItems 1
   */
  list?: [string, ...string[]];
  /**
   * @minItems 1
   */
  subsections?: [
    {
      title: string;
      paragraphs: Paragraphs;
      /**
       * @minItems 1
       */
      list?: [string, ...string[]];
    },
    ...{
      title: string;
      paragraphs: Paragraphs;
      /**
       * @minItems 1
       */
      list?: [string, ...string[]];
    }[]
  ];
  /**
   * Links listed at the end of the part, e.g. how to reach us.
   *
   * @minItems 1
   */
  links?: [Link, ...Link[]];
}
/**
 * Links to other websites, e.g. official resources. Each opens in a new tab and says so to screen readers.
 */
export interface ExternalLinksSection {
  type: 'external-links';
  id?: AnchorId;
  /**
   * The band colour behind the section.
   */
  background?: 'plain' | 'muted' | 'brand';
  title: string;
  intro?: string;
  /**
   * @minItems 1
   */
  links: [
    {
      /**
       * The visible link text.
       */
      label: string;
      /**
       * A full https:// address on another website.
       */
      href: string;
      /**
       * A short line under the link.
       */
      description?: string;
    },
    ...{
      /**
       * The visible link text.
       */
      label: string;
      /**
       * A full https:// address on another website.
       */
      href: string;
      /**
       * A short line under the link.
       */
      description?: string;
    }[]
  ];
}
/**
 * Questions from an FAQ set in site/faq/: an accordion (optionally grouped by category, with quick links to each category) or a list of cards, with an optional search box and category filter.
 */
export interface FAQSection {
  type: 'faq';
  id?: AnchorId;
  /**
   * The band colour behind the section.
   */
  background?: 'plain' | 'muted' | 'brand';
  title: string;
  intro?: string;
  /**
   * The id of an FAQ set in site/faq/.
   */
  faqSet: string;
  /**
   * Show only the first N questions.
   */
  limit?: number;
  /**
   * accordion: each question opens to show its answer. cards: question and answer shown together; a card links to its category's page (categories[].href) at the question's anchor.
   */
  display?: 'accordion' | 'cards';
  /**
   * one: opening a question closes the one that was open. many: several answers can be open at once. Either way, clicking an open question closes it.
   */
  expand?: 'one' | 'many';
  /**
   * Show one block per category (in the order the categories first appear in the set), each with its heading and anchor, plus a row of quick links to the blocks. The anchor is the category name in lowercase, spaces as hyphens and & as "and": "Timeline & Process" → #timeline-and-process.
   */
  groupByCategory?: boolean;
  /**
   * The heading of the quick links (with groupByCategory).
   */
  navLabel?: string;
  /**
   * List the set's categories as tags (not links) above the questions.
   */
  categoryTags?: boolean;
  /**
   * A search box: shows the questions whose question or answer contains the text, ignoring case. The text is kept in the address as ?q=.
   */
  search?: {
    /**
     * The visible label of the box.
     */
    label: string;
    placeholder?: string;
  };
  /**
   * The categories visitors can filter by, in order. The id is the category name in lowercase with hyphens ("DMCA Basics" → dmca-basics); the id all shows every question. The chosen one is kept in the address as ?category=.
   *
   * @minItems 2
   */
  categories?: [FAQCategory, FAQCategory, ...FAQCategory[]];
  /**
   * Show the categories as a filter: a row of buttons above the questions, or a list beside them.
   */
  filter?: 'buttons' | 'sidebar';
  /**
   * Show beside each category name how many of the set's questions it holds (all: every question). The numbers are counted from the FAQ set when the site is built, so they are never typed.
   */
  categoryCounts?: boolean;
  /**
   * The heading of the category filter.
   */
  filterLabel?: string;
  /**
   * Show a heading such as 3 questions found for "fee" above the questions. Screen readers hear the count after every search either way.
   */
  showCount?: boolean;
  /**
   * What to show when a search or filter matches no question.
   */
  empty?: {
    title: string;
    text?: string;
    /**
     * A button that clears the search and shows every category.
     */
    resetLabel?: string;
  };
}
export interface FAQCategory {
  id: string;
  /**
   * The text on the filter button.
   */
  name: string;
  href?: Href1;
}
/**
 * A lead form from site/forms/, with an optional heading and a side note.
 */
export interface FormSection {
  type: 'form';
  id?: AnchorId;
  /**
   * The band colour behind the section.
   */
  background?: 'plain' | 'muted' | 'brand';
  /**
   * The id of a form in site/forms/.
   */
  form: string;
  /**
   * A box beside the form, e.g. what happens next.
   */
  aside?: {
    title: string;
    /**
     * @minItems 1
     */
    items: [string, ...string[]];
  };
}
/**
 * A heading and a grid of images from this site, each with a caption, e.g. badge examples or screenshots.
 */
export interface GallerySection {
  type: 'gallery';
  id?: AnchorId;
  /**
   * The band colour behind the section.
   */
  background?: 'plain' | 'muted' | 'brand';
  title: string;
  intro?: string;
  columns?: 2 | 3 | 4;
  /**
   * @minItems 1
   */
  items: [GalleryItem, ...GalleryItem[]];
}
export interface GalleryItem {
  /**
   * An image on this site, e.g. /api/badge/standard/medium/blue. Images from other sites are not allowed.
   */
  src: string;
  /**
   * What the image shows, for people who cannot see it.
   */
  alt: string;
  width: number;
  height: number;
  caption: string;
  /**
   * A line under the caption.
   */
  text?: string;
}
/**
 * The top of a page: its main heading (the page's h1), a short pitch, buttons and optional highlights.
 */
export interface HeroSection {
  type: 'hero';
  id?: AnchorId;
  /**
   * The band colour behind the section.
   */
  background?: 'plain' | 'muted' | 'brand';
  /**
   * A short line above the heading.
   */
  eyebrow?: string;
  /**
   * The page's main heading.
   */
  title: string;
  subtitle?: string;
  /**
   * @maxItems 3
   */
  actions?: Action[];
  /**
   * Short claims shown as ticks under the buttons.
   *
   * @maxItems 6
   */
  highlights?: string[];
  icon?: Icon;
}
/**
 * Groups of links, e.g. popular pages, solutions or related topics.
 */
export interface LinkListSection {
  type: 'link-list';
  id?: AnchorId;
  /**
   * The band colour behind the section.
   */
  background?: 'plain' | 'muted' | 'brand';
  title: string;
  intro?: string;
  /**
   * @minItems 1
   */
  groups: [
    {
      title?: string;
      /**
       * @minItems 1
       */
      links: [Link, ...Link[]];
    },
    ...{
      title?: string;
      /**
       * @minItems 1
       */
      links: [Link, ...Link[]];
    }[]
  ];
}
/**
 * Pricing tiers side by side: name, price, what is included, and a button. One tier can be marked most popular.
 */
export interface PlansSection {
  type: 'plans';
  id?: AnchorId;
  /**
   * The band colour behind the section.
   */
  background?: 'plain' | 'muted' | 'brand';
  title: string;
  intro?: string;
  /**
   * A line under the plans, e.g. a guarantee or trial offer.
   */
  note?: string;
  /**
   * @minItems 1
   * @maxItems 4
   */
  plans: [Plan, ...Plan[]];
}
export interface Plan {
  name: string;
  /**
   * As shown: a price from site/data/pricing.yaml such as {price:industry.music.professional}, or words such as Free or Custom. A figure is never typed here, so every price has one source.
   */
  price: string;
  /**
   * Shown after the price, e.g. /month or per takedown.
   */
  period?: string;
  description?: string;
  /**
   * A ribbon such as Most Popular; the tier is highlighted.
   */
  badge?: string;
  /**
   * @minItems 1
   */
  features: [string, ...string[]];
  action?: Action;
}
/**
 * Plans with a monthly and an annual price, and a switch between the two billing periods: every price in the section follows the switch, and annual prices show the yearly saving (12 × the monthly difference). The chosen period is kept in the address as ?billing=annual. Plans are shown in one or more groups; in a group marked selectable, clicking a plan highlights it.
 */
export interface PricingTableSection {
  type: 'pricing-table';
  id?: AnchorId;
  /**
   * The band colour behind the section.
   */
  background?: 'plain' | 'muted' | 'brand';
  title: string;
  intro?: string;
  billing: BillingSwitch;
  /**
   * @minItems 1
   * @maxItems 4
   */
  groups: [PlanGroup, ...PlanGroup[]];
  /**
   * Names the list of limitations for screen readers.
   */
  limitationsLabel?: string;
  /**
   * A line under the plans.
   */
  note?: string;
}
/**
 * The words of the monthly/annual switch and of the prices it changes.
 */
export interface BillingSwitch {
  /**
   * Names the switch, e.g. Billing period.
   */
  label: string;
  /**
   * The monthly button, e.g. Monthly.
   */
  monthly: string;
  /**
   * The annual button, e.g. Annual.
   */
  annual: string;
  /**
   * A tag on the annual button, e.g. Save 20%.
   */
  annualNote?: string;
  period: PricePeriodWords;
  /**
   * Shown under an annual price; {amount} is 12 × (monthly − annual), e.g. Save $360 a year.
   */
  saving?: string;
}
/**
 * The words after a price in each billing period, e.g. /month and /month, billed annually. The section's billing.period applies to every plan without a period of its own (e.g. per takedown).
 */
export interface PricePeriodWords {
  monthly: string;
  annual: string;
}
export interface PlanGroup {
  id?: AnchorId;
  title: string;
  intro?: string;
  /**
   * Visitors can highlight one plan of the group by clicking its card or pressing its name (a toggle button).
   */
  selectable?: boolean;
  /**
   * @minItems 1
   * @maxItems 4
   */
  plans: [PricingPlan, ...PricingPlan[]];
}
export interface PricingPlan {
  /**
   * Unique in the section.
   */
  id: string;
  name: string;
  description?: string;
  /**
   * The group of the price catalogue (site/data/pricing.yaml) that holds this plan's monthly and annual amounts, e.g. commercial.professional. The catalogue is the one place a price is written.
   */
  price: string;
  period?: PricePeriodWords;
  /**
   * Show the yearly saving under the annual price. Set false for plans that are not a subscription.
   */
  showSaving?: boolean;
  /**
   * A ribbon such as Most Popular; the card is emphasised.
   */
  badge?: string;
  /**
   * Highlighted when the page opens (in a selectable group).
   */
  selected?: boolean;
  /**
   * @minItems 1
   */
  features: [string, ...string[]];
  /**
   * What the plan does not include, listed under the features.
   */
  limitations?: string[];
  action?: Action;
}
/**
 * A heading with paragraphs and an optional ticked list.
 */
export interface RichTextSection {
  type: 'rich-text';
  id?: AnchorId;
  /**
   * The band colour behind the section.
   */
  background?: 'plain' | 'muted' | 'brand';
  title: string;
  paragraphs: Paragraphs;
  list?: string[];
}
/**
 * A row of headline figures, each a value and a label.
 */
export interface StatsSection {
  type: 'stats';
  id?: AnchorId;
  /**
   * The band colour behind the section.
   */
  background?: 'plain' | 'muted' | 'brand';
  title?: string;
  intro?: string;
  /**
   * @minItems 1
   * @maxItems 8
   */
  items: [
    {
      /**
       * The figure as shown, e.g. 98% or 24-48h.
       */
      value: string;
      label: string;
    },
    ...{
      /**
       * The figure as shown, e.g. 98% or 24-48h.
       */
      value: string;
      label: string;
    }[]
  ];
}
/**
 * A numbered process, e.g. submit case, we handle everything, content removed.
 */
export interface StepsSection {
  type: 'steps';
  id?: AnchorId;
  /**
   * The band colour behind the section.
   */
  background?: 'plain' | 'muted' | 'brand';
  title: string;
  intro?: string;
  /**
   * @minItems 2
   * @maxItems 6
   */
  steps: [
    {
      title: string;
      text: string;
      icon?: Icon;
    },
    {
      title: string;
      text: string;
      icon?: Icon;
    },
    ...{
      title: string;
      text: string;
      icon?: Icon;
    }[]
  ];
}
/**
 * A heading and a wrap of short labels, e.g. the platforms we monitor or the styles we cover.
 */
export interface TagListSection {
  type: 'tag-list';
  id?: AnchorId;
  /**
   * The band colour behind the section.
   */
  background?: 'plain' | 'muted' | 'brand';
  title: string;
  intro?: string;
  /**
   * @minItems 1
   */
  tags: [string, ...string[]];
}
/**
 * A heading and a grid of people, each with a name, role and short biography; the portrait is drawn from their initials.
 */
export interface TeamSection {
  type: 'team';
  id?: AnchorId;
  /**
   * The band colour behind the section.
   */
  background?: 'plain' | 'muted' | 'brand';
  title: string;
  intro?: string;
  /**
   * @minItems 1
   */
  members: [TeamMember, ...TeamMember[]];
}
export interface TeamMember {
  name: string;
  role: string;
  bio: string;
  /**
   * Short labels shown under the biography.
   */
  expertise?: string[];
}
/**
 * Quotes from clients, each with a name and role.
 */
export interface TestimonialsSection {
  type: 'testimonials';
  id?: AnchorId;
  /**
   * The band colour behind the section.
   */
  background?: 'plain' | 'muted' | 'brand';
  title: string;
  intro?: string;
  /**
   * @minItems 1
   * @maxItems 6
   */
  items: [
    {
      quote: string;
      name: string;
      role: string;
      rating?: number;
    },
    ...{
      quote: string;
      name: string;
      role: string;
      rating?: number;
    }[]
  ];
}
/**
 * site/faq/*.yaml: a named list of questions and answers that pages show with a faq section.
 */
export interface FAQSet {
  $schema?: string;
  /**
   * How pages refer to this set (faqSet: id).
   */
  id: string;
  title: string;
  /**
   * @minItems 1
   */
  items: [FAQItem, ...FAQItem[]];
}
export interface FAQItem {
  /**
   * Unique within the set; also the anchor of the question.
   */
  id: string;
  question: string;
  answer: string;
  category: string;
}
/**
 * site/links.yaml: links known to point at pages that do not exist, each with the reason it stays and, where a live page answers it, the address visitors are redirected to.
 */
export interface KnownLinks {
  $schema?: string;
  known: KnownBrokenLink[];
}
export interface KnownBrokenLink {
  /**
   * The path as it appears on the site, or a pattern with {param} for a variable part such as /blog/{id}.
   */
  href: string;
  /**
   * Why the link stays broken for now, in a sentence an editor can act on.
   */
  reason: string;
  /**
   * Where a visitor who follows this link is sent (301), while the link itself stays listed for fixing at its source: a page of this site, optionally with #anchor. Only for an exact path, not a {param} pattern.
   */
  redirect?: string;
}
/**
 * site/forms/*.yaml: a lead form — its fields, labels, messages, behaviour and where it submits. Pages show it with a form section (form: id).
 */
export interface Form {
  $schema?: string;
  /**
   * How pages refer to this form (form: id).
   */
  id: string;
  /**
   * The heading above the form.
   */
  title: string;
  intro?: string;
  consent?: ConsentNotice1;
  submit: {
    /**
     * Where the submission is posted.
     */
    endpoint: '/api/contact' | '/api/takedown-request' | '/api/generate-badge';
    /**
     * What kind of lead this is; /api/contact derives the default subject and service interest from it.
     */
    formType: 'contact' | 'consultation' | 'newsletter' | 'quote' | 'takedown' | 'badge';
    /**
     * as-is: the fields exactly as filled in. contact: name, email, subject, message and serviceInterest built by the contact rules.
     */
    payload: 'as-is' | 'contact';
    /**
     * contact payload only: further fields sent along unchanged.
     */
    passThrough?: string[];
    /**
     * Fields kept in the form but never sent.
     */
    omit?: string[];
    /**
     * The subject sent when the subject field is left empty.
     */
    subjectFallback?: string;
    /**
     * contact payload only: the field whose value becomes serviceInterest.
     */
    serviceInterestFrom?: string;
    /**
     * contact payload only: fields joined (label: value) into the message when there is no message field.
     */
    messageFrom?: string[];
    /**
     * A file handed to the visitor after a successful submit.
     */
    download?: string;
  };
  fields: Fields;
  /**
   * Layout and labels in @rjsf uiSchema form: ui:order, ui:widget (textarea, select, radio, email), ui:placeholder, ui:help, ui:options rows.
   */
  ui?: {};
  /**
   * Initial values, restored after a successful submit.
   */
  defaults?: {};
  trim?: Trim;
  messages: Messages;
  errors: {
    /**
     * after-submit: errors appear after the first send attempt; submit-and-live: also while typing once a field has been left; browser: the browser's own checks only.
     */
    show: 'after-submit' | 'submit-and-live' | 'browser';
  };
  buttons: {
    idle: string;
    sending: string;
    /**
     * Shown under the fields when JavaScript is off, since sending needs it. Leave out for the default: 'Sending this form needs JavaScript. Turn it on, or e-mail us instead.'
     */
    noScript?: string;
  };
  /**
   * The confirmation e-mail sent to the address the visitor gave, when e-mail is set up (SMTP_URL). It repeats nothing the visitor typed and goes at most once an hour to one address. Leave out to send none.
   */
  autoReply?: {
    /**
     * The e-mail's subject.
     */
    subject: string;
    /**
     * The e-mail's text, exactly as sent: your own words only, no submitted values are put in.
     */
    text: string;
  };
  result: {
    success: FormOutcome;
    failure: FormOutcome;
    resetOnSuccess: boolean;
  };
}
/**
 * This form's own notice above its submit button, in place of the site-wide consent of site/site.yaml.
 */
export interface ConsentNotice1 {
  /**
   * The notice as visitors read it. Write {privacy} (or any name under links) where a link goes; every name in braces needs a link and every link must appear in the text.
   */
  text: string;
  /**
   * The links the text names, by name: each a label and the page it opens.
   */
  links: {
    [k: string]: Link | undefined;
  };
}
/**
 * A JSON Schema (type: object) describing the values: properties with type, title, enum/oneOf options, minLength, pattern; and required.
 */
export interface Fields {
  type: 'object';
  properties: {};
}
/**
 * The exact text for each rule: field → rule (required, minLength, pattern, format, enum, type) → message.
 */
export interface Messages {
  [k: string]:
    | {
        required?: string;
        minLength?: string;
        maxLength?: string;
        pattern?: string;
        format?: string;
        enum?: string;
        type?: string;
      }
    | undefined;
}
export interface FormOutcome {
  show: 'banner' | 'toast' | 'alert';
  /**
   * The text shown. Leave it out to show the server's or the submission helper's message.
   */
  text?: string;
}
/**
 * site/forms/api/*.yaml: what an endpoint accepts from a client that names no form (no X-Form-Id header), such as another system posting the payload the API documents. Checked, stored and notified like a form's submission.
 */
export interface APIPayload {
  $schema?: string;
  /**
   * A name for this payload, unique among forms and payloads; leads record it as their form.
   */
  id: string;
  /**
   * What the team e-mail calls it, e.g. 'Contact request sent to the API'.
   */
  title: string;
  submit: {
    /**
     * The endpoint that accepts this payload when a request names no form. One payload per endpoint.
     */
    endpoint: '/api/contact' | '/api/takedown-request' | '/api/generate-badge';
    /**
     * What kind of lead this is; /api/contact derives the default subject and service interest from it.
     */
    formType: 'contact' | 'consultation' | 'newsletter' | 'quote' | 'takedown' | 'badge';
    /**
     * The fields are stored exactly as posted.
     */
    payload: 'as-is';
  };
  fields: Fields;
  messages: Messages;
  /**
   * Only `<field>: { ui:widget: textarea }` matters here: such a field may span lines; every other one loses its line breaks.
   */
  ui?: {};
  trim?: Trim;
}
/**
 * site/data/badges.yaml: the protection badges sites can embed — types, sizes and colours.
 */
export interface Badges {
  $schema?: string;
  /**
   * The page an embedded badge links to.
   */
  linkPath: string;
  /**
   * @minItems 1
   */
  types: [BadgeType, ...BadgeType[]];
  /**
   * @minItems 1
   */
  sizes: [BadgeSize, ...BadgeSize[]];
  /**
   * @minItems 1
   */
  colors: [BadgeColour, ...BadgeColour[]];
  defaults?: {
    type: string;
    size: string;
    color: string;
  };
}
export interface BadgeType {
  id: string;
  name: string;
  description: string;
  /**
   * @minItems 1
   */
  features: [string, ...string[]];
  price: string;
}
export interface BadgeSize {
  id: string;
  name: string;
  width: number;
  height: number;
}
export interface BadgeColour {
  id: string;
  name: string;
  hex: string;
}
/**
 * site/data/pricing.yaml: every price and discount the site states, once. Pages and FAQ answers name an entry by its key, e.g. {price:commercial.professional.monthly} shows $149; a pricing table's plan names its group, e.g. price: commercial.professional. The figures of the /pricing page are the authority.
 */
export interface PriceCatalogue {
  /**
   * The schema your editor checks this file with.
   */
  $schema?: string;
  /**
   * Written before every amount, e.g. $ makes 149 read $149.
   */
  currency: string;
  prices: PriceGroup;
}
/**
 * The prices, in groups of any depth. An entry's key is the names on the way to it joined by dots: prices → commercial → professional → monthly is commercial.professional.monthly.
 */
export interface PriceGroup {
  [k: string]: Amount | Percentage | PriceGroup1 | undefined;
}
/**
 * Named entries: an amount (a number, e.g. 149), a percentage (text ending in %, e.g. "25%") or a group of further entries. Names are lowercase words joined by hyphens.
 */
export interface PriceGroup1 {
  [k: string]: Amount | Percentage | PriceGroup1 | undefined;
}
/**
 * site/notifications.yaml: who hears of each lead, and with which subject. Addresses of the mail server and secrets are never written here: they come from the server's environment (SMTP_URL, MAIL_FROM, LEADS_EMAIL_TO, WEBHOOK_URL, WEBHOOK_SECRET).
 */
export interface Notifications {
  $schema?: string;
  /**
   * Subject of the team e-mail for a lead no rule matches; it goes to LEADS_EMAIL_TO. May use {{field}} for a submitted value and {{form}} for the form's title.
   */
  defaultSubject: string;
  /**
   * Each rule that matches a lead sends one e-mail to its recipients. A lead that matches none goes to LEADS_EMAIL_TO with the default subject.
   */
  rules: NotificationRule[];
}
export interface NotificationRule {
  /**
   * A short name for the rule, unique in this file. It appears in `npm run leads -- outbox` and in each e-mail's Message-ID.
   */
  id: string;
  /**
   * Form ids this rule covers (the id at the top of a file in site/forms/). Leave out to cover every form.
   *
   * @minItems 1
   */
  forms?: [string, ...string[]];
  /**
   * API endpoints this rule covers, including requests sent without a form id. Leave out to cover every endpoint.
   *
   * @minItems 1
   */
  endpoints?: [
    '/api/contact' | '/api/takedown-request' | '/api/generate-badge',
    ...('/api/contact' | '/api/takedown-request' | '/api/generate-badge')[]
  ];
  /**
   * Conditions on submitted fields: field name → the value, or list of values, that match. Every condition must hold.
   */
  when?: {
    [k: string]: string | [string, ...string[]] | undefined;
  };
  /**
   * Who gets the e-mail. Leave out to send to LEADS_EMAIL_TO.
   *
   * @minItems 1
   */
  to?: [string, ...string[]];
  /**
   * The e-mail's subject. {{field}} puts in a submitted value (on one line, shortened to 80 characters), {{form}} the form's title. The urgency is added in front when the form has one.
   */
  subject: string;
}
