import type { ArticleListSection, ArticlePageLabels } from '../generated/content';
import { articleSlug, type ParsedArticle } from './article-source';
import { categoryPathOf } from '../sections/article-list/article-filter';
import { closest } from './closest';
import type { ContentOf } from './content-kinds';
import { MAX_ARTICLE_CHARS, positionIn, readMarkdown, readingMinutes, renderMarkdown } from './markdown';
import { resolvePlaceholders, type FactSources } from './placeholders';
import type { ArticleEntry, ArticleLink, ArticleSummary, FeedLink, LinkSource, ResolvedPage, ResolvedSection } from './model';
import type { Problem } from './problem';
import { placeOf, problemAt, type ParsedFile } from './yaml-source';

const NO_FACTS: FactSources = { currency: '$', prices: new Map(), questionsByPage: new Map() };

/** An article whose front matter its schema accepted. */
export interface ValidArticle {
  file: ParsedFile;
  data: ContentOf['article'];
}

/** A page of site/pages/ whose schema accepted it. */
export interface ValidPage {
  file: ParsedFile;
  data: ContentOf['page'];
}

/** The page that lists the articles: its path is the articles' folder of addresses, its section names the categories. */
interface Blog {
  file: ParsedFile;
  path: string;
  title: string;
  section: ArticleListSection;
}

export interface ArticlesResult {
  /** Newest first. */
  articles: ArticleEntry[];
  /** One page per article, at its address. */
  pages: ResolvedPage[];
  feed: FeedLink | null;
  linkSources: LinkSource[];
  problems: Problem[];
}

/** Where the blog's Atom feed is served: next to the articles, under the blog's path. */
export const feedPathOf = (blogPath: string) => `${blogPath}/feed.xml`;

const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;

const hasBody = (file: ParsedFile): file is ParsedArticle => 'body' in file;

/** Newest first; articles of one day by address, so the order never depends on file order. */
function byDate(a: { date: string; path: string }, b: { date: string; path: string }): number {
  return b.date.localeCompare(a.date) || a.path.localeCompare(b.path);
}

/** The blog list's order: featured articles first, then the others, each newest first. */
export function listOrder<A extends { featured: boolean; date: string; path: string }>(articles: readonly A[]): A[] {
  return [...articles].sort((a, b) => Number(b.featured) - Number(a.featured) || byDate(a, b));
}

/** Each article's neighbours by date: previous is the one published before it, next the one after. */
export function neighbours(newestFirst: readonly ArticleLink[]): Array<{ previous?: ArticleLink; next?: ArticleLink }> {
  return newestFirst.map((_, i) => ({ previous: newestFirst[i + 1], next: newestFirst[i - 1] }));
}

const link = (a: ArticleEntry): ArticleLink => ({ path: a.path, title: a.title });

function findBlog(pages: readonly ValidPage[], titleTemplate: string): Blog | null {
  for (const { file, data } of pages) {
    const section = data.sections.find((s): s is ArticleListSection => s.type === 'article-list');
    if (section && data.path) return { file, path: data.path, section, title: titleTemplate.replace('%s', () => data.meta.title) };
  }
  return null;
}

/**
 * The articles of site/blog/: each checked against the rules its schema cannot state (a known
 * category, one owner per number and address, a body with nothing unsafe), rendered to HTML, and
 * given a page of its own. Pure, like the rest of the loader.
 */
