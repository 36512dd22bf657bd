import type {
  APIPayload,
  Article,
  ArticleListSection,
  ArticleSection,
  BadgeBuilderSection,
  Badges,
  FAQSet,
  FAQSection,
  Form,
  FormSection,
  KnownLinks,
  NoticeRecipient,
  NoticeTemplate,
  Notifications,
  Page,
  SavedReplies,
  PageMeta,
  PriceCatalogue,
  PricingTableSection,
  Section,
  Site,
} from '../generated/content';
import type { ResolvedFaqSection } from '../sections/faq/resolved';
import type { ResolvedFormSection } from '../sections/form/resolved';
import type { ResolvedPricingTableSection } from '../sections/pricing-table/resolved';
import type { ResolvedBadgeBuilderSection } from '../sections/badge-builder/resolved';
import type { ResolvedArticleListSection } from '../sections/article-list/resolved';
import type { ResolvedArticleSection } from '../sections/article/resolved';

// Each section type's resolved shape lives in its folder (engine/sections/<type>/resolved.ts).
export type { ResolvedFaqCategory, ResolvedFaqSection } from '../sections/faq/resolved';
export type { ResolvedFormSection } from '../sections/form/resolved';
export type { ResolvedPricingPlan, ResolvedPlanGroup, ResolvedPricingTableSection } from '../sections/pricing-table/resolved';
export type { ResolvedBadgeBuilderSection } from '../sections/badge-builder/resolved';
export type { ResolvedArticleListSection } from '../sections/article-list/resolved';
export type { ArticleLink, ResolvedArticleSection } from '../sections/article/resolved';

/** A section as the renderer receives it: references to other files replaced by what they name. */
export type ResolvedSection =
  | Exclude<Section, FAQSection | FormSection | BadgeBuilderSection | PricingTableSection | ArticleListSection | ArticleSection>
  | ResolvedFaqSection
  | ResolvedFormSection
  | ResolvedBadgeBuilderSection
  | ResolvedPricingTableSection
  | ResolvedArticleListSection
  | ResolvedArticleSection;

/** One article of site/blog/*.md, as its page, the blog list and the feed show it. */
export interface ArticleEntry extends Omit<Article, 'featured'> {
  /** The .md file it comes from. */
  file: string;
  /** Its address: /blog/<id>, or /blog/<file name> when it has no id. */
  path: string;
  featured: boolean;
  /** Whole minutes to read it (engine/content/markdown.ts: WORDS_PER_MINUTE). */
  readMinutes: number;
  /** The body as HTML, made at build time; raw HTML the writer typed is escaped. */
  html: string;
  /** The line of the .md file the body starts on (the dev server's ?sources shows it). */
  bodyLine: number;
}

/** What the blog list shows of an article: everything but its text, which the list's island never needs. */
export type ArticleSummary = Omit<ArticleEntry, 'html' | 'file' | 'bodyLine'>;

/** The blog's Atom feed: where it is served and its title. */
export interface FeedLink {
  path: string;
  title: string;
}

export interface ResolvedPage {
  /** The YAML file the page comes from. */
  file: string;
  /** The route; the not-found page has none. */
  path: string | null;
  meta: PageMeta;
  sections: ResolvedSection[];
  /** Where each section is declared in `file`, in the order of `sections` (the dev server shows it). */
  sources: SourcePosition[];
  /** The feed the page advertises with <link rel="alternate"> (the blog). */
  feed?: FeedLink;
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
  /** site/data/pricing.yaml: every price and discount, as written there. */
  pricing: PriceCatalogue;
  /** site/forms/api/*.yaml by the endpoint that accepts each when a request names no form. */
  apiPayloads: Record<string, APIPayload>;
  /** site/notifications.yaml: who hears of each lead. */
  notifications: Notifications;
  /** site/replies.yaml: the team's saved replies; null when the site has none. */
  savedReplies: SavedReplies | null;
  /** site/data/spam-words.yaml's words and phrases, which add to a lead's spam score; none when the site has no such file. */
  spamWords: string[];
  /** site/data/notice-recipients.yaml: where a takedown notice goes, by host; none when the site has no such file. */
  noticeRecipients: NoticeRecipient[];
  /** site/data/notice-template.yaml: the takedown notice's words and the request form's statements; null when the site has none. */
  noticeTemplate: NoticeTemplate | null;
  knownLinks: KnownLinks['known'];
  /** site/links.yaml's pages that no link leads to on purpose, each with its reason. */
  unlinkedPages: NonNullable<KnownLinks['unlinked']>;
  linkSources: LinkSource[];
  /** site/blog/*.md, newest first. */
  articles: ArticleEntry[];
  /** The blog's feed, when a page lists the articles. */
  feed: FeedLink | null;
  /** Pages and articles marked `draft: true`: checked, but no page of the site until they are ready. */
  drafts: DraftEntry[];
}

/** A page or article kept off the site as a draft. */
export interface DraftEntry {
  file: string;
  /** The address it will have when ready (null for a page that names none). */
  route: string | null;
  title: string;
}

export type { Badges, Form, Page, PriceCatalogue, Site };
