import type {
  APIPayload,
  BadgeBuilderSection,
  Badges,
  ConsentNotice,
  FAQSet,
  FAQSection,
  Form,
  FormSection,
  KnownLinks,
  Notifications,
  Page,
  PageMeta,
  PlanGroup,
  PriceCatalogue,
  PricingPlan,
  PricingTableSection,
  Section,
  Site,
} from '../generated/content';

/** A section as the renderer receives it: references to other files replaced by what they name. */
export type ResolvedSection =
  | Exclude<Section, FAQSection | FormSection | BadgeBuilderSection | PricingTableSection>
  | ResolvedFaqSection
  | ResolvedFormSection
  | ResolvedBadgeBuilderSection
  | ResolvedPricingTableSection;

/** A category of a FAQ section, with how many of the set's questions it holds when the section shows counts. */
export type ResolvedFaqCategory = NonNullable<FAQSection['categories']>[number] & { count?: number };

export type ResolvedFaqSection = Omit<FAQSection, 'categories'> & { questions: FAQSet['items']; categories?: ResolvedFaqCategory[] };

/** A form with the consent notice it shows above its submit button: its own, else the site's. */
export type ResolvedFormSection = FormSection & { definition: Form; consent?: ConsentNotice };

/** A pricing plan with the amounts of the catalogue group its `price` names. */
export type ResolvedPricingPlan = Omit<PricingPlan, 'price'> & { price: { monthly: number; annual: number } };

export type ResolvedPlanGroup = Omit<PlanGroup, 'plans'> & { plans: ResolvedPricingPlan[] };

/** A pricing table with its plans' amounts and the catalogue's currency. */
export type ResolvedPricingTableSection = Omit<PricingTableSection, 'groups'> & { groups: ResolvedPlanGroup[]; currency: string };

/** The badge customiser gets the badges of site/data/badges.yaml, so the page never repeats them. */
export type ResolvedBadgeBuilderSection = BadgeBuilderSection & { badges: Badges };

export interface ResolvedPage {
  /** The YAML file the page comes from. */
  file: string;
  /** The route; the not-found page has none. */
  path: string | null;
  meta: PageMeta;
  sections: ResolvedSection[];
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
  knownLinks: KnownLinks['known'];
  linkSources: LinkSource[];
}

export type { Badges, Form, Page, PriceCatalogue, Site };
