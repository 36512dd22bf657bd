import type { Article } from '../generated/content';
import type { QueryCodec } from '../ui/use-query-state';

/** The category value that shows every article. */
export const ALL_CATEGORIES = 'all';

/** How many matches the featured band shows; the latest list starts after them. */
export const FEATURED_COUNT = 3;

/**
 * The filter value an article's category name compares equal to: lowercased, with only the first
 * space turned into a hyphen (spec 001 §4). "Copyright Law" → "copyright-law", but
 * "Tips and Tricks" → "tips-and tricks", which no category id equals.
 */
export function categoryValue(name: string): string {
  return name.toLowerCase().replace(' ', '-');
}

/** Spec 001 §4: the search text, ignoring case, is in the title or the excerpt, and the category matches or is all. */
export function articleMatches(article: Pick<Article, 'title' | 'excerpt' | 'category'>, search: string, category: string): boolean {
  const needle = search.toLowerCase();
  const inText = article.title.toLowerCase().includes(needle) || article.excerpt.toLowerCase().includes(needle);
  return inText && (category === ALL_CATEGORIES || categoryValue(article.category) === category);
}

export interface ArticleView<A> {
  matches: A[];
  /** The first matches, shown large. */
  featured: A[];
  /** Every match after the first three (spec 001 §4: the latest list skips them). */
  latest: A[];
}

export function viewArticles<A extends Pick<Article, 'title' | 'excerpt' | 'category'>>(
  articles: readonly A[],
  search: string,
  category: string,
): ArticleView<A> {
  const matches = articles.filter((a) => articleMatches(a, search, category));
  return { matches, featured: matches.slice(0, FEATURED_COUNT), latest: matches.slice(FEATURED_COUNT) };
}

/** "Showing {shown} of {total} articles" with the numbers filled in. */
export function countLine(template: string, shown: number, total: number): string {
  return template.replace('{shown}', String(shown)).replace('{total}', String(total));
}

/** What a visitor filtered the articles by: the search text and a category id. */
export interface ArticleFilter {
  q: string;
  category: string;
}

/** ?q= and ?category= of an article list with these category ids; an unknown category shows every article. */
export function articleQuery(categories: readonly string[]): QueryCodec<ArticleFilter> {
  return {
    read(params) {
      const category = params.get('category') ?? ALL_CATEGORIES;
      return { q: params.get('q') ?? '', category: categories.includes(category) ? category : ALL_CATEGORIES };
    },
    write(params, { q, category }) {
      if (q) params.set('q', q);
      else params.delete('q');
      if (category !== ALL_CATEGORIES) params.set('category', category);
      else params.delete('category');
    },
  };
}