export function buildArticles(
  valid: readonly ValidArticle[],
  pages: readonly ValidPage[],
  titleTemplate = '%s',
  facts: FactSources = NO_FACTS,
): ArticlesResult {
  const problems: Problem[] = [];
  const linkSources: LinkSource[] = [];
  for (const { file, data } of pages) {
    data.sections.forEach((s, i) => {
      if (s.type === 'article')
        problems.push(
          problemAt(file, ['sections', i, 'type'], 'an article section is made for each file in site/blog/; a page does not list one'),
        );
    });
  }
  const blog = findBlog(pages, titleTemplate);
  const taken = new Map<string, ParsedFile>([...pages].flatMap(({ file, data }) => (data.path ? [[data.path, file] as const] : [])));
  if (blog) taken.set(feedPathOf(blog.path), blog.file);
  const byNumber = new Map<number, ParsedFile>();
  const entries: ArticleEntry[] = [];

  for (const { file, data } of valid) {
    if (!hasBody(file)) continue;
    if (!blog) {
      // One cause: said once, at the first article, for all of them.
      const waiting = valid.length - 1;
      if (file === valid[0].file)
        problems.push(
          problemAt(
            file,
            [],
            'no page lists the articles: the blog page (site/pages/blog.yaml) needs an article-list section naming the categories' +
              (waiting > 0 ? ` (${waiting} more ${waiting === 1 ? 'article waits' : 'articles wait'} for it)` : ''),
          ),
        );
      continue;
    }
    const before = problems.length;
    const slug = articleSlug(file.path);
    if (!SLUG.test(slug))
      problems.push({
        file: file.path,
        line: 1,
        column: 1,
        path: '',
        message: `rename the file to lowercase letters, digits and hyphens, e.g. ${
          slug
            .toLowerCase()
            .replace(/[^a-z0-9]+/g, '-')
            .replace(/^-|-$/g, '') || 'my-article'
        }.md: without an id, its name is the article's address`,
      });
    const names = blog.section.categories.map((c) => c.name);
    if (!names.includes(data.category)) {
      const guess = closest(data.category, names);
      problems.push(
        problemAt(
          file,
          ['category'],
          `"${data.category}" is not one of the blog's categories.${guess ? ` Did you mean "${guess}"?` : ''} Categories (${blog.file.path}): ${names.join(', ')}`,
        ),
      );
    }
    let numberTaken = false;
    if (data.id !== undefined) {
      const other = byNumber.get(data.id);
      numberTaken = other !== undefined;
      if (other) {
        problems.push(
          problemAt(file, ['id'], `the number ${data.id} is already used by ${placeOf(other, ['id'])}. Give each article its own id`),
        );
      } else byNumber.set(data.id, file);
    }
    const path = `${blog.path}/${data.id ?? slug}`;
    const owner = numberTaken ? undefined : taken.get(path);
    if (owner)
      problems.push(
        problemAt(
          file,
          data.id === undefined ? [] : ['id'],
          `the address ${path} is already used by ${owner.path}. Give this article another id or file name`,
        ),
      );
    else taken.set(path, file);
    if (file.body.text.length > MAX_ARTICLE_CHARS) {
      // Refused before it is rendered: Markdown's cost grows faster than its length on some texts.
      problems.push({
        file: file.path,
        ...positionIn(file.body, 0),
        path: '',
        message: `this text is too large to check: the article's text has ${file.body.text.length.toLocaleString('en')} characters, where an article may have ${MAX_ARTICLE_CHARS.toLocaleString('en')} (some 6,000 words). Shorten it, or split it into two articles`,
      });
      continue;
    }
    // {price:…} in the text shows the catalogue's figure, as it does in YAML, so an article never types a price.
    const text = resolvePlaceholders(file.body.text, facts);
    for (const issue of text.issues)
      problems.push({ file: file.path, ...positionIn(file.body, issue.index), path: '', message: issue.message });
    // Rendered once: the page shows this HTML, and the checks read its heading anchors.
    const html = renderMarkdown(text.text, blog.section.articlePage.headingLinkLabel);
    const markdown = readMarkdown(file.body, html);
    for (const issue of markdown.issues)
      problems.push({ file: file.path, line: issue.line, column: issue.column, path: '', message: issue.message });
    if (problems.length > before) continue;

    for (const l of markdown.links)
      linkSources.push({
        href: l.href,
        kind: 'href',
        file: file.path,
        line: l.line,
        column: l.column,
        dataPath: '(article text)',
        page: path,
      });
    entries.push({
      ...data,
      featured: data.featured ?? false,
      file: file.path,
      path,
      readMinutes: readingMinutes(text.text),
      html,
      bodyLine: file.body.line,
    });
  }

  const articles = entries.sort(byDate);
  if (!blog) return { articles, pages: [], feed: null, linkSources, problems };
  const around = neighbours(articles.map(link));
  const labels = blog.section.articlePage;
  const articlePages = articles.map((article, i) => articlePage(article, around[i]!, blog, labels));
  return { articles, pages: articlePages, feed: { path: feedPathOf(blog.path), title: blog.title }, linkSources, problems };
}

