// Seeded single edits of the files under site/, each loaded in process, and the rules every load must
// keep: nothing throws, every problem has a place inside its file, the edited file is named, messages
// read as words, what validate accepts renders, and one cause is reported once.
import type { RJSFSchema } from '@rjsf/utils';
import { loadSite, type LoadResult } from '../engine/content/load-site';
import type { SiteModel } from '../engine/content/model';
import { formatProblem, type Problem } from '../engine/content/problem';
import type { SchemaSet } from '../engine/content/schema-set';
import type { SourceFile } from '../engine/content/yaml-source';
import { compileFormValidators } from '../tooling/vite-plugin-validators';
import { renderPage } from '../engine/render/render-page';

export const MUTATIONS = [
  'delete-line',
  'duplicate-line',
  'swap-lines',
  'reindent',
  'tab',
  'value-number',
  'value-list',
  'value-map',
  'value-null',
  'value-long',
  'value-emoji',
  'value-bidi',
  'value-markdown-emphasis',
  'prose-markdown',
  'key-misspelled',
  'key-removed',
  'anchor-alias',
  'alias-bomb',
  'second-document',
  'cut-short',
  'nul-byte',
  'duplicate-key',
  'broken-fence',
  'unclosed-quote',
  'unclosed-bracket',
  'missing-colon',
  'missing-space',
] as const;
export type MutationKind = (typeof MUTATIONS)[number];

export interface FuzzCase {
  seed: number;
  index: number;
  kind: MutationKind;
  file: string;
  /** 1-based line the edit is at, for the replay line. */
  line: number;
  text: string;
}

export interface CaseResult {
  fuzzCase: FuzzCase;
  failures: string[];
  problems: Problem[];
}

