// A writer makes words of an FAQ answer bold and a link with the field's toolbar, and saves; a heading
// typed there is refused at the field; the form with the toolbar passes axe.
import { expect, test } from '@playwright/test';
import { parse } from 'yaml';
import { expectNoAxeViolations } from './admin';
import { editorAccount, field, openFile, openItem, originalFile, save, servedFile } from './editor';

const PATH = 'site/faq/legal-questions.yaml';
type FaqSet = { title: string; items: Array<{ answer: string }> };

test('Bold and Link in an FAQ answer write Markdown the save keeps; a heading is refused at the field', async ({ page }) => {
  // Two whole-site checks (a save, a blur) on a busy machine.
  test.setTimeout(150_000);
  const set = parse(originalFile(PATH)) as FaqSet;
  await openFile(page, await editorAccount('writer'), set.title, set.title);
  // Questions are folded to their summary: the first is opened to reach its answer.
  const item = await openItem(page, 0);
  const answer = field(item, 'answer');
  const toolbar = item.getByRole('toolbar', { name: 'Formatting' });
  await expect(toolbar.getByRole('button', { name: 'Bold' })).toBeVisible();
  // The preview frame is the public page, checked by the site's own axe runs.
  await expectNoAxeViolations(page, 'an FAQ set with its answers’ formatting toolbars', 'iframe.editor-preview__frame');

  await answer.fill('Our notices follow section 512 of the DMCA.');
  // Select "section 512" and make it bold, from the keyboard.
  await answer.evaluate((box: HTMLTextAreaElement) => {
    const at = box.value.indexOf('section 512');
    box.setSelectionRange(at, at + 'section 512'.length);
  });
  await answer.press('Control+b');
  await expect(answer).toHaveValue('Our notices follow **section 512** of the DMCA.');
  // Select "the DMCA" and make it a link with the button; the address is selected, ready to type over.
  await answer.evaluate((box: HTMLTextAreaElement) => {
    const at = box.value.indexOf('the DMCA');
    box.setSelectionRange(at, at + 'the DMCA'.length);
  });
  await toolbar.getByRole('button', { name: 'Link' }).click();
  await expect(answer).toBeFocused();
  await page.keyboard.type('/faq/legal');
  await expect(answer).toHaveValue('Our notices follow **section 512** of [the DMCA](/faq/legal).');

  await save(page);
  // A save checks the whole site: slow on a busy machine.
  await expect(page.getByText('Saved. The lines that changed in the file:')).toBeVisible({ timeout: 30_000 });
  expect((parse(servedFile(PATH)) as FaqSet).items[0]!.answer).toBe('Our notices follow **section 512** of [the DMCA](/faq/legal).');

  await answer.fill('## The DMCA\nOur notices follow section 512.');
  await answer.blur();
  // Listed in the problem summary at the top, whose link leads to the field.
  const summary = page.locator('.editor-error-summary');
  await expect(summary).toContainText('a heading ("## The DMCA") cannot go in this text', { timeout: 30_000 });
  await summary.getByRole('link').first().click();
  await expect(answer).toBeFocused();
  await save(page);
  await expect(page.getByText(/^Not saved: \d+ problems? to fix first/)).toBeVisible({ timeout: 30_000 });
  expect((parse(servedFile(PATH)) as FaqSet).items[0]!.answer).toBe('Our notices follow **section 512** of [the DMCA](/faq/legal).');
});
