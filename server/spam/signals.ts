// The signals a submission is scored on that need nothing but its text: each says how strongly it
// fired (0 when not at all) and why, in words the team reads in the inbox.

import { webAddressesIn } from '../../engine/forms/web-addresses';

/** One reason a submission looks like spam, with the points it adds. */
export interface SpamReason {
  /** Which signal: links, words, script, random-text, same-message, mail-domain, or the filter the team trains (classifier). */
  code: SpamCode | 'classifier';
  weight: number;
  /** What was found, for the team; never more of the visitor's text than a listed word. */
  detail: string;
}

export const SPAM_CODES = ['links', 'words', 'script', 'random-text', 'same-message', 'mail-domain'] as const;
export type SpamCode = (typeof SPAM_CODES)[number];

/** What a finding adds to the score; `words` and `links` count per item found, the others once. */
export type SpamWeights = Record<SpamCode, number>;

/**
 * The default weights (docs/developers/decisions.md explains them): no signal but a campaign's
 * copies reaches the default threshold of 5 alone; two together usually do.
 */
export const DEFAULT_SPAM_WEIGHTS: SpamWeights = {
  links: 1,
  words: 2,
  script: 3,
  'random-text': 3,
  'same-message': 5,
  'mail-domain': 3,
};

/** Addresses a visitor may send without a point: a takedown request names the pages it is about. */
export const FREE_LINKS = 3;
/** At most this many points from links, and from listed words, however many there are. */
export const MAX_COUNTED = 3;

/**
 * One free text as the signals read it: its words and its web addresses, found once for every
 * signal that needs them rather than once by each.
 */
export interface FreeText {
  text: string;
  /** wordsOf(text). */
  words: readonly string[];
  /** The web addresses in it, as the visitor wrote them, in order. */
  addresses: readonly string[];
}

export function readFreeText(text: string): FreeText {
  const addresses: string[] = [];
  for (const { address } of webAddressesIn(text)) addresses.push(address);
  return { text, words: wordsOf(text), addresses };
}

/** The web addresses in the free text, beyond FREE_LINKS. */
export function linkSignal(texts: readonly FreeText[], weight: number): SpamReason | null {
  let count = 0;
  for (const { addresses } of texts) count += addresses.length;
  const over = Math.min(count - FREE_LINKS, MAX_COUNTED);
  if (over <= 0) return null;
  return { code: 'links', weight: over * weight, detail: `${count} web addresses in the message (${FREE_LINKS} are usual)` };
}

