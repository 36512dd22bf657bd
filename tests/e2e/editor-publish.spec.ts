// The writer's journey: change the privacy page's hero title in the browser, see it in the preview,
// save (one line of the YAML changes), publish, and the live /privacy serves it; then roll back.
import { expect, test } from '@playwright/test';
import { changedLines, createEditor, field, openFile, openSection, originalFile, preview, save, servedFile } from './editor';

const PRIVACY = 'site/pages/privacy.yaml';
let editor = '';

test.describe.configure({ mode: 'serial' });
test.beforeAll(() => {
  editor = createEditor('writer');
});

/** Publishes from the Publish screen and waits for the answer (a build takes a while on a busy machine). */
async function publish(page: import('@playwright/test').Page) {
  await page.getByRole('navigation', { name: 'Content' }).getByRole('link', { name: 'Publish' }).click();
  await page.getByRole('button', { name: 'Publish the saved content' }).click();
  await expect(page.getByText(/^Published release/)).toBeVisible({ timeout: 150_000 });
}

test('a writer changes the privacy page’s hero title, sees it in the preview, publishes it, and /privacy serves it', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  await openFile(page, editor, 'privacy', 'Privacy Policy');
  await expect(preview(page).locator('main h1')).toHaveText('Privacy Policy');

  const hero = await openSection(page, 0);
  const title = field(hero, 'title');
  await expect(title).toHaveValue('Privacy Policy');
  await title.fill('Your Privacy at TakedownShield');
  await expect(preview(page).locator('main h1')).toHaveText('Your Privacy at TakedownShield');

  await save(page);
  await expect(page.getByText('Saved. The lines that changed in the file:')).toBeVisible();
  await expect(page.getByLabel('The lines that changed')).toContainText('+    title: Your Privacy at TakedownShield');
  // One line of the file changed; its comments and everything else are as they were.
  expect(changedLines(originalFile(PRIVACY), servedFile(PRIVACY))).toEqual([
    ['    title: Privacy Policy', '    title: Your Privacy at TakedownShield'],
  ]);

  // Saved is not live yet.
  expect(await (await request.get('/privacy')).text()).not.toContain('Your Privacy at TakedownShield');
  await publish(page);
  const live = await request.get('/privacy');
  expect(live.status()).toBe(200);
  expect(await live.text()).toContain('Your Privacy at TakedownShield');
});

test('History rolls the live site back to the previous release', async ({ page, request }) => {
  test.setTimeout(240_000);
  await openFile(page, editor, 'privacy', 'Privacy Policy');
  const title = field(await openSection(page, 0), 'title');
  await title.fill('Privacy, Second Edition');
  await save(page);
  await expect(page.getByText('Saved. The lines that changed in the file:')).toBeVisible();
  await publish(page);
  expect(await (await request.get('/privacy')).text()).toContain('Privacy, Second Edition');

  await page.getByRole('navigation', { name: 'Content' }).getByRole('link', { name: 'History' }).click();
  const rows = page.locator('table.admin-table tbody tr');
  await expect(rows.first()).toContainText('Live now');
  // The release before, which showed the first title.
  const previous = rows.nth(1);
  await previous.getByRole('button', { name: /Roll back to this/ }).click();
  await previous.getByRole('button', { name: /^Yes, make .* live$/ }).click();
  await expect(page.locator('p.admin-status')).toContainText('The live site is back to release');
  await expect(rows.nth(1)).toContainText('Live now');
  const live = await (await request.get('/privacy')).text();
  expect(live).toContain('Your Privacy at TakedownShield');
  expect(live).not.toContain('Privacy, Second Edition');
});
