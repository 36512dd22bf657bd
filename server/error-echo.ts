import { escapeInvisible, escapeUnits } from './leads/display-safe';

/** Longest piece of client text an error message repeats, so no answer grows with what was sent. */
export const ECHO_LENGTH = 100;

// Characters that could end the quotes around the text, start markup or be read as one of our escapes.
const MARKUP_OR_QUOTE = /["&'<>\\]/g;

/**
 * Client-supplied text (a path, a badge id, a method) as an error message may show it: at most
 * ECHO_LENGTH characters, then `…`; control, invisible and direction characters (CR, LF, NUL,
 * U+202E) and the characters `" & ' < > \` written as `\uXXXX`, so what is shown is exactly what
 * was sent, cannot reorder or hide the rest of the message, and starts no markup. Every error
 * answer that names something the client sent goes through here.
 */
export function echo(text: string, max = ECHO_LENGTH): string {
  let cut = text.length > max ? text.slice(0, max) : text;
  // Never half a surrogate pair: the cut falls before a character, not inside it.
  if (cut.length < text.length && /[\uD800-\uDBFF]$/.test(cut)) cut = cut.slice(0, -1);
  // Markup first: the escapes escapeInvisible writes hold a backslash that must stay as it is.
  const shown = escapeInvisible(cut.replace(MARKUP_OR_QUOTE, escapeUnits), false);
  return cut.length < text.length ? `${shown}…` : shown;
}
