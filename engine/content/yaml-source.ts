import { LineCounter, parseDocument, isAlias, isMap, isSeq, isScalar, isPair, visit, type Document, type Node } from 'yaml';
import { invisibleCharacters } from './invisible-characters';
import { syntaxSlip } from './yaml-slips';
import { formatDataPath, type Problem } from './problem';

export interface SourceFile {
  /** Path relative to the project root, with forward slashes, e.g. `site/pages/home.yaml`. */
  path: string;
  text: string;
}

export interface ParsedFile {
  path: string;
  /** The file as written, to place a problem inside a string value (a placeholder in an answer). */
  text: string;
  doc: Document;
  lines: LineCounter;
  data: unknown;
}

export interface Position {
  line: number;
  column: number;
}

export type DataPath = ReadonlyArray<string | number>;

export function parseYamlFile(file: SourceFile): { parsed?: ParsedFile; problems: Problem[] } {
  const invisible = invisibleCharacters(file.path, file.text);
  if (invisible.length > 0) return { problems: invisible };
  const lines = new LineCounter();
  const at = (offset: number, message: string): Problem => {
    const pos = clampedPosition(file.text, lines, offset);
    return { file: file.path, line: pos.line, column: pos.column, path: '', message };
  };
  try {
    const read = readDocument(file, lines, at);
    // On a smaller stack (a worker thread) the parser catches the overflow itself and reports it as a syntax error.
    if (!read.problems.some((p) => STACK_OVERFLOW.test(p.message))) return read;
  } catch (err) {
    if (!isYamlResourceLimit(err)) throw err;
  }
  // Counted from the text: the failed parse may have stopped before it counted every line.
  const offset = deepestOffset(file.text);
  const before = file.text.slice(0, offset);
  const line = before.split('\n').length;
  const column = offset - before.lastIndexOf('\n');
  return { problems: [{ file: file.path, line, column, path: '', message: TOO_DEEP }] };
}

const STACK_OVERFLOW = /Maximum call stack size exceeded/;

const TOO_DEEP =
  'this file cannot be read: lists or groups are nested inside one another far deeper than any content needs (the deepest is here). Check the brackets and indentation';

/**
 * The YAML library's own refusals of a document too large to build (a nesting that overflows the
 * stack, too many aliases): a problem of the file, never an error of the whole check.
 */
export function isYamlResourceLimit(err: unknown): boolean {
  return err instanceof RangeError || (err instanceof Error && /alias count/i.test(err.message));
}

/** Where the file nests deepest: the innermost bracket, or the most indented line. */
function deepestOffset(text: string): number {
  let depth = 0;
  let deepest = { depth: 0, offset: 0 };
  let indent = { width: -1, offset: 0 };
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '[' || c === '{') {
      depth += 1;
      if (depth > deepest.depth) deepest = { depth, offset: i };
    } else if ((c === ']' || c === '}') && depth > 0) depth -= 1;
    else if (c === '\n') {
      const width = /^ */.exec(text.slice(i + 1, i + 1 + 10_000))![0].length;
      if (width > indent.width) indent = { width, offset: i + 1 + width };
    }
  }
  return deepest.depth * 2 > indent.width ? deepest.offset : indent.offset;
}

function readDocument(
  file: SourceFile,
  lines: LineCounter,
  at: (offset: number, message: string) => Problem,
): { parsed?: ParsedFile; problems: Problem[] } {
  const doc = parseDocument(file.text, { lineCounter: lines, prettyErrors: false, uniqueKeys: true });
  // One syntax error per file: the ones after the first are most often the same slip seen again.
  const first = doc.errors[0];
  if (first) {
    const slip = syntaxSlip(file.text, lines, first);
    return { problems: [at(slip.offset, placeholderHint(file.text, lines.linePos(slip.offset).line) ?? slip.message)] };
  }
  const unread = unreadableNodes(file.text, doc);
  if (unread) return { problems: [at(unread.offset, unread.message)] };
  return { parsed: { path: file.path, text: file.text, doc, lines, data: doc.toJS() ?? null }, problems: [] };
}

