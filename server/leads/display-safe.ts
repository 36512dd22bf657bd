/**
 * Making lead text safe to show: in the CSV and JSON exports, and later in notification e-mails and
 * an inbox. Leads are typed by strangers, so what they sent is shown as it is, never interpreted:
 *
 * - Characters that change how text looks or behaves without being seen (C0 and C1 controls, DEL,
 *   bidirectional overrides such as U+202E, zero-width and other format characters, line and
 *   paragraph separators, lone surrogates) are written out visibly as `\uXXXX`. Line breaks (CR, LF)
 *   stay: a message may span lines.
 * - A spreadsheet runs a cell starting with = + - or @ as a formula. Anything that could become
 *   such a cell, at its start or after a separator a spreadsheet may split it on (comma, semicolon,
 *   tab, line break), is neutralised: an apostrophe goes before the trigger, and before the whole
 *   text, so no piece of it starts a formula however the file is split.
 * - Links are shown as links only when they are http: or https: addresses.
 */

import { parseUrl } from '../../engine/parse-url';

// Cc: C0 controls, DEL and C1 controls. Cf: format characters (bidi controls and isolates, zero-width
// space/joiners, word joiner, BOM, soft hyphen, invisible operators, tags). Zl/Zp: U+2028, U+2029.
// Cs: a surrogate without its pair. Hangul fillers are blank letters often used to fake a blank name.
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}\u115F\u1160\u3164\uFFA0]/gu;
const LINE_BREAK = /^[\r\n]$/;

/** `\uXXXX` for each UTF-16 unit of the character (a pair for one outside the BMP), as JSON writes it. */
export function escapeUnits(char: string): string {
  let out = '';
  for (let i = 0; i < char.length; i++) out += `\\u${char.charCodeAt(i).toString(16).toUpperCase().padStart(4, '0')}`;
  return out;
}

/** True when the text holds a character that is invisible or controls the display. */
export function hasInvisible(text: string, keepLineBreaks = true): boolean {
  for (const match of text.matchAll(INVISIBLE)) if (!(keepLineBreaks && LINE_BREAK.test(match[0]))) return true;
  return false;
}

/** Writes invisible and control characters out as `\uXXXX`; CR and LF stay unless `keepLineBreaks` is false. */
export function escapeInvisible(text: string, keepLineBreaks = true): string {
  return text.replace(INVISIBLE, (char) => (keepLineBreaks && LINE_BREAK.test(char) ? char : escapeUnits(char)));
}

// A formula trigger at the start, or after a separator, optionally after spaces or quotes (which a
// spreadsheet may skip or take as a quoted cell's start). Fullwidth = + - @ count too. Tab and CR
// at the very start are triggers of their own in some spreadsheets.
const FORMULA_TRIGGER = /(^|[,;\t\r\n])([ \u00A0"]*)([=+\-@\uFF1D\uFF0B\uFF0D\uFF20])/g;
const STARTS_WITH_CONTROL = /^[\t\r]/;

/** True when some piece of the text, split on , ; tab or a line break, could start a spreadsheet formula. */
export function couldStartFormula(text: string): boolean {
  FORMULA_TRIGGER.lastIndex = 0;
  return FORMULA_TRIGGER.test(text) || STARTS_WITH_CONTROL.test(text);
}

/**
 * The text with an apostrophe before every formula trigger that could start a cell, and before the
 * whole text; unchanged when there is none. A spreadsheet shows the apostrophe-led text as it is.
 */
export function neutraliseFormulas(text: string): string {
  if (!couldStartFormula(text)) return text;
  const inner = text.replace(FORMULA_TRIGGER, (_m, separator: string, spaces: string, trigger: string) =>
    // The trigger at the very start is covered by the leading apostrophe below.
    separator === '' && spaces === '' ? trigger : `${separator}${spaces}'${trigger}`,
  );
  return `'${inner}`;
}

/**
 * Lead text as a person should see it in an e-mail or an inbox: invisible characters shown as
 * `\uXXXX`, line breaks kept. Escaping for HTML is the renderer's job on top of this.
 */
export function displaySafe(text: string): string {
  return escapeInvisible(text);
}

/** One spreadsheet cell's text: invisible characters shown, formulas neutralised. */
export function spreadsheetSafe(text: string): string {
  const visible = escapeInvisible(text);
  // A tab is escaped away, so no split happens there any more; the whole text is still marked.
  if (couldStartFormula(text) && !couldStartFormula(visible)) return `'${visible}`;
  return neutraliseFormulas(visible);
}

/**
 * JSON text with every invisible character inside its strings written as JSON's own `\uXXXX`
 * escape; parsing it gives back exactly the same values. (JSON.stringify already escapes C0
 * controls and lone surrogates, but not DEL, C1 controls, bidi or zero-width characters.)
 */
export function jsonSafe(json: string): string {
  // Outside strings JSON text is ASCII punctuation, digits, letters and whitespace, none of them matched.
  return json.replace(INVISIBLE, (char) => (char === '\n' || char === '\r' ? char : escapeUnits(char)));
}

/** The address when it is an http: or https: link, else null: anything else is shown as text, never as a link. */
export function safeLinkTarget(value: string): string | null {
  const url = parseUrl(value.trim());
  return url && (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '' ? url.href : null;
}
