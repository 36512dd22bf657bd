import { normaliseTerm, WORD } from './query-terms';

/** A piece of a result's text: a matched word (shown marked) or the text around it. Always text, never markup. */
export interface TextPart {
  text: string;
  hit?: true;
}

/** Words shown in a snippet. */
export const SNIPPET_WORDS = 32;
/** Words shown before the first match, so it is read in its sentence. */
const LEAD_WORDS = 6;
/** Places tried as the start of a snippet: enough for any real text, bounded for a long one. */
const MAX_STARTS = 50;
/** Words read looking for a first match before the opening words are shown instead. */
const MAX_WORDS_READ = 2000;

const MORE_WORDS = /[^\n\r\p{Z}\p{P}\p{S}]/u;

interface Word {
  start: number;
  end: number;
  term: string | null;
  hit: boolean;
}

function wordsIn(text: string, matched: ReadonlySet<string>): Word[] {
  return [...text.matchAll(WORD)].map((m) => {
    const term = normaliseTerm(m[0]);
    return { start: m.index, end: m.index + m[0].length, term, hit: term !== null && matched.has(term) };
  });
}

/** The text from `from` to `to` as parts, each matched word its own part. */
function partsOf(text: string, from: number, to: number, words: readonly Word[]): TextPart[] {
  const parts: TextPart[] = [];
  let at = from;
  const plain = (end: number) => {
    if (end > at) parts.push({ text: text.slice(at, end).replace(/\s+/g, ' ') });
  };
  for (const w of words) {
    if (!w.hit || w.start < from || w.end > to) continue;
    plain(w.start);
    parts.push({ text: text.slice(w.start, w.end), hit: true });
    at = w.end;
  }
  plain(to);
  return parts;
}

/** The whole text with the words the search matched (`matched`: terms as the index holds them) marked. */
export function highlight(text: string, matched: ReadonlySet<string>): TextPart[] {
  return partsOf(text, 0, text.length, wordsIn(text, matched));
}

/**
 * About SNIPPET_WORDS words of the text around the place with the most distinct matched words,
 * those marked, with … where the text goes on; the opening words when nothing in the text matched.
 * Reads the text only as far as it needs: up to the first window holding `wanted` distinct matched
 * words, or MAX_STARTS places tried, so a long page costs no more than a short one.
 */
export function snippet(text: string, matched: ReadonlySet<string>, wanted = matched.size, length = SNIPPET_WORDS): TextPart[] {
  const words: Word[] = [];
  const starts: number[] = [];
  let best = 0;
  let bestCount = 0;
  let weighed = 0;
  const weigh = (start: number) => {
    weighed++;
    const found = new Set(words.slice(start, start + length).flatMap((w) => (w.hit ? [w.term] : []))).size;
    if (found > bestCount) [best, bestCount] = [start, found];
  };
  for (const m of text.matchAll(WORD)) {
    const term = normaliseTerm(m[0]);
    const hit = term !== null && matched.has(term);
    words.push({ start: m.index, end: m.index + m[0].length, term, hit });
    if (hit && starts.length < MAX_STARTS) starts.push(Math.max(0, words.length - 1 - LEAD_WORDS));
    // A window is weighed once all its words are read.
    while (starts.length > 0 && starts[0]! + length <= words.length) weigh(starts.shift()!);
    if (bestCount >= wanted || weighed === MAX_STARTS || (weighed === 0 && starts.length === 0 && words.length >= MAX_WORDS_READ)) break;
  }
  for (const start of starts) weigh(start);
  if (words.length === 0) return [];
  const last = Math.min(words.length, best + length) - 1;
  // The snippet ends after the punctuation that closes its last word ("matches." not "matches").
  const end = words[last]!.end + /^\S*/.exec(text.slice(words[last]!.end, words[last]!.end + 10))![0].length;
  const parts = partsOf(text, words[best]!.start, end, words);
  if (best > 0) parts.unshift({ text: '… ' });
  if (MORE_WORDS.test(text.slice(end))) parts.push({ text: ' …' });
  return parts;
}