/**
 * What YAML allows but this content does not: anchors and aliases (`&name`, `*name`), which writers
 * meet only by accident (`title: *New*`), and a key left out before its colon (`: oops`). Found
 * before the data is built, so an alias never expands.
 */
function unreadableNodes(text: string, doc: Document): { offset: number; message: string } | undefined {
  let found: { offset: number; message: string } | undefined;
  visit(doc, {
    Node(_key, node) {
      if (isAlias(node)) {
        const start = node.range?.[0] ?? 0;
        const name = text.slice(start, node.range?.[1] ?? start).trim();
        found = {
          offset: start,
          message: `a value starting with * needs quotes: write "${name}" (YAML reads ${name} as a reference to another value, which this site does not use)`,
        };
        return visit.BREAK;
      }
      if ((isScalar(node) || isMap(node) || isSeq(node)) && node.anchor) {
        const offset = text.lastIndexOf('&' + node.anchor, node.range?.[0] ?? 0);
        found = {
          offset: Math.max(offset, 0),
          message: `a value starting with & needs quotes: put the value in quotes (YAML reads &${node.anchor} as a name for a value to repeat, which this site does not use)`,
        };
        return visit.BREAK;
      }
      return undefined;
    },
    Pair(_key, pair) {
      const key = pair.key;
      const empty = key === null || (isScalar(key) && key.value === null && key.range?.[0] === key.range?.[1]);
      if (!empty) return undefined;
      const valueStart = (pair.value as Node | null)?.range?.[0] ?? 0;
      found = {
        offset: Math.max(text.lastIndexOf(':', valueStart), 0),
        message: 'this colon has no key before it: write the key, e.g. "title: …", or remove the colon',
      };
      return visit.BREAK;
    },
  });
  return found;
}

/** A place on a real line and column of the file, never past the end of a line or of the file. */
function clampedPosition(text: string, lines: LineCounter, offset: number): Position {
  const safe = Math.min(Math.max(offset, 0), text.length);
  const pos = lines.linePos(safe);
  const all = text.split('\n');
  const line = Math.min(Math.max(pos.line, 1), all.length);
  const column = Math.min(Math.max(pos.col, 1), all[line - 1].length + 1);
  return { line, column };
}

