/**
 * `text` (against `base`, when given) as the WHATWG URL parser reads it, or null when it reads no
 * address: one parse, where `URL.canParse` and then `new URL` made two.
 *
 * Not `URL.canParse`: on Node 20 and 22, once V8 has optimised a call to it (a few thousand calls
 * into a process's life), it answers false for a host with a Latin-1 letter, such as
 * `https://bücher.example/`, which `new URL` reads. Nor `URL.parse`, which Chrome before 126 and
 * Safari before 18 lack.
 */
export function parseUrl(text: string, base?: string): URL | null {
  try {
    return new URL(text, base);
  } catch {
    return null;
  }
}
