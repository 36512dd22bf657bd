/* Generated from schemas/ by `npm run gen:types`. Do not edit by hand: edit the schema and regenerate. */

/**
 * A link target: a site path such as /pricing, an in-page anchor such as #contact-form, a path with an anchor such as /takedowns/commercial#contact-form, or a full https:// or mailto: address.
 */
export type Href = string;
/**
 * One block of a page. Its type decides which fields it takes. Generated from schemas/sections/ by npm run gen:types.
 */
export type Section = (
  | CardGridSection
  | ContactDetailsSection
  | CallToActionSection
  | FAQSection
  | FormSection
  | HeroSection
  | LinkListSection
  | PlansSection
  | RichTextSection
  | StatsSection
  | StepsSection
  | TagListSection
  | TestimonialsSection
) & {
  type:
    | 'card-grid'
    | 'contact-details'
    | 'cta'
    | 'faq'
    | 'form'
    | 'hero'
    | 'link-list'
    | 'plans'
    | 'rich-text'
    | 'stats'
    | 'steps'
    | 'tag-list'
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

export interface Content {
  site?: Site;
  page?: Page;
  faqSet?: FAQSet;
  knownLinks?: KnownLinks;
  form?: Form;
  badges?: Badges;
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
 * A button. Give it an href to make it a link, or action: history-back for a Go Back button. Without either it is a plain button.
 */
export interface Action {
  label: string;
  href?: Href;
  /**
   * A behaviour instead of a link.
   */
  action?: 'history-back';
  variant?: 'primary' | 'secondary' | 'ghost';
  icon?: Icon;
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
  actions: [Action] | [Action, Action] | [Action, Action, Action];
}
/**
 * Questions from an FAQ set in site/faq/, shown as an accordion (one open at a time).
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
  actions?: [] | [Action] | [Action, Action] | [Action, Action, Action];
  /**
   * Short claims shown as ticks under the buttons.
   *
   * @maxItems 6
   */
  highlights?:
    | []
    | [string]
    | [string, string]
    | [string, string, string]
    | [string, string, string, string]
    | [string, string, string, string, string]
    | [string, string, string, string, string, string];
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
  plans: [Plan] | [Plan, Plan] | [Plan, Plan, Plan] | [Plan, Plan, Plan, Plan];
}
export interface Plan {
  name: string;
  /**
   * As shown, e.g. $79, Free or Custom.
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
  items:
    | [
        {
          /**
           * The figure as shown, e.g. 98% or 24-48h.
           */
          value: string;
          label: string;
        }
      ]
    | [
        {
          /**
           * The figure as shown, e.g. 98% or 24-48h.
           */
          value: string;
          label: string;
        },
        {
          /**
           * The figure as shown, e.g. 98% or 24-48h.
           */
          value: string;
          label: string;
        }
      ]
    | [
        {
          /**
           * The figure as shown, e.g. 98% or 24-48h.
           */
          value: string;
          label: string;
        },
        {
          /**
           * The figure as shown, e.g. 98% or 24-48h.
           */
          value: string;
          label: string;
        },
        {
          /**
           * The figure as shown, e.g. 98% or 24-48h.
           */
          value: string;
          label: string;
        }
      ]
    | [
        {
          /**
           * The figure as shown, e.g. 98% or 24-48h.
           */
          value: string;
          label: string;
        },
        {
          /**
           * The figure as shown, e.g. 98% or 24-48h.
           */
          value: string;
          label: string;
        },
        {
          /**
           * The figure as shown, e.g. 98% or 24-48h.
           */
          value: string;
          label: string;
        },
        {
          /**
           * The figure as shown, e.g. 98% or 24-48h.
           */
          value: string;
          label: string;
        }
      ]
    | [
        {
          /**
           * The figure as shown, e.g. 98% or 24-48h.
           */
          value: string;
          label: string;
        },
        {
          /**
           * The figure as shown, e.g. 98% or 24-48h.
           */
          value: string;
          label: string;
        },
        {
          /**
           * The figure as shown, e.g. 98% or 24-48h.
           */
          value: string;
          label: string;
        },
        {
          /**
           * The figure as shown, e.g. 98% or 24-48h.
           */
          value: string;
          label: string;
        },
        {
          /**
           * The figure as shown, e.g. 98% or 24-48h.
           */
          value: string;
          label: string;
        }
      ]
    | [
        {
          /**
           * The figure as shown, e.g. 98% or 24-48h.
           */
          value: string;
          label: string;
        },
        {
          /**
           * The figure as shown, e.g. 98% or 24-48h.
           */
          value: string;
          label: string;
        },
        {
          /**
           * The figure as shown, e.g. 98% or 24-48h.
           */
          value: string;
          label: string;
        },
        {
          /**
           * The figure as shown, e.g. 98% or 24-48h.
           */
          value: string;
          label: string;
        },
        {
          /**
           * The figure as shown, e.g. 98% or 24-48h.
           */
          value: string;
          label: string;
        },
        {
          /**
           * The figure as shown, e.g. 98% or 24-48h.
           */
          value: string;
          label: string;
        }
      ]
    | [
        {
          /**
           * The figure as shown, e.g. 98% or 24-48h.
           */
          value: string;
          label: string;
        },
        {
          /**
           * The figure as shown, e.g. 98% or 24-48h.
           */
          value: string;
          label: string;
        },
        {
          /**
           * The figure as shown, e.g. 98% or 24-48h.
           */
          value: string;
          label: string;
        },
        {
          /**
           * The figure as shown, e.g. 98% or 24-48h.
           */
          value: string;
          label: string;
        },
        {
          /**
           * The figure as shown, e.g. 98% or 24-48h.
           */
          value: string;
          label: string;
        },
        {
          /**
           * The figure as shown, e.g. 98% or 24-48h.
           */
          value: string;
          label: string;
        },
        {
          /**
           * The figure as shown, e.g. 98% or 24-48h.
           */
          value: string;
          label: string;
        }
      ]
    | [
        {
          /**
           * The figure as shown, e.g. 98% or 24-48h.
           */
          value: string;
          label: string;
        },
        {
          /**
           * The figure as shown, e.g. 98% or 24-48h.
           */
          value: string;
          label: string;
        },
        {
          /**
           * The figure as shown, e.g. 98% or 24-48h.
           */
          value: string;
          label: string;
        },
        {
          /**
           * The figure as shown, e.g. 98% or 24-48h.
           */
          value: string;
          label: string;
        },
        {
          /**
           * The figure as shown, e.g. 98% or 24-48h.
           */
          value: string;
          label: string;
        },
        {
          /**
           * The figure as shown, e.g. 98% or 24-48h.
           */
          value: string;
          label: string;
        },
        {
          /**
           * The figure as shown, e.g. 98% or 24-48h.
           */
          value: string;
          label: string;
        },
        {
          /**
           * The figure as shown, e.g. 98% or 24-48h.
           */
          value: string;
          label: string;
        }
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
  steps:
    | [
        {
          title: string;
          text: string;
          icon?: Icon;
        },
        {
          title: string;
          text: string;
          icon?: Icon;
        }
      ]
    | [
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
        {
          title: string;
          text: string;
          icon?: Icon;
        }
      ]
    | [
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
        {
          title: string;
          text: string;
          icon?: Icon;
        },
        {
          title: string;
          text: string;
          icon?: Icon;
        }
      ]
    | [
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
        {
          title: string;
          text: string;
          icon?: Icon;
        }
      ]
    | [
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
        {
          title: string;
          text: string;
          icon?: Icon;
        },
        {
          title: string;
          text: string;
          icon?: Icon;
        }
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
  items:
    | [
        {
          quote: string;
          name: string;
          role: string;
          rating?: number;
        }
      ]
    | [
        {
          quote: string;
          name: string;
          role: string;
          rating?: number;
        },
        {
          quote: string;
          name: string;
          role: string;
          rating?: number;
        }
      ]
    | [
        {
          quote: string;
          name: string;
          role: string;
          rating?: number;
        },
        {
          quote: string;
          name: string;
          role: string;
          rating?: number;
        },
        {
          quote: string;
          name: string;
          role: string;
          rating?: number;
        }
      ]
    | [
        {
          quote: string;
          name: string;
          role: string;
          rating?: number;
        },
        {
          quote: string;
          name: string;
          role: string;
          rating?: number;
        },
        {
          quote: string;
          name: string;
          role: string;
          rating?: number;
        },
        {
          quote: string;
          name: string;
          role: string;
          rating?: number;
        }
      ]
    | [
        {
          quote: string;
          name: string;
          role: string;
          rating?: number;
        },
        {
          quote: string;
          name: string;
          role: string;
          rating?: number;
        },
        {
          quote: string;
          name: string;
          role: string;
          rating?: number;
        },
        {
          quote: string;
          name: string;
          role: string;
          rating?: number;
        },
        {
          quote: string;
          name: string;
          role: string;
          rating?: number;
        }
      ]
    | [
        {
          quote: string;
          name: string;
          role: string;
          rating?: number;
        },
        {
          quote: string;
          name: string;
          role: string;
          rating?: number;
        },
        {
          quote: string;
          name: string;
          role: string;
          rating?: number;
        },
        {
          quote: string;
          name: string;
          role: string;
          rating?: number;
        },
        {
          quote: string;
          name: string;
          role: string;
          rating?: number;
        },
        {
          quote: string;
          name: string;
          role: string;
          rating?: number;
        }
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
 * site/links.yaml: links known to point at pages that do not exist, each with the reason it stays.
 */
export interface KnownLinks {
  $schema?: string;
  known: KnownBrokenLink[];
}
export interface KnownBrokenLink {
  /**
   * The path as it appears, or a pattern with {param} for a variable part such as /blog/{id}.
   */
  href: string;
  reason: string;
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
  /**
   * A JSON Schema (type: object) describing the values: properties with type, title, enum/oneOf options, minLength, pattern; and required.
   */
  fields: {
    type: 'object';
    properties: {};
  };
  /**
   * Layout and labels in @rjsf uiSchema form: ui:order, ui:widget (textarea, select, radio, email), ui:placeholder, ui:help, ui:options rows.
   */
  ui?: {};
  /**
   * Initial values, restored after a successful submit.
   */
  defaults?: {};
  /**
   * Fields whose surrounding spaces are removed before checking and sending.
   */
  trim?: string[];
  /**
   * The exact text for each rule: field → rule (required, minLength, pattern, format, enum, type) → message.
   */
  messages: {
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
  };
  errors: {
    /**
     * after-submit: errors appear after the first send attempt; submit-and-live: also while typing once a field has been left; browser: the browser's own checks only.
     */
    show: 'after-submit' | 'submit-and-live' | 'browser';
  };
  buttons: {
    idle: string;
    sending: string;
  };
  result: {
    success: FormOutcome;
    failure: FormOutcome;
    resetOnSuccess: boolean;
  };
}
export interface FormOutcome {
  show: 'banner' | 'toast' | 'alert';
  /**
   * The text shown. Leave it out to show the server's or the submission helper's message.
   */
  text?: string;
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
