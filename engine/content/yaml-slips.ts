import { Parser, type LineCounter, type YAMLError } from 'yaml';

/**
 * A YAML syntax error in a writer's words, at the place the problem begins: an unclosed quote or
 * bracket at its opening, a missing colon or space at its line. Only the first error of a file is
 * worded; the ones after it are most often the same slip seen again further down.
 */
export function syntaxSlip(text: string, lines: LineCounter, error: YAMLError): { offset: number; message: string } {
  const offset = error.pos[0];
  const lineText = lineAt(text, offset);
  const opening = unclosedOpening(text);
  switch (error.code) {
    case 'TAB_AS_INDENT':
      return { offset, message: 'this line is indented with a tab: YAML needs spaces. Replace the tab with spaces (two per level)' };
    case 'MULTIPLE_DOCS':
      return {
        offset,
        message:
          'a line with only --- starts a second document, and a file holds one: remove the line (three dashes inside a text go in quotes)',
      };
    case 'DUPLICATE_KEY': {
      const key = keyOfLine(lineText);
      return {
        offset,
        message: `the key "${key}" is written twice in the same group: keep one of them (each key says one thing once)`,
      };
    }
    default:
      break;
  }
  if (opening) return opening;
  if (/flow-seq-end|flow-map-end/.test(error.message))
    return {
      offset,
      message: `this ${error.message.includes('seq') ? ']' : '}'} closes nothing: remove it, or put the whole value in quotes`,
    };
  const line = lines.linePos(offset).line;
  const here = lineOfNumber(text, line);
  const missingSpace = /^\s*(?:- )?[\w"'-]+:(?![\s/])\S/.exec(here);
  if (missingSpace)
    return {
      offset: lines.lineStarts[line - 1],
      message: 'a colon needs a space after it: write "key: value" (a value that holds ": " goes in quotes)',
    };
  if (here.trim() !== '' && !here.includes(':') && !/^\s*- /.test(here))
    return {
      offset: lines.lineStarts[line - 1],
      message: `this line has no colon: write the key, a colon and a space, then the value ("title: Pricing")`,
    };
  const column = offset - lines.lineStarts[line - 1];
  const midLine = column > here.length - here.trimStart().length;
  if (midLine && error.code === 'BLOCK_AS_IMPLICIT_KEY' && here.slice(column).includes(': '))
    return {
      offset,
      message: 'this value holds ": ", which YAML reads as a new key: put the whole value in quotes, e.g. title: "Bad: page"',
    };
  if (error.code === 'UNEXPECTED_TOKEN' && midLine)
    return { offset, message: 'the value cannot go on here: put the whole value in quotes if it holds quotes, brackets or ": "' };
  if (['BAD_INDENT', 'BLOCK_AS_IMPLICIT_KEY', 'MULTILINE_IMPLICIT_KEY', 'UNEXPECTED_TOKEN'].includes(error.code))
    return {
      offset,
      message:
        'this line does not line up with the lines around it: indent each key like the other keys of its group, two spaces per level (a "- " item under its key)',
    };
  return { offset, message: `YAML syntax error: ${firstLine(error.message)}` };
}

// The yaml library appends a code frame to its messages; the position is reported separately.
function firstLine(message: string): string {
  return message.split('\n')[0].replace(/ at line \d+, column \d+:?$/, '');
}

function lineAt(text: string, offset: number): string {
  const start = text.lastIndexOf('\n', offset - 1) + 1;
  const end = text.indexOf('\n', offset);
  return text.slice(start, end === -1 ? undefined : end);
}

function lineOfNumber(text: string, line: number): string {
  return text.split('\n')[line - 1] ?? '';
}

interface Token {
  type?: string;
  offset?: number;
  source?: string;
  start?: unknown;
  end?: unknown;
}

/** The first quote or bracket the file opens and never closes, as YAML's own reader saw it. */
function unclosedOpening(text: string): { offset: number; message: string } | undefined {
  let found: { offset: number; message: string } | undefined;
  const walk = (node: unknown): void => {
    if (found || node === null || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach(walk);
    const token = node as Token;
    if ((token.type === 'double-quoted-scalar' || token.type === 'single-quoted-scalar') && token.source !== undefined) {
      const quote = token.type === 'double-quoted-scalar' ? '"' : "'";
      if (!closesQuote(token.source, quote)) {
        found = {
          offset: token.offset ?? 0,
          message: `this ${quote} opens a quoted text that is never closed: add the closing ${quote} at the end of the value (a ${quote} inside the text is written ${quote === '"' ? '\\"' : "''"})`,
        };
        return;
      }
    }
    if (token.type === 'flow-collection') {
      const start = token.start as Token | undefined;
      const ends = Array.isArray(token.end) ? (token.end as Token[]) : [];
      const open = start?.source ?? '[';
      const close = open === '[' ? ']' : '}';
      if (!ends.some((e) => e.source === close)) {
        found = {
          offset: start?.offset ?? token.offset ?? 0,
          message: `this ${open} is never closed: add the closing ${close} on the same line, or put the value in quotes if the ${open} is part of the text`,
        };
        return;
      }
    }
    for (const value of Object.values(node)) walk(value);
  };
  for (const token of new Parser().parse(text)) walk(token);
  return found;
}

function closesQuote(source: string, quote: string): boolean {
  const body = source.trimEnd();
  if (body.length < 2 || !body.endsWith(quote)) return false;
  if (quote === "'") return true;
  // A closing " must not be escaped: count the backslashes before it.
  let slashes = 0;
  for (let i = body.length - 2; i > 0 && body[i] === '\\'; i--) slashes++;
  return slashes % 2 === 0;
}

/** The key a `key: value` line starts with (after a list dash, without its quotes); '' when there is none. */
function keyOfLine(line: string): string {
  let rest = line.trimStart();
  if (rest.startsWith('- ')) rest = rest.slice(2).trimStart();
  const quote = rest[0] === '"' || rest[0] === "'" ? rest[0] : '';
  if (quote) {
    const end = rest.indexOf(quote, 1);
    return end > 0 ? rest.slice(1, end) : '';
  }
  const colon = rest.indexOf(':');
  return colon > 0 ? rest.slice(0, colon).trimEnd() : '';
}
