/**
 * Rewrites a copy of site/ as a writer might: every heading and title, every FAQ question and
 * answer, and every button and link label get other words, so a test that copied the words instead
 * of reading them from the site model fails on the copy (`npm run test:reworded`).
 *
 * Each word becomes a made-up word of the same length and case, chosen from the word and a seed, so
 * the copy is the same on every run, lengths stay within the schemas' limits, equal texts stay equal
 * and different texts stay different. What other files point at or the spec fixes is kept: the
 * `{price:…}` and `{promise:…}` placeholders, link targets, addresses, form fields and their
 * messages, the words a form shows while sending, the empty states and the not-found page, and the
 * FAQ and blog categories (a category's name makes its anchor and its `?category=` address).
 *
 * In site/data/, the names and texts writers keep there are reworded too (DATA_TEXTS): the badges'
 * names, descriptions and features, the size and colour names, the notice recipients' names and
 * notes, and every text of the notice template (its `{{placeholders}}` kept). Ids, hosts, addresses,
 * prices, pixel sizes and colour codes stay, and so do the price catalogue (only keys and amounts)
 * and the spam word list (its words must stay the words spam is written in).
 */
import { cpSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { isPair, isScalar, parseDocument, visit } from 'yaml';
import { BADGE_LABEL_SUFFIX } from '../../engine/badges/resolve';

/** The keys whose text a writer rewords: headings, titles, FAQ items, button or link labels and a breadcrumb's current page. */
const REWORDED_KEYS = new Set(['title', 'question', 'answer', 'label', 'idle', 'button', 'current']);
/** Headings and labels named for their place: `featuredTitle`, `tocTitle`, `rowHeading`, `nextLabel`, `searchLabel`… */
const REWORDED_KEY_ENDINGS = /^[a-z][A-Za-z]*(?:Title|Heading|Label)$/;
/** A `name` is a heading in these lists (a team member's card); elsewhere it is a brand, an option, an id or the spec's. */
const NAMES_AS_HEADINGS = new Set(['members']);
/**
 * Kept as written, the spec's words: a form's fields (JSON Schema, their titles are field labels),
 * hints and messages, the empty states (spec 001 §8, the error catalogue), the pricing switch's
 * Monthly and Annual (§9) and the badge customiser's labels, Copy and Copied! among them (§7, §9).
 * Plan names are the spec's tiers (§9), so a plan's `name` is kept too.
 */
export const KEPT_BRANCHES = new Set(['fields', 'ui', 'messages', 'autoReply', 'empty', 'billing', 'labels']);
/** Files kept whole: the not-found page's title and buttons are the spec's (spec 001 §8). */
const KEPT_FILES = new Set(['not-found.yaml']);
/**
 * The texts of site/data/ a writer words, by file: the keys on the way to a text, joined by dots
 * (a list's items count as their list's key; a key names every text under it). What is not listed
 * is kept: ids, hosts, e-mail and form addresses, prices (the badges' Free, {price:…}/month and
 * Custom are the spec's, 001 §9), pixel sizes and colour codes (§3), the price catalogue, whose
 * keys other files name and whose amounts the spec fixes, and the spam word list, which must keep
 * the words spam is written in to catch it. The notice template is the team's wording (a lawyer
 * reads a change, docs/writers/editing.md); the law asks for its elements, not its words, and
 * `npm run validate` checks its placeholders, which stay.
 */
export const DATA_TEXTS: Record<string, string[]> = {
  'data/badges.yaml': ['types.name', 'types.description', 'types.features', 'sizes.name', 'colors.name'],
  'data/notice-recipients.yaml': ['recipients.name', 'recipients.note'],
  'data/notice-template.yaml': [
    'checkboxes',
    'subject',
    'partLabel',
    'unknownRecipient',
    'opening',
    'work',
    'material',
    'contact',
    'statements',
    'lumen',
    'signature',
    'capacity',
  ],
};

/** A 32-bit FNV-1a hash: a seed for one word. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** mulberry32: a small seeded generator, so the made-up words do not depend on Math.random. */
function generator(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const CONSONANTS = 'bcdfghjklmnprstvwz';
const VOWELS = 'aeiou';

/** A made-up word as long as `word`, with its letters' case, never equal to it (ignoring case). */
export function rewordWord(word: string, seed: string): string {
  const next = generator(hash(`${seed}\u0000${word.toLowerCase()}`));
  for (let attempt = 0; ; attempt++) {
    let made = '';
    for (let i = 0; i < word.length; i++) {
      const letters = i % 2 === attempt % 2 ? CONSONANTS : VOWELS;
      const letter = letters[Math.floor(next() * letters.length)]!;
      made += word[i] === word[i]!.toUpperCase() ? letter.toUpperCase() : letter;
    }
    if (made.toLowerCase() !== word.toLowerCase()) return made;
  }
}

// Kept as written: placeholders, link targets, addresses and inline code; then the words to reword.
const KEPT_OR_WORD = /(\{[^}]*\}|\]\([^)]*\)|https?:\/\/\S+|[\w.+-]+@[\w-]+(?:\.[\w-]+)+|`[^`]*`)|([A-Za-z]+)/g;

/** The text with every word of two or more letters replaced by its made-up word. */
export function rewordText(text: string, seed: string): string {
  return text.replace(KEPT_OR_WORD, (match, kept: string | undefined, word: string | undefined) =>
    kept !== undefined || !word || word.length < 2 ? match : rewordWord(word, seed),
  );
}

const keyOf = (node: unknown): string | undefined => (isPair(node) && isScalar(node.key) ? String(node.key.value) : undefined);

/** The ranges of a site/data/ file's texts that `rules` (its DATA_TEXTS) name. */
function dataTextRanges(text: string, rules: string[]): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  visit(parseDocument(text), {
    Scalar(_, node, path) {
      const parent = path[path.length - 1];
      if ((isPair(parent) && parent.key === node) || typeof node.value !== 'string' || !node.range) return;
      const keys = path
        .map(keyOf)
        .filter((key) => key !== undefined)
        .join('.');
      if (rules.some((rule) => keys === rule || keys.startsWith(`${rule}.`))) ranges.push([node.range[0], node.range[1]]);
    },
  });
  return ranges;
}

/** The ranges of a page's or other file's texts under the reworded keys (see the keys above). */
function keyedTextRanges(text: string): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  visit(parseDocument(text), {
    Pair(_, pair, path) {
      if (!isScalar(pair.key)) return;
      const key = String(pair.key.value);
      if (KEPT_BRANCHES.has(key)) return visit.SKIP;
      if (!isScalar(pair.value) || typeof pair.value.value !== 'string' || !pair.value.range) return;
      const under = (names: Set<string> | string) =>
        path.some(
          (node) =>
            isPair(node) &&
            isScalar(node.key) &&
            (typeof names === 'string' ? node.key.value === names : names.has(String(node.key.value))),
        );
      // A picture of a badge (the badge gallery) is named as the badge is: its name, reworded as
      // site/data/badges.yaml's is, then the spec's ' - DMCA Protected' (spec 001 §7), kept.
      if (key === 'alt' && pair.value.value.endsWith(BADGE_LABEL_SUFFIX)) {
        const [start, end] = pair.value.range;
        ranges.push([start, start + text.slice(start, end).lastIndexOf(BADGE_LABEL_SUFFIX)]);
        return;
      }
      const reworded =
        // A form's `buttons.idle` is its button; another `idle` key is not a label.
        key === 'idle'
          ? under('buttons')
          : key === 'name'
            ? under(NAMES_AS_HEADINGS)
            : REWORDED_KEYS.has(key) || REWORDED_KEY_ENDINGS.test(key);
      if (!reworded) return;
      ranges.push([pair.value.range[0], pair.value.range[1]]);
    },
  });
  return ranges;
}

/**
 * The YAML text with the reworded values changed where they are written (`rules`: a site/data/
 * file's DATA_TEXTS; otherwise the reworded keys). Every word keeps its length, so each value is
 * rewritten in place: quotes, folding, comments and every line and column stay as the writer left
 * them (the tests that point at a line still find it).
 */
function rewordYaml(text: string, seed: string, rules?: string[]): string {
  const ranges = rules ? dataTextRanges(text, rules) : keyedTextRanges(text);
  let out = text;
  for (const [start, end] of ranges) {
    const source = text.slice(start, end);
    // A block scalar's header (| or >-) is not a word; the escapes of a double-quoted one (\n, \u…) are kept.
    const reworded = source.replace(/(\\\S)|([^\\]+)/g, (match, escape: string | undefined) => (escape ? match : rewordText(match, seed)));
    out = out.slice(0, start) + reworded + out.slice(end);
  }
  return out;
}

/** An article's title (front matter) and its headings (lines starting with #) reworded; the rest kept. */
function rewordArticle(text: string, seed: string): string {
  const match = /^---\n([\s\S]*?)\n---\n/.exec(text);
  if (!match) return text;
  const front = rewordYaml(match[1]!, seed);
  const body = text
    .slice(match[0].length)
    .split('\n')
    .map((line) =>
      /^#{1,6} /.test(line)
        ? line.replace(/^(#{1,6} )(.*)$/, (_, marks: string, heading: string) => marks + rewordText(heading, seed))
        : line,
    )
    .join('\n');
  return `---\n${front}\n---\n${body}`;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

/**
 * Copies `fromRoot`/site to `toRoot`/site with its words changed (see above). Returns the files
 * that changed, relative to site/.
 */
export function rewordSite(fromRoot: string, toRoot: string, seed = 'reworded'): string[] {
  const target = join(toRoot, 'site');
  rmSync(target, { recursive: true, force: true });
  cpSync(join(fromRoot, 'site'), target, { recursive: true });
  const changed: string[] = [];
  for (const file of filesUnder(target)) {
    const name = file.slice(target.length + 1);
    if (KEPT_FILES.has(name)) continue;
    const text = readFileSync(file, 'utf8');
    const reworded = file.endsWith('.yaml')
      ? rewordYaml(text, seed, name.startsWith('data/') ? (DATA_TEXTS[name] ?? []) : undefined)
      : file.endsWith('.md')
        ? rewordArticle(text, seed)
        : text;
    if (reworded === text) continue;
    writeFileSync(file, reworded);
    changed.push(name);
  }
  return changed;
}