// In YAML a value starting with { is a map, so a placeholder at the start of a value needs quotes.
function placeholderHint(text: string, line: number): string | undefined {
  const source = text.split('\n')[line - 1] ?? '';
  return /(:|-)\s+\{(price|questions):/.test(source)
    ? 'a value that starts with a {price:…} or {questions:…} placeholder needs quotes: note: "{price:add-ons.emergency} per takedown"'
    : undefined;
}

/**
 * Finds where a data path sits in the source. `key` points at the key of the last segment
 * (for unknown fields); otherwise at the value. A path that does not exist (a missing field)
 * resolves to the deepest node that does.
 */
export function locate(file: ParsedFile, path: DataPath, target: 'key' | 'value' = 'value'): Position {
  let node: unknown = file.doc.contents;
  let offset = rangeStart(node) ?? 0;
  for (let i = 0; i < path.length; i++) {
    const seg = path[i];
    const last = i === path.length - 1;
    if (isMap(node)) {
      const pair = node.items.find((p) => isPair(p) && isScalar(p.key) && String(p.key.value) === String(seg));
      if (!pair) break;
      const keyStart = rangeStart(pair.key);
      if (last && target === 'key' && keyStart !== undefined) {
        offset = keyStart;
        break;
      }
      node = pair.value;
      offset = rangeStart(node) ?? keyStart ?? offset;
    } else if (isSeq(node) && typeof seg === 'number' && seg < node.items.length) {
      node = node.items[seg];
      offset = rangeStart(node) ?? offset;
    } else {
      break;
    }
  }
  const pos = file.lines.linePos(offset);
  return { line: pos.line, column: pos.col };
}

/** Where a value of a file is written, as a person opens it: `site/pages/a.yaml:3:7`. */
export function placeOf(file: ParsedFile, path: DataPath): string {
  const pos = locate(file, path);
  return `${file.path}:${pos.line}:${pos.column}`;
}

/** A problem at a place in a file's data: its key (unknown fields) or its value, as `locate` finds it. */
export function problemAt(file: ParsedFile, path: DataPath, message: string, target: 'key' | 'value' = 'value'): Problem {
  const pos = locate(file, path, target);
  return { file: file.path, line: pos.line, column: pos.column, path: formatDataPath(path), message };
}

function rangeStart(node: unknown): number | undefined {
  const range = (node as Node | null | undefined)?.range;
  return range ? range[0] : undefined;
}

export interface ScalarOccurrence {
  key: string;
  value: string;
  path: Array<string | number>;
  position: Position;
}

/** Every string value stored under one of `keys`, anywhere in the file, with its place. */
export function findScalarsByKey(file: ParsedFile, keys: ReadonlySet<string>): ScalarOccurrence[] {
  const found: ScalarOccurrence[] = [];
  visit(file.doc, {
    Pair(_key, pair, ancestry) {
      if (!isScalar(pair.key) || !keys.has(String(pair.key.value))) return;
      if (!isScalar(pair.value) || typeof pair.value.value !== 'string') return;
      const start = rangeStart(pair.value) ?? 0;
      const pos = file.lines.linePos(start);
      found.push({
        key: String(pair.key.value),
        value: pair.value.value,
        path: [...pathOf(ancestry), String(pair.key.value)],
        position: { line: pos.line, column: pos.col },
      });
    },
  });
  return found;
}

// Rebuilds the data path from the visitor's ancestry (documents, maps, seqs and pairs).
function pathOf(ancestry: ReadonlyArray<unknown>): Array<string | number> {
  const out: Array<string | number> = [];
  for (let i = 0; i < ancestry.length; i++) {
    const cur = ancestry[i];
    const next = ancestry[i + 1];
    if (isPair(cur) && isScalar(cur.key)) out.push(String(cur.key.value));
    else if (isSeq(cur) && next !== undefined) out.push(cur.items.indexOf(next as never));
  }
  return out;
}

export interface StringScalar {
  value: string;
  path: Array<string | number>;
  /** Where the value is written in the file's text, quotes and folded lines included. */
  start: number;
  end: number;
}

// A parsed file never changes, and every load of the site asks for its strings again.
const scalarsOf = new WeakMap<ParsedFile['doc'], StringScalar[]>();

/** Every string value in the file (keys left out), with its data path and where it is written. */
export function stringScalars(file: ParsedFile): StringScalar[] {
  const cached = scalarsOf.get(file.doc);
  if (cached) return cached;
  const found: StringScalar[] = [];
  visit(file.doc, {
    Scalar(_key, node, ancestry) {
      const parent = ancestry.at(-1);
      if (typeof node.value !== 'string' || !node.range || (isPair(parent) && parent.key === node)) return;
      found.push({ value: node.value, path: pathOf([...ancestry, node]), start: node.range[0], end: node.range[1] });
    },
  });
  scalarsOf.set(file.doc, found);
  return found;
}

/**
 * Where the `nth` (from 0) copy of `token` sits inside a written value: a token without spaces is
 * never folded across lines, so it appears in the text just as in the value.
 */
export function positionInValue(file: ParsedFile, scalar: StringScalar, token: string, nth: number): Position {
  const raw = file.text.slice(scalar.start, scalar.end);
  let at = -1;
  for (let i = 0; i <= nth; i++) {
    at = raw.indexOf(token, at + 1);
    if (at < 0) break;
  }
  const pos = file.lines.linePos(scalar.start + Math.max(at, 0));
  return { line: pos.line, column: pos.col };
}
