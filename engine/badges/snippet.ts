import type { Badges } from '../content/model';
import { escapeMarkup } from '../render/escape-markup';
import { badgeImagePath, badgeLabel, resolveBadge, type BadgeChoice } from './resolve';
import { trimTrailing } from '../trim';

export interface BadgeSnippet {
  /** The HTML a site owner pastes into their page. */
  snippet: string;
  /** Absolute address of the badge image; the badges page previews it. */
  imageUrl: string;
}

/**
 * The install snippet of spec 001 §7: a centred wrapper, a link to our protection page opening in a
 * new tab, and the badge image with alt text and the size's width and height (so the host page does
 * not jump when it loads). Pure: the badges page and the server build the same string.
 *
 * Throws on an unknown id: choices come from the same badges data, so that is a programming error.
 */
export function badgeSnippet(badges: Badges, choice: BadgeChoice, siteUrl: string): BadgeSnippet {
  const found = resolveBadge(badges, choice);
  if (!found.ok) throw new Error(found.message);
  // The snippet lives on other people's sites, so every address in it is absolute.
  const base = trimTrailing(siteUrl, '/');
  const imageUrl = `${base}${badgeImagePath(choice)}`;
  const href = `${base}${badges.linkPath}`;
  const a = escapeMarkup;
  // rel="noopener": our page, opened in a new tab, gets no window.opener handle on the site owner's page.
  // Link and image share a line: whitespace inside the link would show as an underlined gap.
  const snippet =
    `<div style="text-align:center">\n` +
    `  <a href="${a(href)}" target="_blank" rel="noopener">` +
    `<img src="${a(imageUrl)}" alt="${a(badgeLabel(found.type))}" width="${found.size.width}" height="${found.size.height}">` +
    `</a>\n` +
    `</div>`;
  return { snippet, imageUrl };
}