function articlePage(
  article: ArticleEntry,
  { previous, next }: { previous?: ArticleLink; next?: ArticleLink },
  blog: Blog,
  labels: ArticlePageLabels,
): ResolvedPage {
  const sections: ResolvedSection[] = [
    { type: 'hero', eyebrow: article.category, title: article.title, subtitle: article.excerpt },
    {
      type: 'breadcrumb',
      trail: [
        { label: labels.homeLabel, href: '/' },
        { label: labels.blogLabel, href: blog.path },
      ],
      current: article.title,
    },
    { type: 'article', labels, article, readTimeText: blog.section.readTimeText, previous, next },
  ];
  // {siteUrl} follows SITE_URL like the canonical link (engine/render/render-page.tsx).
  const structuredData = {
    '@type': 'Article',
    headline: article.title,
    description: article.excerpt,
    datePublished: article.date,
    // The last change the page shows; an article never updated was last changed the day it was published.
    dateModified: article.updated ?? article.date,
    author: { '@type': 'Person', name: article.author },
    url: `{siteUrl}${article.path}`,
    mainEntityOfPage: `{siteUrl}${article.path}`,
    articleSection: article.category,
    ...(article.tags.length > 0 ? { keywords: article.tags.join(', ') } : {}),
    ...(article.image ? { image: `{siteUrl}${article.image.src}` } : {}),
  };
  const [first = article.category, ...rest] = article.tags;
  return {
    file: article.file,
    path: article.path,
    meta: {
      title: article.title,
      description: article.excerpt,
      keywords: [first, ...rest],
      ogType: 'article',
      jsonLd: [structuredData],
    },
    sections,
    // The hero and breadcrumb come from the front matter (its first field is on line 2), the article from the body.
    sources: [
      { line: 2, column: 1 },
      { line: 2, column: 1 },
      { line: article.bodyLine, column: 1 },
    ],
  };
}

/** The blog list's sections get the articles (in list order), and the blog page its feed link. */
/** What an article list shows, in its order: everything but the articles' text and where they come from. */
export function listedArticles(articles: readonly ArticleEntry[]): ArticleSummary[] {
  return listOrder(articles).map(({ html: _html, file: _file, bodyLine: _bodyLine, ...summary }) => summary);
}

/**
 * One page per category of each page that lists the articles: the same page with that category
 * chosen, so the sidebar's category links lead somewhere that shows them with JavaScript off, and
 * search engines index each category once.
 */
export function categoryPages(pages: readonly ResolvedPage[]): ResolvedPage[] {
  return pages.flatMap((page) => {
    const found = page.sections.find((s) => s.type === 'article-list');
    if (!found || !page.path) return [];
    const blogPath = page.path;
    const list = { ...found, blogPath };
    return list.categories.map((category): ResolvedPage => {
      const path = categoryPathOf(blogPath, category.id);
      const title = `${category.name}: ${page.meta.title}`;
      return {
        ...page,
        path,
        meta: { ...page.meta, title, description: `${category.name} articles. ${page.meta.description}`, canonical: undefined },
        sections: page.sections.map((s) => {
          if (s === found) return { ...list, category: category.id };
          return s.type === 'hero' ? { ...s, title: `${s.title}: ${category.name}` } : s;
        }),
      };
    });
  });
}

/** The pages that list the articles advertise the blog's feed, and their lists know the page's path. */
export function withFeed(pages: readonly ResolvedPage[], feed: FeedLink | null): ResolvedPage[] {
  return pages.map((page) => {
    if (!page.sections.some((s) => s.type === 'article-list')) return page;
    const sections = page.sections.map((s) => (s.type === 'article-list' && page.path ? { ...s, blogPath: page.path } : s));
    return feed ? { ...page, sections, feed } : { ...page, sections };
  });
}
