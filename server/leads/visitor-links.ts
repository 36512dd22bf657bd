/** The web addresses a visitor sent in a lead's fields: each a link the team can open, and a line in a saved reply. */
import { webAddressesIn } from '../../engine/forms/web-addresses';

/** Most addresses taken from one lead; a field pasted full of links still makes a readable reply. */
export const MAX_LINKS = 50;

/** Every distinct http(s) address in the lead's text answers, in field order; only ones the URL parser accepts. */
export function visitorLinks(payload: Record<string, unknown>): string[] {
  const found = new Set<string>();
  const texts = Object.values(payload).flatMap((v) =>
    typeof v === 'string' ? [v] : Array.isArray(v) ? v.filter((x) => typeof x === 'string') : [],
  );
  for (const text of texts)
    for (const { url } of webAddressesIn(text)) {
      found.add(url.href);
      if (found.size >= MAX_LINKS) return [...found];
    }
  return [...found];
}
