// /questions, the searchable FAQ (spec 001 §2 "/questions", §3, §4, §5, §8): search on question or
// answer combined with the category sidebar, several answers open at once, the result heading, the
// empty state with View All Questions, and the URL query round trip.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { pageAt, siteModel, waitForIslands } from './site';
import { axeBuilder } from './axe';

// As specified (§3): the categories, by the names shown for them. Their counts are counted.
const CATEGORIES = ['All Questions', 'DMCA Basics', 'Takedowns', 'Protection', 'Legal', 'Pricing', 'Technical'] as const;

// The empty state's words are the spec's (spec 001 §8).
const EMPTY = ['No questions found', 'Try adjusting your search terms or browse different categories.'];

/** The /questions FAQ section and its support buttons, as site/ words them. */
const FAQ_SECTION = (() => {
  const faq = pageAt('/questions').sections.find((s) => s.type === 'faq');
  if (faq?.type !== 'faq') throw new Error('/questions has no faq section');
  return faq;
})();
const SUPPORT_ACTIONS = (() => {
  const cta = pageAt('/questions').sections.find((s) => s.type === 'cta');
  return cta?.type === 'cta' ? cta.actions : [];
})();

const questions = (page: Page) => page.locator('#questions .accordion__trigger');
const search = (page: Page) => page.getByRole('searchbox', { name: FAQ_SECTION.search!.label, exact: true });
const category = (page: Page, name: string) =>
  page.getByRole('group', { name: 'Categories' }).getByRole('button', { name: new RegExp(`^${name} \\d+$`) });
const heading = (page: Page) => page.locator('#questions [role="status"] h3');

/** The embedded questions, from site/ (the data the page is built from). */
const items = () => siteModel().faqSets['help-center']!.items;
const containing = (text: string) => items().filter((q) => `${q.question}\n${q.answer}`.toLowerCase().includes(text.toLowerCase()));

async function open(page: Page, path = '/questions', javaScriptEnabled = true): Promise<void> {
  await page.goto(path);
  if (javaScriptEnabled) await waitForIslands(page);
}

test('without JavaScript, lists the ten questions closed and "10 questions found", and hides the search box and categories that need a script', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/questions');
  await expect(questions(page)).toHaveCount(10);
  await expect(page.locator('#questions details.accordion__item:not([open])')).toHaveCount(10);
  await expect(search(page)).toBeHidden();
  await expect(page.locator('#questions .faq-filter')).toBeHidden();
  await expect(heading(page)).toHaveText('10 questions found');
  await expect(page.locator('#popular-topics .card')).not.toHaveCount(0);
  // Live chat and e-mail support.
  expect(SUPPORT_ACTIONS).toHaveLength(2);
  for (const action of SUPPORT_ACTIONS)
    await expect(page.getByRole('main').getByRole('link', { name: action.label, exact: true })).toHaveAttribute('href', '/contact-us');
  await context.close();
});

test('"All Questions" counts every question listed, and each category counts the questions it shows', async ({ page }) => {
  await open(page);
  const countOf = async (name: string) => Number(await category(page, name).locator('.faq-filter__count').textContent());
  expect(await countOf('All Questions')).toBe(await questions(page).count());
  for (const name of CATEGORIES.slice(1)) {
    await category(page, name).click();
    await expect(category(page, name)).toHaveAttribute('aria-pressed', 'true');
    expect(await questions(page).count(), name).toBe(await countOf(name));
  }
});

const openOf = (question: Locator) => question.locator('xpath=..');
const answerOf = (question: Locator) => openOf(question).locator('.accordion__panel');

