import type { BadgeColour, BadgeSize, BadgeType } from '../generated/content';
import type { Badges } from '../content/model';

/** Where badge images are served; the snippet, the server route and the badges page share it. */
export const BADGE_API_PATH = '/api/badge';

export interface BadgeChoice {
  type: string;
  size: string;
  color: string;
}

export interface ResolvedBadge {
  ok: true;
  type: BadgeType;
  size: BadgeSize;
  color: BadgeColour;
}

export interface UnknownBadgePart {
  ok: false;
  /** The part named in messages; British spelling, as in the rest of the site's copy. */
  part: 'type' | 'size' | 'colour';
  value: string;
  allowed: string[];
  /** e.g. `Unknown badge colour "pink". Choose one of: blue, green, purple, red, gray.` */
  message: string;
}

/** How a value someone asked for appears in a message; the server passes its bounded, escaped echo. */
export type ShowValue = (value: string) => string;

function unknown(part: UnknownBadgePart['part'], value: string, entries: readonly { id: string }[], show: ShowValue): UnknownBadgePart {
  const allowed = entries.map((e) => e.id);
  return { ok: false, part, value, allowed, message: `Unknown badge ${part} "${show(value)}". Choose one of: ${allowed.join(', ')}.` };
}

/**
 * Looks up the three ids of a badge. Checks in URL order (type, size, colour) and reports the
 * first unknown one, so a visitor fixing a typo gets one clear instruction at a time.
 */
export function resolveBadge(
  badges: Badges,
  { type, size, color }: BadgeChoice,
  show: ShowValue = (value) => value,
): ResolvedBadge | UnknownBadgePart {
  const t = badges.types.find((e) => e.id === type);
  if (!t) return unknown('type', type, badges.types, show);
  const s = badges.sizes.find((e) => e.id === size);
  if (!s) return unknown('size', size, badges.sizes, show);
  const c = badges.colors.find((e) => e.id === color);
  if (!c) return unknown('colour', color, badges.colors, show);
  return { ok: true, type: t, size: s, color: c };
}

/** The image path of a badge, below the site's address. */
export function badgeImagePath({ type, size, color }: BadgeChoice): string {
  return `${BADGE_API_PATH}/${encodeURIComponent(type)}/${encodeURIComponent(size)}/${encodeURIComponent(color)}`;
}

/** What follows a badge's name in its accessible name (spec 001 §7: '{badge name} - DMCA Protected'). */
export const BADGE_LABEL_SUFFIX = ' - DMCA Protected';

/** The accessible name of a badge; also its alt text and SVG title. */
export function badgeLabel(type: BadgeType): string {
  return `${type.name}${BADGE_LABEL_SUFFIX}`;
}
