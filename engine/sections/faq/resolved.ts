// The section as its component receives it: what the loader adds to the section written in a page.
import type { FAQSection, FAQSet } from '../../generated/content';

/** A category of a FAQ section, with how many of the set's questions it holds when the section shows counts. */
export type ResolvedFaqCategory = NonNullable<FAQSection['categories']>[number] & { count?: number };

export type ResolvedFaqSection = Omit<FAQSection, 'categories'> & {
  /** The set's questions, each answer's paragraphs also as HTML (links, bold and italic: engine/content/inline-markdown.ts). */
  questions: Array<FAQSet['items'][number] & { answerHtml?: string[] }>;
  categories?: ResolvedFaqCategory[];
};
