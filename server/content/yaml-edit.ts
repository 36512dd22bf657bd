/**
 * Writes new data into a YAML file as the smallest change to its text: every value, comment, blank
 * line, key order and quoting the new data leaves alone keeps its bytes.
 *
 * The `yaml` package's Document API keeps comments through setIn/deleteIn, but `doc.toString()`
 * prints the whole file again, and two things of this site's files no option reproduces: folded
 * paragraphs (`>-`) are folded again at one `lineWidth` (the writers fold at their own width), and
 * `flowCollectionPadding` is one switch for `{ … }` and `[…]`, which the files write differently.
 * So the edit works on the parsed Document's node ranges: it walks the old document and the new
 * data together and splices new text only where a value differs, rendering that value with the
 * `yaml` stringifier in the node's own style (quotes, block style and fold width).
 */
import canonicalize from 'canonicalize';
import { splitArticle } from '../../engine/content/article-source';
import { Document, isMap, isScalar, isSeq, parseDocument, Scalar, visit, type Node, type Pair, type YAMLMap, type YAMLSeq } from 'yaml';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** How the file writes what the new text must match. */
interface FileStyle {
  /** `key:\n  - item` (true) or `key:\n- item` (false). */
  indentSeq: boolean;
  /** `{ a: 1 }` (true) or `{a: 1}`. */
  mapPadding: boolean;
  /** `[ a ]` (true) or `[a]`. */
  seqPadding: boolean;
}

export class YamlEditError extends Error {}

const same = (a: unknown, b: unknown) => canonicalize(a) === canonicalize(b);
const isObject = (v: unknown): v is Record<string, Json> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The file's text with `data` written in: `text` itself when the data is what the file holds. The
 * file must parse without errors (the editor opens only files that do).
 */
export function applyMinimalEdit(text: string, data: unknown): string {
  const doc = parseDocument(text, { uniqueKeys: true });
  if (doc.errors.length) throw new YamlEditError(`The file cannot be read as YAML: ${doc.errors[0]!.message}`);
  const next = JSON.parse(JSON.stringify(data ?? null)) as Json;
  if (same(doc.toJS(), next)) return text;
  const editor = new Splicer(text, detectStyle(text, doc));
  const root = doc.contents as Node | null;
  try {
    if (!root?.range || isScalar(root)) throw new NeedsRewrite();
    return text.slice(0, editor.start(root)) + editor.node(root, next) + text.slice(nodeEnd(root));
  } catch (err) {
    if (!(err instanceof NeedsRewrite)) throw err;
    // A file whose top level changed shape (or an empty one) is written anew; its comments go with it.
    return renderDocument(next, editor.style);
  }
}

/**
 * An article with new front matter (edited as a YAML file is) and, when given, a new Markdown body;
 * what is unchanged keeps its bytes.
 */
export function applyArticleEdit(text: string, frontMatter: unknown, body?: string): string {
  const parts = splitArticle(text);
  if (!parts) throw new YamlEditError('The article has no front matter between two --- lines.');
  const yaml = applyMinimalEdit(parts.frontMatter, frontMatter);
  return parts.head + yaml + parts.fence + (body ?? parts.body);
}

