// The section as its component receives it: what the loader adds to the section written in a page.
import type { ArticleSummary } from '../../content/model';
import type { ArticleListSection } from '../../generated/content';

/** The blog list gets the articles of site/blog/, as the FAQ gets its questions. */
/**
 * The blog's list, with its articles and the path of the page that lists them (`blogPath`, under
 * which each category has its page); on a category's own page (`/blog/category/<id>`), `category`
 * is that category.
 */
export type ResolvedArticleListSection = ArticleListSection & { articles: ArticleSummary[]; blogPath?: string; category?: string };
