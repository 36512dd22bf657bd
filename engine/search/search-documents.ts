import type { ArticleEntry, ResolvedFaqSection, ResolvedPage, ResolvedSection, SiteModel } from '../content/model';
import { categoryAnchor } from '../sections/faq/faq-filter';
import { prosePlainText } from '../content/inline-markdown';
import { entryOf } from '../sections/registry';

/** What a search result is: a page, one FAQ answer, or one part of an article. */
export type SearchKind = 'page' | 'faq' | 'article';

/** One entry of the search index: built from the site model, never from the rendered HTML. */
export interface SearchDocument {
  id: string;
  kind: SearchKind;
  /** Where the result leads, with the anchor of the exact place (an FAQ answer, an article's heading). */
  url: string;
  /** A page's title, an FAQ question, an article's title: the field that counts most. */
  title: string;
  /** The section headings of a page, an FAQ answer's category, the heading of an article's part. */
  headings: string;
  /** The words under them. */
  text: string;
  /** Where the result sits, shown under its title: the FAQ page, or the article's heading. */
  context: string;
  /** Results with the same group are one result: the best-matching part of an article stands for it. */
  group: string;
}

// Keys of any section whose values are not words a visitor reads (identifiers, addresses, looks, the
// labels of a list's own search field and empty state); each section type adds its own in its entry
// (`unsearched`: the FAQ's questions, the articles, a form's definition).
const UNSEARCHED_KEYS = ['type', 'id', 'href', 'icon', 'image', 'src', 'background', 'variant', 'search', 'empty'];

/** The keys left out of one section's words: the common ones and its type's. */
const unsearchedKeys = (section: ResolvedSection): ReadonlySet<string> =>
  new Set([...UNSEARCHED_KEYS, ...(entryOf(section).unsearched ?? [])]);

/** An identifier, an enum value or an address: no word a visitor reads. */
const NOT_WORDS = /^([a-z0-9-]+|[/#].*|https?:\/\/.*|mailto:.*)$/;

/** Every string a visitor reads in a section, in the order the YAML gives them. */
function wordsOf(value: unknown, skipped: ReadonlySet<string>, out: string[] = []): string[] {
  if (typeof value === 'string') {
    const text = value.trim();
    if (text && !NOT_WORDS.test(text)) out.push(text);
  } else if (Array.isArray(value)) {
    for (const v of value) wordsOf(v, skipped, out);
  } else if (value && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) if (!skipped.has(key)) wordsOf(v, skipped, out);
  }
  return out;
}

function headingOf(section: ResolvedSection): string | undefined {
  const title = (section as { title?: unknown }).title;
  return typeof title === 'string' ? title : undefined;
}

/** An article page or a blog category page: their words are indexed as the articles themselves. */
function isIndexedElsewhere(page: ResolvedPage): boolean {
  return page.sections.some((s) => s.type === 'article' || (s.type === 'article-list' && s.category !== undefined));
}

function pageDocument(page: ResolvedPage): SearchDocument {
  const headings = page.sections.map(headingOf).filter((h): h is string => Boolean(h));
  // A breadcrumb repeats the titles of other pages: words about where the page is, not what it says.
  const sections = page.sections.filter((s) => s.type !== 'breadcrumb');
  const text = [page.meta.description, ...sections.flatMap((s) => wordsOf({ ...s, title: undefined }, unsearchedKeys(s)))];
  return {
    id: `page:${page.path}`,
    kind: 'page',
    url: page.path!,
    title: page.meta.title,
    headings: headings.join('\n'),
    text: text.join('\n'),
    context: '',
    group: page.path!,
  };
}

/**
 * Each question of a FAQ section, linked to its own answer: the answer's id on an accordion page
 * (FaqAccordionList puts the question's id on it), or the category page a card links to.
 */
function faqDocuments(page: ResolvedPage, section: ResolvedFaqSection): SearchDocument[] {
  const questions = section.limit ? section.questions.slice(0, section.limit) : section.questions;
  return questions.map((q) => {
    const cardHref = section.categories?.find((c) => c.id === categoryAnchor(q.category))?.href;
    const url = section.display === 'cards' ? (cardHref ? `${cardHref}#${q.id}` : page.path!) : `${page.path}#${q.id}`;
    return {
      id: `faq:${url}`,
      kind: 'faq',
      url,
      title: q.question,
      headings: q.category,
      text: prosePlainText(q.answer),
      context: page.meta.title,
      group: url,
    };
  });
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'", nbsp: ' ' };

/** The text of HTML the build made from an article's Markdown (not HTML anyone may send). */
function textOfHtml(html: string): string {
  return html
    .replace(/<a class="heading-anchor"[\s\S]*?<\/a>/g, '')
    .replace(/<\/(p|li|h[1-6]|blockquote|pre|tr)>/g, '\n')
    .replace(/<[^<>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|#x27|nbsp);/g, (_, name: string) => ENTITIES[name]!)
    .replace(/[ \t]+/g, ' ')
    .replace(/\n\s*\n/g, '\n')
    .trim();
}

/** An article as its parts: the opening (with its excerpt and tags) and one per h2 heading, each at its anchor. */
function articleDocuments(article: ArticleEntry): SearchDocument[] {
  const parts = article.html.split(/(?=<h2 id=")/);
  return parts.map((part, i) => {
    const heading = /^<h2 id="([^"]+)">([\s\S]*?)<\/h2>/.exec(part);
    const url = heading ? `${article.path}#${heading[1]}` : article.path;
    const headingText = heading ? textOfHtml(heading[2]!) : '';
    const body = textOfHtml(heading ? part.slice(heading[0].length) : part);
    const opening = i === 0 && !heading;
    return {
      id: `article:${url}`,
      kind: 'article',
      url,
      title: article.title,
      headings: opening ? [article.category, ...article.tags].join('\n') : headingText,
      text: opening ? `${article.excerpt}\n${body}` : body,
      context: headingText,
      group: article.path,
    };
  });
}

/**
 * What the site search finds, as a pure function of the site model: each indexable page (its
 * title, section headings and words), every FAQ answer where a page shows it, and every article's
 * parts. Pages kept out of search engines (noindex) are kept out of the site search too.
 */
export function searchDocuments(model: SiteModel): SearchDocument[] {
  const docs = new Map<string, SearchDocument>();
  const add = (doc: SearchDocument) => {
    // A question shown on two pages (a card and its category's accordion) is one result, at its answer.
    if (!docs.has(doc.id)) docs.set(doc.id, doc);
  };
  for (const page of model.pages) {
    if (page.meta.noindex || page.path === null || isIndexedElsewhere(page)) continue;
    add(pageDocument(page));
    for (const section of page.sections) if (section.type === 'faq') faqDocuments(page, section).forEach(add);
  }
  for (const article of model.articles) articleDocuments(article).forEach(add);
  return [...docs.values()];
}
