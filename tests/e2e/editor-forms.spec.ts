// The editor's forms as a writer uses them: nothing typed is lost (a field keeps its box and focus,
// unsaved work is guarded and offered back), lists with buttons in words and folded items, problems
// listed at the top with links to their fields, the price catalogue as tables, reference fields
// that offer the site's choices, and the preview at three widths.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { parse } from 'yaml';
import { EDITOR_ROUTES, type EditableFile } from '../../contracts/editor-contract';
import { expectNoAxeViolations } from './admin';
import {
  editorAccount,
  field,
  items,
  openFile,
  openItem,
  openSection,
  originalFile,
  preview,
  save,
  servedFile,
  signInToContent,
  writeServedFile,
} from './editor';
import { siteModel } from './site';

const FAQ = 'site/faq/technical-questions.yaml';
const faqSet = () => parse(originalFile(FAQ)) as { id: string; title: string; items: { question: string; answer: string }[] };

let editor = '';
test.beforeAll(async () => {
  editor = await editorAccount('writer');
});
test.afterEach(() => {
  // Each test starts from the project's FAQ set, whatever the one before saved.
  writeServedFile(FAQ, originalFile(FAQ));
});

const toggleOf = (item: Locator) => item.locator('.editor-item__toggle');

/** A sentence of exactly `length` characters, different for each call. */
const sentence = (length: number, seed: string) =>
  `${seed} `.padEnd(length, 'The takedown notice was sent and the copy removed. ').slice(0, length);

async function openFaqSet(page: Page, signIn = true): Promise<void> {
  await openFile(page, signIn ? editor : null, 'technical-questions', faqSet().title);
  await expect(items(page).first()).toBeVisible({ timeout: 15_000 });
}

test('typing 300 characters into a short field and into a long one keeps all 300, with focus kept in the field', async ({ page }) => {
  test.setTimeout(120_000);
  await openFaqSet(page);
  const item = await openItem(page, 0);
  for (const name of ['question', 'answer']) {
    const box = field(item, name);
    await box.click();
    // Over the old text, as a writer replacing an answer does.
    await page.keyboard.press('ControlOrMeta+a');
    const handle = await box.elementHandle();
    const typed = sentence(300, name);
    await page.keyboard.type(typed);
    await expect(box).toHaveValue(typed);
    await expect(box).toBeFocused();
    // The very element typed into is still the one with focus: it was never replaced.
    expect(await handle!.evaluate((element) => element === document.activeElement)).toBe(true);
  }
});

test('a reload with unsaved edits asks first, and the edits are offered back; a move inside the admin asks too', async ({ page }) => {
  test.setTimeout(120_000);
  await openFaqSet(page);
  const answer = field(await openItem(page, 1), 'answer');
  const typed = sentence(140, 'Unsaved answer');
  await answer.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(typed);

  const asked: string[] = [];
  page.once('dialog', (dialog) => {
    asked.push(dialog.type());
    void dialog.accept();
  });
  await page.reload();
  expect(asked).toEqual(['beforeunload']);

  const restore = page.getByRole('button', { name: 'Restore my unsaved changes' });
  await expect(restore).toBeVisible({ timeout: 15_000 });
  await expectNoAxeViolations(page, 'the editor offering unsaved changes back', 'iframe.editor-preview__frame');
  await restore.click();
  await expect(field(await openItem(page, 1), 'answer')).toHaveValue(typed);
  expect(servedFile(FAQ)).toBe(originalFile(FAQ));

  // Publish (or any link) asks first, in a dialog; Escape stays, with the edits.
  const publish = page.getByRole('navigation', { name: 'Content' }).getByRole('link', { name: 'Publish' });
  await publish.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button').first()).toBeFocused();
  await expectNoAxeViolations(page, 'the unsaved-changes dialog', 'iframe.editor-preview__frame');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/admin\/content\/edit\?/);
  await expect(field(items(page).nth(1), 'answer')).toHaveValue(typed);
  await publish.click();
  await dialog.getByRole('button', { name: 'Leave without saving' }).click();
  await expect(page).toHaveURL(/\/admin\/content\/publish$/);

  // Someone saves the file meanwhile: the edits are still offered, naming the file's newer version.
  const text = servedFile(FAQ);
  writeServedFile(FAQ, text.replace(faqSet().items[0]!.question, `${faqSet().items[0]!.question} (changed)`));
  const current = (await (await page.request.get(`${EDITOR_ROUTES.file}?path=${encodeURIComponent(FAQ)}`)).json()) as EditableFile;
  await openFaqSet(page, false);
  await expect(page.locator('.editor-kept')).toContainText(current.version.slice(0, 7));
  await page.getByRole('button', { name: 'Discard them' }).click();
  await expect(page.locator('.editor-kept')).toHaveCount(0);
});

