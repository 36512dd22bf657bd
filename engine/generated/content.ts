/* Generated from schemas/ by `npm run gen:types`. Do not edit by hand: edit the schema and regenerate. */

/**
 * A link target: a site path such as /pricing, an in-page anchor such as #contact-form, a path with an anchor such as /takedowns/commercial#contact-form, or a full https:// or mailto: address.
 */
export type Href = string;
/**
 * true keeps this page off the live site until it is ready: a publish leaves it out (no page, no sitemap or search entry), and no live page may link to it. Set it to false, or remove the line, when it is ready.
 */
export type Draft = boolean;
/**
 * One block of a page. Its type decides which fields it takes. Generated from schemas/sections/ by npm run gen:types.
 */
export type Section = (
  | ArticleSection
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
  | SearchResultsSection
  | StatsSection
  | StepsSection
  | TagListSection
  | TeamSection
  | TestimonialsSection
) & {
  /**
   * The kind of section, which decides the fields it takes. npm run dev lists every type with an example at /_catalogue.
   */
  type:
    | 'article'
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
    | 'search-results'
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
 * The colour of the band behind the section: plain (white), muted (light grey) or brand (dark blue with white text). Leave it out for the section's usual colour: brand for a hero and a call to action, muted for stats and testimonials, plain for the rest.
 */
export type Background = 'plain' | 'muted' | 'brand';
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
/**
 * true keeps this article off the live site until it is ready: a publish leaves it out (no page, no sitemap or search entry), and no live page may link to it. Set it to false, or remove the line, when it is ready.
 */
export type Draft1 = boolean;

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
  savedReplies?: SavedReplies;
  spamWords?: SpamWords;
  noticeRecipients?: NoticeRecipients;
  noticeTemplate?: NoticeTemplate;
  article?: Article;
  section?: Section;
}
/**
 * site/site.yaml: the site's name, shared header, footer and settings.
 */
export interface Site {
  /**
   * Which schema checks this file, for editors that read it from the data. Leave it as it is, or leave it out: the comment on the first line does the same.
   */
  $schema?: string;
  /**
   * The brand name shown in the header, footer and page titles.
   */
  name: string;
  /**
   * A short line about what the site offers, used where the site describes itself.
   */
  tagline?: string;
  /**
   * The public origin without a trailing slash. SITE_URL overrides it at build time.
   */
  url: string;
  /**
   * The language of every page, as a code such as en or en-US. Screen readers use it to pronounce the text.
   */
  language: string;
  /**
   * How page titles are shown; %s is the page's title.
   */
  titleTemplate?: string;
  /**
   * The colour phones use for the browser bar, a six-digit hex code with #, e.g. #1d4ed8.
   */
  themeColor?: string;
  /**
   * The bar at the top of every page: the dropdown menus, the plain links and the button on the right.
   */
  header: {
    /**
     * Dropdown menus, in order.
     */
    menus: {
      /**
       * The menu's name in the header, e.g. Services.
       */
      label: string;
      /**
       * The menu's links, each with its words, address and an optional line under it. At least one.
       *
       * @minItems 1
       */
      items: [Link, ...Link[]];
    }[];
    /**
     * Single links after the menus.
     */
    links: {
      /**
       * The link's words in the header, e.g. Pricing.
       */
      label: string;
      href: Href;
      /**
       * Show this link only in the mobile menu.
       */
      mobileOnly?: boolean;
    }[];
    cta: Link;
    /**
     * A search box in the header of every page (in the menu on phones). href is the search page's path, e.g. /search: a page with a search-results section.
     */
    search?: {
      href: Href;
      /**
       * What the box is for, read by screen readers and shown as its hint, e.g. Search the site.
       */
      label: string;
      /**
       * The words of the search button, read by screen readers beside its icon, e.g. Search.
       */
      button: string;
    };
  };
  /**
   * The block at the bottom of every page: a line about us, columns of links, the support e-mail, legal links and the copyright line.
   */
  footer: {
    /**
     * A sentence about the company shown under its name in the footer.
     */
    about: string;
    /**
     * The footer's columns of links, left to right.
     */
    columns: {
      /**
       * The column's heading, e.g. Services.
       */
      title: string;
      /**
       * The column's links, top to bottom.
       */
      links: Link[];
    }[];
    /**
     * The support e-mail address shown in the footer, e.g. support@takedownshield.com.
     */
    supportEmail: string;
    /**
     * The words before the support address, e.g. Questions? Write to our support team
     */
    supportLabel?: string;
    /**
     * The small links at the very bottom, e.g. Privacy Policy and Terms of Service.
     */
    legal: Link[];
    /**
     * {year} is replaced by the build year.
     */
    copyright: string;
  };
  consent?: ConsentNotice;
  /**
   * The short messages that appear in the corner of a page (after a form is sent, for example).
   */
  toast?: {
    /**
     * How long a message stays, in milliseconds: 1000 to 30000 (5000, five seconds, when left out).
     */
    durationMs?: number;
    /**
     * The name screen readers give the message area (Notifications when left out).
     */
    label?: string;
  };
  replyPromise?: ReplyPromise;
}
/**
 * A link: the words people click and where it goes.
 */
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
 * How soon the team answers a lead, written once: the auto-reply and the pages name it with {promise:…} placeholders, and the inbox counts each lead's due time from it.
 */
export interface ReplyPromise {
  /**
   * Hours of support time within which a lead is answered. {promise:reply} shows it, e.g. "2 hours".
   */
  replyWithinHours: number;
  /**
   * The team's time zone as an IANA name, e.g. America/Los_Angeles: support hours are read in it and the team's e-mails show times in it.
   */
  timeZone: string;
  /**
   * The zone as visitors read it, e.g. Pacific time. {promise:zone} shows it.
   */
  timeZoneName: string;
  /**
   * When the team works, in the team's time zone. {promise:hours} shows them all in one line; {promise:hours.<id>} one entry's times.
   *
   * @minItems 1
   */
  supportHours: [SupportHours, ...SupportHours[]];
  /**
   * A shorter promise for leads marked urgent. {promise:urgent-reply} shows its hours.
   */
  urgent?: {
    /**
     * The form field that says how urgent a lead is.
     */
    field: string;
    /**
     * The stored values of that field that make a lead urgent.
     *
     * @minItems 1
     */
    values: [string, ...string[]];
    /**
     * Hours within which an urgent lead is answered.
     */
    replyWithinHours: number;
    /**
     * Count every hour, day and night (true, the emergency line never closes), or support hours only (false, the default).
     */
    allHours?: boolean;
  };
}
export interface SupportHours {
  /**
   * A short name for the entry, unique here; {promise:hours.<id>} names it.
   */
  id: string;
  /**
   * The days as visitors read them.
   */
  label: string;
  /**
   * The days these hours hold.
   *
   * @minItems 1
   */
  days: [
    'mon' | 'tue' | 'wed' | 'thu' | 'fri' | 'sat' | 'sun',
    ...('mon' | 'tue' | 'wed' | 'thu' | 'fri' | 'sat' | 'sun')[]
  ];
  /**
   * When the team starts, 24-hour clock, e.g. 6:00.
   */
  opens: string;
  /**
   * When the team stops, 24-hour clock, later than opens, e.g. 22:00.
   */
  closes: string;
}
/**
 * site/pages/*.yaml: one route with its metadata and sections, top to bottom.
 */
