// The content editor's save and publish in Firefox ESR and WebKit: a writer signs in, opens an FAQ
// set, changes a question, saves (the changed line is shown), publishes, and the public page that
// shows the set then shows the new question. On a server of its own, whose copy of site/ it changes.
// The same journey, and every other of the editor, runs in Chromium in tests/e2e/editor-*.spec.ts.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import type { FAQSet } from '../../../engine/generated/content';
import { readSiteFiles } from '../../../scripts/read-project';
import { createAccount, PASSWORD, uniqueWord } from '../admin';
import { siteModel } from '../site';
import { expect, shot, test } from './fixture';

/** The field's label as the form shows it: the schema's name for the question of an FAQ item. */
const QUESTION_LABEL: keyof FAQSet['items'][number] = 'question';

/** A page that shows an FAQ set, the set's file, and the first question the page shows (its place in the set). */
function faqShownOnAPage() {
  for (const page of siteModel().pages)
    for (const section of page.sections) {
      if (section.type !== 'faq' || !section.questions.length) continue;
      const file = readSiteFiles().find((f) => f.path.startsWith('site/faq/') && (parse(f.text) as FAQSet).id === section.faqSet);
      if (!file) continue;
      const set = siteModel().faqSets[section.faqSet]!;
      const index = set.items.findIndex((item) => item.id === section.questions[0]!.id);
      return { route: page.path!, path: file.path, title: set.title, index };
    }
  throw new Error('No page of site/ shows an FAQ set.');
}

// Functions run inside the page: each must stand alone (they travel as source).

const isShown = (selector: string) => !!document.querySelector(selector)?.checkVisibility();
const textOf = (selector: string) => (document.querySelector(selector)?.textContent ?? '').replace(/\s+/g, ' ').trim();
const valueOf = (selector: string) => (document.querySelector(selector) as HTMLInputElement | null)?.value ?? null;
/** The lines a diff adds, spaces collapsed. */
const addedLines = (selector: string) =>
  (document.querySelector(selector)?.textContent ?? '')
    .split('\n')
    .filter((line) => line.startsWith('+'))
    .map((line) => line.replace(/\s+/g, ' '));
const itemCount = () => document.querySelectorAll('.editor-forms .editor-item[data-fold]').length;

/** The id of the fold button of list item `n` of the open file's form. */
function itemToggleId(n: number) {
  return document.querySelectorAll('.editor-forms .editor-item[data-fold]')[n]?.querySelector('.editor-item__toggle')?.id ?? null;
}

/** The id of the field labelled `label` (a required one's label ends in *) inside list item `n`, once it is drawn. */
function fieldIdByLabel(n: number, label: string) {
  const item = document.querySelectorAll('.editor-forms .editor-item[data-fold]')[n];
  const found = [...(item?.querySelectorAll('label') ?? [])].find((l) => (l.textContent ?? '').trim().replace(/\*$/, '') === label);
  return found?.htmlFor || null;
}

/** Brings the innermost element holding `text` to the middle of the window, for the screenshot. */
function scrollToText(text: string) {
  const holders = [...document.querySelectorAll('main *')].filter((e) => (e.textContent ?? '').includes(text));
  holders.at(-1)?.scrollIntoView({ block: 'center', behavior: 'instant' });
}

const byId = (id: string) => `[id="${id}"]`;

test('a writer changes an FAQ question in the editor, saves, publishes, and the public page shows it', async ({
  engine,
  editorSite,
}, testInfo) => {
  // Publishing checks and builds the whole site: up to a few minutes on a busy two-core machine.
  test.setTimeout(300_000);
  const faq = faqShownOnAPage();
  const email = `${uniqueWord(engine.name)}@takedownshield.test`;
  await createAccount(email, PASSWORD, editorSite.dataDir, ['content']);
  const at = (path: string) => new URL(path, editorSite.url).href;

  await engine.resize(1280, 900);
  await engine.goto(at('/admin'));
  await expect.poll(() => engine.evaluate(isShown, '#sign-in-email'), { timeout: 15_000 }).toBe(true);
  await engine.type('#sign-in-email', email);
  await engine.type('#sign-in-password', PASSWORD);
  await engine.click('.admin-form button[type="submit"]');

  // A writer lands on the Content list; the search finds the FAQ set by its title.
  await expect.poll(() => engine.evaluate(isShown, '#content-search'), { timeout: 15_000 }).toBe(true);
  await engine.type('#content-search', faq.title);
  const fileLink = `a[href$="/content/edit?${new URLSearchParams({ path: faq.path })}"]`;
  await expect.poll(() => engine.evaluate(isShown, fileLink), { timeout: 15_000 }).toBe(true);
  await engine.click(fileLink);
  await expect.poll(() => engine.evaluate(textOf, 'main h1'), { timeout: 15_000 }).toBe(faq.title);
  await expect.poll(() => engine.evaluate(itemCount), { timeout: 15_000 }).toBeGreaterThan(faq.index);

  // The question's item is folded to its summary: opened, its question box is found by its label.
  await engine.click(byId((await engine.evaluate(itemToggleId, faq.index))!));
  await expect.poll(() => engine.evaluate(fieldIdByLabel, faq.index, QUESTION_LABEL)).not.toBeNull();
  const question = byId((await engine.evaluate(fieldIdByLabel, faq.index, QUESTION_LABEL))!);
  const typed = `Can I send a takedown from my phone, ${uniqueWord('asked')}?`;
  await engine.replace(question, typed);
  await expect.poll(() => engine.evaluate(valueOf, question)).toBe(typed);

  await engine.click('.editor-save button');
  // Saved: the changed line is shown, and the file on the server holds the new question.
  await expect.poll(() => engine.evaluate(addedLines, 'pre.editor-diff'), { timeout: 30_000 }).toContain(`+ ${QUESTION_LABEL}: ${typed}`);
  expect(readFileSync(join(editorSite.contentRoot, faq.path), 'utf8')).toContain(typed);
  await shot(engine, testInfo, 'editor-saved');
  // Saved is not live yet.
  expect(await (await fetch(at(faq.route))).text()).not.toContain(typed);

  // Publish lists the FAQ set's file among the changes, and publishes it.
  await engine.click('nav.editor-subnav a[href$="/content/publish"]');
  await expect.poll(() => engine.evaluate(textOf, 'main table'), { timeout: 30_000 }).toContain(faq.path);
  await engine.click('main form.admin-form button[type="submit"]');
  await expect.poll(() => engine.evaluate(isShown, '.admin-notice.editor-result'), { timeout: 240_000, intervals: [1_000] }).toBe(true);
  await shot(engine, testInfo, 'editor-published');

  // The public page shows the new question.
  await engine.goto(at(faq.route));
  expect(await engine.evaluate(textOf, 'main')).toContain(typed);
  await engine.evaluate(scrollToText, typed);
  await shot(engine, testInfo, 'editor-live');
});