// The answers are <details> without a shared name: several open at once, with or without JavaScript.
for (const javaScriptEnabled of [true, false]) {
  test.describe(`JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled });

    test('several questions can be open at once; clicking one toggles only that one', async ({ page }) => {
      await open(page, '/questions', javaScriptEnabled);
      const [first, third] = [questions(page).nth(0), questions(page).nth(2)];
      await first.click();
      await third.click();
      await expect(openOf(first)).toHaveAttribute('open', '');
      await expect(openOf(third)).toHaveAttribute('open', '');
      await expect(answerOf(first)).toBeVisible();
      await expect(answerOf(third)).toBeVisible();
      await first.click();
      await expect(openOf(first)).not.toHaveAttribute('open');
      await expect(answerOf(first)).toBeHidden();
      await expect(openOf(third)).toHaveAttribute('open', '');
    });
  });
}

test('search matches the question or the answer, ignoring case, and the heading says what was found', async ({ page }) => {
  await open(page);
  const status = page.locator('#questions [role="status"]');
  await expect(status).toHaveAttribute('aria-live', 'polite');

  // "perjury" is only in an answer.
  await search(page).fill('PERJURY');
  const inAnswer = containing('perjury');
  expect(inAnswer.length).toBe(1);
  await expect(questions(page)).toHaveText(inAnswer.map((q) => q.question));
  await expect(heading(page)).toHaveText('1 question found for "PERJURY"');

  await search(page).fill('what is');
  const whatIs = containing('what is');
  expect(whatIs.length).toBeGreaterThan(1);
  await expect(questions(page)).toHaveText(whatIs.map((q) => q.question));
  await expect(heading(page)).toHaveText(`${whatIs.length} questions found for "what is"`);
});

test('the category narrows the list, alone and combined with the search', async ({ page }) => {
  await open(page);
  await category(page, 'Legal').click();
  await expect(category(page, 'Legal')).toHaveAttribute('aria-pressed', 'true');
  await expect(category(page, 'All Questions')).toHaveAttribute('aria-pressed', 'false');
  const legal = items().filter((q) => q.category === 'Legal');
  await expect(questions(page)).toHaveText(legal.map((q) => q.question));
  await expect(heading(page)).toHaveText(`${legal.length} questions found`);

  await search(page).fill('counter');
  const both = legal.filter((q) => `${q.question} ${q.answer}`.toLowerCase().includes('counter'));
  await expect(questions(page)).toHaveText(both.map((q) => q.question));
  await expect(heading(page)).toHaveText(`${both.length} ${both.length === 1 ? 'question' : 'questions'} found for "counter"`);
});

test('no match shows the empty state; View All Questions clears the search and the category', async ({ page }) => {
  await open(page);
  await category(page, 'Technical').click();
  await search(page).fill('fair use');
  await expect(questions(page)).toHaveCount(0);
  const empty = page.locator('#questions .faq-empty');
  await expect(empty.getByRole('heading')).toHaveText(EMPTY[0]!);
  await expect(empty.locator('p')).toHaveText(EMPTY[1]!);
  await expect(heading(page)).toHaveText('0 questions found for "fair use"');
  await expect(page).toHaveURL(/\/questions\?q=fair\+use&category=technical$/);

  await empty.getByRole('button', { name: 'View All Questions' }).click();
  await expect(search(page)).toHaveValue('');
  await expect(search(page)).toBeFocused();
  await expect(category(page, 'All Questions')).toHaveAttribute('aria-pressed', 'true');
  await expect(questions(page)).toHaveCount(10);
  await expect(heading(page)).toHaveText('10 questions found');
  await expect(empty).toHaveCount(0);
  await expect(page).toHaveURL(/\/questions$/);
});

test('the search and category are kept in the URL, and a copied link shows the same list', async ({ page, browser }) => {
  await open(page);
  await search(page).fill('takedown');
  await category(page, 'Takedowns').click();
  await expect(page).toHaveURL(/\/questions\?q=takedown&category=takedowns$/);
  const expected = items().filter((q) => q.category === 'Takedowns' && `${q.question} ${q.answer}`.toLowerCase().includes('takedown'));
  await expect(questions(page)).toHaveText(expected.map((q) => q.question));

  const other = await browser.newPage();
  await open(other, new URL(page.url()).pathname + new URL(page.url()).search);
  await expect(search(other)).toHaveValue('takedown');
  await expect(category(other, 'Takedowns')).toHaveAttribute('aria-pressed', 'true');
  await expect(questions(other)).toHaveText(expected.map((q) => q.question));
  await expect(heading(other)).toHaveText(`${expected.length} ${expected.length === 1 ? 'question' : 'questions'} found for "takedown"`);
  await other.close();
});

test('an unknown category in the URL is ignored', async ({ page }) => {
  await open(page, '/questions?category=nonsense');
  await expect(category(page, 'All Questions')).toHaveAttribute('aria-pressed', 'true');
  await expect(questions(page)).toHaveCount(10);
});

test('with answers open, and with the empty state, the page has no accessibility violations', async ({ page }) => {
  const axe = () => axeBuilder(page).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  await open(page);
  await questions(page).nth(0).click();
  await questions(page).nth(1).click();
  expect((await axe()).violations.map((v) => v.id)).toEqual([]);
  await search(page).fill('no such question');
  await expect(page.locator('#questions .faq-empty')).toBeVisible();
  expect((await axe()).violations.map((v) => v.id)).toEqual([]);
});
