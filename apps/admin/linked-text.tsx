// A visitor's text with each web address as a link that opens safely: in a new tab, with no opener
// and no referrer, its host first in plain text so a look-alike host (punycode included) is seen.
import type { ReactNode } from 'react';
import { webAddressesIn } from '../../engine/forms/web-addresses';

export function LinkedText({ text }: { text: string }) {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const { address, index: start, url } of webAddressesIn(text)) {
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