/** A small seeded generator (mulberry32): the same seed gives the same cases on every machine. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Each case draws from its own generator, so one case replays without running those before it.
const caseSeed = (seed: number, index: number) => (Math.imul(seed ^ 0x9e3779b9, 2654435761) + Math.imul(index + 1, 40503)) >>> 0;

const KEY_LINE = /^(\s*(?:- )?)([A-Za-z_$][\w$-]*|"[^"]+"):( +)(\S.*)$/;
const ANY_KEY_LINE = /^(\s*(?:- )?)([A-Za-z_$][\w$-]*|"[^"]+"):/;

/** The edit of case `index` of `seed` to one of `files`. */
export function makeCase(files: readonly SourceFile[], seed: number, index: number): FuzzCase {
  const rnd = random(caseSeed(seed, index));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)];
  const kind = pick(MUTATIONS);
  const source = pick(files);
  const lines = source.text.split('\n');
  const editable = editableLines(source);
  const valueLines = editable.filter((i) => {
    const m = KEY_LINE.exec(lines[i]);
    return m && !/^[|>]/.test(m[4]);
  });
  const keyLines = editable.filter((i) => ANY_KEY_LINE.test(lines[i]));
  const lineOf = (list: number[]) => (list.length > 0 ? pick(list) : pick(editable));
  const out = [...lines];
  let at = 0;
  const setValue = (value: string) => {
    at = lineOf(valueLines);
    const m = KEY_LINE.exec(lines[at]);
    if (m) out[at] = `${m[1]}${m[2]}:${m[3]}${value}`;
    else out[at] = `${lines[at]} ${value}`;
  };
  const insertIntoValue = (chars: string) => {
    at = lineOf(valueLines);
    const m = KEY_LINE.exec(lines[at]);
    const head = m ? `${m[1]}${m[2]}:${m[3]}` : '';
    const value = m ? m[4] : lines[at];
    const cut = Math.floor(rnd() * (value.length + 1));
    out[at] = head + value.slice(0, cut) + chars + value.slice(cut);
  };
  switch (kind) {
    case 'delete-line':
      at = pick(editable);
      out.splice(at, 1);
      break;
    case 'duplicate-line':
      at = pick(editable);
      out.splice(at, 0, lines[at]);
      break;
    case 'swap-lines':
      at = pick(editable);
      if (at + 1 < lines.length) [out[at], out[at + 1]] = [lines[at + 1], lines[at]];
      break;
    case 'reindent': {
      at = pick(editable);
      const by = pick([-2, -1, 1, 2]);
      out[at] = by > 0 ? ' '.repeat(by) + lines[at] : lines[at].replace(new RegExp(`^ {1,${-by}}`), '');
      break;
    }
    case 'tab':
      at = pick(editable);
      out[at] = /^ {2}/.test(lines[at]) ? '\t' + lines[at].slice(2) : '\t' + lines[at];
      break;
    case 'value-number':
      setValue(pick(['42', '-1', '3.5', '0']));
      break;
    case 'value-list':
      setValue(pick(['[a, b]', '[]', '[1, 2]']));
      break;
    case 'value-map':
      setValue(pick(['{ a: 1 }', '{}', '{ text: x }']));
      break;
    case 'value-null':
      setValue(pick(['null', '~', '']));
      break;
    case 'value-long':
      setValue('x'.repeat(10_000));
      break;
    case 'value-emoji':
      insertIntoValue(pick(['\u{1F600}', '\u{1F468}\u200D\u{1F4BB}', '\u2764\uFE0F']));
      break;
    case 'value-bidi':
      insertIntoValue(pick(['\u202E', '\u2066', '\u202A', '\u200F\u202E']));
      break;
    case 'value-markdown-emphasis':
      setValue(pick(['*New*', '**Bold** text', '[our policy](/refund-policy)']));
      break;
    case 'prose-markdown': {
      // Markdown written into the middle of a paragraph of text (an FAQ answer's folded lines): links,
      // bold and italic pass where the text is prose; a picture, HTML or a bad address are refused at their place.
      const paragraphLines = editable.filter((i) => /^\s{4,}[A-Za-z(]/.test(lines[i]) && !ANY_KEY_LINE.test(lines[i]));
      at = lineOf(paragraphLines);
      const spaces = [...lines[at].matchAll(/ (?=\S)/g)].map((m) => m.index).filter((i) => i > lines[at].search(/\S/));
      const cut = spaces.length > 0 ? pick(spaces) + 1 : lines[at].length;
      const piece = pick([
        '[our policy](/refund-policy) ',
        '**in full** ',
        '*always* ',
        '![a picture](/x.png) ',
        '<b>bold</b> ',
        '[x](javascript:alert(1)) ',
        '[a page](/no-such-page) ',
      ]);
      out[at] = lines[at].slice(0, cut) + piece + lines[at].slice(cut);
      break;
    }
    case 'key-misspelled': {
      at = lineOf(keyLines);
      const m = ANY_KEY_LINE.exec(lines[at]);
      if (m) {
        const key = m[2];
        const i = Math.max(0, Math.floor(rnd() * (key.length - 1)));
        const misspelled = key.length > 1 ? key.slice(0, i) + key[i + 1] + key[i] + key.slice(i + 2) : key + key;
        out[at] = m[1] + (misspelled === key ? key + 'x' : misspelled) + lines[at].slice(m[0].length - 1);
      }
      break;
    }
    case 'key-removed': {
      const top = keyLines.filter((i) => /^[A-Za-z"]/.test(lines[i]) || /^\s+[A-Za-z"]/.test(lines[i]));
      at = lineOf(top);
      out.splice(at, 1);
      break;
    }
    case 'anchor-alias': {
      at = lineOf(valueLines);
      const m = KEY_LINE.exec(lines[at]);
      if (m) out[at] = `${m[1]}${m[2]}:${m[3]}${pick(['*New*', '*a', '&a value', '&a'])}`;
      break;
    }
    case 'alias-bomb': {
      at = lines.length - 1;
      const bomb = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
      for (const [name, prev] of ['ba', 'cb', 'dc', 'ed', 'fe', 'gf', 'hg', 'ih'].map((s) => [s[0], s[1]]))
        bomb.push(`${name}: &${name} [*${prev},*${prev},*${prev},*${prev},*${prev},*${prev},*${prev},*${prev},*${prev}]`);
      out.push(...bomb);
      break;
    }
    case 'second-document':
      at = pick(editable);
      out.splice(at, 0, '---');
      break;
    case 'cut-short': {
      const cut = Math.floor(rnd() * source.text.length);
      at = source.text.slice(0, cut).split('\n').length - 1;
      return { seed, index, kind, file: source.path, line: at + 1, text: source.text.slice(0, cut) };
    }
    case 'nul-byte':
      insertIntoValue('\0');
      break;
    case 'duplicate-key':
      at = lineOf(keyLines);
      out.splice(at + 1, 0, lines[at]);
      break;
    case 'broken-fence': {
      const fences = lines.flatMap((l, i) => (/^---\s*$/.test(l) ? [i] : []));
      at = fences.length > 0 ? pick(fences.slice(0, 2)) : 0;
      out[at] = pick(['--', '- --', '----x', '']);
      break;
    }
    case 'unclosed-quote':
      insertIntoValue(pick(['"', "'"]));
      break;
    case 'unclosed-bracket':
      setValue(pick(['[a, b', '{ a: 1', '[[a]']));
      break;
    case 'missing-colon': {
      at = lineOf(valueLines);
      const m = KEY_LINE.exec(lines[at]);
      if (m) out[at] = `${m[1]}${m[2]}${m[3]}${m[4]}`;
      break;
    }
    case 'missing-space': {
      at = lineOf(valueLines);
      const m = KEY_LINE.exec(lines[at]);
      if (m) out[at] = `${m[1]}${m[2]}:${m[4]}`;
      break;
    }
  }
  return { seed, index, kind, file: source.path, line: at + 1, text: out.join('\n') };
}