export interface Page {
  /**
   * Which schema checks this file, for editors that read it from the data. Leave it as it is, or leave it out: the comment on the first line does the same.
   */
  $schema?: string;
  /**
   * The route, e.g. /pricing. Lowercase letters, digits and hyphens; no trailing slash. Leave it out only on the not-found page.
   */
  path?: string;
  draft?: Draft;
  meta: PageMeta;
  /**
   * The page's sections, top to bottom. Each has a type; the first is usually a hero with the page's main heading.
   *
   * @minItems 1
   */
  sections: [Section, ...Section[]];
}
/**
 * What search engines and link previews show for the page: its title, description and keywords.
 */
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
   * Search words for the page, e.g. DMCA takedown service. At least one; each plain text.
   *
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
  /**
   * What link previews call the page: website for most pages, article for a blog post. website when left out.
   */
  ogType?: 'website' | 'article';
  /**
   * Structured data (schema.org objects) added to the page as JSON-LD.
   */
  jsonLd?: {
    /**
     * The schema.org kind of thing described, e.g. Organization, Service or FAQPage.
     */
    '@type': string;
  }[];
}
/**
 * One blog article: its byline, tags, read time, text and links to the previous and next articles. Made for each file in site/blog/ with the labels of the blog's article list (articlePage); a page file does not list it.
 */
export interface ArticleSection {
  /**
   * Set by the site for each article page; writers never type it. Write an article as a file in site/blog/ instead.
   */
  type: 'article';
  id?: AnchorId;
  labels: ArticlePageLabels;
}
/**
 * The words around every article page (site/blog/*.md): breadcrumb, byline, tags and the previous and next links. Written once, as articlePage in the blog's article-list section.
 */
export interface ArticlePageLabels {
  /**
   * The first link of the breadcrumb, to the home page.
   */
  homeLabel: string;
  /**
   * The breadcrumb's link back to the blog list.
   */
  blogLabel: string;
  /**
   * The word before the author's name.
   */
  byLabel: string;
  /**
   * The name of the category line, for screen readers.
   */
  categoryLabel: string;
  /**
   * The name of the tag list.
   */
  tagsLabel: string;
  /**
   * Above the link to the article published before this one.
   */
  previousLabel: string;
  /**
   * Above the link to the article published after this one.
   */
  nextLabel: string;
  /**
   * The name of the previous and next links together, for screen readers.
   */
  moreLabel: string;
  /**
   * What the # link beside each heading of an article is, for screen readers (it links to that part of the article).
   */
  headingLinkLabel: string;
  /**
   * The word before the day an article was last changed, shown when its front matter has updated:.
   */
  updatedLabel?: string;
}
/**
 * A searchable list of the articles in site/blog/ with a category filter, a featured band, a latest list and a sidebar (categories, trending topics, newsletter box, quick resources). Search and category are kept in the address (?q=…&category=…).
 */
