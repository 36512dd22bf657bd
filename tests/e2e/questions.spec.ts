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
  page.getByRole('group', { name: FAQ_SECTION.filterLabel! }).getByRole('button', { name: new RegExp(`^${name} \\d+$`) });
const heading = (page: Page) => page.locator('#questions [role="status"] h3');

/** The embedded questions, from site/ (the data the page is built from). */
const items = () => siteModel().faqSets['help-center']!.items;
type Item = ReturnType<typeof items>[number];
/** What the search reads of a question: its words and its answer's, without the addresses of its links. */
const searchedText = (q: Item) => `${q.question}\n${q.answer.replace(/\]\([^)]*\)/g, ']')}`.toLowerCase();
const containing = (text: string) => items().filter((q) => searchedText(q).includes(text.toLowerCase()));
const wordsOf = (text: string) => [...new Set(text.toLowerCase().match(/[a-z]{5,}/g) ?? [])];

/** A word of five letters or more that exactly one answer has and no question: only the answer can match it. */
function answerOnlyWord(): string {
  const word = wordsOf(
    items()
      .map((q) => q.answer)
      .join(' '),
  ).find((w) => containing(w).length === 1 && !items().some((q) => q.question.toLowerCase().includes(w)));
  if (!word) throw new Error('no answer on /questions has a word of its own');
  return word;
}

/** A word of five letters or more that several questions have, in their question or answer. */
function sharedWord(): string {
  const word = wordsOf(items().map(searchedText).join(' ')).find((w) => containing(w).length > 1);
  if (!word) throw new Error('no word is shared by two questions on /questions');
  return word;
}

/** A word of five letters or more that a question of the category has. */
function wordIn(category: string): string {
  const word = wordsOf(
    items()
      .filter((q) => q.category === category)
      .map(searchedText)
      .join(' '),
  )[0];
  if (!word) throw new Error(`no question of ${category} on /questions`);
  return word;
}

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

  // A word only one answer has, typed in capitals.
  const word = answerOnlyWord();
  await search(page).fill(word.toUpperCase());
  const inAnswer = containing(word);
  expect(inAnswer.length).toBe(1);
  await expect(questions(page)).toHaveText(inAnswer.map((q) => q.question));
  await expect(heading(page)).toHaveText(`1 question found for "${word.toUpperCase()}"`);

  const shared = sharedWord();
  await search(page).fill(shared);
  const withShared = containing(shared);
  expect(withShared.length).toBeGreaterThan(1);
  await expect(questions(page)).toHaveText(withShared.map((q) => q.question));
  await expect(heading(page)).toHaveText(`${withShared.length} questions found for "${shared}"`);
});

test('the category narrows the list, alone and combined with the search', async ({ page }) => {
  await open(page);
  await category(page, 'Legal').click();
  await expect(category(page, 'Legal')).toHaveAttribute('aria-pressed', 'true');
  await expect(category(page, 'All Questions')).toHaveAttribute('aria-pressed', 'false');
  const legal = items().filter((q) => q.category === 'Legal');
  await expect(questions(page)).toHaveText(legal.map((q) => q.question));
  await expect(heading(page)).toHaveText(`${legal.length} questions found`);

  const legalWord = wordIn('Legal');
  await search(page).fill(legalWord);
  const both = legal.filter((q) => searchedText(q).includes(legalWord));
  expect(both.length).toBeGreaterThan(0);
  await expect(questions(page)).toHaveText(both.map((q) => q.question));
  await expect(heading(page)).toHaveText(`${both.length} ${both.length === 1 ? 'question' : 'questions'} found for "${legalWord}"`);
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
  const word = wordIn('Takedowns');
  await search(page).fill(word);
  await category(page, 'Takedowns').click();
  await expect(page).toHaveURL(new RegExp(`/questions\\?q=${word}&category=takedowns$`));
  const expected = items().filter((q) => q.category === 'Takedowns' && searchedText(q).includes(word));
  expect(expected.length).toBeGreaterThan(0);
  await expect(questions(page)).toHaveText(expected.map((q) => q.question));

  const other = await browser.newPage();
  await open(other, new URL(page.url()).pathname + new URL(page.url()).search);
  await expect(search(other)).toHaveValue(word);
  await expect(category(other, 'Takedowns')).toHaveAttribute('aria-pressed', 'true');
  await expect(questions(other)).toHaveText(expected.map((q) => q.question));
  await expect(heading(other)).toHaveText(`${expected.length} ${expected.length === 1 ? 'question' : 'questions'} found for "${word}"`);
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