// The lines a writer would edit: a Markdown article's front matter and its first lines of text.
function editableLines(source: SourceFile): number[] {
  const lines = source.text.split('\n');
  const all = lines.map((_, i) => i).filter((i) => lines[i].trim() !== '' && !lines[i].trimStart().startsWith('#'));
  if (!source.path.endsWith('.md')) return all.length > 0 ? all : [0];
  const close = lines.findIndex((l, i) => i > 0 && /^---\s*$/.test(l));
  const front = all.filter((i) => i <= Math.max(close, 0) + 3);
  return front.length > 0 ? front : [0];
}

// eslint-disable-next-line no-control-regex -- finding raw control characters is the point
const RAW_CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F\u200E\u200F\u202A-\u202E\u2066-\u2069]/;
const NOT_WORDS = ['undefined', 'NaN', '[object Object]'];
// More copies of one message than this is one cause said again.
const SAME_MESSAGE_LIMIT = 3;

/** A fuzz run's context: the real files, their schemas, and what the unedited site renders as. */
export interface FuzzContext {
  files: readonly SourceFile[];
  schemas: SchemaSet;
  baseline: SiteModel;
  pageJson: Map<string, string>;
}

export function fuzzContext(files: readonly SourceFile[], schemas: SchemaSet): FuzzContext {
  const result = loadSite(files, schemas);
  if (!result.model) throw new Error(`The unedited site has problems:\n${result.problems.map(formatProblem).join('\n')}`);
  return { files, schemas, baseline: result.model, pageJson: pagesAsJson(result.model) };
}

const pagesAsJson = (model: SiteModel) => new Map([...model.pages, model.notFound].map((p) => [p.path ?? '', JSON.stringify(p)]));

