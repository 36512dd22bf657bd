import type {
  APIPayload,
  BadgeBuilderSection,
  Badges,
  FAQSet,
  FAQSection,
  Form,
  FormSection,
  KnownLinks,
  Notifications,
  Page,
  PageMeta,
  Section,
  Site,
} from '../generated/content';

/** A section as the renderer receives it: references to other files replaced by what they name. */
export type ResolvedSection =
  Exclude<Section, FAQSection | FormSection | BadgeBuilderSection> | ResolvedFaqSection | ResolvedFormSection | ResolvedBadgeBuilderSection;

export type ResolvedFaqSection = FAQSection & { questions: FAQSet['items'] };

export type ResolvedFormSection = FormSection & { definition: Form };

/** The badge customiser gets the badges of site/data/badges.yaml, so the page never repeats them. */
export type ResolvedBadgeBuilderSection = BadgeBuilderSection & { badges: Badges };

export interface ResolvedPage {
  /** The YAML file the page comes from. */
  file: string;
  /** The route; the not-found page has none. */
  path: string | null;
  meta: PageMeta;
  sections: ResolvedSection[];
  /** Where each section is declared in `file`, in the order of `sections` (the dev server shows it). */
  sources: SourcePosition[];
}

/** A line and column in a YAML file, both counted from 1. */
export interface SourcePosition {
  line: number;
  column: number;
}

/** A link as written in YAML, with the place that declares it. */
export interface LinkSource {
  href: string;
  /** `href` for links and buttons, `canonical` for a page's canonical address. */
  kind: 'href' | 'canonical';
  file: string;
  line: number;
  column: number;
  dataPath: string;
  /** The route it appears on, or null for the shared header and footer (every page). */
  page: string | null;
}

/** The one typed view of the whole site that every consumer reads. */
export interface SiteModel {
  site: Site;
  pages: ResolvedPage[];
  notFound: ResolvedPage;
  faqSets: Record<string, FAQSet>;
  forms: Record<string, Form>;
  badges: Badges;
  /** site/forms/api/*.yaml by the endpoint that accepts each when a request names no form. */
  apiPayloads: Record<string, APIPayload>;
  /** site/notifications.yaml: who hears of each lead. */
  notifications: Notifications;
  knownLinks: KnownLinks['known'];
  linkSources: LinkSource[];
}

export type { Badges, Form, Page, Site };
