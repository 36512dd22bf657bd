import type { ConsentNotice as Consent } from '../generated/content';

/** `{name}` in a consent text: where the link of that name goes. */
export const CONSENT_LINK = /\{([a-z][a-z0-9-]*)\}/g;

/** The text split into plain words and the links it names, in order. */
export function consentParts(consent: Consent): Array<string | { label: string; href: string }> {
  const parts: Array<string | { label: string; href: string }> = [];
  let last = 0;
  for (const match of consent.text.matchAll(CONSENT_LINK)) {
    const link = consent.links[match[1]];
    if (!link) continue;
    parts.push(consent.text.slice(last, match.index), { label: link.label, href: link.href });
    last = match.index + match[0].length;
  }
  parts.push(consent.text.slice(last));
  return parts.filter((p) => p !== '');
}
