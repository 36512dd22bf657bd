import { escapeInvisible } from '../leads/display-safe';

/** Line breaks and tabs become spaces, so the value can sit in a header or a subject; invisible characters are shown; then shortened. */
export function oneLine(text: string, max: number): string {
  const flat = escapeInvisible(text.replace(/[\r\n\t]+/g, ' ').trim(), false);
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** Multi-line text with CRLF and lone CR as LF, and every invisible character shown as \uXXXX. */
export function visibleLines(text: string): string {
  return escapeInvisible(text.replace(/\r\n?/g, '\n'));
}
