/** Longest query searched, in characters; the rest is dropped and the page says so. */
export const MAX_QUERY_LENGTH = 200;
/** Most words searched from one query; prefix and typo matching cost grows with each. */
export const MAX_TERMS = 8;
/** Longest word searched; longer ones are cut (no word of the site is this long). */
export const MAX_TERM_LENGTH = 30;

/** What the results page tells the visitor about how their query was read. */
export type QueryNote = 'cut-length' | 'cut-terms' | 'only-common-words';

/** A word: what lies between spaces, punctuation and symbols. The index and the snippets split text alike. */
// Matched only from a word's first letter, so each letter is read once.
export const WORD = /(?<![^\n\r\p{Z}\p{P}\p{S}])[^\n\r\p{Z}\p{P}\p{S}]+/gu;

/** The words of a text, for the index (MiniSearch's `tokenize`). */
export function wordsOfText(text: string): string[] {
  return text.match(WORD) ?? [];
}

// Words too common to tell pages apart: a query of only these says so instead of listing everything.
const COMMON_WORDS = new Set(
  (
    'a an and are as at be but by can do does for from has have how i if in into is it its me my no not of on or our so ' +
    'than that the their them then there these they this to was we were what when where which who why will with you your'
  ).split(' '),
);

/** A word as the index holds it: lower case, accents kept; null for a common word or a single character. */
export function normaliseTerm(word: string): string | null {
  const term = word.toLowerCase();
  // A single letter or digit tells no page apart, and as a prefix it would match most words.
  return term.length < 2 || COMMON_WORDS.has(term) ? null : term;
}

/**
 * The words a query searches for, bounded whatever was sent: at most MAX_QUERY_LENGTH characters
 * are read, common words are dropped, at most MAX_TERMS distinct words of at most MAX_TERM_LENGTH
 * characters are kept. Regex or markup characters are punctuation here and never reach a pattern.
 */
export function queryTerms(raw: string): { query: string; terms: string[]; notes: QueryNote[] } {
  const notes: QueryNote[] = [];
  // Only the start of a long query is ever looked at character by character.
  const chars = Array.from(
    raw
      .trim()
      .replace(/\s+/g, ' ')
      .slice(0, MAX_QUERY_LENGTH * 2),
  );
  let query = chars.slice(0, MAX_QUERY_LENGTH).join('').trim();
  if (chars.length > MAX_QUERY_LENGTH) {
    notes.push('cut-length');
    // A word cut in two is dropped rather than searched as half a word.
    if (chars[MAX_QUERY_LENGTH] !== ' ') query = query.replace(/\s\S+$/, '');
  }
  const words = query.match(WORD) ?? [];
  const terms: string[] = [];
  for (const word of words) {
    const term = normaliseTerm(Array.from(word).slice(0, MAX_TERM_LENGTH).join(''));
    if (term === null || terms.includes(term)) continue;
    if (terms.length === MAX_TERMS) {
      notes.push('cut-terms');
      break;
    }
    terms.push(term);
  }
  if (terms.length === 0 && words.length > 0) notes.push('only-common-words');
  return { query, terms, notes };
}
