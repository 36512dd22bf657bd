// The writer's journey: change the privacy page's hero title in the browser, see it in the preview,
// save (one line of the YAML changes), publish, and the live /privacy serves it; then roll back. And
// a typo'd reference: shown at its field, refused on save, and (made in the file) refused on publish.
// One after the other: each publishes the whole copy of site/.
import { expect, test } from '@playwright/test';
import {
  changedLines,
  editorAccount,
  field,
  openFile,
  openSection,
  originalFile,
  preview,
  save,
  section,
  servedFile,
  writeServedFile,
} from './editor';
import { pageAt, routeAt } from './site';

const PRIVACY = 'site/pages/privacy.yaml';
/** The privacy page as the suite's site/ has it: its title in the Content list, and its hero's title. */
const privacy = () => ({ listed: pageAt('/privacy').meta.title, hero: routeAt('/privacy').h1 });
let editor = '';

test.describe.configure({ mode: 'serial' });
test.beforeAll(async () => {
  editor = await editorAccount('writer');
});

/** Publishes from the Publish screen and waits for the answer (a build takes a while on a busy machine). */
async function publish(page: import('@playwright/test').Page) {
  await page.getByRole('navigation', { name: 'Content' }).getByRole('link', { name: 'Publish' }).click();
  await page.getByRole('button', { name: 'Publish the saved content' }).click();
  await expect(page.getByText(/^Published “/)).toBeVisible({ timeout: 150_000 });
  // Focus goes back to the page's heading, as after a save.
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
}

test('a writer changes the privacy page’s hero title, sees it in the preview, publishes it, and /privacy serves it', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const { listed, hero: heroTitle } = privacy();
  await openFile(page, editor, 'privacy', listed);
  await expect(preview(page).locator('main h1')).toHaveText(heroTitle);

  const hero = await openSection(page, 0);
  const title = field(hero, 'title');
  await expect(title).toHaveValue(heroTitle);
  await title.fill('Your Privacy at TakedownShield');
  await expect(preview(page).locator('main h1')).toHaveText('Your Privacy at TakedownShield');

  await save(page);
  await expect(page.getByText('Saved. The lines that changed in the file:')).toBeVisible();
  await expect(page.getByLabel('The lines that changed')).toContainText('+    title: Your Privacy at TakedownShield');
  // One line of the file changed; its comments and everything else are as they were.
  expect(changedLines(originalFile(PRIVACY), servedFile(PRIVACY))).toEqual([
    [`    title: ${heroTitle}`, '    title: Your Privacy at TakedownShield'],
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
  // The first test changed the hero's title, not the page's: the list still shows the page's.
  await openFile(page, editor, 'privacy', privacy().listed);
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
  await page.getByRole('button', { name: 'Yes, roll back' }).click();
  await expect(page.locator('p.admin-status')).toContainText('The live site and the saved files are back to');
  await expect(rows.nth(1)).toContainText('Live now');
  const live = await (await request.get('/privacy')).text();
  expect(live).toContain('Your Privacy at TakedownShield');
  expect(live).not.toContain('Privacy, Second Edition');
});

test('a typo’d reference shows its error at the field, is not saved, and blocks publishing until fixed', async ({ page, request }) => {
  test.setTimeout(240_000);
  const PRICING = 'site/pages/pricing.yaml';
  const typo = 'no FAQ set with id "pricing-pag" in site/faq/. Did you mean "pricing-page" (site/faq/pricing-page.yaml)?';
  const pricing = pageAt('/pricing');
  // The pricing page's FAQ section, wherever the writers put it.
  const at = pricing.sections.findIndex((s) => s.type === 'faq');
  await openFile(page, editor, '/pricing', pricing.meta.title);
  const faq = await openSection(page, at);
  const faqSet = field(faq, 'faqSet');
  await expect(faqSet).toHaveValue('pricing-page');
  await faqSet.fill('pricing-pag');
  await faqSet.blur();
  // At the field, in the words npm run validate prints, and marked on the section even when folded.
  await expect(faq.locator('.error-detail')).toHaveText(typo);
  await faq.locator('.editor-section__toggle').click();
  await expect(section(page, at).locator('.editor-problem-mark')).toHaveText(/1 problem/);

  const before = servedFile(PRICING);
  await save(page);
  await expect(page.getByRole('alert').filter({ hasText: 'Not saved: 1 problem to fix first' })).toBeVisible();
  expect(servedFile(PRICING)).toBe(before);

  // The same typo made in the file itself: publishing checks every file and refuses, the live site unchanged.
  writeServedFile(PRICING, before.replace('    faqSet: pricing-page\n', '    faqSet: pricing-pag\n'));
  const liveBefore = await (await request.get('/pricing')).text();
  await page.getByRole('navigation', { name: 'Content' }).getByRole('link', { name: 'Publish' }).click();
  // The refused edit is still unsaved: leaving it asks first.
  await page.getByRole('dialog').getByRole('button', { name: 'Leave without saving' }).click();
  await page.getByRole('button', { name: 'Publish the saved content' }).click();
  const refused = page.getByRole('alert').filter({ hasText: 'Not published: 1 problem to fix first. The live site is unchanged.' });
  await expect(refused).toBeVisible({ timeout: 150_000 });
  await expect(refused).toContainText(`${PRICING}:`);
  await expect(refused).toContainText(typo);
  expect(await (await request.get('/pricing')).text()).toBe(liveBefore);

  // Fixed at the field from the problem's Edit link, saved: the file is as it was.
  await refused.getByRole('link', { name: `Edit ${PRICING}` }).click();
  const again = field(await openSection(page, at), 'faqSet');
  await expect(again).toHaveValue('pricing-pag');
  await again.fill('pricing-page');
  await save(page);
  await expect(page.getByText('Saved. The lines that changed in the file:')).toBeVisible();
  expect(servedFile(PRICING)).toBe(before);
});
