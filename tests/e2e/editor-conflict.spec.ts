// Two writers save the same file. When they changed different questions, the second save keeps both
// changes. When they changed the same answer, the second writer sees both versions side by side with
// the other writer's name and time, picks one, and only then is it written.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { parse } from 'yaml';
import { expectNoAxeViolations } from './admin';
import { editorAccount, field, openFile, openItem, originalFile, save, servedFile } from './editor';

type FaqSet = { title: string; items: Array<{ question: string; answer: string }> };
const faqSet = (text: string) => parse(text) as FaqSet;

/** The answer box of question `n` (0-based) of the FAQ set's form, its item opened. */
const answer = async (page: Page, n: number) => field(await openItem(page, n), 'answer');

async function twoWriters(browser: Browser, path: string) {
  const title = faqSet(originalFile(path)).title;
  const writers = [];
  for (const name of ['writer', 'colleague'] as const) {
    const email = await editorAccount(name);
    const context = await browser.newContext();
    const page = await context.newPage();
    await openFile(page, email, title, title);
    writers.push({ email, page, context });
  }
  return writers as [(typeof writers)[0], (typeof writers)[0]];
}

test('two writers change two questions of one FAQ set: both keep their change', async ({ browser }) => {
  // Two accounts made with the CLI, two browsers and whole-site checks on each save: slow on a busy machine.
  test.setTimeout(150_000);
  const PATH = 'site/faq/technical-questions.yaml';
  const [ann, bob] = await twoWriters(browser, PATH);
  const annAnswer = `Ann's answer, written ${Date.now()}: every notice is sent within one working day.`;
  const bobAnswer = `Bob's answer, written ${Date.now()}: reports go out weekly by e-mail.`;

  await (await answer(ann.page, 0)).fill(annAnswer);
  await save(ann.page);
  await expect(ann.page.getByText('Saved. The lines that changed in the file:')).toBeVisible({ timeout: 30_000 });

  await (await answer(bob.page, 1)).fill(bobAnswer);
  await save(bob.page);
  const notice = bob.page.getByText('Saved. The lines that changed in the file:');
  await expect(notice).toBeVisible({ timeout: 30_000 });
  // Bob is told whose save his was added to, and his form now shows Ann's answer beside his own.
  await expect(bob.page.getByText(`${ann.email} saved this file on`)).toBeVisible();
  await expect(await answer(bob.page, 0)).toHaveValue(annAnswer);
  await expect(await answer(bob.page, 1)).toHaveValue(bobAnswer);
  await expect(bob.page.getByText('No unsaved changes', { exact: true })).toBeVisible();

  const saved = faqSet(servedFile(PATH));
  expect(saved.items[0]!.answer).toBe(annAnswer);
  expect(saved.items[1]!.answer).toBe(bobAnswer);
  // The file's comment line stays.
  expect(servedFile(PATH).split('\n')[0]).toBe(originalFile(PATH).split('\n')[0]);
  await ann.context.close();
  await bob.context.close();
});

test('the same answer changed by two writers shows both versions with names, and the one picked is saved', async ({ browser }) => {
  test.setTimeout(150_000);
  const PATH = 'site/faq/international-questions.yaml';
  const [ann, bob] = await twoWriters(browser, PATH);
  const annAnswer = `Ann's version, ${Date.now()}: we send notices to hosts in every country.`;
  const bobAnswer = `Bob's version, ${Date.now()}: we reach hosts in over 190 countries.`;

  await (await answer(ann.page, 2)).fill(annAnswer);
  await save(ann.page);
  await expect(ann.page.getByText('Saved. The lines that changed in the file:')).toBeVisible({ timeout: 30_000 });
  const afterAnn = servedFile(PATH);

  await (await answer(bob.page, 2)).fill(bobAnswer);
  await save(bob.page);
  const conflict = bob.page.getByRole('region', { name: /^Not saved: you and another writer changed the same value/ });
  await expect(conflict).toBeVisible({ timeout: 30_000 });
  await expect(conflict).toBeFocused();
  // Nothing written over: the file is as Ann saved it, and Bob's draft is still in his form.
  expect(servedFile(PATH)).toBe(afterAnn);
  await expect(await answer(bob.page, 2)).toHaveValue(bobAnswer);
  // The place in the writer's words: the question the answer belongs to.
  const question = faqSet(afterAnn).items[2]!.question;
  const choice = conflict.getByRole('group', { name: `“${question}” › answer` });
  await expect(choice).toBeVisible();
  await expect(conflict).toContainText(ann.email);
  await expect(conflict.locator('time')).toHaveAttribute('datetime', /^\d{4}-\d\d-\d\dT/);
  await expect(choice.getByText(bobAnswer, { exact: true })).toBeVisible();
  await expect(choice.getByText(annAnswer, { exact: true })).toBeVisible();
  await expect(choice.getByRole('heading', { name: `${ann.email}’s version` })).toBeVisible();
  await expectNoAxeViolations(bob.page, 'the conflict view', 'iframe.editor-preview__frame');

  // Saving without a pick writes nothing and says what is missing.
  await conflict.getByRole('button', { name: 'Save with these choices' }).click();
  await expect(conflict.getByText('Pick a version of each value first.')).toBeVisible();
  expect(servedFile(PATH)).toBe(afterAnn);

  await choice.getByRole('radio', { name: 'Keep your version' }).check();
  await conflict.getByRole('button', { name: 'Save with these choices' }).click();
  await expect(bob.page.getByText('Saved. The lines that changed in the file:')).toBeVisible({ timeout: 30_000 });
  await expect(conflict).toBeHidden();
  expect(faqSet(servedFile(PATH)).items[2]!.answer).toBe(bobAnswer);
  await ann.context.close();
  await bob.context.close();
});
