// The filter the team trains with its "Spam" and "Not spam" marks: a naive Bayes over the words
// and word pairs of what visitors typed, combined as SpamAssassin's Bayes does (Robinson's
// per-token probabilities, Fisher's chi-square combining). The counts live in the lead store, so
// every process shares them; nothing is sent anywhere. docs/developers/decisions.md explains the
// choices ("The filter that learns from the team's marks").

import { hash } from 'node:crypto';

/** What a mark trains a lead as: spam, or not spam (ham). */
export type TrainedAs = 'spam' | 'ham';

/** How many spam and not-spam messages contained a token; for the totals key, how many marks of each. */
export interface TokenCounts {
  spam: number;
  ham: number;
}

/** At most this many distinct tokens of a lead are trained or looked up: scoring stays one bounded query. */
export const MAX_TOKENS = 1000;
/** Words longer than this are cut: random strings and long links are told apart by their start. */
export const MAX_WORD = 40;
/** The stored key of the totals row: how many spam and not-spam marks the counts come from. No token hashes to it. */
export const TOTALS_KEY = '';
/**
 * The stored key whose `spam` count goes up by one with every training, in the training's own
 * transaction: counts a process read stay good while it is unchanged (keptCounts). No token hashes
 * to it either (keys are base64url).
 */
export const GENERATION_KEY = '#';

