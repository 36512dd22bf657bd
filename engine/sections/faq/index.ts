import schema from '../../../schemas/sections/faq.schema.json' with { type: 'json' };
import { countByCategory } from '../../content/resolve-facts';
import { defineSection } from '../section-entry';
import { Faq } from './Faq';
import { faqIsInteractive } from './faq-filter';

export default defineSection({
  type: 'faq',
  schema,
  component: Faq,
  // Counted from the set the section shows, so a number beside a category is never typed.
  resolve: (section, { referenced }) =>
    section.categoryCounts && section.categories && Array.isArray(referenced.questions)
      ? { categories: countByCategory(section.categories, referenced.questions as Array<{ category: string }>) }
      : {},
  island: 'FaqAccordion',
  interactive: faqIsInteractive,
  hydrate: 'interaction',
});
