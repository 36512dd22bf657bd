import type { ComponentType } from 'react';
import type { ResolvedSection } from '../content/model';
import { island, type HydrateOn } from '../render/island';
import { Article } from './Article';
import ArticleList from './ArticleList.island';
import { ARTICLE_PARAMS } from './article-filter';
import { BadgeBuilder } from './BadgeBuilder';
import { Breadcrumb } from './Breadcrumb';
import { CallToAction } from './CallToAction';
import { CardGrid } from './CardGrid';
import { Comparison } from './Comparison';
import { ContactDetails } from './ContactDetails';
import { Document } from './Document';
import { ExternalLinks } from './ExternalLinks';
import { Faq } from './Faq';
import { faqIsInteractive } from './faq-filter';
import { FormOnPage } from '../forms/FormOnPage';
import { Gallery } from './Gallery';
import { Hero } from './Hero';
import { LinkList } from './LinkList';
import { Plans } from './Plans';
import PricingTable from './PricingTable.island';
import { BILLING_PARAM } from './pricing';
import { RichText } from './RichText';
import { SearchResults } from './SearchResults';
import type { SectionProps } from './SectionFrame';
import { Stats } from './Stats';
import { Steps } from './Steps';
import { TagList } from './TagList';
import { Team } from './Team';
import { Testimonials } from './Testimonials';

type SectionOf<T extends ResolvedSection['type']> = Extract<ResolvedSection, { type: T }>;

export interface SectionEntry<T extends ResolvedSection['type']> {
  component: ComponentType<SectionProps<SectionOf<T>>>;
  /** The island (file name without .island.tsx) when the section runs code in the browser. */
  island?: string;
  /** When only some sections of the type run code (the others are plain HTML): which ones. */
  interactive?: (section: SectionOf<T>) => boolean;
  /** 'intent': the island's code loads once a visitor comes near it or focuses it; 'interaction': once they reach for one of its controls; else with the page. */
  hydrate?: HydrateOn;
  /** Whether a section can show a message in the page's toast area, which is then rendered. */
  toasts?: (section: SectionOf<T>) => boolean;
  /** Marks sections that capture leads: such pages get the form budgets. */
  form?: true;
}

type Registry = { [T in ResolvedSection['type']]: SectionEntry<T> };

/**
 * Section type → component. Each type's schema is schemas/sections/<type>.schema.json; the
 * mapped type makes a missing or extra line here a type error.
 */
export const SECTION_REGISTRY: Registry = {
  hero: { component: Hero },
  stats: { component: Stats },
  'card-grid': { component: CardGrid },
  steps: { component: Steps },
  testimonials: { component: Testimonials },
  cta: { component: CallToAction },
  'link-list': { component: LinkList },
  'rich-text': { component: RichText },
  plans: { component: Plans },
  'tag-list': { component: TagList },
  'contact-details': { component: ContactDetails },
  faq: { component: Faq, island: 'FaqAccordion', interactive: faqIsInteractive, hydrate: 'interaction' },
  breadcrumb: { component: Breadcrumb },
  comparison: { component: Comparison },
  'external-links': { component: ExternalLinks },
  form: {
    component: FormOnPage,
    island: 'FormSection',
    hydrate: 'intent',
    toasts: (s) => s.definition.result.success.show === 'toast' || s.definition.result.failure.show === 'toast',
    form: true,
  },
  'article-list': {
    component: island('ArticleList', ArticleList, { on: 'interaction', params: ARTICLE_PARAMS }),
    island: 'ArticleList',
    hydrate: 'interaction',
  },
  document: { component: Document },
  team: { component: Team },
  'pricing-table': {
    component: island('PricingTable', PricingTable, { on: 'interaction', params: [BILLING_PARAM] }),
    island: 'PricingTable',
    hydrate: 'interaction',
  },
  'badge-builder': { component: BadgeBuilder, island: 'BadgeBuilder', hydrate: 'interaction' },
  gallery: { component: Gallery },
  article: { component: Article },
  'search-results': { component: SearchResults, island: 'SearchResults', hydrate: 'interaction' },
};

/** The island a section hydrates as, or undefined when it is plain HTML. */
export function islandOf(section: ResolvedSection): { name: string; on: HydrateOn } | undefined {
  const entry = SECTION_REGISTRY[section.type] as SectionEntry<typeof section.type>;
  if (!entry.island || (entry.interactive && !entry.interactive(section))) return undefined;
  return { name: entry.island, on: entry.hydrate ?? 'load' };
}

/** Whether any section of the page can raise a toast, so the page needs the toast area. */
export function pageRaisesToasts(sections: ResolvedSection[]): boolean {
  return sections.some((s) => (SECTION_REGISTRY[s.type] as SectionEntry<typeof s.type>).toasts?.(s) === true);
}

export function RenderSection({ section, index }: { section: ResolvedSection; index: number }) {
  const entry = SECTION_REGISTRY[section.type] as SectionEntry<typeof section.type>;
  const Component = entry.component as ComponentType<SectionProps<ResolvedSection>>;
  return <Component section={section} index={index} />;
}
