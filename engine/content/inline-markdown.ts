/**
 * Prose fields of YAML files (an FAQ answer, a card's text: `"x-prose": true` in the schemas) take
 * three things of Markdown: links, bold and italic. Rendered with the articles' rules (marked, the
 * same escaping and the same addresses allowed); anything else a writer may try there (a heading, a
 * list, a picture, HTML) is refused at its place by `proseIssues`, and never rendered.
 */
import { Marked, type Token, type Tokens } from 'marked';
import { escapeMarkup } from '../render/escape-markup';
import { isSafeHref } from './markdown';

// Inline code, strikethrough, bare addresses, line breaks and HTML are not tokens here: shown as typed.
const prose = new Marked({
  gfm: true,
  tokenizer: {
    codespan: () => undefined,
    del: () => undefined,
    url: () => undefined,
    autolink: () => undefined,
    br: () => undefined,
    tag: () => undefined,
  },
  renderer: {
    link({ href, title, tokens }: Tokens.Link) {
      const text = this.parser.parseInline(tokens);
      if (!isSafeHref(href)) return text;
      return `<a href="${escapeMarkup(href)}"${title ? ` title="${escapeMarkup(title)}"` : ''}>${text}</a>`;
    },
    // Refused by proseIssues; shown as typed should one reach a page.
    image: ({ raw }: Tokens.Image) => escapeMarkup(raw),
  },
});

/** A prose text's paragraphs (a blank line starts one), each as HTML with only links, bold and italic. */
export function proseParagraphs(text: string): string[] {
  return paragraphsOf(text).map((p) => prose.parseInline(p, { async: false }));
}

/** The words a reader sees, without the marks: for search, descriptions and structured data. */
export function prosePlainText(text: string): string {
  return paragraphsOf(text)
    .map((p) => plain(prose.Lexer.lexInline(p, prose.defaults)))
    .join('\n');
}

function plain(tokens: readonly Token[]): string {
  return tokens.map((t) => ('tokens' in t && t.tokens ? plain(t.tokens) : 'text' in t ? t.text : t.raw)).join('');
}

function paragraphsOf(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}

export interface ProseLink {
  href: string;
  /** Where the address starts in the text (0-based). */
  offset: number;
}

export interface ProseIssue {
  /** Where the refused part starts in the text (0-based). */
  offset: number;
  message: string;
}

const ALLOWED = 'Here a text may have links [words](/address), **bold** and *italic*, and nothing else of Markdown';

// What each refused block would be, by marked's token type.
const BLOCKS: Record<string, string> = {
  heading: 'a heading',
  lheading: 'a heading',
  list: 'a list',
  blockquote: 'a quotation block',
  code: 'a code block',
  hr: 'a dividing line',
  table: 'a table',
  html: 'HTML',
};

/** The links of a prose text, with their places, and what it has that prose may not. */
export function readProse(text: string): { links: ProseLink[]; issues: ProseIssue[] } {
  const links: ProseLink[] = [];
  const issues: ProseIssue[] = [];
  let cursor = 0;
  const find = (raw: string) => {
    const at = text.indexOf(raw, cursor);
    if (at === -1) return cursor;
    cursor = at;
    return at;
  };
  for (const block of prose.lexer(text)) {
    const start = find(block.raw);
    const what = BLOCKS[block.type];
    if (what) {
      issues.push({
        offset: start,
        message: `${what} (${JSON.stringify(block.raw.trim().slice(0, 40))}) cannot go in this text. ${ALLOWED}`,
      });
      cursor = start + block.raw.length;
      continue;
    }
    void prose.walkTokens([block], (token: Token) => {
      if (token.type === 'image') {
        const at = find(token.raw);
        issues.push({ offset: at, message: `a picture (${JSON.stringify(token.raw.slice(0, 40))}) cannot go in this text. ${ALLOWED}` });
      } else if (token.type === 'link') {
        const { href, raw } = token as Tokens.Link;
        const at = find(raw);
        const hrefAt = at + Math.max(0, raw.lastIndexOf(href));
        if (!isSafeHref(href))
          issues.push({
            offset: hrefAt,
            message: `"${href}" is not an address a link can have here: use /a-page, #a-part, https://… or mailto:…`,
          });
        else links.push({ href, offset: hrefAt });
      }
    });
    cursor = start + block.raw.length;
  }
  // HTML inside a paragraph is text to marked here; a writer typing it expects markup, so it is refused too.
  for (const match of text.matchAll(/<\/?[a-zA-Z][^>]*>|<!--/g))
    issues.push({ offset: match.index, message: `HTML (${JSON.stringify(match[0].slice(0, 40))}) cannot go in this text. ${ALLOWED}` });
  return { links, issues: issues.sort((a, b) => a.offset - b.offset) };
}