/** Letters and digits, apostrophes inside: a word in every script written with spaces. */
const WORD = /[\p{L}\p{M}\p{N}]+(?:['’][\p{L}\p{M}\p{N}]+)*/gu;
/** Scripts written without spaces between words: their runs are split by Unicode's word segmentation (its dictionaries). */
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;
/** A single character of these is a word of its own. */
const IDEOGRAPHIC = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const segmenter = new Intl.Segmenter('und', { granularity: 'word' });

/**
 * The words of a text: runs of letters and digits (apostrophes inside), lower-cased after
 * compatibility folding (full-width letters read as plain ones); a run in a script written without
 * spaces (Chinese, Japanese, Thai…) is split into words by Intl.Segmenter. Single characters are
 * left out unless they are a word in their own script (a Han character is).
 */
export function classifierWords(text: string): string[] {
  const words: string[] = [];
  const keep = (word: string) => {
    const cut = word.length > MAX_WORD ? [...word].slice(0, MAX_WORD).join('') : word;
    if (cut.length >= 2 || IDEOGRAPHIC.test(cut)) words.push(cut);
  };
  const folded = text.normalize('NFKC').toLowerCase();
  // Most texts have no letter of a script written without spaces: then no run is asked about one.
  const unspaced = UNSPACED.test(folded);
  // The runs as strings (one match of the whole text), not a match object per run.
  for (const run of folded.match(WORD) ?? []) {
    if (!unspaced || !UNSPACED.test(run)) keep(run);
    else for (const s of segmenter.segment(run)) if (s.isWordLike) keep(s.segment);
  }
  return words;
}

/**
 * A lead's tokens, each once: the words and neighbouring word pairs of every text the visitor sent
 * (every field but the e-mail address, lists and choices included: a bot picks its choices its own
 * way), and the address's domain as one token. Read from the payload alone, so a lead trained now
 * is untrained from the same tokens later, whatever happens to the form meanwhile.
 */
export function classifierTokens(payload: Record<string, unknown>): string[] {
  const tokens = new Set<string>();
  const add = (token: string) => {
    if (tokens.size < MAX_TOKENS) tokens.add(token);
  };
  const email = payload.email;
  if (typeof email === 'string' && email.includes('@'))
    add(
      `domain:${email
        .slice(email.lastIndexOf('@') + 1)
        .trim()
        .toLowerCase()}`,
    );
  const walk = (value: unknown): void => {
    if (typeof value === 'string') {
      const words = classifierWords(value);
      words.forEach((word, i) => {
        add(word);
        if (i > 0) add(`${words[i - 1]} ${word}`);
      });
    } else if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') Object.values(value).forEach(walk);
  };
  for (const [name, value] of Object.entries(payload)) if (name !== 'email') walk(value);
  return [...tokens];
}

/**
 * The key a token is counted under: 96 bits of its SHA-256. The store never holds what a visitor
 * typed in clear here, and an erased lead's words cannot be read back from the counts.
 */
export function tokenKey(token: string): string {
  return hash('sha256', token, 'base64url').slice(0, 16);
}

/** Robinson's strength of the background belief (s) and the belief itself (x): an unseen token says "don't know". */
const ROBINSON_S = 1;
const ROBINSON_X = 0.5;
/** Only tokens this far from 0.5 take part, and at most this many of the farthest. */
export const MIN_STRENGTH = 0.1;
export const MAX_INTERESTING = 30;

/** Robinson's f(w): how spam-like a token is, from how often it came in each kind, pulled toward x when rarely seen. */
export function tokenProbability(counts: TokenCounts, totals: TokenCounts): number | null {
  const n = counts.spam + counts.ham;
  if (n === 0 || totals.spam === 0 || totals.ham === 0) return null;
  const b = counts.spam / totals.spam;
  const g = counts.ham / totals.ham;
  const p = b / (b + g);
  return (ROBINSON_S * ROBINSON_X + n * p) / (ROBINSON_S + n);
}

/** The probability that a chi-square variable with `v` (even) degrees of freedom is at least x2. */
function chi2Q(x2: number, v: number): number {
  const m = x2 / 2;
  let term = Math.exp(-m);
  let sum = term;
  for (let i = 1; i < v / 2; i++) {
    term *= m / i;
    sum += term;
  }
  return Math.min(sum, 1);
}

/**
 * Fisher's combining of the most interesting tokens' probabilities, as SpamAssassin and SpamBayes
 * do: how unlikely the tokens are under "all ham" against under "all spam", as one number from 0
 * (surely not spam) to 1 (surely spam); null when no token says anything.
 */
export function spamProbability(probabilities: readonly number[]): { probability: number; tokens: number } | null {
  const clues = probabilities
    .filter((f) => Math.abs(f - 0.5) >= MIN_STRENGTH)
    .sort((a, b) => Math.abs(b - 0.5) - Math.abs(a - 0.5))
    .slice(0, MAX_INTERESTING);
  if (clues.length === 0) return null;
  // Sums of logarithms: a product of many small numbers would underflow to 0.
  let lnSpam = 0;
  let lnHam = 0;
  for (const f of clues) {
    const c = Math.min(Math.max(f, 1e-6), 1 - 1e-6);
    lnHam += Math.log(c);
    lnSpam += Math.log(1 - c);
  }
  const v = 2 * clues.length;
  const s = 1 - chi2Q(-2 * lnSpam, v);
  const h = 1 - chi2Q(-2 * lnHam, v);
  return { probability: (s - h + 1) / 2, tokens: clues.length };
}

/** The classifier's settings: when it starts to vote and with how many points. */
export interface ClassifierOptions {
  /** SPAM_CLASSIFIER_MIN_MARKS: until the store has seen this many marks of each kind, the filter only advises. */
  minMarks: number;
  /** SPAM_CLASSIFIER_WEIGHT: the points it adds when sure (at VOTE_FULL or above), scaled down to none at VOTE_NONE. */
  weight: number;
  /** The stored counts of these keys, and of TOTALS_KEY (keptCounts keeps what a process has read). */
  counts: CountsReader;
}

/** Reads the stored counts of some keys in one query; a key never counted is absent. */
export type CountsReader = (keys: readonly string[]) => Promise<Map<string, TokenCounts>>;

/**
 * The counts a process has read, kept while the store's generation stays the same: a submission
 * asks the store, in one query, for the generation and for the keys not kept yet only, so the
 * words every message shares are not looked up again and again. When the generation moved (a mark
 * trained since), everything kept is dropped and the submission's keys are read again, with the
 * generation, in one query: what is used always comes from one generation. The store stays the
 * only place the counts live; `limit` bounds what one process keeps.
 */
export function keptCounts(read: CountsReader, limit = 200_000): CountsReader {
  let generation: number | null = null;
  // null: read, and never counted.
  const kept = new Map<string, TokenCounts | null>();
  const generationOf = (found: Map<string, TokenCounts>) => found.get(GENERATION_KEY)?.spam ?? 0;
  return async (keys) => {
    // One look in what is kept per key (the kept map is large, and each look costs a memory fetch):
    // a kept key's counts are taken now, the others are asked for after the generation.
    const counts = new Map<string, TokenCounts>();
    let asked = [GENERATION_KEY];
    for (const k of keys) {
      const c = kept.get(k);
      if (c === undefined) asked.push(k);
      else if (c) counts.set(k, c);
    }
    let found = await read(asked);
    if (generationOf(found) !== generation) {
      kept.clear();
      counts.clear();
      if (asked.length <= keys.length) {
        asked = [GENERATION_KEY, ...keys];
        found = await read(asked);
      }
      generation = generationOf(found);
    }
    if (kept.size + asked.length - 1 > limit) kept.clear();
    for (let i = 1; i < asked.length; i++) {
      const k = asked[i]!;
      const c = found.get(k);
      kept.set(k, c ?? null);
      if (c) counts.set(k, c);
    }
    return counts;
  };
}

/** Below this probability the filter adds no points; at VOTE_FULL and above, its whole weight; linear between. */
export const VOTE_NONE = 0.5;
export const VOTE_FULL = 0.9;

/** The points a voting filter adds for a probability, to one decimal. */
export function votePoints(probability: number, weight: number): number {
  const share = Math.min(Math.max((probability - VOTE_NONE) / (VOTE_FULL - VOTE_NONE), 0), 1);
  return Math.round(share * weight * 10) / 10;
}

/** The filter's reason for a submission, or null when it has no marks of one kind yet or knows none of the tokens. */
export async function classifierSignal(
  payload: Record<string, unknown>,
  options: ClassifierOptions,
): Promise<{ code: 'classifier'; weight: number; detail: string } | null> {
  const keys = new Set<string>();
  for (const token of classifierTokens(payload)) keys.add(tokenKey(token));
  const counts = await options.counts([TOTALS_KEY, ...keys]);
  const totals = counts.get(TOTALS_KEY) ?? { spam: 0, ham: 0 };
  const probabilities: number[] = [];
  for (const key of keys) {
    const seen = counts.get(key);
    const f = seen ? tokenProbability(seen, totals) : null;
    if (f !== null) probabilities.push(f);
  }
  const result = spamProbability(probabilities);
  if (!result) return null;
  const percent = Math.round(result.probability * 100);
  const votes = totals.spam >= options.minMarks && totals.ham >= options.minMarks;
  const judged = `the filter the team trains rates it ${percent}% likely spam (from ${result.tokens} telling words)`;
  if (votes) return { code: 'classifier', weight: votePoints(result.probability, options.weight), detail: judged };
  return {
    code: 'classifier',
    weight: 0,
    detail: `${judged}; advisory only until it has seen ${options.minMarks} marks of each kind (${totals.spam} spam, ${totals.ham} not spam so far)`,
  };
}
