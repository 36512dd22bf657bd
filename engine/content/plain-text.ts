import { formatDataPath, type Problem } from './problem';
import { positionInValue, stringScalars, type DataPath, type ParsedFile } from './yaml-source';

// Markdown a writer may expect to work in a YAML text; the site shows these texts as typed.
const MARKDOWN: Array<{ pattern: RegExp; what: string }> = [
  { pattern: /\[[^[\]\n]+\]\([^()\s]+\)/, what: 'a Markdown link' },
  { pattern: /\*\*[^*\n]+\*\*|__[^_\n]+__/, what: 'Markdown bold' },
  { pattern: /(?<![\w*])\*[^\s*][^*\n]*\*(?![\w*])/, what: 'Markdown emphasis' },
];

// Keys whose values are not shown as text: patterns and the like may hold these characters.
const NOT_TEXT = new Set(['pattern', 'href', 'src', 'endpoint', 'jsonLd']);

/**
 * Markdown in the plain texts of YAML files, which the site shows as typed (titles, section texts):
 * refused at its place with what to write instead. Prose texts (`isProse`: FAQ answers, cards' texts)
 * take links, bold and italic (engine/content/prose-check.ts); articles in site/blog/ are Markdown.
 */
export function markdownInText(file: ParsedFile, isProse: (path: DataPath) => boolean = () => false): Problem[] {
  const problems: Problem[] = [];
  for (const scalar of stringScalars(file)) {
    if (scalar.path.some((seg) => typeof seg === 'string' && NOT_TEXT.has(seg)) || isProse(scalar.path)) continue;
    for (const { pattern, what } of MARKDOWN) {
      const match = pattern.exec(scalar.value);
      if (!match) continue;
      const pos = positionInValue(file, scalar, match[0].split(/\s/)[0], 0);
      problems.push({
        file: file.path,
        line: pos.line,
        column: pos.column,
        path: formatDataPath(scalar.path),
        message: `${what} (${JSON.stringify(match[0].slice(0, 60))}) would show as typed: this text is plain. Write the words alone; a link goes in a section's links or buttons (href). Links, bold and italic work in FAQ answers and cards' texts, and Markdown in articles under site/blog/`,
      });
      break;
    }
  }
  return problems;
}
