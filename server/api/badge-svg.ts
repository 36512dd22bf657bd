import type { Badges } from '../../engine/content/model';
import { escapeMarkup } from '../../engine/render/escape-markup';
import { badgeLabel, resolveBadge } from '../../engine/badges/resolve';

/*
 * The embeddable badge, drawn by hand as a string: it is rendered for every combination when the
 * server starts and must stay cheap and dependency-free. Layout is designed on a 120×60 canvas and
 * scaled to the chosen size, so every size looks the same, only larger.
 *
 *   ┌────────────────────────────┐
 *   │  ╭──╮   DMCA Protected     │   bold headline
 *   │  │✓ │   Standard Protection│   the badge type's name
 *   │  ╰──╯                      │
 *   └────────────────────────────┘
 */

const BASE_WIDTH = 120;
const BASE_HEIGHT = 60;
const FONT_FAMILY = 'Arial,Helvetica,sans-serif';

// Shield and check mark on a 20×24 grid; placed with a transform so the paths stay constant.
const SHIELD_WIDTH = 20;
const SHIELD_HEIGHT = 24;
const SHIELD_PATH = 'M10 0L20 3.6V10.8C20 17.3 15.7 21.9 10 24C4.3 21.9 0 17.3 0 10.8V3.6Z';
const CHECK_PATH = 'M5.6 12.2L8.8 15.4L14.6 8.8';

/** Two decimals at most: keeps the SVG short without visible rounding. */
function n(value: number): string {
  return String(Math.round(value * 100) / 100);
}

// Approximate Arial advance widths in em, enough to tell whether a line fits.
function charWidth(ch: string): number {
  if (ch === ' ') return 0.28;
  if ("ijlI.,:;!|'".includes(ch)) return 0.24;
  if ('ftr()-'.includes(ch)) return 0.33;
  if ('mMW'.includes(ch)) return 0.85;
  if ('w'.includes(ch)) return 0.72;
  if (ch >= 'A' && ch <= 'Z') return 0.69;
  if ((ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9')) return 0.56;
  // CJK and other full-width scripts take about a full em; anything else, an average glyph.
  return ch.codePointAt(0)! >= 0x2e80 ? 1 : 0.6;
}

function estimateWidth(text: string, fontSize: number, bold: boolean): number {
  let em = 0;
  for (const ch of text) em += charWidth(ch);
  return em * fontSize * (bold ? 1.08 : 1);
}

/**
 * One line of text that never spills out of the badge: when the estimate comes near the space
 * available, textLength pins it to at most that width, whatever font the viewer's system uses.
 */
function textLine(text: string, x: number, y: number, fontSize: number, maxWidth: number, bold: boolean, extra = ''): string {
  const estimate = estimateWidth(text, fontSize, bold);
  const fit = estimate > maxWidth * 0.9 ? ` textLength="${n(Math.min(estimate, maxWidth))}" lengthAdjust="spacingAndGlyphs"` : '';
  const weight = bold ? ' font-weight="700"' : '';
  return `<text x="${n(x)}" y="${n(y)}" font-size="${n(fontSize)}"${weight}${fit}${extra}>${escapeMarkup(text)}</text>`;
}

/**
 * The badge image for one type, size and colour, exactly the size's width × height.
 * Returns null when any id is unknown; the caller decides how to report it.
 */
export function renderBadgeSvg(badges: Badges, typeId: string, sizeId: string, colorId: string): string | null {
  const found = resolveBadge(badges, { type: typeId, size: sizeId, color: colorId });
  if (!found.ok) return null;
  const { width, height } = found.size;
  const hex = found.color.hex;
  const label = escapeMarkup(badgeLabel(found.type));
  // Uniform scale that fits the design into the size; sizes that are not 2:1 get it centred.
  const s = Math.min(width / BASE_WIDTH, height / BASE_HEIGHT);
  const midY = height / 2;

  const shieldX = (width - BASE_WIDTH * s) / 2 + 8 * s;
  const shieldY = midY - (SHIELD_HEIGHT * s) / 2;
  const textX = shieldX + (SHIELD_WIDTH + 7) * s;
  const textWidth = width - textX - 6 * s - (width - BASE_WIDTH * s) / 2;
  const inset = Math.max(1, s);

  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img">` +
    `<title>${label}</title>` +
    `<rect width="${width}" height="${height}" rx="${n(6 * s)}" fill="${hex}"/>` +
    // A faint inner edge keeps the badge crisp on backgrounds close to its own colour.
    `<rect x="${n(inset / 2)}" y="${n(inset / 2)}" width="${n(width - inset)}" height="${n(height - inset)}" rx="${n(6 * s - inset / 2)}" fill="none" stroke="#fff" stroke-opacity=".3" stroke-width="${n(inset)}"/>` +
    `<g transform="translate(${n(shieldX)} ${n(shieldY)}) scale(${n(s)})">` +
    `<path d="${SHIELD_PATH}" fill="#fff"/>` +
    `<path d="${CHECK_PATH}" fill="none" stroke="${hex}" stroke-width="2.2" stroke-linecap="round" stroke-linejoin="round"/>` +
    `</g>` +
    `<g fill="#fff" font-family="${FONT_FAMILY}">` +
    textLine('DMCA Protected', textX, midY - 2.5 * s, 9.5 * s, textWidth, true) +
    textLine(found.type.name, textX, midY + 8.5 * s, 7 * s, textWidth, false, ' fill-opacity=".92"') +
    `</g>` +
    `</svg>`
  );
}
