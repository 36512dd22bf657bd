import type { ComponentType } from 'react';
import type { ResolvedSection } from '../content/model';
import { islandMadeBy, type HydrateOn } from '../render/island';
import article from './article';
import articleList from './article-list';
import badgeBuilder from './badge-builder';
import breadcrumb from './breadcrumb';
import cardGrid from './card-grid';
import comparison from './comparison';
import contactDetails from './contact-details';
import cta from './cta';
import documentSection from './document';
import externalLinks from './external-links';
import faq from './faq';
import form from './form';
import gallery from './gallery';
import hero from './hero';
import linkList from './link-list';
import plans from './plans';
import pricingTable from './pricing-table';
import richText from './rich-text';
import searchResults from './search-results';
import stats from './stats';
import steps from './steps';
import tagList from './tag-list';
import team from './team';
import testimonials from './testimonials';
import type { SectionProps } from './SectionFrame';
import type { SectionEntry, SectionType } from './section-entry';

/**
 * Every section type, one folder each (engine/sections/<type>/index.ts): the one list the renderer,
 * the loader's resolvers, the page budgets and the catalogue read.
 */
export const SECTIONS = [
  article,
  articleList,
  badgeBuilder,
  breadcrumb,
  cardGrid,
  comparison,
  contactDetails,
  cta,
  documentSection,
  externalLinks,
  faq,
  form,
  gallery,
  hero,
  linkList,
  plans,
  pricingTable,
  richText,
  searchResults,
  stats,
  steps,
  tagList,
  team,
  testimonials,
] as const;

type Registry = { [T in SectionType]: SectionEntry<T> };
/** A type of the generated Section union whose folder is not listed in SECTIONS; never when all are. */
type Unlisted = Exclude<SectionType, (typeof SECTIONS)[number]['type']>;

function registryOf(entries: typeof SECTIONS & ([Unlisted] extends [never] ? unknown : { unlisted: Unlisted })): Registry {
  return Object.fromEntries(entries.map((entry) => [entry.type, entry])) as unknown as Registry;
}

/** Section type → its entry. */
export const SECTION_REGISTRY = registryOf(SECTIONS);

/** The entry of a section's type. */
export function entryOf(section: { type: SectionType }): SectionEntry<SectionType> {
  return SECTION_REGISTRY[section.type] as SectionEntry<SectionType>;
}

/** The island a section hydrates as, or undefined when it is plain HTML. */
export function islandOf(section: ResolvedSection): { name: string; on: HydrateOn } | undefined {
  const entry = entryOf(section);
  const made = islandMadeBy(entry.island ?? entry.component);
  if (!made || (entry.interactive && !entry.interactive(section))) return undefined;
  return made;
}

/** Whether any section of the page can raise a toast, so the page needs the toast area. */
export function pageRaisesToasts(sections: ResolvedSection[]): boolean {
  return sections.some((s) => entryOf(s).toasts?.(s) === true);
}

export function RenderSection({ section, index }: { section: ResolvedSection; index: number }) {
  const Component = entryOf(section).component as ComponentType<SectionProps<ResolvedSection>>;
  return <Component section={section} index={index} />;
}
