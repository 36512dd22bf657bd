// Two editors save the same file: the second save is refused with what changed, nothing is written
// over, and the second editor's draft is still in the form.
import { expect, test } from '@playwright/test';
import { createEditor, field, openFile, openSection, save, servedFile } from './editor';

const SUPPORT = 'site/pages/support.yaml';

test('the second of two editors saving the same file is refused, sees what changed, and loses nothing', async ({ browser }) => {
  // Two accounts made with the CLI and two browsers: slow on a busy machine.
  test.setTimeout(90_000);
  const ann = createEditor('ann');
  const bob = createEditor('bob');
  const annContext = await browser.newContext();
  const bobContext = await browser.newContext();
  const annPage = await annContext.newPage();
  const bobPage = await bobContext.newPage();
  await openFile(annPage, ann, 'support', 'Support Center');
  await openFile(bobPage, bob, 'support', 'Support Center');

  const annTitle = field(await openSection(annPage, 0), 'title');
  await annTitle.fill('Support Center, as Ann wrote it');
  await save(annPage);
  await expect(annPage.getByText('Saved. The lines that changed in the file:')).toBeVisible();

  const bobTitle = field(await openSection(bobPage, 0), 'title');
  await bobTitle.fill('Support Center, as Bob wrote it');
  await save(bobPage);
  const refusal = bobPage.getByRole('alert').filter({ hasText: 'Not saved: this file changed since you opened it' });
  await expect(refusal).toBeVisible();
  await expect(refusal).toBeFocused();
  await expect(refusal.getByLabel('What changed in the saved file')).toContainText('Support Center, as Ann wrote it');
  // Nothing written over: Ann's save is in the file, and Bob's draft is still in his form.
  expect(servedFile(SUPPORT)).toContain('Support Center, as Ann wrote it');
  expect(servedFile(SUPPORT)).not.toContain('as Bob wrote it');
  await expect(bobTitle).toHaveValue('Support Center, as Bob wrote it');
  await expect(bobPage.getByText('Unsaved changes', { exact: true })).toBeVisible();

  // Having read Ann's change, Bob may choose to save his over it: only then is it written.
  await refusal.getByRole('button', { name: 'Save my version over it' }).click();
  await expect(bobPage.getByText('Saved. The lines that changed in the file:')).toBeVisible();
  expect(servedFile(SUPPORT)).toContain('Support Center, as Bob wrote it');
  await annContext.close();
  await bobContext.close();
});
