// The badge page, with JavaScript on, makes its requests to the site's own origin only: the page,
// its scripts and styles, and the badges it draws from the server as the visitor chooses. No
// third-party script, font or check is asked anything about a visitor. Every form page is checked
// the same way in lead-emails.spec.ts, on the load and the send that spec already makes.
import { expect, test } from '@playwright/test';
import { siteModel, waitForIslands } from './site';
import { elsewhere, recordRequests } from './other-hosts';

/** The badge page draws its preview from the server as the visitor chooses. */
const badgePages = siteModel()
  .pages.filter((p) => p.sections.some((s) => s.type === 'badge-builder'))
  .map((p) => p.path!);

test.describe('the badge page asks no other host', () => {
  for (const path of badgePages) {
    test(`${path}: loading it and choosing a badge`, async ({ page, baseURL }) => {
      const origin = new URL(baseURL!).origin;
      const seen = recordRequests(page);
      await page.goto(path);
      await waitForIslands(page);
      // The last choice of each group (type, size, colour): a badge other than the one the page first shows.
      const names = await page
        .locator('input[type="radio"]')
        .evaluateAll((list) => [...new Set(list.map((r) => (r as HTMLInputElement).name))]);
      expect(names.length).toBeGreaterThan(0);
      for (const name of names) await page.locator(`input[type="radio"][name="${name}"]`).last().check();
      await page.waitForLoadState('networkidle');
      expect(seen.length).toBeGreaterThan(1);
      expect(elsewhere(seen, origin)).toEqual([]);
    });
  }
});
