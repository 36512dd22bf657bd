import schema from '../../../schemas/sections/faq.schema.json' with { type: 'json' };
import { countByCategory } from '../../content/resolve-facts';
import { defineSection } from '../section-entry';
import { Faq, FaqIsland } from './Faq';
import { faqIsInteractive, type FaqItem } from './faq-filter';
import { proseParagraphs } from '../../content/inline-markdown';

export default defineSection({
  type: 'faq',
  schema,
  component: Faq,
  // Counted from the set the section shows, so a number beside a category is never typed.
  resolve: (section, { referenced }) => {
    if (!Array.isArray(referenced.questions)) return {};
    const questions = referenced.questions as FaqItem[];
    return {
      // The answers' links, bold and italic made HTML here, so the island's browser code carries no Markdown renderer.
      questions: questions.map((q) => ({ ...q, answerHtml: proseParagraphs(q.answer) })),
      ...(section.categoryCounts && section.categories ? { categories: countByCategory(section.categories, questions) } : {}),
    };
  },
  island: FaqIsland,
  // The questions are indexed one by one, as results of their own.
  unsearched: ['faqSet', 'questions'],
  interactive: faqIsInteractive,
});
