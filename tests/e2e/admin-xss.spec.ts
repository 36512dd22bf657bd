// Leads are written by strangers: the inbox shows markup, script addresses and direction tricks in
// them as the literal text they are, and none of it runs.
import { expect, test, type Page } from '@playwright/test';
import { escapeInvisible } from '../../server/leads/display-safe';
import { createAccount, leadRows, openSignedIn, seedLead, uniqueWord } from './admin';

const ACCOUNT = `${uniqueWord('xss')}@takedownshield.test`;
const RUN = uniqueWord('hostile');

/** Each payload tries to show a dialog and to set the sentinel; neither may happen. */
const PAYLOADS = {
  script: '<script>alert(1);window.__xss="script"</script>',
  img: '<img src=x onerror="alert(1);window.__xss=\'img\'">',
  href: 'javascript:alert(1);window.__xss="href"',
  svg: '"><svg onload="alert(1);window.__xss=\'svg\'">',
  rtl: 'Invoice \u202Egnp.exe\u202C from accounts',
};

/** The server writes a direction override out as \u202E, so it is seen and cannot turn text around. */
const RTL_SHOWN = escapeInvisible(PAYLOADS.rtl);

const first = {
  name: PAYLOADS.script,
  email: `${uniqueWord('x')}@example.org`,
  company: PAYLOADS.href,
  subject: PAYLOADS.img,
  message: `${PAYLOADS.svg}\n${PAYLOADS.href}\n${RUN}`,
};
const second = {
  name: PAYLOADS.rtl,
  email: `${uniqueWord('y')}@example.org`,
  company: PAYLOADS.svg,
  subject: PAYLOADS.rtl,
  message: `${PAYLOADS.img} ${PAYLOADS.script} ${RUN}`,
};

// One worker for both tests, so the leads are sent once (the API allows 30 a minute per address).
test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => {
  await createAccount(ACCOUNT);
  await seedLead(request, first);
  await seedLead(request, second);
});

const dialogs = new WeakMap<Page, string[]>();

/** Records every dialog (there must be none), and plants the sentinel the payloads would overwrite. */
async function guard(page: Page): Promise<void> {
  const seen: string[] = [];
  dialogs.set(page, seen);
  page.on('dialog', (dialog) => {
    seen.push(dialog.message());
    void dialog.dismiss();
  });
  await page.addInitScript(() => {
    (window as unknown as { __xss: string }).__xss = 'untouched';
  });
}

async function expectNothingRan(page: Page): Promise<void> {
  expect(dialogs.get(page), 'dialogs opened by a lead').toEqual([]);
  expect(await page.evaluate(() => (window as unknown as { __xss: string }).__xss)).toBe('untouched');
  // No element made from a lead's text: the app itself draws no images, icons or scripts in main.
  await expect(page.locator('main script, main img, main svg, main iframe, main [onerror], main [onload]')).toHaveCount(0);
  await expect(page.locator('a[href^="javascript:" i]')).toHaveCount(0);
}

test('the list shows hostile names as text and runs none of them', async ({ page }) => {
  await guard(page);
  await openSignedIn(page, ACCOUNT, `/admin/?q=${RUN}`);
  await expect(leadRows(page)).toHaveCount(2);
  await expect(page.getByRole('link', { name: PAYLOADS.script, exact: true })).toBeVisible();
  const rtlLink = page.getByRole('link', { name: RTL_SHOWN, exact: true });
  await expect(rtlLink).toBeVisible();
  expect(await rtlLink.textContent()).toBe(RTL_SHOWN);
  expect(await page.locator('main').textContent()).not.toContain('\u202E');
  await expectNothingRan(page);
});

test('the detail shows every hostile field literally and runs none of them', async ({ page }) => {
  await guard(page);
  await openSignedIn(page, ACCOUNT, `/admin/?q=${RUN}`);
  await page.getByRole('link', { name: PAYLOADS.script, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Lead from ${PAYLOADS.script}`);
  const values = await page.locator('.admin-dl dd').allTextContents();
  for (const value of [first.name, first.company, first.subject, first.message]) expect(values, value).toContain(value);
  await expectNothingRan(page);

  await page.getByRole('link', { name: 'Back to the leads' }).click();
  await page.getByRole('link', { name: RTL_SHOWN, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Lead from ${RTL_SHOWN}`);
  const more = await page.locator('.admin-dl dd').allTextContents();
  for (const value of [second.name, second.company, second.subject, second.message]) expect(more, value).toContain(escapeInvisible(value));
  expect(await page.locator('main').textContent()).not.toContain('\u202E');
  await expectNothingRan(page);

  // A note with markup is text too.
  await page.getByRole('textbox', { name: 'Add a note' }).fill(PAYLOADS.img);
  await page.getByRole('button', { name: 'Add note' }).click();
  await expect(page.locator('.admin-note p.admin-text')).toHaveText(PAYLOADS.img);
  await expectNothingRan(page);
});

test('a staff note with a direction override shows it as an escape, after a reload too', async ({ page }) => {
  await guard(page);
  await openSignedIn(page, ACCOUNT, `/admin/?q=${RUN}`);
  await page.getByRole('link', { name: RTL_SHOWN, exact: true }).click();
  await page.getByRole('textbox', { name: 'Add a note' }).fill(`Quoted: ${PAYLOADS.rtl}`);
  await page.getByRole('button', { name: 'Add note' }).click();
  const note = page.locator('.admin-note p.admin-text').last();
  await expect(note).toHaveText(`Quoted: ${RTL_SHOWN}`);
  await page.reload();
  await expect(page.locator('.admin-note p.admin-text').last()).toHaveText(`Quoted: ${RTL_SHOWN}`);
  expect(await page.locator('main').textContent()).not.toContain('\u202E');
  await expectNothingRan(page);
});
