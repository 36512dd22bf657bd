// Every editor screen under axe, the menu by role, and a whole edit made from the keyboard alone.
import { expect, test } from '@playwright/test';
import { createAccount, expectNoAxeViolations, signIn, uniqueWord } from './admin';
import { createEditor, field, openFile, preview, section, sectionButton, signInToContent } from './editor';

let editor = '';
test.beforeAll(() => {
  editor = createEditor('axe');
});

test('the menu follows the roles: an editor sees Content and no leads, a lead handler the inbox and no Content', async ({ page }) => {
  await signIn(page, editor);
  const nav = page.getByRole('navigation', { name: 'Inbox' });
  await expect(page).toHaveURL(/\/admin\/content$/);
  await expect(nav.getByRole('link', { name: 'Content' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Inbox' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Audit log' })).toHaveCount(0);

  const leadsOnly = `${uniqueWord('leads')}@takedownshield.test`;
  createAccount(leadsOnly);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await signIn(page, leadsOnly);
  await expect(nav.getByRole('link', { name: 'Inbox' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Content' })).toHaveCount(0);
  await page.goto('/admin/content');
  await expect(page.getByRole('heading', { level: 1, name: 'Nothing here' })).toBeVisible();
});

test('the file list, the editor (a section opened from the preview, a problem shown), New, Publish and History pass axe', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signInToContent(page, editor);
  await expectNoAxeViolations(page, 'the file list');

  await openFile(page, null, 'terms', 'Terms of Service');
  await expect(preview(page).locator('main h1')).toBeVisible();
  // A click on a section in the preview opens its form and puts focus on its heading.
  await preview(page).locator('main > [data-section="1"] + *').click();
  await expect(section(page, 1).locator('.editor-section__toggle')).toHaveAttribute('aria-expanded', 'true');
  await expect(section(page, 1).locator('.editor-section__toggle')).toBeFocused();
  await section(page, 0).locator('.editor-section__toggle').click();
  const title = section(page, 0).getByRole('textbox', { name: /^title/ });
  await title.fill('Te');
  await title.blur();
  await expect(section(page, 0).locator('.editor-problem-mark')).toHaveText(/1 problem/);
  // The preview is the site's own page (checked by a11y.spec.ts), in a frame that runs no scripts, axe's included.
  await expect(page.locator('iframe.editor-preview__frame')).toHaveAttribute('title', /^Preview of \/terms/);
  await expectNoAxeViolations(page, 'the editor with a section open and a problem at its field', 'iframe.editor-preview__frame');

  for (const [link, heading] of [
    ['New page or article', 'New page or article'],
    ['Publish', 'Publish'],
    ['History', 'History'],
  ] as const) {
    await page.getByRole('navigation', { name: 'Content' }).getByRole('link', { name: link }).click();
    // The title typed above is unsaved: leaving the file asks first.
    if (link === 'New page or article') await page.getByRole('dialog').getByRole('button', { name: 'Leave without saving' }).click();
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    if (link === 'History') await expect(page.locator('.admin-loading')).toHaveCount(0);
    await expectNoAxeViolations(page, `the ${heading} screen`);
  }
});

test('from the keyboard alone: find a page, open a section, change a field, move the section, and save', async ({ page }) => {
  test.setTimeout(90_000);
  await signInToContent(page, editor);
  await page.getByLabel('Search pages and files').focus();
  await page.keyboard.type('about');
  // Tab from the search box reaches the first matching file's link.
  let found = false;
  for (let i = 0; i < 12 && !found; i++) {
    await page.keyboard.press('Tab');
    found = (await page.evaluate(() => document.activeElement?.textContent ?? '')).startsWith('About');
  }
  expect(found, 'Tab reaches a file link').toBe(true);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();

  // Tab past the page's settings to the second section's heading, and open it.
  const toggle = section(page, 1).locator('.editor-section__toggle');
  let onToggle = false;
  for (let i = 0; i < 80 && !onToggle; i++) {
    await page.keyboard.press('Tab');
    onToggle = await toggle.evaluate((el) => el === document.activeElement);
  }
  expect(onToggle, 'Tab reaches the second section').toBe(true);
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  // Its form draws once its validator chunk has loaded.
  await expect(field(section(page, 1), 'title')).toBeVisible({ timeout: 15_000 });
  // Tab on into the section's form, to its title, and change it.
  let inTitle = false;
  for (let i = 0; i < 25 && !inTitle; i++) {
    await page.keyboard.press('Tab');
    inTitle = await page.evaluate(() => /_title$/.test(document.activeElement?.id ?? ''));
  }
  expect(inTitle, 'Tab reaches the section title').toBe(true);
  await page.keyboard.press('End');
  await page.keyboard.type(' by keyboard');
  const label = (await toggle.textContent())!;
  expect(label).toMatch(/ by keyboard$/);
  // Back with Shift+Tab to the section's Move up, and move it: focus stays with the moved section
  // (on Move down, as Move up is disabled at the top).
  let onUp = false;
  for (let i = 0; i < 25 && !onUp; i++) {
    await page.keyboard.press('Shift+Tab');
    onUp = await page.evaluate(() => (document.activeElement?.textContent ?? '').startsWith('Move up'));
  }
  expect(onUp, 'Shift+Tab reaches Move up').toBe(true);
  await page.keyboard.press('Enter');
  await expect(section(page, 0).locator('.editor-section__toggle')).toHaveText(label.replace('2.', '1.'));
  await expect(sectionButton(page, 0, 'Move up')).toBeDisabled();
  await expect(sectionButton(page, 0, 'Move down')).toBeFocused();
  await expect(page.locator('p.admin-status')).toHaveText('Moved to position 1.');
  // And back down, so only the title changes.
  await page.keyboard.press('Enter');
  await expect(section(page, 1).locator('.editor-section__toggle')).toHaveText(label);
  await expect(sectionButton(page, 1, 'Move down')).toBeFocused();

  await page.getByRole('button', { name: 'Save', exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('The lines that changed')).toContainText(' by keyboard');
});

test('New page makes a page from its address, as npm run new does, and opens it with its preview', async ({ page }) => {
  test.setTimeout(60_000);
  const route = `/protection/${uniqueWord('new')}`;
  await signInToContent(page, editor);
  await page.getByRole('navigation', { name: 'Content' }).getByRole('link', { name: 'New page or article' }).click();
  await page.getByLabel('The page’s address').fill(route);
  await page.getByRole('button', { name: 'Create the page' }).click();
  await expect(page).toHaveURL(/\/admin\/content\/edit\?path=site%2Fpages%2Fprotection%2F/);
  await expect(page.getByText(`makes the page ${route}`)).toBeVisible();
  await expect(preview(page).locator('main h1')).toBeVisible({ timeout: 15_000 });
  // The same address again is refused with the reason.
  await page.getByRole('navigation', { name: 'Content' }).getByRole('link', { name: 'New page or article' }).click();
  await page.getByLabel('The page’s address').fill(route);
  await page.getByRole('button', { name: 'Create the page' }).click();
  await expect(page.getByRole('alert')).toContainText(route);
});
