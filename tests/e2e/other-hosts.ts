// What a page asks of hosts other than the site's own: the form pages' and the badge page's checks
// that no third-party script, font, captcha or check is asked anything about a visitor.
import type { Page } from '@playwright/test';

/** Every request the page makes from now on, by address. */
export function recordRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (r) => seen.push(r.url()));
  return seen;
}

/** The requests that left for somewhere other than the site's own origin (data: and blob: addresses never leave the page). */
export function elsewhere(seen: readonly string[], origin: string): string[] {
  return seen.filter((url) => !url.startsWith('data:') && !url.startsWith('blob:') && new URL(url).origin !== origin);
}
