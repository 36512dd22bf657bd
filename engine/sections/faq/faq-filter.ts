import type { FAQSet } from '../../generated/content';
import type { QueryCodec } from '../../ui/use-query-state';

/** A question as a FAQ section shows it: the answer's paragraphs as HTML, made by the loader (engine/content/inline-markdown.ts). */
export type FaqItem = FAQSet['items'][number] & { answerHtml?: string[] };

/** The category id that shows every question. */
export const ALL_CATEGORIES = 'all';

/**
 * A category name as an anchor and filter id (spec 001 §2): lowercased, & as "and", spaces as
 * hyphens. "Timeline & Process" → "timeline-and-process", "DMCA Basics" → "dmca-basics".
 */
export function categoryAnchor(name: string): string {
  return name.trim().toLowerCase().replace(/&/g, ' and ').replace(/\s+/g, '-');
}

/**
 * Spec 001 §5: the search text, ignoring case, is in the question or the answer, and the category
 * is all or exactly the question's. Surrounding spaces in the search are ignored.
 */
export function questionMatches(item: Pick<FaqItem, 'question' | 'answer' | 'category'>, search: string, category: string): boolean {
  const needle = search.trim().toLowerCase();
  const inText = needle === '' || item.question.toLowerCase().includes(needle) || item.answer.toLowerCase().includes(needle);
  return inText && (category === ALL_CATEGORIES || categoryAnchor(item.category) === category);
}

/** Spec 001 §5: "1 question found", "3 questions found for "fee"". */
export function resultHeading(count: number, search: string): string {
  const term = search.trim();
  return `${count} ${count === 1 ? 'question' : 'questions'} found${term ? ` for "${term}"` : ''}`;
}

/** The set's categories in the order they first appear, each with its questions. */
export function groupByCategory<T extends Pick<FaqItem, 'category'>>(
  items: readonly T[],
): Array<{ name: string; anchor: string; items: T[] }> {
  const groups = new Map<string, { name: string; anchor: string; items: T[] }>();
  for (const item of items) {
    const anchor = categoryAnchor(item.category);
    let group = groups.get(anchor);
    if (!group) {
      group = { name: item.category, anchor, items: [] };
      groups.set(anchor, group);
    }
    group.items.push(item);
  }
  return [...groups.values()];
}

/** An answer's paragraphs as written: a blank line starts a new paragraph. */
export function answerParagraphs(answer: string): string[] {
  return answer
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}

/** The query parameters a FAQ's search and filter keep their state in. */
export const FAQ_PARAMS = ['q', 'category'] as const;

/** What a visitor filtered the questions by: the search text and a category id. */
export interface FaqFilter {
  q: string;
  category: string;
}

/**
 * ?q= and ?category= of an FAQ section that has a search box (`search`) and a filter over these
 * category ids (`categories`, null without a filter). An unknown category shows every question.
 * Both are written again in a fixed order (q, then category), so the same list always has the same
 * address; a search of only spaces is not kept.
 */
export function faqQuery(search: boolean, categories: readonly string[] | null): QueryCodec<FaqFilter> {
  return {
    read(params) {
      const category = params.get('category') ?? ALL_CATEGORIES;
      const known = categories !== null && (category === ALL_CATEGORIES || categories.includes(category));
      return { q: search ? (params.get('q') ?? '') : '', category: known ? category : ALL_CATEGORIES };
    },
    write(params, { q, category }) {
      params.delete('q');
      params.delete('category');
      if (q.trim()) params.set('q', q);
      if (category !== ALL_CATEGORIES) params.set('category', category);
    },
  };
}

/** A FAQ section runs code only for its search box or category filter; its answers open as plain <details>. */
export function faqIsInteractive(section: { search?: unknown; filter?: unknown; categories?: readonly unknown[] }): boolean {
  return Boolean(section.search || (section.filter && (section.categories?.length ?? 0) > 0));
}