function detectStyle(text: string, doc: Document): FileStyle {
  const style: FileStyle = { indentSeq: true, mapPadding: true, seqPadding: false };
  let seqFound = false;
  let mapFound = false;
  let flowSeqFound = false;
  visit(doc, {
    Pair(_k, pair) {
      const value = pair.value as Node | null;
      if (!seqFound && isSeq(value) && !value.flow && value.range && isScalar(pair.key) && pair.key.range) {
        seqFound = true;
        style.indentSeq = column(text, value.range[0]) > column(text, pair.key.range[0]);
      }
    },
    Node(_k, node) {
      if (!node.range || !(isMap(node) || isSeq(node)) || !node.flow || node.items.length === 0) return;
      const padded = /^[[{][ \n]/.test(text.slice(node.range[0], node.range[0] + 2));
      if (isMap(node) && !mapFound) {
        mapFound = true;
        style.mapPadding = padded;
      }
      if (isSeq(node) && !flowSeqFound) {
        flowSeqFound = true;
        style.seqPadding = padded;
      }
    },
  });
  return style;
}

const lineStart = (text: string, offset: number) => text.lastIndexOf('\n', offset - 1) + 1;
const column = (text: string, offset: number) => offset - lineStart(text, offset);
const nodeStart = (node: Node) => node.range![0];
const nodeEnd = (node: Node) => node.range![1];

/** One entry of a block collection: its text (leading comments included) and what it holds. */
interface Chunk {
  /** Where its text starts: its leading comment lines, or its key or dash when nothing is above it on its line. */
  start: number;
  /** Its key or dash. */
  at: number;
  end: number;
  /** Blank lines between it and the entry before. */
  separator: string;
  key?: string;
  value: Node | null;
}

/** The value cannot be spliced in place (its shape changed, or the file writes it in a way this does not edit): the entry is written again. */
class NeedsRewrite extends Error {}

class Splicer {
  constructor(
    readonly text: string,
    readonly style: FileStyle,
  ) {}

  /** Where a node's text starts for `node()`: a block collection's starts at its first entry's comments. */
  start(node: Node): number {
    return isBlockCollection(node) && node.items.length ? this.chunks(node)[0]!.start : nodeStart(node);
  }

  /** The new text of [start(node), end of node). */
  node(node: Node, value: Json): string {
    const start = this.start(node);
    if (same(node.toJSON(), value)) return this.text.slice(start, nodeEnd(node));
    if (isMap(node) && !node.flow && node.items.length && isObject(value)) return this.blockMap(node, value);
    if (isSeq(node) && !node.flow && node.items.length && Array.isArray(value) && value.length) return this.blockSeq(node, value);
    if ((isMap(node) || isSeq(node)) && node.flow && !isScalarValue(value)) return this.flow(node, value);
    throw new NeedsRewrite();
  }

  /** A flow collection (`{ a: 1 }`, `[a, b]`) stays one: each changed value spliced in when the keys or length are the same, else written anew. */
  private flow(node: YAMLMap | YAMLSeq, value: Json): string {
    const keys = isMap(node) ? node.items.map((p) => (isScalar(p.key) ? String(p.key.value) : '')) : [];
    const sameShape = isSeq(node)
      ? Array.isArray(value) && value.length === node.items.length
      : isObject(value) && same(Object.keys(value), keys);
    const children = node.items.map((item) => ((isMap(node) ? (item as Pair).value : item) as Node | null) ?? null);
    if (!sameShape || children.some((c) => !c?.range)) return renderFlow(value, this.style);
    let out = '';
    let pos = nodeStart(node);
    children.forEach((child, i) => {
      const next = (isSeq(node) ? (value as Json[])[i] : (value as Record<string, Json>)[keys[i]!])!;
      if (same(child!.toJSON(), next)) return;
      const replaced =
        isScalar(child) && isScalarValue(next)
          ? renderFlowScalar(next, typeof child.value === 'string' ? child.type : undefined)
          : (isMap(child) || isSeq(child)) && child.flow && !isScalarValue(next)
            ? this.flow(child, next)
            : renderFlow(next, this.style);
      out += this.text.slice(pos, nodeStart(child!)) + replaced;
      pos = nodeEnd(child!);
    });
    return out + this.text.slice(pos, nodeEnd(node));
  }

  /** A block collection's entries, each with its leading comments and the blank lines before it. */
  private chunks(node: YAMLMap | YAMLSeq): Chunk[] {
    const text = this.text;
    const starts = node.items.map((item) => {
      if (isMap(node)) {
        const key = (item as Pair).key as Node | null;
        if (!key?.range) throw new NeedsRewrite();
        return key.range[0];
      }
      const valueNode = item as Node | null;
      if (!valueNode?.range) throw new NeedsRewrite();
      const dash = text.lastIndexOf('-', valueNode.range[0] - 1);
      if (dash < lineStart(text, valueNode.range[0])) throw new NeedsRewrite();
      return dash;
    });
    const chunks = starts.map((at, i): Chunk => {
      const line = lineStart(text, at);
      const item = node.items[i];
      const value = ((isMap(node) ? (item as Pair).value : item) as Node | null) ?? null;
      const key = isMap(node) ? String(((item as Pair).key as Scalar).value) : undefined;
      // An entry after `- ` on its line (a map inside a list) has nothing of its own above it.
      if (text.slice(line, at).trim() !== '') return { start: at, at, end: 0, separator: '', key, value };
      // Comment lines right above an entry are its own; blank lines above those separate it from the one before.
      let start = line;
      while (start > 0 && /^[ \t]*#/.test(text.slice(lineStart(text, start - 1), start))) start = lineStart(text, start - 1);
      let gap = start;
      if (i > 0) while (gap > 0 && text.slice(lineStart(text, gap - 1), gap).trim() === '') gap = lineStart(text, gap - 1);
      return { start, at, end: 0, separator: text.slice(gap, start), key, value };
    });
    chunks.forEach((chunk, i) => {
      const next = chunks[i + 1];
      chunk.end = next ? next.start - next.separator.length : nodeEnd(node);
    });
    return chunks;
  }

  private blockMap(node: YAMLMap, value: Record<string, Json>): string {
    const chunks = this.chunks(node);
    const indent = column(this.text, chunks[0]!.at);
    const newKeys = Object.keys(value);
    // Entries keep the file's order; a new key goes after the key before it in the new data.
    const order: Array<{ chunk?: Chunk; key: string }> = chunks.filter((c) => c.key! in value).map((c) => ({ chunk: c, key: c.key! }));
    newKeys.forEach((key, i) => {
      if (chunks.some((c) => c.key === key)) return;
      const before = newKeys
        .slice(0, i)
        .reverse()
        .find((k) => order.some((o) => o.key === k));
      order.splice(before === undefined ? 0 : order.findIndex((o) => o.key === before) + 1, 0, { key });
    });
    const render = (key: string) => () => renderPair(key, value[key]!, indent, this.style);
    return this.join(
      chunks,
      order.map(({ chunk, key }) => (chunk ? this.entry(chunk, value[key]!, render(key)) : render(key)())),
    );
  }

  private blockSeq(node: YAMLSeq, items: Json[]): string {
    const chunks = this.chunks(node);
    const indent = column(this.text, chunks[0]!.at);
    const olds = chunks.map((c) => (c.value ? (c.value.toJSON() as unknown) : null));
    // Unchanged entries are found wherever they moved (with their comments); the others pair up in order as edits.
    const used = new Set<number>();
    const match = items.map((item, i) => {
      const candidates = olds.map((_o, j) => j).filter((j) => !used.has(j) && same(olds[j], item));
      const j = candidates.includes(i) ? i : candidates[0];
      if (j !== undefined) used.add(j);
      return j;
    });
    const spare = chunks.map((_c, j) => j).filter((j) => !used.has(j));
    const texts = items.map((item, i) => {
      const render = () => renderItem(item, indent, this.style);
      const exact = match[i];
      if (exact !== undefined) return this.lineForm(chunks[exact]!, this.text.slice(chunks[exact]!.start, chunks[exact]!.end));
      const j = spare.shift();
      return j === undefined ? render() : this.entry(chunks[j]!, item, render);
    });
    return this.join(chunks, texts);
  }

  /** An entry's text from the start of its line, as it reads wherever it is placed. */
  private lineForm(chunk: Chunk, text: string): string {
    return chunk.start === lineStart(this.text, chunk.start) ? text : ' '.repeat(column(this.text, chunk.start)) + text;
  }

  /** The entries' new texts, with the blank lines between them as the file had them at each place. */
  private join(chunks: Chunk[], texts: string[]): string {
    const spacing = chunks.length > 1 ? chunks[chunks.length - 1]!.separator : '';
    const body = texts.map((t, i) => (i === 0 ? '' : (chunks[i]?.separator ?? spacing)) + t).join('');
    const first = chunks[0]!.start;
    // A collection that starts after `- ` on its line: its first line's indentation is already written.
    return first === lineStart(this.text, first) ? body : body.slice(column(this.text, first));
  }

  /** An entry whose value changed: its value's text replaced, or the whole entry written again when its shape changed. */
  private entry(chunk: Chunk, value: Json, render: () => string): string {
    const node = chunk.value;
    if (node && same(node.toJSON(), value)) return this.lineForm(chunk, this.text.slice(chunk.start, chunk.end));
    const lead = this.lineForm(chunk, this.text.slice(chunk.start, chunk.at));
    try {
      if (!node?.range) throw new NeedsRewrite();
      const start = this.start(node);
      const replaced = isScalar(node) ? this.scalar(node, value, chunk) : this.node(node, value);
      return this.lineForm(chunk, this.text.slice(chunk.start, start) + replaced + this.text.slice(nodeEnd(node), chunk.end));
    } catch (err) {
      if (!(err instanceof NeedsRewrite)) throw err;
      // Lines after the value's own (the blank lines before the next entry) stay; the entry itself is written anew.
      const tail = node?.range ? this.text.slice(nodeEnd(node), chunk.end) : '';
      const ownLineDone = node?.range !== undefined && nodeEnd(node) === lineStart(this.text, nodeEnd(node));
      const rest = ownLineDone ? tail : tail.includes('\n') ? tail.slice(tail.indexOf('\n') + 1) : '';
      return lead + render().slice(lead === '' || lead.endsWith('\n') ? 0 : column(this.text, chunk.at)) + rest;
    }
  }

  /** A scalar's new text in its own style: the same quotes, block style and fold width where the value allows. */
  private scalar(node: Scalar, value: Json, chunk: Chunk): string {
    if (!isScalarValue(value) || nodeEnd(node) === nodeStart(node)) throw new NeedsRewrite();
    const raw = this.text.slice(nodeStart(node), nodeEnd(node));
    const indent = column(this.text, chunk.at);
    const block = node.type === Scalar.BLOCK_FOLDED || node.type === Scalar.BLOCK_LITERAL;
    const scalar = new Scalar(value);
    if (typeof value === 'string' && typeof node.value === 'string' && node.type) scalar.type = node.type;
    // A folded paragraph is folded again at its own width, so the lines before the change stay as they were.
    const width = block
      ? Math.max(
          20,
          ...raw
            .split('\n')
            .slice(1)
            .map((l) => l.length),
        ) - indent
      : 0;
    const rendered = indentLines(stringifyWith(new Document({ k: scalar }), this.style, width), indent).slice(indent + 'k: '.length);
    // A block scalar's range ends after its last line break, a one-line value's before it: a value that changes between them is written as a new entry.
    const isBlock = /^[|>]/.test(rendered);
    if (isBlock !== /^[|>]/.test(raw)) throw new NeedsRewrite();
    return isBlock ? rendered : rendered.replace(/\n$/, '');
  }
}

const isBlockCollection = (node: Node): node is YAMLMap | YAMLSeq => (isMap(node) || isSeq(node)) && !node.flow;
const isScalarValue = (v: Json) => v === null || typeof v !== 'object';

function stringifyWith(doc: Document, style: FileStyle, lineWidth: number): string {
  return doc.toString({ lineWidth, indentSeq: style.indentSeq, flowCollectionPadding: style.mapPadding });
}

function indentLines(text: string, indent: number): string {
  const pad = ' '.repeat(indent);
  return text
    .split('\n')
    .map((l) => (l === '' ? l : pad + l))
    .join('\n');
}

function renderPair(key: string, value: Json, indent: number, style: FileStyle): string {
  return indentLines(stringifyWith(new Document({ [key]: value }), style, 0), indent);
}

function renderItem(value: Json, indent: number, style: FileStyle): string {
  return indentLines(stringifyWith(new Document([value]), style, 0), indent);
}

function renderDocument(value: Json, style: FileStyle): string {
  return stringifyWith(new Document(value), style, 0);
}

/** A flow collection on one line, padded as the file pads its maps and lists. */
function renderFlow(value: Json, style: FileStyle): string {
  if (Array.isArray(value)) {
    const pad = style.seqPadding && value.length ? ' ' : '';
    return `[${pad}${value.map((v) => renderFlow(v, style)).join(', ')}${pad}]`;
  }
  if (isObject(value)) {
    const entries = Object.entries(value);
    const pad = style.mapPadding && entries.length ? ' ' : '';
    return `{${pad}${entries.map(([k, v]) => `${renderFlow(k, style)}: ${renderFlow(v, style)}`).join(', ')}${pad}}`;
  }
  return renderFlowScalar(value);
}

/** A scalar as a flow list writes it, in `type`'s quotes where the value allows: quoted when a comma or bracket would end it early. */
function renderFlowScalar(value: Json, type?: Scalar.Type): string {
  const scalar = new Scalar(value);
  if (type && typeof value === 'string') scalar.type = type;
  const doc = new Document([scalar]);
  (doc.contents as YAMLSeq).flow = true;
  return doc.toString({ lineWidth: 0, flowCollectionPadding: false }).trim().slice(1, -1);
}
