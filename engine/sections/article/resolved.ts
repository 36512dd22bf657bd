// The section as its component receives it: what the loader adds to the section written in a page.
import type { ArticleEntry } from '../../content/model';
import type { ArticleSection } from '../../generated/content';

export interface ArticleLink {
  path: string;
  title: string;
}

/** An article page's article section, made by the loader for each file in site/blog/. */
export type ResolvedArticleSection = ArticleSection & {
  article: ArticleEntry;
  readTimeText: string;
  /** The article published before this one, and the one after (by date). */
  previous?: ArticleLink;
  next?: ArticleLink;
};
