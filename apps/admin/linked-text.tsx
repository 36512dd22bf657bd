// A visitor's text with each web address as a link that opens safely: in a new tab, with no opener
// and no referrer, its host first in plain text so a look-alike host (punycode included) is seen.
import type { ReactNode } from 'react';

const URL_IN_TEXT = /\bhttps?:\/\/[^\s<>"'`]+/gi;
const TRAILING = new Set('.,;:!?)]}');

/** The address without a sentence's punctuation after it. */
function withoutTrailing(text: string): string {
  let end = text.length;
  while (end > 0 && TRAILING.has(text[end - 1]!)) end--;
  return text.slice(0, end);
}

export function LinkedText({ text }: { text: string }) {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_IN_TEXT)) {
    const address = withoutTrailing(match[0]);
    if (!URL.canParse(address)) continue;
    const url = new URL(address);
    const start = match.index;
    parts.push(text.slice(last, start));
    parts.push(
      <span key={start} className="admin-link">
        <span className="admin-link__host">{url.host}</span>{' '}
        <a href={url.href} target="_blank" rel="noopener noreferrer" referrerPolicy="no-referrer">
          {address}
        </a>
      </span>,
    );
    last = start + address.length;
  }
  parts.push(text.slice(last));
  return <>{parts}</>;
}
