// The http(s) addresses in a visitor's text, for the inbox's links and the saved replies' lines alike.
import { parseUrl } from '../parse-url';

const URL_IN_TEXT = /\bhttps?:\/\/[^\s<>"'`]+/gi;
// A sentence's full stop or closing bracket after an address belongs to the sentence.
const TRAILING = new Set('.,;:!?)]}');
const OPENING: Record<string, string> = { ')': '(', ']': '[', '}': '{' };

const count = (text: string, char: string) => text.split(char).length - 1;

/**
 * The address without the sentence's punctuation after it. A closing bracket stays when the address
 * opens one of its own (`https://en.wikipedia.org/wiki/Fair_use_(U.S._law)`).
 */
export function withoutTrailing(text: string): string {
  let end = text.length;
  while (end > 0 && TRAILING.has(text[end - 1]!)) {
    const last = text[end - 1]!;
    const opening = OPENING[last];
    if (opening && count(text.slice(0, end), opening) >= count(text.slice(0, end), last)) break;
    end--;
  }
  return text.slice(0, end);
}

export interface WebAddress {
  /** The address as the visitor wrote it, without the sentence's punctuation after it. */
  address: string;
  /** Where it starts in the text. */
  index: number;
  url: URL;
}

/** Each address in `text` that the URL parser accepts, in order, parsed once. */
export function* webAddressesIn(text: string): Generator<WebAddress> {
  for (const match of text.matchAll(URL_IN_TEXT)) {
    const address = withoutTrailing(match[0]);
    const url = parseUrl(address);
    if (url) yield { address, index: match.index, url };
  }
}
