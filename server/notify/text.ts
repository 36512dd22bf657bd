/**
 * Lead text made inert for people: what a visitor typed is shown as text, and characters that
 * could reorder, hide or inject (bidi controls, zero-width characters, C0 and C1 controls) are
 * shown as visible \uXXXX escapes instead of acting.
 */
const INVISIBLE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u061C\u200B-\u200F\u2028-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/g;

export function visibleControls(text: string): string {
  return text.replace(INVISIBLE, (c) => `\\u${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`);
}

/** Line breaks and tabs become spaces, so the value can sit in a header or a subject; then shortened. */
export function oneLine(text: string, max: number): string {
  const flat = visibleControls(text.replace(/[\r\n\t]+/g, ' ').trim());
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** Multi-line text with CRLF and lone CR as LF, and every other control made visible. */
export function visibleLines(text: string): string {
  return visibleControls(text.replace(/\r\n?/g, '\n'));
}

const HTML: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML[c]!);
}
