import { Marked, type Token, type Tokens, type TokensList } from 'marked';
import { gfmHeadingId, resetHeadings } from 'marked-gfm-heading-id';
import { escapeMarkup } from '../render/escape-markup';
import { actionAddressProblem } from './action-address';
import type { ArticleBody } from './article-source';

/** The reading speed a read time is worked out at: a common figure for web text read for content. */
export const WORDS_PER_MINUTE = 200;

/** The longest article text loaded: five times the longest article the site has; a longer one is refused before Markdown's costly lexing. */
export const MAX_ARTICLE_CHARS = 40_000;

/**
 * Addresses a link or picture may have: this site's paths, in-page anchors, the web and e-mail. No
 * `javascript:` or `data:`, and nothing under /admin or /api (readMarkdown says why at its place).
 */
export function isSafeHref(href: string): boolean {
  return /^(\/(?!\/)|#|https?:\/\/|mailto:)/i.test(href.trim()) && actionAddressProblem(href) === null;
}

// One instance, so the site's Markdown rules never depend on marked's global defaults.
const marked = new Marked(gfmHeadingId(), {
  gfm: true,
  renderer: {
    // Raw HTML is the writer's text, not markup: shown as typed, so an article can never inject a script.
    html(token: Tokens.HTML | Tokens.Tag) {
      return 'block' in token && token.block ? `<p>${escapeMarkup(token.text.trim())}</p>\n` : escapeMarkup(token.text);
    },
    link({ href, title, tokens }: Tokens.Link) {
      const text = this.parser.parseInline(tokens);
      if (!isSafeHref(href)) return text;
      return `<a href="${escapeMarkup(href)}"${title ? ` title="${escapeMarkup(title)}"` : ''}>${text}</a>`;
    },
    image({ href, title, text }: Tokens.Image) {
      if (!isSafeHref(href)) return escapeMarkup(text);
      return `<img src="${escapeMarkup(href)}" alt="${escapeMarkup(text)}"${title ? ` title="${escapeMarkup(title)}"` : ''} loading="lazy">`;
    },
  },
});

/** Ids the page around an article already has (engine/layout, the hero, the island data): a heading must not take one. */
const LAYOUT_IDS = /^(main|page-title|site-nav|site-search|site-search-q|island-data|nav-menu-\d+)$/;

/**
 * An article's Markdown as HTML: GitHub-flavoured, raw HTML escaped, headings with ids and a link to
 * themselves (so a reader can copy the address of one part), named for screen readers by `headingLinkLabel`.
 */
export function renderMarkdown(text: string, headingLinkLabel: string): string {
  return remembered(rendered, `${headingLinkLabel}\0${text}`, () => renderFresh(text, headingLinkLabel));
}

// The dev server and the fuzz test load the site again and again; an unchanged article need not be rendered again.
const rendered = new Map<string, string>();
const read = new Map<string, { links: MarkdownLink[]; issues: MarkdownIssue[] }>();

function remembered<T>(cache: Map<string, T>, key: string, make: () => T): T {
  let value = cache.get(key);
  if (value === undefined) {
    // A few hundred articles' worth: enough for a site, bounded for a long dev session.
    if (cache.size > 500) cache.clear();
    value = make();
    cache.set(key, value);
  }
  return value;
}

/**
 * The text's tokens, kept for the one text last lexed: an article is rendered and then read for its
 * links, and lexing (the costly half of Markdown) is then done once, not twice.
 */
let lastLexed: { text: string; tokens: TokensList } | undefined;
function lexed(text: string): TokensList {
  if (lastLexed?.text !== text) lastLexed = { text, tokens: marked.lexer(text) };
  return lastLexed.tokens;
}

function renderFresh(text: string, headingLinkLabel: string): string {
  const label = escapeMarkup(headingLinkLabel);
  // What marked.parse does, with the lexing shared: the heading ids start afresh for each article (the extension's preprocess hook).
  resetHeadings();
  return marked
    .parser(lexed(text))
    .replace(
      /<h([2-6]) id="([^"]+)">([\s\S]*?)<\/h\1>/g,
      (_, level: string, id: string, inner: string) =>
        `<h${level} id="${id}">${inner} <a class="heading-anchor" href="#${id}"><span aria-hidden="true">#</span><span class="visually-hidden">${label}</span></a></h${level}>`,
    );
}

/** How many words the text has (Markdown marks and code are counted as a reader sees them: roughly). */
export function wordCount(text: string): number {
  return text.match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu)?.length ?? 0;
}

/** Whole minutes to read the text at WORDS_PER_MINUTE, at least 1. */
export function readingMinutes(text: string): number {
  return Math.max(1, Math.ceil(wordCount(text) / WORDS_PER_MINUTE));
}

export interface MarkdownLink {
  href: string;
  /** Where the address is written in the .md file. */
  line: number;
  column: number;
}

export interface MarkdownIssue {
  line: number;
  column: number;
  message: string;
}

/** The position in the file of an offset in the body. */
export function positionIn(body: ArticleBody, offset: number): { line: number; column: number } {
  const before = body.text.slice(0, offset).split('\n');
  return { line: body.line + before.length - 1, column: before.at(-1)!.length + 1 };
}

/**
 * Every link in the body with the place its address is written, and what the body must not have:
 * a level-1 heading (the article's title is the page's one main heading) and unsafe addresses.
 */
export function readMarkdown(body: ArticleBody, html: string): { links: MarkdownLink[]; issues: MarkdownIssue[] } {
  return remembered(read, `${body.line}\0${body.text}\0${html}`, () => readFresh(body, html));
}

function readFresh(body: ArticleBody, html: string): { links: MarkdownLink[]; issues: MarkdownIssue[] } {
  const links: MarkdownLink[] = [];
  const issues: MarkdownIssue[] = [];
  let cursor = 0;
  const find = (raw: string) => {
    const at = body.text.indexOf(raw, cursor);
    if (at === -1) return cursor;
    cursor = at + raw.length;
    return at;
  };
  const headings: Array<{ line: number; column: number; text: string }> = [];
  // walkTokens returns the promises of async extensions; this callback is synchronous and none is registered.
  void marked.walkTokens(lexed(body.text), (token: Token) => {
    if (token.type === 'heading') {
      const place = positionIn(body, find(token.raw));
      if ((token as Tokens.Heading).depth === 1)
        issues.push({ ...place, message: "use ## for headings in an article: its title is the page's one main heading (#)" });
      else headings.push({ ...place, text: (token as Tokens.Heading).text });
    } else if (token.type === 'link' || token.type === 'image') {
      const { href, raw } = token as Tokens.Link | Tokens.Image;
      const start = find(raw);
      const inRaw = raw.lastIndexOf(href);
      const place = positionIn(body, start + Math.max(0, inRaw));
      const action = actionAddressProblem(href);
      if (action) issues.push({ ...place, message: action });
      else if (!isSafeHref(href)) {
        issues.push({ ...place, message: `"${href}" is not an address a link can have here: use /a-page, #a-part, https://… or mailto:…` });
      } else if (token.type === 'link') links.push({ href, ...place });
    }
  });
  // The rendered headings (`html`, the body as renderMarkdown made it) come in the same order as the heading tokens.
  const ids = [...html.matchAll(/<h[2-6] id="([^"]+)">/g)].map((m) => m[1]!);
  headings.forEach((heading, i) => {
    const id = ids[i];
    if (id && LAYOUT_IDS.test(id))
      issues.push({
        line: heading.line,
        column: heading.column,
        message: `the heading "${heading.text}" would get the anchor #${id}, which the page already uses: reword the heading`,
      });
  });
  return { links, issues };
}
