/** The web addresses a visitor sent in a lead's fields: each a link the team can open, and a line in a saved reply. */

/** Most addresses taken from one lead; a field pasted full of links still makes a readable reply. */
export const MAX_LINKS = 50;

const URL_IN_TEXT = /\bhttps?:\/\/[^\s<>"'`]+/gi;
// A sentence's full stop or closing bracket after an address belongs to the sentence.
const TRAILING = new Set('.,;:!?)]}');

function withoutTrailing(text: string): string {
  let end = text.length;
  while (end > 0 && TRAILING.has(text[end - 1]!)) end--;
  return text.slice(0, end);
}

/** Every distinct http(s) address in the lead's text answers, in field order; only ones the URL parser accepts. */
export function visitorLinks(payload: Record<string, unknown>): string[] {
  const found = new Set<string>();
  const texts = Object.values(payload).flatMap((v) =>
    typeof v === 'string' ? [v] : Array.isArray(v) ? v.filter((x) => typeof x === 'string') : [],
  );
  for (const text of texts)
    for (const [match] of text.matchAll(URL_IN_TEXT)) {
      const candidate = withoutTrailing(match);
      if (!URL.canParse(candidate)) continue;
      found.add(new URL(candidate).href);
      if (found.size >= MAX_LINKS) return [...found];
    }
  return [...found];
}