/** Lower-case words (letters, digits, apostrophes inside), in order: what both the list and the text are compared as. */
export function wordsOf(text: string): string[] {
  return text.toLocaleLowerCase('en-US').match(/[\p{L}\p{N}]+(?:['’][\p{L}\p{N}]+)*/gu) ?? [];
}

/**
 * The team's word list, ready to match: each entry is a word or a phrase, matched as whole words
 * in order, case aside. Compared word by word, never as a pattern, so no list can make matching slow.
 */
export interface WordList {
  /** Phrases (as words) by their first word. */
  byFirst: ReadonlyMap<string, ReadonlyArray<readonly string[]>>;
}

export function compileWordList(entries: readonly string[]): WordList {
  const byFirst = new Map<string, string[][]>();
  for (const entry of entries) {
    const words = wordsOf(entry);
    if (words.length === 0) continue;
    const list = byFirst.get(words[0]!) ?? [];
    if (!list.some((w) => w.join(' ') === words.join(' '))) list.push(words);
    byFirst.set(words[0]!, list);
  }
  return { byFirst };
}

/** The listed words and phrases found in the text; each counts once, however often it appears. */
export function wordSignal(texts: readonly FreeText[], list: WordList, weight: number): SpamReason | null {
  if (list.byFirst.size === 0) return null;
  const found = new Set<string>();
  for (const { words } of texts) {
    words.forEach((word, i) => {
      for (const phrase of list.byFirst.get(word) ?? []) {
        if (phrase.every((w, j) => words[i + j] === w)) found.add(phrase.join(' '));
      }
    });
  }
  if (found.size === 0) return null;
  const listed = [...found].sort();
  return {
    code: 'words',
    weight: Math.min(found.size, MAX_COUNTED) * weight,
    detail: `words from the team's list: ${listed.slice(0, 5).join(', ')}${listed.length > 5 ? ` and ${listed.length - 5} more` : ''}`,
  };
}

/** The scripts a site's language is written in (its code's first part); Latin for every language not listed. */
const SCRIPTS_OF: Record<string, readonly string[]> = {
  ru: ['Cyrillic'],
  uk: ['Cyrillic'],
  bg: ['Cyrillic'],
  sr: ['Cyrillic', 'Latin'],
  be: ['Cyrillic'],
  mk: ['Cyrillic'],
  el: ['Greek'],
  zh: ['Han'],
  ja: ['Han', 'Hiragana', 'Katakana'],
  ko: ['Hangul', 'Han'],
  ar: ['Arabic'],
  fa: ['Arabic'],
  he: ['Hebrew'],
  hi: ['Devanagari'],
  th: ['Thai'],
};
/** The scripts a message is told to be "in", when it is mostly not in the site's. */
const NAMED_SCRIPTS = ['Latin', 'Cyrillic', 'Greek', 'Han', 'Hiragana', 'Katakana', 'Hangul', 'Arabic', 'Hebrew', 'Devanagari', 'Thai'];
const SCRIPT_PATTERNS = new Map(NAMED_SCRIPTS.map((s) => [s, new RegExp(`\\p{Script=${s}}`, 'u')]));
/** Fewer letters than this say nothing about a language: a name, a word. */
export const MIN_LETTERS = 20;
/** A message is "in another script" when more than this share of its letters are. */
export const FOREIGN_SHARE = 0.5;

/** Any letter. */
const LETTER = /\p{L}/gu;
/** What is not a letter, in runs: removed, it leaves a text's letters as one string. */
const NOT_LETTERS = /\P{L}+/gu;
/** Per list of scripts, the runs of characters in none of them: removed from the letters, it leaves those in them. */
const notInScriptsPatterns = new Map<string, RegExp>();
function notInScripts(own: readonly string[]): RegExp {
  const key = own.join(',');
  let pattern = notInScriptsPatterns.get(key);
  if (!pattern) notInScriptsPatterns.set(key, (pattern = new RegExp(`[^${own.map((s) => `\\p{Script=${s}}`).join('')}]+`, 'gu')));
  return pattern;
}
/** The characters of a string (a letter outside the Basic Multilingual Plane is two UTF-16 units, one character). */
function characters(text: string): number {
  let n = text.length;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit >= 0xdc00 && unit <= 0xdfff) n--;
  }
  return n;
}

export function scriptSignal(texts: readonly FreeText[], language: string, weight: number): SpamReason | null {
  const own = SCRIPTS_OF[language.toLowerCase().split('-')[0]!] ?? ['Latin'];
  const notOwn = notInScripts(own);
  let letters = 0;
  let foreign = 0;
  // Counted by removing runs of what is not counted, not by a match per letter: a message's
  // letters are hundreds of matches, its runs of other characters a few dozen.
  for (const { text } of texts) {
    const all = text.replace(NOT_LETTERS, '');
    const count = characters(all);
    letters += count;
    foreign += count - characters(all.replace(notOwn, ''));
  }
  if (letters < MIN_LETTERS || foreign / letters <= FOREIGN_SHARE) return null;
  // Only a message that fires is read letter by letter, to name the script most of it is in.
  const counts = new Map<string, number>();
  for (const { text } of texts) {
    for (const ch of text.match(LETTER) ?? []) {
      if (own.some((s) => SCRIPT_PATTERNS.get(s)!.test(ch))) continue;
      const script = NAMED_SCRIPTS.find((s) => SCRIPT_PATTERNS.get(s)!.test(ch)) ?? 'another script';
      counts.set(script, (counts.get(script) ?? 0) + 1);
    }
  }
  const [main] = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]!;
  return {
    code: 'script',
    weight,
    detail: `${Math.round((foreign / letters) * 100)}% of the letters are ${main}, not the site's language (${language})`,
  };
}

const VOWELS = /[aeiouy]/;
/** Six consonants in a row are not in English words ("strengths" and "twelfths" have five); random strings have them. */
const CONSONANT_RUN = /[bcdfghj-np-tvwxz]{6}/;
/** Words this short are left alone: abbreviations and codes. */
const MIN_WORD = 5;

/** Whether a (Latin, lower-case) word reads as keyboard noise: no vowel, or six consonants in a row. */
export function looksRandom(word: string): boolean {
  return word.length >= MIN_WORD && /^[a-z]+$/.test(word) && (!VOWELS.test(word) || CONSONANT_RUN.test(word));
}

/**
 * Text typed by a script rather than a person: three words of keyboard noise, or two that are a
 * third of the longer words or more (one alone is a name from a language with other spellings). Only Latin letters are judged; web addresses are left out, since their paths are codes.
 */
export function randomTextSignal(texts: readonly FreeText[], weight: number): SpamReason | null {
  let long = 0;
  let noisy = 0;
  for (const { text, words, addresses } of texts) {
    let plain = text;
    for (const address of addresses) plain = plain.replace(address, ' ');
    for (const word of addresses.length ? wordsOf(plain) : words) {
      if (word.length < MIN_WORD || !/^[a-z]+$/.test(word)) continue;
      long++;
      if (looksRandom(word)) noisy++;
    }
  }
  if (noisy < 3 && (noisy < 2 || noisy / long < 1 / 3)) return null;
  return { code: 'random-text', weight, detail: `${noisy} of ${long} longer words read as random letters` };
}
