import { formatDataPath, type Problem } from './problem';
import { positionInValue, stringScalars, type ParsedFile } from './yaml-source';

// Markdown a writer may expect to work in a YAML text; the site shows these texts as typed.
const MARKDOWN: Array<{ pattern: RegExp; what: string }> = [
  { pattern: /\[[^[\]\n]+\]\([^()\s]+\)/, what: 'a Markdown link' },
  { pattern: /\*\*[^*\n]+\*\*|__[^_\n]+__/, what: 'Markdown bold' },
  { pattern: /(?<![\w*])\*[^\s*][^*\n]*\*(?![\w*])/, what: 'Markdown emphasis' },
];

// Keys whose values are not shown as text: patterns and the like may hold these characters.
const NOT_TEXT = new Set(['pattern', 'href', 'src', 'endpoint', 'jsonLd']);

/**
 * Markdown in the texts of YAML files, which the site shows as typed (FAQ answers, section texts):
 * refused at its place with what to write instead. Articles in site/blog/ are Markdown.
 */
export function markdownInText(file: ParsedFile): Problem[] {
  const problems: Problem[] = [];
  for (const scalar of stringScalars(file)) {
    if (scalar.path.some((seg) => typeof seg === 'string' && NOT_TEXT.has(seg))) continue;
    for (const { pattern, what } of MARKDOWN) {
      const match = pattern.exec(scalar.value);
      if (!match) continue;
      const pos = positionInValue(file, scalar, match[0].split(/\s/)[0], 0);
      problems.push({
        file: file.path,
        line: pos.line,
        column: pos.column,
        path: formatDataPath(scalar.path),
        message: `${what} (${JSON.stringify(match[0].slice(0, 60))}) would show as typed: texts in YAML files are plain. Write the words alone; a link goes in a section's links or buttons (href), and Markdown works in articles under site/blog/`,
      });
      break;
    }
  }
  return problems;
}