export interface ArticleListSection {
  /**
   * Always article-list: tells the site this section is the blog's searchable list of articles.
   */
  type: 'article-list';
  id?: AnchorId;
  background?: Background;
  /**
   * An optional heading above the search box.
   */
  title?: string;
  /**
   * The search box's label, e.g. Search articles.
   */
  searchLabel: string;
  /**
   * Grey hint text inside the empty search box, e.g. Search by title, topic or tag…
   */
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
    /**
     * The heading shown when no article matches, e.g. No articles found.
     */
    title: string;
    /**
     * A sentence under that heading suggesting what to try instead.
     */
    text: string;
    /**
     * A button that clears the search and the category.
     */
    resetLabel: string;
  };
  /**
   * How an article's reading time reads, with {minutes} for the number worked out from its length, e.g. {minutes} min read.
   */
  readTimeText: string;
  articlePage: ArticlePageLabels;
  moreAction?: Action;
  /**
   * The dropdown's options and the sidebar's category list, in order. Each article names one of them; the counts are worked out from the articles.
   *
   * @minItems 1
   */
  categories: [ArticleCategory, ...ArticleCategory[]];
  /**
   * The column beside the list: categories, and optionally trending topics, a newsletter box and quick links.
   */
  sidebar: {
    /**
     * The sidebar's name for assistive technology.
     */
    label: string;
    /**
     * The heading of the sidebar's category list, e.g. Categories.
     */
    categoriesTitle: string;
    /**
     * A box of topics people read most, each with how many articles it has.
     */
    trending?: {
      /**
       * The box's heading, e.g. Trending Topics.
       */
      title: string;
      /**
       * How a topic's post count reads, with {count} for the number, e.g. {count} posts.
       */
      countText: string;
      /**
       * The topics listed, most read first. At least one.
       *
       * @minItems 1
       */
      topics: [
        {
          /**
           * The topic as shown, e.g. YouTube Takedowns.
           */
          name: string;
          /**
           * The number of posts on the topic.
           */
          posts: number;
        },
        ...{
          /**
           * The topic as shown, e.g. YouTube Takedowns.
           */
          name: string;
          /**
           * The number of posts on the topic.
           */
          posts: number;
        }[]
      ];
    };
    /**
     * A box inviting visitors to get new articles by e-mail.
     */
    newsletter?: {
      /**
       * The box's heading, e.g. Stay Protected.
       */
      title: string;
      /**
       * A sentence saying what subscribers receive and how often.
       */
      text: string;
      /**
       * The label of the email box.
       */
      emailLabel: string;
      action: Action;
    };
    /**
     * A box of quick links to useful pages, e.g. the free DMCA template.
     */
    resources?: {
      /**
       * The box's heading, e.g. Quick Resources.
       */
      title: string;
      /**
       * The links in the box, each with its words and address. At least one.
       *
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
  /**
   * The words on the button, e.g. Get Protected Now. Keep it short: two to four words.
   */
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
  /**
   * How the button looks: primary (solid, the main action), secondary (outlined) or ghost (text only). Primary when left out.
   */
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
  icon: Icon;
}
/**
 * The protection-badge customiser: visitors pick a badge type, size and colour (from site/data/badges.yaml), see a live preview, and copy the HTML snippet that embeds the badge on their site.
 */
export interface BadgeBuilderSection {
  /**
   * Always badge-builder: tells the site this section is the badge picker with a live preview and a code snippet.
   */
  type: 'badge-builder';
  id?: AnchorId;
  background?: Background;
  /**
   * The heading of the section (an h2), shown above the badge picker. Plain text; leave it out for no heading.
   */
  title: string;
  /**
   * A sentence or two under the section's heading. Plain text; shown only when the section has a title.
   */
  intro?: string;
  labels: BadgeBuilderLabels;
}
/**
 * The words of the picker: its headings, the copy button and what it says after a copy.
 */
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
  /**
   * Always breadcrumb: tells the site this section is the trail of links back to the pages above this one.
   */
  type: 'breadcrumb';
  id?: AnchorId;
  background?: Background;
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
 * A link: the words people click and where it goes.
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
  /**
   * Always card-grid: tells the site this section is a grid of cards.
   */
  type: 'card-grid';
  id?: AnchorId;
  background?: Background;
  /**
   * The heading of the section (an h2), shown above the cards. Plain text; leave it out for no heading.
   */
  title: string;
  /**
   * A sentence or two under the section's heading. Plain text; shown only when the section has a title.
   */
  intro?: string;
  /**
   * How many cards sit side by side on a wide screen: 2, 3 or 4 (3 when left out). Phones show one per row.
   */
  columns?: 2 | 3 | 4;
  /**
   * The cards, in reading order. At least one.
   *
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
  /**
   * The card's heading (an h3), e.g. YouTube Videos. Plain text.
   */
  title: string;
  /**
   * A sentence or two under the card's heading. Links [words](/address), **bold** and *italic* work here.
   */
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
  /**
   * Always comparison: tells the site this section is a comparison table.
   */
  type: 'comparison';
  id?: AnchorId;
  background?: Background;
  /**
   * The heading above the table (an h2), e.g. TakedownShield vs doing it yourself. Plain text.
   */
  title: string;
  /**
   * A sentence or two under the section's heading. Plain text; shown only when the section has a title.
   */
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
      /**
       * The column's heading, e.g. TakedownShield or Doing it yourself.
       */
      label: string;
      /**
       * Emphasise this column, e.g. our own service.
       */
      highlight?: boolean;
    },
    {
      /**
       * The column's heading, e.g. TakedownShield or Doing it yourself.
       */
      label: string;
      /**
       * Emphasise this column, e.g. our own service.
       */
      highlight?: boolean;
    },
    ...{
      /**
       * The column's heading, e.g. TakedownShield or Doing it yourself.
       */
      label: string;
      /**
       * Emphasise this column, e.g. our own service.
       */
      highlight?: boolean;
    }[]
  ];
  /**
   * The rows of the table, top to bottom: each a name and one value per column. At least one.
   *
   * @minItems 1
   */
  rows: [
    {
      /**
       * The row's name in the first column, e.g. Average removal time.
       */
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
      /**
       * The row's name in the first column, e.g. Average removal time.
       */
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
  /**
   * Always contact-details: tells the site this section is a list of ways to reach us.
   */
  type: 'contact-details';
  id?: AnchorId;
  background?: Background;
  /**
   * The heading above the contact details (an h2), e.g. Get in touch. Plain text.
   */
  title: string;
  /**
   * A sentence or two under the section's heading. Plain text; shown only when the section has a title.
   */
  intro?: string;
  /**
   * The ways to reach us, each in its own box: e-mail, phone, office, hours. At least one.
   *
   * @minItems 1
   */
  entries: [
    {
      icon?: Icon;
      /**
       * The box's heading, e.g. Email Support or Business Hours.
       */
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
      /**
       * The box's heading, e.g. Email Support or Business Hours.
       */
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
  /**
   * Always cta: tells the site this section is a closing call to action.
   */
  type: 'cta';
  id?: AnchorId;
  background?: Background;
  /**
   * The call to action's heading (an h2), e.g. Ready to protect your content? Plain text.
   */
  title: string;
  /**
   * A sentence under the heading that gives a reason to act now. Plain text.
   */
  text?: string;
  /**
   * The buttons, left to right: one to three. The first is usually the main action.
   *
   * @minItems 1
   * @maxItems 3
   */
  actions: [Action, ...Action[]];
}
/**
 * A long text in numbered, anchored parts with a table of contents that links to each part, e.g. a privacy policy or terms of service.
 */
export interface DocumentSection {
  /**
   * Always document: tells the site this section is a long document such as the terms or the privacy policy.
   */
  type: 'document';
  id?: AnchorId;
  background?: Background;
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
   * The document's numbered parts, in order; each becomes a heading and an entry of the table of contents.
   *
   * @minItems 1
   */
  parts: [DocumentPart, ...DocumentPart[]];
}
export interface DocumentPart {
  id: AnchorId;
  /**
   * The part's heading (an h2), e.g. Acceptance of Terms. The number is added for you.
   */
  title: string;
  paragraphs: Paragraphs;
  /**
   * A bulleted list after the paragraphs.
   *
   * @minItems 1
   */
  list?: [string, ...string[]];
  /**
   * Smaller headed parts inside this part, each with its own paragraphs or list.
   *
   * @minItems 1
   */
  subsections?: [
    {
      /**
       * The subsection's heading (an h3), e.g. Information you give us.
       */
      title: string;
      paragraphs: Paragraphs;
      /**
       * A bulleted list after the subsection's paragraphs, one point per entry.
       *
       * @minItems 1
       */
      list?: [string, ...string[]];
    },
    ...{
      /**
       * The subsection's heading (an h3), e.g. Information you give us.
       */
      title: string;
      paragraphs: Paragraphs;
      /**
       * A bulleted list after the subsection's paragraphs, one point per entry.
       *
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
  /**
   * Always external-links: tells the site this section is a list of links to other websites.
   */
  type: 'external-links';
  id?: AnchorId;
  background?: Background;
  /**
   * The heading above the links (an h2), e.g. Official reporting forms. Plain text.
   */
  title: string;
  /**
   * A sentence or two under the section's heading. Plain text; shown only when the section has a title.
   */
  intro?: string;
  /**
   * The links, each opening another website, in the order shown. At least one.
   *
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
  /**
   * Always faq: tells the site this section is a list of questions from an FAQ set.
   */
  type: 'faq';
  id?: AnchorId;
  background?: Background;
  /**
   * The heading above the questions (an h2), e.g. Frequently Asked Questions. Plain text.
   */
  title: string;
  /**
   * A sentence or two under the section's heading. Plain text; shown only when the section has a title.
   */
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
    /**
     * Grey hint text inside the empty search box, e.g. Type a word such as fee or YouTube.
     */
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
    /**
     * The heading shown when nothing matches, e.g. No questions match your search.
     */
    title: string;
    /**
     * A sentence under that heading, e.g. where to ask instead.
     */
    text?: string;
    /**
     * A button that clears the search and shows every category.
     */
    resetLabel?: string;
  };
}
export interface FAQCategory {
  /**
   * The category's name in lowercase with hyphens, e.g. getting-started; also its value in the address (?category=…).
   */
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
  /**
   * Always form: tells the site this section is a lead form from site/forms/.
   */
  type: 'form';
  id?: AnchorId;
  background?: Background;
  /**
   * The id of a form in site/forms/.
   */
  form: string;
  /**
   * A box beside the form, e.g. what happens next.
   */
  aside?: {
    /**
     * The box's heading, e.g. What happens next?
     */
    title: string;
    /**
     * The points in the box, one line each, shown as a list.
     *
     * @minItems 1
     */
    items: [string, ...string[]];
  };
}
/**
 * A heading and a grid of images from this site, each with a caption, e.g. badge examples or screenshots.
 */
export interface GallerySection {
  /**
   * Always gallery: tells the site this section is a grid of pictures with captions.
   */
  type: 'gallery';
  id?: AnchorId;
  background?: Background;
  /**
   * The heading above the pictures (an h2). Plain text.
   */
  title: string;
  /**
   * A sentence or two under the section's heading. Plain text; shown only when the section has a title.
   */
  intro?: string;
  /**
   * How many pictures sit side by side on a wide screen: 2, 3 or 4 (3 when left out).
   */
  columns?: 2 | 3 | 4;
  /**
   * The pictures, in reading order. At least one.
   *
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
  /**
   * The picture's width in pixels (1 to 2000), so the page keeps its place while it loads.
   */
  width: number;
  /**
   * The picture's height in pixels (1 to 2000), so the page keeps its place while it loads.
   */
  height: number;
  /**
   * The words under the picture, e.g. Standard badge, medium, blue.
   */
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
  /**
   * Always hero: tells the site this section is the top of the page, with its main heading.
   */
  type: 'hero';
  id?: AnchorId;
  background?: Background;
  /**
   * A short line above the heading.
   */
  eyebrow?: string;
  /**
   * The page's main heading: at most 100 characters, since a longer heading wraps into a paragraph on a phone.
   */
  title: string;
  /**
   * Short line under the title in the hero. One or two sentences; plain text.
   */
  subtitle?: string;
  /**
   * Buttons under the subtitle, left to right: up to three.
   *
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
  /**
   * Always link-list: tells the site this section is lists of links to pages of this site.
   */
  type: 'link-list';
  id?: AnchorId;
  background?: Background;
  /**
   * The heading above the lists (an h2), e.g. Explore our services. Plain text.
   */
  title: string;
  /**
   * A sentence or two under the section's heading. Plain text; shown only when the section has a title.
   */
  intro?: string;
  /**
   * The lists, side by side on a wide screen, each with an optional heading. At least one.
   *
   * @minItems 1
   */
  groups: [
    {
      /**
       * The list's heading (an h3), e.g. Takedown services. Leave it out for no heading.
       */
      title?: string;
      /**
       * The list's links, each with its words, address and an optional line under it. At least one.
       *
       * @minItems 1
       */
      links: [Link, ...Link[]];
    },
    ...{
      /**
       * The list's heading (an h3), e.g. Takedown services. Leave it out for no heading.
       */
      title?: string;
      /**
       * The list's links, each with its words, address and an optional line under it. At least one.
       *
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
  /**
   * Always plans: tells the site this section is a row of plan tiers with prices.
   */
  type: 'plans';
  id?: AnchorId;
  background?: Background;
  /**
   * The heading above the plans (an h2), e.g. Choose your protection. Plain text.
   */
  title: string;
  /**
   * A sentence or two under the section's heading. Plain text; shown only when the section has a title.
   */
  intro?: string;
  /**
   * A line under the plans, e.g. a guarantee or trial offer.
   */
  note?: string;
  /**
   * The tiers, left to right: one to four.
   *
   * @minItems 1
   * @maxItems 4
   */
  plans: [Plan, ...Plan[]];
}
export interface Plan {
  /**
   * The tier's name (an h3), e.g. Professional.
   */
  name: string;
  /**
   * As shown: a price from site/data/pricing.yaml such as {price:industry.music.professional}, or words such as Free or Custom. A figure is never typed here, so every price has one source.
   */
  price: string;
  /**
   * Shown after the price, e.g. /month or per takedown.
   */
  period?: string;
  /**
   * A short line under the name saying who the tier is for.
   */
  description?: string;
  /**
   * A ribbon such as Most Popular; the tier is highlighted.
   */
  badge?: string;
  /**
   * What the tier includes, one point per line, shown with ticks. At least one.
   *
   * @minItems 1
   */
  features: [string, ...string[]];
  action?: Action;
}
/**
 * Plans with a monthly and an annual price, and a switch between the two billing periods: every price in the section follows the switch, and annual prices show the yearly saving (12 × the monthly difference). The chosen period is kept in the address as ?billing=annual. Plans are shown in one or more groups; in a group marked selectable, clicking a plan highlights it.
 */
export interface PricingTableSection {
  /**
   * Always pricing-table: tells the site this section is the price tables with the monthly and annual switch.
   */
  type: 'pricing-table';
  id?: AnchorId;
  background?: Background;
  /**
   * The heading above the switch and tables (an h2). Plain text.
   */
  title: string;
  /**
   * A sentence or two under the section's heading. Plain text; shown only when the section has a title.
   */
  intro?: string;
  billing: BillingSwitch;
  /**
   * The tables, one per audience (e.g. Personal and Business), each with its plans: one to four.
   *
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
  /**
   * The words while monthly prices are shown.
   */
  monthly: string;
  /**
   * The words while annual prices are shown.
   */
  annual: string;
}
export interface PlanGroup {
  id?: AnchorId;
  /**
   * The table's heading (an h3), e.g. Business Plans.
   */
  title: string;
  /**
   * A sentence under the table's heading saying who these plans are for.
   */
  intro?: string;
  /**
   * Visitors can highlight one plan of the group by clicking its card or pressing its name (a toggle button).
   */
  selectable?: boolean;
  /**
   * The plans of this table, left to right: one to four.
   *
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
  /**
   * The plan's name (an h4), e.g. Starter.
   */
  name: string;
  /**
   * A short line under the name saying who the plan is for.
   */
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
   * What the plan includes, one point per line, shown with ticks. At least one.
   *
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
  /**
   * Always rich-text: tells the site this section is a heading with paragraphs.
   */
  type: 'rich-text';
  id?: AnchorId;
  background?: Background;
  /**
   * The heading above the paragraphs (an h2), e.g. Our mission. Plain text.
   */
  title: string;
  paragraphs: Paragraphs;
  /**
   * A bulleted list after the paragraphs, one point per entry. Plain text.
   */
  list?: string[];
}
/**
 * The site search: a search box and, when the address has a query (?q=), the pages, FAQ answers and articles that match it, found by the server in the index the build writes. With no query or no match it says so and offers the help links.
 */
export interface SearchResultsSection {
  /**
   * Always search-results: tells the site this page answers searches.
   */
  type: 'search-results';
  id?: AnchorId;
  background?: Background;
  /**
   * The visible label of the search box, e.g. Search for.
   */
  label: string;
  /**
   * Grey hint text inside the empty search box, e.g. a takedown, a question, a topic.
   */
  placeholder?: string;
  /**
   * The words on the search button, e.g. Search.
   */
  button: string;
  /**
   * Shown when the box was sent empty, or with only common words such as the or and.
   */
  empty: {
    /**
     * A short heading, e.g. What are you looking for?
     */
    title: string;
    /**
     * A sentence on what to type. Plain text.
     */
    text: string;
  };
  /**
   * Shown when nothing matches. The page says the visitor's words above it.
   */
  noResults: {
    /**
     * A short heading, e.g. Nothing matched.
     */
    title: string;
    /**
     * A sentence with what to try next. Plain text.
     */
    text: string;
  };
  /**
   * Where to turn when the search does not help (the FAQ, the contact page), shown with no query or no match.
   */
  help: {
    /**
     * The heading above the links, e.g. Still looking?
     */
    title: string;
    /**
     * The links, each with its words, address and an optional line under it.
     *
     * @minItems 1
     */
    links: [Link, ...Link[]];
  };
}
/**
 * A row of headline figures, each a value and a label.
 */
export interface StatsSection {
  /**
   * Always stats: tells the site this section is a row of headline figures.
   */
  type: 'stats';
  id?: AnchorId;
  background?: Background;
  /**
   * The heading above the figures (an h2). Plain text; leave it out for none.
   */
  title?: string;
  /**
   * A sentence or two under the section's heading. Plain text; shown only when the section has a title.
   */
  intro?: string;
  /**
   * The figures, left to right: one to eight.
   *
   * @minItems 1
   * @maxItems 8
   */
  items: [
    {
      /**
       * The figure as shown, e.g. 98% or 24-48h.
       */
      value: string;
      /**
       * The words under the figure, e.g. Success rate.
       */
      label: string;
    },
    ...{
      /**
       * The figure as shown, e.g. 98% or 24-48h.
       */
      value: string;
      /**
       * The words under the figure, e.g. Success rate.
       */
      label: string;
    }[]
  ];
}
/**
 * A numbered process, e.g. submit case, we handle everything, content removed.
 */
export interface StepsSection {
  /**
   * Always steps: tells the site this section is numbered steps.
   */
  type: 'steps';
  id?: AnchorId;
  background?: Background;
  /**
   * The heading above the steps (an h2), e.g. How it works. Plain text.
   */
  title: string;
  /**
   * A sentence or two under the section's heading. Plain text; shown only when the section has a title.
   */
  intro?: string;
  /**
   * The steps in order: two to six. They are numbered for you.
   *
   * @minItems 2
   * @maxItems 6
   */
  steps: [
    {
      /**
       * The step's heading (an h3), e.g. Submit your case.
       */
      title: string;
      /**
       * A sentence or two saying what happens in this step. Plain text.
       */
      text: string;
      icon?: Icon;
    },
    {
      /**
       * The step's heading (an h3), e.g. Submit your case.
       */
      title: string;
      /**
       * A sentence or two saying what happens in this step. Plain text.
       */
      text: string;
      icon?: Icon;
    },
    ...{
      /**
       * The step's heading (an h3), e.g. Submit your case.
       */
      title: string;
      /**
       * A sentence or two saying what happens in this step. Plain text.
       */
      text: string;
      icon?: Icon;
    }[]
  ];
}
/**
 * A heading and a wrap of short labels, e.g. the platforms we monitor or the styles we cover.
 */
export interface TagListSection {
  /**
   * Always tag-list: tells the site this section is a row of labels.
   */
  type: 'tag-list';
  id?: AnchorId;
  background?: Background;
  /**
   * The heading above the labels (an h2), e.g. Platforms we cover. Plain text.
   */
  title: string;
  /**
   * A sentence or two under the section's heading. Plain text; shown only when the section has a title.
   */
  intro?: string;
  /**
   * The labels, in order, each a word or two, e.g. YouTube. Each only once.
   *
   * @minItems 1
   */
  tags: [string, ...string[]];
}
/**
 * A heading and a grid of people, each with a name, role and short biography; the portrait is drawn from their initials.
 */
export interface TeamSection {
  /**
   * Always team: tells the site this section is a list of people with their roles.
   */
  type: 'team';
  id?: AnchorId;
  background?: Background;
  /**
   * The heading above the people (an h2), e.g. Our team. Plain text.
   */
  title: string;
  /**
   * A sentence or two under the section's heading. Plain text; shown only when the section has a title.
   */
  intro?: string;
  /**
   * The people, in the order shown. At least one.
   *
   * @minItems 1
   */
  members: [TeamMember, ...TeamMember[]];
}
export interface TeamMember {
  /**
   * The person's full name (an h3).
   */
  name: string;
  /**
   * The person's job title, e.g. Head of Legal.
   */
  role: string;
  /**
   * A sentence or two about the person's experience. Plain text.
   */
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
  /**
   * Always testimonials: tells the site this section is quotes from customers.
   */
  type: 'testimonials';
  id?: AnchorId;
  background?: Background;
  /**
   * The heading above the quotes (an h2), e.g. What our clients say. Plain text.
   */
  title: string;
  /**
   * A sentence or two under the section's heading. Plain text; shown only when the section has a title.
   */
  intro?: string;
  /**
   * The quotes, in the order shown: one to six.
   *
   * @minItems 1
   * @maxItems 6
   */
  items: [
    {
      /**
       * The customer's words, without quotation marks (they are added). At least 10 characters; plain text.
       */
      quote: string;
      /**
       * Who said it, e.g. Maria Lopez.
       */
      name: string;
      /**
       * What they do, e.g. Wedding photographer.
       */
      role: string;
      /**
       * Stars shown above the quote, 1 to 5 (5 when left out).
       */
      rating?: number;
    },
    ...{
      /**
       * The customer's words, without quotation marks (they are added). At least 10 characters; plain text.
       */
      quote: string;
      /**
       * Who said it, e.g. Maria Lopez.
       */
      name: string;
      /**
       * What they do, e.g. Wedding photographer.
       */
      role: string;
      /**
       * Stars shown above the quote, 1 to 5 (5 when left out).
       */
      rating?: number;
    }[]
  ];
}
/**
 * site/faq/*.yaml: a named list of questions and answers that pages show with a faq section.
 */
export interface FAQSet {
  /**
   * Which schema checks this file, for editors that read it from the data. Leave it as it is, or leave it out: the comment on the first line does the same.
   */
  $schema?: string;
  /**
   * How pages refer to this set (faqSet: id).
   */
  id: string;
  /**
   * The set's name, for people editing the site (pages give the section its own heading).
   */
  title: string;
  /**
   * The questions of the set, in the order pages show them. At least one.
   *
   * @minItems 1
   */
  items: [FAQItem, ...FAQItem[]];
}
export interface FAQItem {
  /**
   * Unique within the set; also the anchor of the question.
   */
  id: string;
  /**
   * The question as a visitor would ask it, ending with a question mark. At least 5 characters; plain text.
   */
  question: string;
  /**
   * The answer shown when the question is opened. At least 10 characters. Links [words](/address), **bold** and *italic* work here; a blank line starts a new paragraph.
   */
  answer: string;
  /**
   * The topic the question belongs to, e.g. Pricing. Questions with the same words are grouped and filtered together.
   */
  category: string;
}
/**
 * site/links.yaml: links known to point at pages that do not exist, each with the reason it stays and, where a live page answers it, the address visitors are redirected to; and the pages deliberately linked from no other page.
 */
export interface KnownLinks {
  /**
   * Which schema checks this file, for editors that read it from the data. Leave it as it is, or leave it out: the comment on the first line does the same.
   */
  $schema?: string;
  /**
   * Each link the site keeps although its page does not exist yet, with the reason. npm run check-links lists these as known rather than failing.
   */
  known: KnownBrokenLink[];
  /**
   * Pages of the sitemap that no link from the home page leads to, on purpose (a landing page for a campaign, say), each with the reason. npm run check-links fails on any other page a visitor cannot reach by following links from /.
   */
  unlinked?: PageWithoutLinksToIt[];
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
  /**
   * true for an address the site once gave as a page's own (a canonical address, or one shared elsewhere) that no page links any more: it keeps its redirect for bookmarks and search engines and is never listed as stale. Needs a redirect.
   */
  formerAddress?: boolean;
}
export interface PageWithoutLinksToIt {
  /**
   * The page's route, exactly as its path: field gives it.
   */
  path: string;
  /**
   * Why no page links here, in a sentence an editor can act on.
   */
  reason: string;
}
/**
 * site/forms/*.yaml: a lead form — its fields, labels, messages, behaviour and where it submits. Pages show it with a form section (form: id).
 */
export interface Form {
  /**
   * Which schema checks this file, for editors that read it from the data. Leave it as it is, or leave it out: the comment on the first line does the same.
   */
  $schema?: string;
  /**
   * How pages refer to this form (form: id).
   */
  id: string;
  /**
   * The heading above the form.
   */
  title: string;
  /**
   * A sentence under the form's heading, e.g. what the visitor gets by sending it. Plain text.
   */
  intro?: string;
  consent?: ConsentNotice1;
  /**
   * Where the form sends what the visitor typed, and in which shape.
   */
  submit: {
    /**
     * Where the submission is posted.
     */
    endpoint: '/api/contact' | '/api/takedown-request' | '/api/generate-badge';
    /**
     * What kind of lead this is; /api/contact derives the default subject and service interest from it. notice: a complete takedown notice (payload notice).
     */
    formType: 'contact' | 'consultation' | 'newsletter' | 'quote' | 'takedown' | 'notice' | 'badge';
    /**
     * as-is: the fields exactly as filled in. contact: name, email, subject, message and serviceInterest built by the contact rules. notice: a complete takedown notice under 17 U.S.C. §512(c)(3)(A): the fields named as the notice template's placeholders (requesterName, email, telephone, postalAddress, workDescription, workKind, authorisedCopy, registration, urls, fullName, capacity, authority) and the checkboxes goodFaith, accuracy and lumenConsent, whose words are those of site/data/notice-template.yaml (checkboxes); the server reads the addresses, groups them by host and stores the notice.
     */
    payload: 'as-is' | 'contact' | 'notice';
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
   * Optional files the visitor may attach (screenshots, PDFs), shown after the fields. How many, how large and which kinds are the site's own rules for kept files (contracts/evidence-contract.ts), checked by their bytes on the server; the lead keeps them with a SHA-256 the team sees.
   */
  files?: {
    /**
     * The field's name, as the form posts it, e.g. evidence. Not one of the fields' names.
     */
    name: string;
    /**
     * The label above the file picker.
     */
    title: string;
    /**
     * Said under the label: what to attach and why.
     */
    help?: string;
  };
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
  /**
   * When the form shows its messages about fields.
   */
  errors: {
    /**
     * after-submit: errors appear after the first send attempt; submit-and-live: also while typing once a field has been left; browser: the browser's own checks only.
     */
    show: 'after-submit' | 'submit-and-live' | 'browser';
  };
  /**
   * The words on the send button and while sending.
   */
  buttons: {
    /**
     * The send button's words, e.g. Submit Takedown Request.
     */
    idle: string;
    /**
     * The button's words while the form is being sent, e.g. Sending…
     */
    sending: string;
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
  /**
   * What the visitor sees after sending: on success, on failure, and whether the form is cleared.
   */
  result: {
    success: FormOutcome;
    failure: FormOutcome;
    /**
     * true: empty every field after a successful send. false: keep what the visitor typed.
     */
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
  /**
   * Always object: the form's values are one group of fields.
   */
  type: 'object';
  /**
   * One entry per field, by its name: type, title (the label) and its rules (minLength, maxLength, pattern, oneOf choices).
   */
  properties: {};
}
/**
 * The exact text for each rule: field → rule (required, minLength, pattern, format, enum, type) → message.
 */
export interface Messages {
  [k: string]:
    | {
        /**
         * Shown when the field is left empty, e.g. Please enter your name.
         */
        required?: string;
        /**
         * Shown when the answer is shorter than the field allows, e.g. Please tell us a little more.
         */
        minLength?: string;
        /**
         * Shown when the answer is longer than the field allows.
         */
        maxLength?: string;
        /**
         * Shown when the answer is not in the expected shape, e.g. Please enter a link starting with https://.
         */
        pattern?: string;
        /**
         * Shown when an e-mail address or web address is not written as one, e.g. Please enter a valid e-mail address.
         */
        format?: string;
        /**
         * Shown when no choice from the list is picked.
         */
        enum?: string;
        /**
         * Shown when the value is of the wrong kind, e.g. text where a number is needed.
         */
        type?: string;
      }
    | undefined;
}
/**
 * How the result of a send is shown, and with which words.
 */
export interface FormOutcome {
  /**
   * banner: a box above the form. toast: a short message in the corner of the page that goes away by itself. alert: a box that stays until the next send.
   */
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
  /**
   * Which schema checks this file, for editors that read it from the data. Leave it as it is, or leave it out: the comment on the first line does the same.
   */
  $schema?: string;
  /**
   * A name for this payload, unique among forms and payloads; leads record it as their form.
   */
  id: string;
  /**
   * What the team e-mail calls it, e.g. 'Contact request sent to the API'.
   */
  title: string;
  /**
   * Which endpoint this file speaks for and how its submissions are stored: the endpoint, the kind of lead and the shape of the data.
   */
  submit: {
    /**
     * The endpoint that accepts this payload when a request names no form. One payload per endpoint.
     */
    endpoint: '/api/contact' | '/api/takedown-request' | '/api/generate-badge';
    /**
     * What kind of lead this is; /api/contact derives the default subject and service interest from it. notice: a complete takedown notice (payload notice).
     */
    formType: 'contact' | 'consultation' | 'newsletter' | 'quote' | 'takedown' | 'notice' | 'badge';
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
  /**
   * Which schema checks this file, for editors that read it from the data. Leave it as it is, or leave it out: the comment on the first line does the same.
   */
  $schema?: string;
  /**
   * The page an embedded badge links to.
   */
  linkPath: string;
  /**
   * The kinds of protection badge a customer can pick on /badges, in the order they are offered. At least one.
   *
   * @minItems 1
   */
  types: [BadgeType, ...BadgeType[]];
  /**
   * The badge sizes a customer can pick, smallest first. At least one.
   *
   * @minItems 1
   */
  sizes: [BadgeSize, ...BadgeSize[]];
  /**
   * The badge colours a customer can pick, in the order they are offered. At least one.
   *
   * @minItems 1
   */
  colors: [BadgeColour, ...BadgeColour[]];
  /**
   * The type, size and colour already chosen when the badge page opens; each must be an id listed above.
   */
  defaults?: {
    /**
     * The id of the badge type chosen first, e.g. standard.
     */
    type: string;
    /**
     * The id of the size chosen first, e.g. medium.
     */
    size: string;
    /**
     * The id of the colour chosen first, e.g. blue.
     */
    color: string;
  };
}
export interface BadgeType {
  /**
   * The badge type's short name in badge addresses (/api/badge/{type}/…): lowercase letters, digits and hyphens, e.g. standard.
   */
  id: string;
  /**
   * The badge type's name as shown on its choice button, e.g. Standard Protection.
   */
  name: string;
  /**
   * One sentence under the name saying what this badge tells visitors.
   */
  description: string;
  /**
   * Short points listed for this badge type, one line each, e.g. Monthly scans included.
   *
   * @minItems 1
   */
  features: [string, ...string[]];
  /**
   * The price as shown, e.g. Free, $29/month or Custom. Plain text.
   */
  price: string;
}
export interface BadgeSize {
  /**
   * The size's short name in badge addresses, e.g. medium: lowercase letters, digits and hyphens.
   */
  id: string;
  /**
   * The size as shown on its choice button, e.g. Medium.
   */
  name: string;
  /**
   * The badge's width in pixels, 40 to 600.
   */
  width: number;
  /**
   * The badge's height in pixels, 20 to 300.
   */
  height: number;
}
export interface BadgeColour {
  /**
   * The colour's short name in badge addresses, e.g. blue: lowercase letters, digits and hyphens.
   */
  id: string;
  /**
   * The colour's name as shown beside its swatch, e.g. Blue.
   */
  name: string;
  /**
   * The colour as a six-digit hex code with #, e.g. #2563eb.
   */
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
  /**
   * Which schema checks this file, for editors that read it from the data. Leave it as it is, or leave it out: the comment on the first line does the same.
   */
  $schema?: string;
  /**
   * Subject of the team e-mail for a lead no rule matches; it goes to LEADS_EMAIL_TO. May use {{field}} for a submitted value and {{form}} for the form's title.
   */
  defaultSubject: string;
  /**
   * Subject of the reminder sent when a lead is still New at its due time (the reply promise in site.yaml); it goes to the lead's owner, or to LEADS_EMAIL_TO when nobody owns it. May use {{field}} and {{form}} as the default subject does. Leave out for "Reply overdue: {{form}}".
   */
  reminderSubject?: string;
  /**
   * Each rule that matches a lead sends one e-mail to its recipients. A lead that matches none goes to LEADS_EMAIL_TO with the default subject.
   */
  rules: NotificationRule[];
  digest?: MorningDigest;
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
/**
 * Turns on one e-mail a morning to LEADS_EMAIL_TO listing the open leads (New and In progress) with their due time, owner and inbox link. It goes on the days the reply promise in site.yaml has support hours, at `at` in its time zone. Leave out for no digest.
 */
export interface MorningDigest {
  /**
   * When it is sent, on the 24-hour clock in the team's time zone (replyPromise.timeZone in site.yaml).
   */
  at: string;
  /**
   * The e-mail's subject. {{count}} is the number of open leads, {{overdue}} how many of them are past their due time, {{date}} the day as the team reads it. Leave out for "Open leads: {{count}}, {{overdue}} overdue".
   */
  subject?: string;
}
/**
 * site/replies.yaml: the team's saved replies, offered in the reply box of each lead in the inbox. Plain text only. Each may use {{name}} (the visitor's or contact's name), {{form}} (the form's title), {{links}} (the addresses the visitor sent, one a line) and {{site}} (the site's name); the inbox fills them in before the reply is sent, and the team can change every word.
 */
export interface SavedReplies {
  /**
   * Which schema checks this file, for editors that read it from the data. Leave it as it is, or leave it out: the comment on the first line does the same.
   */
  $schema?: string;
  /**
   * The subject every reply starts with, unless the saved reply chosen has its own. May use {{form}}, {{name}} and {{site}}.
   */
  subject: string;
  /**
   * The saved replies, in the order the inbox offers them.
   */
  replies: SavedReply[];
}
export interface SavedReply {
  /**
   * A short name for the reply, unique in this file.
   */
  id: string;
  /**
   * What the team sees in the list of saved replies.
   */
  title: string;
  /**
   * This reply's own subject; leave out to use the file's subject.
   */
  subject?: string;
  /**
   * The reply's text, plain (no Markdown, no HTML). May use {{name}}, {{form}}, {{links}} and {{site}}.
   */
  body: string;
}
/**
 * site/data/spam-words.yaml: words and phrases the team often sees in spam. Each one found in what a visitor typed adds points to the lead's spam score (SPAM_WEIGHTS' words, 2 by default, counted for at most three), and a lead that reaches SPAM_QUARANTINE_SCORE waits in the inbox's Quarantine instead of being sent to the team. Matched as whole words, in order, whatever their case; punctuation is ignored.
 */
export interface SpamWords {
  /**
   * Which schema checks this file, for editors that read it from the data. Leave it as it is, or leave it out: the comment on the first line does the same.
   */
  $schema?: string;
  /**
   * The words and phrases, one per line. A phrase matches only its words in this order: "free followers" does not match "followers for free".
   *
   * @maxItems 2000
   */
  words: string[];
}
/**
 * site/data/notice-recipients.yaml: where the team sends a takedown notice for the addresses of each website. A host covers its subdomains (youtube.com covers www.youtube.com and m.youtube.com); when two entries could take a host, the longer host wins (sites.google.com before google.com). A host in no entry is shown to the team as unknown.
 */
export interface NoticeRecipients {
  /**
   * Which schema checks this file, for editors that read it from the data. Leave it as it is, or leave it out: the comment on the first line does the same.
   */
  $schema?: string;
  /**
   * One entry per organisation that receives notices, in any order.
   *
   * @minItems 1
   * @maxItems 500
   */
  recipients: [NoticeRecipient, ...NoticeRecipient[]];
}
/**
 * Who takes notices for some hosts, and how: a designated agent's e-mail address, a web form, or both (give at least one).
 */
export interface NoticeRecipient {
  /**
   * A short name for the entry, unique in this file: lower-case letters, digits and hyphens, e.g. youtube.
   */
  id: string;
  /**
   * The organisation as the notice addresses it, e.g. YouTube (Google LLC).
   */
  name: string;
  /**
   * The website names this entry takes, without https:// or www., in lower case; each covers its subdomains. An international name is written in punycode (xn--…), as browsers send it.
   *
   * @minItems 1
   */
  hosts: [string, ...string[]];
  /**
   * The designated copyright agent's e-mail address, as the US Copyright Office's DMCA agent directory (dmca.copyright.gov) or the platform's copyright page gives it.
   */
  email?: string;
  /**
   * The platform's copyright complaint form, an https:// address, for platforms that want notices there rather than by e-mail.
   */
  webForm?: string;
  /**
   * What the team should know when sending: which to prefer, what the form asks for, what to check first.
   */
  note?: string;
}
/**
 * site/data/notice-template.yaml: the takedown notice the team sends, one per host (split into parts of at most 250 addresses), in plain text. Each block is filled in with {{placeholders}} and the blocks are put together in the order of 17 U.S.C. §512(c)(3)(A): opening, the work, the infringing material, the complaining party's details, the two statements and the Lumen line, then the signature. A line whose placeholders are all empty (no registration number, a notice in one part) is left out. The checkboxes' words are what the request form shows; each request keeps the words its signer agreed to, and its notices print those.
 */
export interface NoticeTemplate {
  /**
   * Which schema checks this file, for editors that read it from the data. Leave it as it is, or leave it out: the comment on the first line does the same.
   */
  $schema?: string;
  /**
   * The exact words beside the request form's checkboxes, stored with each request as shown. Changing them changes what new requests agree to; requests already made keep their words.
   */
  checkboxes: {
    /**
     * The statement of good faith belief, 17 U.S.C. §512(c)(3)(A)(v), in the first person: the use of the material is not authorised by the copyright owner, its agent, or the law.
     */
    goodFaith: string;
    /**
     * The statement of §512(c)(3)(A)(vi), in the first person: the information in the notice is accurate and, under penalty of perjury, the signer is the owner or authorised to act for the owner.
     */
    accuracy: string;
    /**
     * The words of the optional checkbox by which the requester agrees that a copy of the notice may be shared with a public database such as Lumen.
     */
    lumen: string;
  };
  /**
   * The notice's subject line, one line, naming {{host}}. When a host's notice is split, " (" + partLabel + ")" is added at its end.
   */
  subject: string;
  /**
   * How a part of a split notice is named, with {{part}} and {{parts}}, e.g. part {{part}} of {{parts}}. {{partLabel}} shows it in the blocks, and is empty when the notice has one part.
   */
  partLabel: string;
  /**
   * What {{recipient}} says when no entry of site/data/notice-recipients.yaml takes the host, e.g. the operator of {{host}}.
   */
  unknownRecipient: string;
  /**
   * The greeting and the request to remove the material. {{recipient}} is the recipient's name.
   */
  opening: string;
  /**
   * Element (ii), the copyrighted work: {{workDescription}}, {{workKind}}, {{authorisedCopy}} (where an authorised copy can be seen) and {{registration}} (the registration number, often empty).
   */
  work: string;
  /**
   * Element (iii), the infringing material: {{urls}} on a line of its own becomes this part's addresses, one per line; {{count}} is how many.
   */
  material: string;
  /**
   * Element (iv), the complaining party: {{requesterName}}, {{postalAddress}}, {{telephone}} and {{email}}.
   */
  contact: string;
  /**
   * Elements (v) and (vi): {{goodFaith}} and {{accuracy}} are the statements in the words the signer agreed to.
   */
  statements: string;
  /**
   * The line that says whether the requester agreed to a copy being shared with a public database such as Lumen.
   */
  lumen: {
    /**
     * When the requester ticked the Lumen checkbox.
     */
    given: string;
    /**
     * When they did not.
     */
    withheld: string;
  };
  /**
   * Element (i), the signature: {{fullName}} (typed by the signer), {{capacity}} (from capacity below) and {{date}}.
   */
  signature: string;
  /**
   * Who signs, as {{capacity}} says it.
   */
  capacity: {
    /**
     * When the signer owns the copyright, e.g. the copyright owner.
     */
    owner: string;
    /**
     * When the signer acts for the owner; {{authority}} is what they wrote about their authority, e.g. authorised to act for the copyright owner as {{authority}}.
     */
    authorised: string;
  };
}
/**
 * The front matter of a blog article, site/blog/<name>.md: the lines between the two --- lines at the top of the file. The Markdown text below them is the article itself.
 */
export interface Article {
  /**
   * The article's number. With it the article's address is /blog/<number>; without it the address is /blog/<file name without .md>.
   */
  id?: number;
  /**
   * The article's heading, also its browser tab and search result title (up to 70 characters).
   */
  title: string;
  /**
   * The day the article is published, written year-month-day. Articles are listed newest first by this date.
   */
  date: string;
  /**
   * The day the article was last changed in substance, written year-month-day; shown beside the publication date and given to search engines. Leave it out until the first real change.
   */
  updated?: string;
  /**
   * The writer's name, shown under the title and in the feed.
   */
  author: string;
  /**
   * The name of one of the blog's categories, exactly as the blog page lists it (site/pages/blog.yaml).
   */
  category: string;
  /**
   * One or two sentences shown in the blog list, in the feed and as the search result snippet (20 to 300 characters).
   */
  excerpt: string;
  /**
   * Short labels shown under the article, and used as its search keywords.
   */
  tags: string[];
  /**
   * true puts the article at the top of the blog list with a Featured label.
   */
  featured?: boolean;
  draft?: Draft1;
  /**
   * How often the article was read, as the blog list shows it.
   */
  views?: string;
  /**
   * A picture shown above the article and given to search engines with it.
   */
  image?: {
    /**
     * The picture's address on this site, starting with /.
     */
    src: string;
    /**
     * What the picture shows, for people who cannot see it.
     */
    alt: string;
  };
}