/** Runs one case and lists the rules it broke (none when it passed). */
export function runCase(context: FuzzContext, fuzzCase: FuzzCase): CaseResult {
  const files = context.files.map((f) => (f.path === fuzzCase.file ? { path: f.path, text: fuzzCase.text } : f));
  const failures: string[] = [];
  let result: LoadResult;
  try {
    result = loadSite(files, context.schemas);
  } catch (err) {
    return { fuzzCase, failures: [`the loader threw: ${(err as Error).stack ?? String(err)}`], problems: [] };
  }
  const texts = new Map(files.map((f) => [f.path, f.text]));
  for (const p of [...result.problems, ...result.warnings]) failures.push(...placeFailures(p, texts));
  if (result.problems.length > 0 && !result.problems.some((p) => p.file === fuzzCase.file || p.message.includes(fuzzCase.file)))
    failures.push(`the edited file ${fuzzCase.file} is named by none of the ${result.problems.length} problems`);
  const counts = new Map<string, number>();
  for (const p of result.problems) counts.set(p.message, (counts.get(p.message) ?? 0) + 1);
  for (const [message, n] of counts) if (n > SAME_MESSAGE_LIMIT) failures.push(`one cause reported ${n} times: ${message}`);
  if (result.model && result.problems.length === 0) failures.push(...renderFailures(context, result.model, fuzzCase.file));
  return { fuzzCase, failures, problems: result.problems };
}

function placeFailures(p: Problem, texts: ReadonlyMap<string, string>): string[] {
  const out: string[] = [];
  const shown = JSON.stringify(formatProblem(p));
  for (const word of NOT_WORDS) if (formatProblem(p).includes(word)) out.push(`a message says "${word}": ${shown}`);
  if (RAW_CONTROL.test(formatProblem(p))) out.push(`a message prints a control or direction character raw: ${shown}`);
  const text = texts.get(p.file);
  if (text === undefined) {
    if (!p.message.startsWith('file is missing')) out.push(`a problem names a file that was not loaded: ${shown}`);
    return out;
  }
  const lines = text.split('\n');
  if (!Number.isInteger(p.line) || !Number.isInteger(p.column) || p.line < 1 || p.column < 1) out.push(`a problem has no place: ${shown}`);
  else if (p.line > lines.length) out.push(`a problem is past the end of its file (${lines.length} lines): ${shown}`);
  else if (p.column > lines[p.line - 1].length + 1)
    out.push(`a problem is past the end of its line (${lines[p.line - 1].length} characters): ${shown}`);
  return out;
}

// What the build does with a model: render each page (only those the edit changed) and compile each form's checks.
function renderFailures(context: FuzzContext, model: SiteModel, file: string): string[] {
  const out: string[] = [];
  const options = { siteUrl: 'https://fuzz.example', year: 2026, assets: { stylesheets: [], scripts: ['/entry.js'] } };
  const sitewide = JSON.stringify(model.site) !== JSON.stringify(context.baseline.site);
  for (const page of [...model.pages, model.notFound]) {
    const key = page.path ?? '';
    if (!sitewide && context.pageJson.get(key) === JSON.stringify(page)) continue;
    try {
      const { status } = renderPage(model, page.path, options);
      if (status !== (page.path === null ? 404 : 200)) out.push(`${page.file}: ${page.path} rendered with status ${status}`);
    } catch (err) {
      out.push(`validate accepted it but ${page.path ?? 'the not-found page'} does not render: ${(err as Error).message}`);
    }
    if (sitewide) break;
  }
  if (file.startsWith('site/forms/'))
    for (const [id, form] of Object.entries(model.forms)) {
      try {
        compileFormValidators(form.fields as RJSFSchema);
      } catch (err) {
        out.push(`validate accepted form ${id} but the build cannot compile its checks: ${(err as Error).message}`);
      }
    }
  return out;
}

/** One line to run a failed case again. */
export function replayLine(c: FuzzCase): string {
  return `npm run fuzz:content -- --seed ${c.seed} --case ${c.index}   (${c.kind} at ${c.file}:${c.line})`;
}
