// Every editor screen under axe, the menu by role, and a whole edit made from the keyboard alone.
// The states other specs reach on their way run axe there: an FAQ set with every question open, the
// problem summary, the unsaved-changes dialog and the offer to restore, the price catalogue
// (editor-forms), the conflict view (editor-conflict), the Publish list with a diff open, the Delete
// screen and History with a rollback to confirm and after it (editor-drafts), the formatting toolbar
// (editor-prose). This spec covers the rest.
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations, signIn, uniqueWord } from './admin';
import {
  editorAccount,
  field,
  leadsAccount,
  openFile,
  openSection,
  originalFile,
  preview,
  save,
  section,
  sectionButton,
  signInToContent,
  writeServedFile,
} from './editor';
import { pageAt, siteModel } from './site';

let editor = '';
test.beforeAll(async () => {
  editor = await editorAccount('writer');
});

test('the menu follows the roles: an editor sees Content and no leads, a lead handler the inbox and no Content', async ({ page }) => {
  await signIn(page, editor);
  const nav = page.getByRole('navigation', { name: 'Inbox' });
  await expect(page).toHaveURL(/\/admin\/content$/);
  await expect(nav.getByRole('link', { name: 'Content' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Inbox' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Audit log' })).toHaveCount(0);

  const leadsOnly = await leadsAccount();
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

  await openFile(page, null, 'terms', pageAt('/terms').meta.title);
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
  const target = pageAt('/about-us');
  await signInToContent(page, editor);
  await page.getByLabel('Search pages and files').focus();
  // The page's address, as a writer who knows it types it.
  await page.keyboard.type(target.path!);
  // Tab from the search box reaches the matching file's link, named by the page's title.
  let found = false;
  for (let i = 0; i < 12 && !found; i++) {
    await page.keyboard.press('Tab');
    found = await page.evaluate(
      (title) => document.activeElement?.tagName === 'A' && document.activeElement.textContent === title,
      target.meta.title,
    );
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
  await expectNoAxeViolations(page, 'the New screen refusing an address');
});

const contentNav = (page: Page) => page.getByRole('navigation', { name: 'Content' });
/** Everything folded in the open file's form: sections' and list items' buttons. */
const folded = (page: Page) => page.locator('.editor-forms [aria-expanded="false"]');

test('a page with every section and every list item open, and its Add a section picker, passes axe', async ({ page }) => {
  test.setTimeout(180_000);
  // The page with the most sections, so the most kinds of field.
  const busiest = [...siteModel().pages].sort((a, b) => b.sections.length - a.sections.length)[0]!;
  await openFile(page, editor, busiest.path!, busiest.meta.title);
  for (let i = 0; i < busiest.sections.length; i++) await openSection(page, i);
  // Opening a section draws its lists, folded: open every item, however deep, until none is left
  // (a round of clicks in the page at a time: a click each through the driver takes over a minute here).
  while ((await folded(page).count()) > 0) await folded(page).evaluateAll((toggles) => toggles.forEach((t) => (t as HTMLElement).click()));
  await expect(page.getByRole('heading', { level: 3, name: 'Add a section' })).toBeVisible();
  await expectNoAxeViolations(page, `${busiest.file} with every section and list item open`, 'iframe.editor-preview__frame');
});

test('a new article: the draft in the editor, a refused save, the saved notice, and its Delete and Deleted screens pass axe', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInToContent(page, editor);
  const title = `Accessible notes ${uniqueWord('a')}`;
  await contentNav(page).getByRole('link', { name: 'New page or article' }).click();
  await page.getByLabel('A blog article').check();
  await page.getByLabel('The article’s title').fill(title);
  await page.getByRole('button', { name: 'Create the article' }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: /^Draft/ })).toBeChecked();
  await expectNoAxeViolations(page, 'a new article, a draft, in the editor', 'iframe.editor-preview__frame');

  // A save refused for a problem: the summary at the top, in its alert form, with focus on it.
  const titleBox = field(page, 'title');
  await titleBox.fill('');
  await save(page);
  const summary = page.locator('.editor-error-summary');
  await expect(summary).toBeFocused({ timeout: 30_000 });
  await expect(summary).toHaveAttribute('role', 'alert');
  await expectNoAxeViolations(page, 'the editor refusing a save, with the problem summary', 'iframe.editor-preview__frame');
  await titleBox.fill(title);

  const text = page.getByLabel('Text, in Markdown');
  await text.fill(`${await text.inputValue()}\n\nA paragraph added ${uniqueWord('p')}.\n`);
  await save(page);
  await expect(page.getByLabel('The lines that changed')).toBeVisible({ timeout: 30_000 });
  await expectNoAxeViolations(page, 'the editor after a save, with the lines that changed', 'iframe.editor-preview__frame');

  await contentNav(page).getByRole('link', { name: 'Files' }).click();
  await page.getByLabel('Search pages and files').fill(title);
  await page.getByRole('link', { name: `Delete ${title}`, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Delete/ })).toBeVisible();
  await page.getByLabel('see “page not found”').check();
  await page.getByRole('button', { name: 'Delete the article' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Deleted/ })).toBeVisible({ timeout: 30_000 });
  await expectNoAxeViolations(page, 'the Deleted screen');
});

test('a page other pages link to, deleted: the links listed after the delete, and Publish refusing them, pass axe', async ({ page }) => {
  test.setTimeout(240_000);
  // A page some other file links to (the home page aside): deleting it leaves those links behind.
  const model = siteModel();
  const linked = model.pages.find(
    (p) => p.path !== '/' && model.linkSources.some((link) => link.kind === 'href' && link.href === p.path && link.file !== p.file),
  )!;
  try {
    await signInToContent(page, editor);
    await page.getByLabel('Search pages and files').fill(linked.path!);
    await page
      .getByRole('row')
      .filter({ has: page.getByText(linked.file, { exact: true }) })
      .getByRole('link', { name: /^Delete/ })
      .click();
    await page.getByLabel('see “page not found”').check();
    await page.getByRole('button', { name: 'Delete the page' }).click();
    await expect(page.getByRole('heading', { level: 1, name: /^Deleted/ })).toBeVisible({ timeout: 30_000 });
    const left = page.getByRole('alert');
    await expect(left).toContainText(linked.path!);
    await expect(left.getByRole('link').first()).toBeVisible();
    await expectNoAxeViolations(page, 'the Deleted screen listing the links left behind');

    await contentNav(page).getByRole('link', { name: 'Publish' }).click();
    await expect(page.locator('.admin-loading')).toHaveCount(0);
    await page.getByRole('button', { name: 'Publish the saved content' }).click();
    const refused = page.getByRole('alert').filter({ hasText: /^Not published:/ });
    await expect(refused).toBeVisible({ timeout: 150_000 });
    await expect(refused.getByRole('link').first()).toBeVisible();
    await expectNoAxeViolations(page, 'the Publish screen refusing a publish, with its problems');
  } finally {
    // The next specs expect the page where it was.
    writeServedFile(linked.file, originalFile(linked.file));
  }
});
