import { invisibleCharacters } from './invisible-characters';
import type { Problem } from './problem';
import { parseYamlFile, type ParsedFile, type SourceFile } from './yaml-source';

/** The Markdown below an article's front matter, with the line it starts on in the file. */
export interface ArticleBody {
  text: string;
  /** 1-based line of the body's first line in the .md file. */
  line: number;
}

export type ParsedArticle = ParsedFile & { body: ArticleBody };

const FENCE = /^---[ \t]*$/;

/**
 * Splits `site/blog/<name>.md` into its YAML front matter (between the first two `---` lines) and
 * its Markdown body. The YAML is parsed in place of the whole file, with everything outside the
 * front matter blanked out, so every position a problem reports is a line and column of the .md file.
 */
export function parseArticleFile(file: SourceFile): { parsed?: ParsedArticle; problems: Problem[] } {
  const invisible = invisibleCharacters(file.path, file.text);
  if (invisible.length > 0) return { problems: invisible };
  const lines = file.text.split('\n');
  const at = (line: number, message: string): Problem => ({ file: file.path, line, column: 1, path: '', message });
  if (!FENCE.test(lines[0]?.replace(/\r$/, '') ?? '')) {
    return {
      problems: [
        at(1, 'an article starts with its front matter: a line with only ---, the fields (title:, date:, …), then another --- line'),
      ],
    };
  }
  const close = closingFence(lines);
  if (close === -1) {
    return { problems: [at(1, 'the front matter opened here is never closed: add a line with only --- after its last field')] };
  }
  // A stray --- among the fields ends the front matter early: the fields after it read as text.
  const after = lines.slice(close + 1).find((l) => l.trim() !== '') ?? '';
  const later = lines.findIndex((l, i) => i > close && FENCE.test(l.replace(/\r$/, '')));
  if (/^[A-Za-z][\w-]*:\s/.test(after) && later !== -1) {
    return {
      problems: [
        at(
          close + 1,
          `this --- ends the front matter early, so the fields below it (${after.split(':')[0]}: …) are read as text: remove this line`,
        ),
      ],
    };
  }
  // Same length and line breaks as the file, so offsets map to the file's own lines and columns.
  const yamlText = lines.map((l, i) => (i > 0 && i < close ? l : ' '.repeat(l.length))).join('\n');
  const { parsed, problems } = parseYamlFile({ path: file.path, text: yamlText });
  if (!parsed) return { problems };
  const body: ArticleBody = { text: lines.slice(close + 1).join('\n'), line: close + 2 };
  // The front matter is still checked, so every problem of the file is reported at once.
  const empty = body.text.trim() === '' ? [at(close + 1, 'the article has no text: write it in Markdown below this --- line')] : [];
  return { parsed: { ...parsed, body }, problems: empty };
}

/** The index of the line that closes the front matter (the second `---` line), or -1. */
function closingFence(lines: readonly string[]): number {
  return lines.findIndex((l, i) => i > 0 && FENCE.test(l.replace(/\r$/, '')));
}

/** An article's text in three parts that join back to it: up to its front matter, the front matter's YAML, and from the closing `---` on. */
export interface ArticleParts {
  head: string;
  frontMatter: string;
  /** The closing `---` line with its line break: what comes before the body. */
  fence: string;
  /** The Markdown body, as `parseArticleFile` reads it. */
  body: string;
}

/** The parts of an article with front matter; null when it has none (parseArticleFile says why). */
export function splitArticle(text: string): ArticleParts | null {
  const lines = text.split('\n');
  if (!FENCE.test(lines[0]?.replace(/\r$/, '') ?? '')) return null;
  const close = closingFence(lines);
  if (close === -1) return null;
  const offsetOf = (line: number) => lines.slice(0, line).reduce((n, l) => n + l.length + 1, 0);
  const bodyStart = Math.min(offsetOf(close + 1), text.length);
  return {
    head: text.slice(0, offsetOf(1)),
    frontMatter: text.slice(offsetOf(1), offsetOf(close)),
    fence: text.slice(offsetOf(close), bodyStart),
    body: text.slice(bodyStart),
  };
}

/** The address part of an article's file: `site/blog/fair-use.md` → `fair-use`. */
export function articleSlug(path: string): string {
  return path.replace(/^.*\//, '').replace(/\.md$/, '');
}
