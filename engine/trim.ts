/**
 * Text without the given character repeated at its end (`/about///` → `/about`). A loop rather
 * than a pattern like `/\/+$/`, which retries from every position of a long run and so takes time
 * that grows with the square of the run's length: a 16 KB path of slashes cost a fifth of a second.
 */
export function trimTrailing(text: string, char: string): string {
  let end = text.length;
  while (end > 0 && text[end - 1] === char) end -= 1;
  return text.slice(0, end);
}
