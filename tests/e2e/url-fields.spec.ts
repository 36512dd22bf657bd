// URL fields take only http: and https: addresses, in the browser and on the server, with the
// spec's message 'Please enter a valid URL'. The commercial form is left to the browser's own
// checks, so there the refusal comes from the input's pattern; the personal form checks with its
// own validator. A javascript:, data: or vbscript: address must never reach the store.
import { expect, test, type Page } from '@playwright/test';
import { waitForIslands } from './site';

const HOSTILE = ['javascript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'vbscript:msgbox(1)'];
const MESSAGE = 'Please enter a valid URL';

const field = (page: Page, formId: string, name: string) => page.locator(`#${formId}-form_${name}`);
const errorOf = (page: Page, formId: string, name: string) => page.locator(`[id="${formId}-form_${name}__error"]`);
const submitButton = (page: Page, formId: string) => page.locator(`form:has(#${formId}-form_email) button[type="submit"]`);

function countPosts(page: Page, endpoint: string): { readonly count: number } {
  let count = 0;
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === endpoint) count += 1;
  });
  return {
    get count() {
      return count;
    },
  };
}

test.describe('Commercial takedown request: company website', () => {
  const F = 'commercial-takedown';

  test("the browser refuses javascript:, data: and vbscript: addresses with the spec's message and sends nothing", async ({ page }) => {
    await page.goto('/takedowns/commercial');
    await waitForIslands(page);
    const posts = countPosts(page, '/api/takedown-request');
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.accept();
    });
    await field(page, F, 'companyName').fill('Northwind Apparel');
    await field(page, F, 'contactName').fill('Avery Chen');
    await field(page, F, 'email').fill('avery@example.org');
    await field(page, F, 'contentType').selectOption('images');
    await field(page, F, 'infringementUrls').fill('https://knockoff.example/p/1');
    const website = field(page, F, 'website');
    for (const url of HOSTILE) {
      await website.fill(url);
      await submitButton(page, F).click();
      const state = await website.evaluate((el: HTMLInputElement) => ({
        // type=url alone accepts any scheme; the pattern is what refuses these.
        typeMismatch: el.validity.typeMismatch,
        patternMismatch: el.validity.patternMismatch,
        valid: el.validity.valid,
        message: el.validationMessage,
      }));
      expect(state, url).toEqual({ typeMismatch: false, patternMismatch: true, valid: false, message: MESSAGE });
    }
    // A web address is accepted again once typed over the refused one.
    await website.fill('https://northwind.example');
    expect(await website.evaluate((el: HTMLInputElement) => el.validity.valid)).toBe(true);
    expect(posts.count).toBe(0);
    expect(dialogs).toEqual([]);
  });
});

test.describe('Personal takedown request: URL fields', () => {
  const F = 'personal-takedown';

  test("javascript:, data: and vbscript: addresses get the spec's message under the field and are not sent", async ({ page }) => {
    await page.goto('/takedowns/personal');
    await waitForIslands(page);
    const posts = countPosts(page, '/api/takedown-request');
    await field(page, F, 'contactName').fill('Ada Lovelace');
    await field(page, F, 'email').fill('ada@example.org');
    await field(page, F, 'contentType').selectOption('photography');
    await field(page, F, 'description').fill('My photo series is on their shop without permission.');
    for (const url of HOSTILE) {
      for (const name of ['infringementUrl', 'originalContentUrl']) {
        await field(page, F, name).fill(url);
        await field(page, F, name).blur();
        await expect(errorOf(page, F, name), `${name}: ${url}`).toHaveText(MESSAGE);
      }
      await submitButton(page, F).click();
      await expect(page.locator('.error-summary li')).toHaveText([MESSAGE, MESSAGE]);
    }
    expect(posts.count).toBe(0);
  });
});

test.describe('the server refuses them too, whatever the browser did', () => {
  const valid = {
    'commercial-takedown': {
      companyName: 'Northwind Apparel',
      contactName: 'Avery Chen',
      email: 'avery@example.org',
      website: 'https://northwind.example',
      contentType: 'images',
      infringementUrls: 'https://knockoff.example/p/1',
      urgency: 'standard',
    },
    'personal-takedown': {
      contactName: 'Ada Lovelace',
      email: 'ada@example.org',
      contentType: 'photography',
      infringementUrl: 'https://copy.example/gallery',
      description: 'My photo series is on their shop without permission.',
      relationship: 'creator',
    },
  } as const;
  const cases = HOSTILE.flatMap((url) => [
    ['commercial-takedown', 'website', url] as const,
    ['personal-takedown', 'infringementUrl', url] as const,
    ['personal-takedown', 'originalContentUrl', url] as const,
  ]);

  for (const [formId, name, url] of cases) {
    test(`${formId} ${name} = ${url}: 400 with the spec's message`, async ({ request }) => {
      const res = await request.post('/api/takedown-request', {
        headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest', 'X-Form-Id': formId },
        data: { ...valid[formId], [name]: url },
      });
      expect(res.status()).toBe(400);
      expect(await res.json()).toMatchObject({ success: false, error: 'VALIDATION', fields: { [name]: MESSAGE } });
    });
  }
});
