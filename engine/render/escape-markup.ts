const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for XML and HTML content and double- or single-quoted attribute values. */
export function escapeMarkup(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ESCAPES[ch]!);
}
