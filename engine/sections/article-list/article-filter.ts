import type { Article } from '../../generated/content';
import type { QueryCodec } from '../../ui/use-query-state';

type ArticleFields = Pick<Article, 'title' | 'excerpt' | 'category'>;

/** The category value that shows every article. */
export const ALL_CATEGORIES = 'all';

/** How many matches the featured band shows; the latest list starts after them. */
export const FEATURED_COUNT = 3;

/**
 * The category name a filter value (a category id, or ?category=) stands for; null shows every
 * category. An article matches a category when it names it exactly, so the sidebar's count of a
 * category is always the number of articles choosing it shows.
 */
export function categoryNameOf(value: string, categories: ReadonlyArray<{ id: string; name: string }>): string | null {
  return categories.find((c) => c.id === value)?.name ?? null;
}

/** The search text, ignoring case, is in the title or the excerpt (spec 001 §4), and the category is the chosen one or any. */
export function articleMatches(article: ArticleFields, search: string, categoryName: string | null): boolean {
  const needle = search.toLowerCase();
  const inText = article.title.toLowerCase().includes(needle) || article.excerpt.toLowerCase().includes(needle);
  return inText && (categoryName === null || article.category === categoryName);
}

/** How many articles name each category. */
export function categoryCounts(articles: ReadonlyArray<Pick<ArticleFields, 'category'>>): Map<string, number> {
  const counts = new Map<string, number>();
  for (const a of articles) counts.set(a.category, (counts.get(a.category) ?? 0) + 1);
  return counts;
}

export interface ArticleView<A> {
  matches: A[];
  /** The first matches, shown large. */
  featured: A[];
  /** Every match after the first three (spec 001 §4: the latest list skips them). */
  latest: A[];
}

export function viewArticles<A extends ArticleFields>(articles: readonly A[], search: string, categoryName: string | null): ArticleView<A> {
  const matches = articles.filter((a) => articleMatches(a, search, categoryName));
  return { matches, featured: matches.slice(0, FEATURED_COUNT), latest: matches.slice(FEATURED_COUNT) };
}

/** "Showing {shown} of {total} articles" with the numbers filled in. */
export function countLine(template: string, shown: number, total: number): string {
  return template.replace('{shown}', String(shown)).replace('{total}', String(total));
}

/** Where a blog category's own page is: a prerendered list of its articles, reachable without script. */
export const categoryPathOf = (blogPath: string, categoryId: string) => `${blogPath}/category/${categoryId}`;

/** The query parameters an article list keeps its search and category in. */
export const ARTICLE_PARAMS = ['q', 'category'] as const;

/** What a visitor filtered the articles by: the search text and a category id. */
export interface ArticleFilter {
  q: string;
  category: string;
}

/**
 * ?q= and ?category= of an article list with these category ids; an unknown category shows every
 * article. `shown` is the category the page itself shows (a category's own page), which leaves no
 * trace in the address.
 */
export function articleQuery(categories: readonly string[], shown: string = ALL_CATEGORIES): QueryCodec<ArticleFilter> {
  return {
    read(params) {
      const category = params.get('category') ?? shown;
      return { q: params.get('q') ?? '', category: category === ALL_CATEGORIES || categories.includes(category) ? category : shown };
    },
    write(params, { q, category }) {
      if (q) params.set('q', q);
      else params.delete('q');
      if (category !== shown) params.set('category', category);
      else params.delete('category');
    },
  };
}
