// Two editors save the same file: the second save is refused with what changed, nothing is written
// over, and the second editor's draft is still in the form.
import { expect, test } from '@playwright/test';
import { createEditor, field, openFile, openSection, save, servedFile } from './editor';

const TERMS = 'site/pages/terms.yaml';

test('the second of two editors saving the same file is refused, sees what changed, and loses nothing', async ({ browser }) => {
  const ann = createEditor('ann');
  const bob = createEditor('bob');
  const annPage = await (await browser.newContext()).newPage();
  const bobPage = await (await browser.newContext()).newPage();
  await openFile(annPage, ann, 'terms', 'Terms of Service');
  await openFile(bobPage, bob, 'terms', 'Terms of Service');

  const annTitle = field(await openSection(annPage, 0), 'title');
  await annTitle.fill('Terms of Service, as Ann wrote them');
  await save(annPage);
  await expect(annPage.getByText('Saved. The lines that changed in the file:')).toBeVisible();

  const bobTitle = field(await openSection(bobPage, 0), 'title');
  await bobTitle.fill('Terms of Service, as Bob wrote them');
  await save(bobPage);
  const refusal = bobPage.getByRole('alert').filter({ hasText: 'Not saved: this file changed since you opened it' });
  await expect(refusal).toBeVisible();
  await expect(refusal).toBeFocused();
  await expect(refusal.getByLabel('What changed in the saved file')).toContainText('Terms of Service, as Ann wrote them');
  // Nothing written over: Ann's save is in the file, and Bob's draft is still in his form.
  expect(servedFile(TERMS)).toContain('Terms of Service, as Ann wrote them');
  expect(servedFile(TERMS)).not.toContain('as Bob wrote them');
  await expect(bobTitle).toHaveValue('Terms of Service, as Bob wrote them');
  await expect(bobPage.getByText('Unsaved changes', { exact: true })).toBeVisible();

  // Having read Ann's change, Bob may choose to save his over it: only then is it written.
  await refusal.getByRole('button', { name: 'Save my version over it' }).click();
  await expect(bobPage.getByText('Saved. The lines that changed in the file:')).toBeVisible();
  expect(servedFile(TERMS)).toContain('Terms of Service, as Bob wrote them');
});