test('list buttons say what they do; items are folded to their question, and a new one opens with focus in its first field', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await openFaqSet(page);
  const set = faqSet();
  await expect(items(page)).toHaveCount(set.items.length);
  // Folded, each showing its question.
  for (const [i, item] of set.items.entries()) {
    await expect(toggleOf(items(page).nth(i))).toHaveAttribute('aria-expanded', 'false');
    await expect(toggleOf(items(page).nth(i))).toContainText(item.question.slice(0, 60));
  }
  await expect(page.locator('.editor-forms .glyphicon')).toHaveCount(0);
  for (const button of await page.locator('.editor-forms button').all()) {
    expect((await button.innerText()).trim(), 'every button shows its name').not.toBe('');
  }
  await expect(page.getByRole('button', { name: 'Move down question 1', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: `Remove question ${set.items.length}`, exact: true })).toBeVisible();

  await page.getByRole('button', { name: /^Add a question/ }).click();
  await expect(items(page)).toHaveCount(set.items.length + 1);
  const added = items(page).last();
  await expect(toggleOf(added)).toHaveAttribute('aria-expanded', 'true');
  const focusedInside = await added.evaluate((item) => item.querySelector('.editor-item__body')!.contains(document.activeElement));
  expect(focusedInside, 'focus is in the new item’s first field').toBe(true);
  await expect(page.locator(':focus')).toHaveJSProperty('tagName', 'INPUT');
  await page.keyboard.type('new-question');
  await expect(toggleOf(added)).toContainText('new-question');

  // Moved up, the item keeps focus on its buttons; removed, it is gone.
  await page.getByRole('button', { name: `Move up question ${set.items.length + 1}`, exact: true }).click();
  await expect(page.locator(':focus')).toHaveText(/^Move (up|down)/);
  await expect(toggleOf(items(page).nth(set.items.length - 1))).toContainText('new-question');
  await page.getByRole('button', { name: `Remove question ${set.items.length}`, exact: true }).click();
  await expect(items(page)).toHaveCount(set.items.length);

  // Every list open: nothing axe finds.
  const folded = page.locator('.editor-item__toggle[aria-expanded="false"]');
  while ((await folded.count()) > 0) await folded.first().click();
  await expectNoAxeViolations(page, 'an FAQ set with every question open', 'iframe.editor-preview__frame');
});

test('a problem appears as the writer types, listed at the top with a link that puts focus in its field, and clears when fixed', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await openFaqSet(page);
  const answer = field(await openItem(page, 2), 'answer');
  await answer.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('Too short');
  const summary = page.locator('.editor-error-summary');
  // No blur: the check runs after a pause in typing.
  await expect(summary.getByRole('link')).toHaveCount(1, { timeout: 10_000 });
  await expect(answer).toBeFocused();
  await expectNoAxeViolations(page, 'the editor with the problem summary', 'iframe.editor-preview__frame');

  // Folded again and out of sight, the link opens the item and puts focus in the field.
  await toggleOf(items(page).nth(2)).click();
  await expect(answer).toBeHidden();
  await summary.getByRole('link').click();
  await expect(answer).toBeFocused();

  // A refused save moves focus to the summary.
  await save(page);
  await expect(summary).toBeFocused();
  await summary.getByRole('link').click();
  await expect(answer).toBeFocused();
  await page.keyboard.type(' — now long enough to pass the check.');
  await expect(summary).toHaveCount(0, { timeout: 10_000 });
  await save(page);
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  expect(servedFile(FAQ)).toContain('Too short — now long enough to pass the check.');
});

