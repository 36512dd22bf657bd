import type { ComponentType } from 'react';
import type { ResolvedSection } from '../content/model';
import { island } from '../render/island';
import { CallToAction } from './CallToAction';
import { CardGrid } from './CardGrid';
import { ContactDetails } from './ContactDetails';
import FaqAccordion from './FaqAccordion.island';
import FormSection from '../forms/FormSection.island';
import { Hero } from './Hero';
import { LinkList } from './LinkList';
import { Plans } from './Plans';
import { RichText } from './RichText';
import type { SectionProps } from './SectionFrame';
import { Stats } from './Stats';
import { Steps } from './Steps';
import { TagList } from './TagList';
import { Testimonials } from './Testimonials';

type SectionOf<T extends ResolvedSection['type']> = Extract<ResolvedSection, { type: T }>;

export interface SectionEntry<T extends ResolvedSection['type']> {
  component: ComponentType<SectionProps<SectionOf<T>>>;
  /** The island (file name without .island.tsx) when the section runs code in the browser. */
  island?: string;
  /** Marks sections that capture leads: such pages get the larger JavaScript budget. */
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
  faq: { component: island('FaqAccordion', FaqAccordion), island: 'FaqAccordion' },
  form: { component: island('FormSection', FormSection), island: 'FormSection', form: true },
};

export function RenderSection({ section, index }: { section: ResolvedSection; index: number }) {
  const entry = SECTION_REGISTRY[section.type] as SectionEntry<typeof section.type>;
  const Component = entry.component as ComponentType<SectionProps<ResolvedSection>>;
  return <Component section={section} index={index} />;
}