test('the price catalogue is a table of plans and periods: figures edited in place, /pricing previewed live, nothing axe finds', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const catalogue = parse(originalFile('site/data/pricing.yaml')) as { currency: string; prices: Record<string, Record<string, unknown>> };
  const [group, plans] = Object.entries(catalogue.prices).find(([, g]) => Object.values(g).every((p) => p && typeof p === 'object'))!;
  const [plan, periods] = Object.entries(plans)[0]! as [string, Record<string, number>];
  const [period, amount] = Object.entries(periods).find(([, v]) => typeof v === 'number')!;

  await openFile(page, editor, 'pricing.yaml', 'Price catalogue');
  const table = page.getByRole('table', { name: group.replace(/-/g, ' ') });
  await expect(table).toBeVisible({ timeout: 15_000 });
  await expect(table.getByRole('columnheader', { name: period })).toBeVisible();
  await expect(table.getByRole('rowheader', { name: plan.replace(/-/g, ' ') })).toBeVisible();
  // No key names to edit, no type to choose.
  await expect(page.locator('.editor-forms select')).toHaveCount(0);
  const cell = table.getByRole('textbox', { name: `${plan.replace(/-/g, ' ')} ${period}`, exact: true });
  await expect(cell).toHaveValue(String(amount));

  // The preview is a page that shows the prices, updated as the figure is typed.
  await expect(preview(page).locator('main')).toContainText(`${catalogue.currency}${amount}`, { timeout: 15_000 });
  const changed = amount + 1234;
  await cell.fill(String(changed));
  await expect(preview(page).locator('main')).toContainText(`${catalogue.currency}${changed.toLocaleString('en-US')}`, { timeout: 15_000 });
  await expectNoAxeViolations(page, 'the price catalogue', 'iframe.editor-preview__frame');
});

test('reference fields offer the site’s FAQ sets; an FAQ set and a form preview a page that shows them; the preview has three widths', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInToContent(page, editor, { throughForm: true });
  // Signed in, focus is on the page's heading.
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();

  await openFile(page, null, '/pricing', parse(originalFile('site/pages/pricing.yaml')).meta.title as string);
  const sections = parse(originalFile('site/pages/pricing.yaml')).sections as { type: string }[];
  const faq = await openSection(
    page,
    sections.findIndex((s) => s.type === 'faq'),
  );
  // A field with choices is a combobox: type to search, or pick from the list.
  const faqSetField = faq.getByRole('combobox', { name: /^faqSet\*?$/ });
  const listId = await faqSetField.getAttribute('list');
  expect(listId).toBeTruthy();
  const ids = Object.keys(siteModel().faqSets);
  const offered = await page
    .locator(`datalist[id="${listId}"] option`)
    .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
  expect(offered.sort()).toEqual(ids.sort());

  // The preview's widths.
  const frame = page.locator('iframe.editor-preview__frame');
  for (const [name, px] of [
    ['Tablet', 768],
    ['Desktop', 1280],
    ['Phone', 375],
  ] as const) {
    await page.getByRole('radio', { name: new RegExp(`^${name}`) }).check();
    await expect.poll(() => frame.evaluate((f) => f.getBoundingClientRect().width)).toBe(px);
  }

  // An FAQ set previews a page that shows its questions; a form, a page that holds it.
  await openFaqSet(page, false);
  await expect(preview(page).locator('main')).toContainText(faqSet().items[0]!.question, { timeout: 15_000 });
  const contact = parse(originalFile('site/forms/contact.yaml')) as { title: string };
  await openFile(page, null, 'forms/contact.yaml', contact.title);
  await expect(preview(page).locator('main form')).toBeVisible({ timeout: 15_000 });
});
