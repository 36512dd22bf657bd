// The FAQ hub and the eight FAQ category pages (spec 001 §2 "FAQ hub", "FAQ category pages", §4,
// §5, §8): prerendered content, one open question at a time, quick-navigation anchors, links to a
// question, the hub's search and category filter with its empty state, and the URL query.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { accessibleExpanded, axeViolations, holdIslandCode, islandHydrated, pageAt, routeAt, siteModel, waitForIslands } from './site';
import { categoryAnchor } from '../../engine/sections/faq/faq-filter';
import { axeBuilder } from './axe';

// Counts and categories as specified (not read from site/, so a content change that breaks them shows up).
const CATEGORY_PAGES = [
  { path: '/faq/protection', h1: routeAt('/faq/protection').h1, count: 18, grouped: true },
  { path: '/faq/legal', h1: routeAt('/faq/legal').h1, count: 20, grouped: true },
  { path: '/faq/pricing', h1: routeAt('/faq/pricing').h1, count: 20, grouped: true },
  { path: '/faq/technical', h1: routeAt('/faq/technical').h1, count: 26, grouped: true },
  { path: '/faq/business', h1: routeAt('/faq/business').h1, count: 26, grouped: true },
  { path: '/faq/international', h1: routeAt('/faq/international').h1, count: 20, grouped: false },
  { path: '/faq/general', h1: routeAt('/faq/general').h1, count: 15, grouped: true },
  { path: '/faq/takedowns', h1: routeAt('/faq/takedowns').h1, count: 20, grouped: true },
] as const;

const TAKEDOWN_ANCHORS = [
  'timeline-and-process',
  'requirements',
  'pricing',
  'success-rate',
  'process',
  'coverage',
  'counter-notices',
  'international',
  'bulk-processing',
  'evidence',
  'social-media',
  'search-engines',
  'enforcement',
  'content-types',
  'anonymous-cases',
  'reporting',
  'emergency-services',
  'quality-control',
];

// The hub's category cards as site/pages/faq.yaml declares them; tests/unit/content/faq-content.test.ts
// holds them to the spec, so here they are read, not typed a second time.
const HUB_CATEGORIES = (() => {
  const grid = siteModel()
    .pages.find((p) => p.path === '/faq')!
    .sections.find((s) => s.type === 'card-grid' && s.id === 'categories');
  if (grid?.type !== 'card-grid') throw new Error('site/pages/faq.yaml has no card-grid with id "categories"');
  return grid.cards.map((card) => [card.title, card.action?.href ?? ''] as const);
})();

// The hub's empty state: the spec's words (spec 001 §8).
const HUB_EMPTY = ['No questions found', 'Try adjusting your search or browse our categories above.'];

/** What a FAQ category page's breadcrumb, related-topics block and quick navigation say, as site/ has them. */
function categoryPageWords(path: string) {
  const sections = pageAt(path).sections;
  const breadcrumb = sections.find((s) => s.type === 'breadcrumb');
  const related = sections.find((s) => s.id === 'related-topics');
  if (breadcrumb?.type !== 'breadcrumb' || related?.type !== 'link-list') throw new Error(`${path}: no breadcrumb or related topics`);
  return {
    back: breadcrumb.back!.label,
    faqCrumb: breadcrumb.trail.find((l) => l.href === '/faq')!.label,
    current: breadcrumb.current,
    related: related.title!,
  };
}

/** The FAQ section of a page as site/ declares it: its quick navigation's, search box's and filter's names. */
function faqSectionOf(path: string) {
  const faq = pageAt(path).sections.find((s) => s.type === 'faq');
  if (faq?.type !== 'faq') throw new Error(`${path} has no FAQ section`);
  return faq;
}

/** The name of the category whose block has this anchor on a FAQ page, as its questions have it. */
function categoryAt(path: string, anchor: string): string {
  const set = siteModel().faqSets[faqSectionOf(path).faqSet]!;
  const found = set.items.find((item) => categoryAnchor(item.category) === anchor);
  if (!found) throw new Error(`${path} has no category with the anchor #${anchor}`);
  return found.category;
}

/** The hub's filter buttons: All, then the popular questions' categories, as the FAQ section names them. */
const HUB_FILTERS = (() => {
  const faq = pageAt('/faq').sections.find((s) => s.type === 'faq');
  return faq?.type === 'faq' ? (faq.categories ?? []).map((c) => c.name) : [];
})();

/** The questions: each a <details> whose <summary> is the question and whose panel is the answer. */
const itemsOf = (page: Page) => page.locator('main details.accordion__item');
const questionsOf = (page: Page) => page.locator('main .accordion__trigger');
const itemOf = (question: Locator) => question.locator('xpath=..');
const panelOf = (question: Locator) => itemOf(question).locator('.accordion__panel');
const expandedCount = (page: Page) => page.locator('main details.accordion__item[open]').count();

async function expectExpanded(question: Locator, expanded: boolean): Promise<void> {
  if (expanded) await expect(itemOf(question)).toHaveAttribute('open', '');
  else await expect(itemOf(question)).not.toHaveAttribute('open');
  await expect(panelOf(question)).toBeVisible({ visible: expanded });
}

async function open(page: Page, path: string, javaScriptEnabled = true): Promise<void> {
  await page.goto(path);
  if (javaScriptEnabled) await waitForIslands(page);
}

/** The popular questions of a set on the hub, from site/ (the data the page is built from). */
function popular(): Array<{ id: string; question: string; answer: string; category: string }> {
  return siteModel().faqSets['popular-questions']!.items;
}

/** A word of five letters or more that exactly one popular answer has and no question has: only the answer can match it. */
function answerOnlyWord() {
  const items = popular();
  const words = new Set(items.flatMap((q) => q.answer.toLowerCase().match(/[a-z]{5,}/g) ?? []));
  for (const word of words) {
    const inAnswers = items.filter((q) => q.answer.toLowerCase().includes(word));
    if (inAnswers.length === 1 && !items.some((q) => q.question.toLowerCase().includes(word))) return { word, item: inAnswers[0]! };
  }
  throw new Error('no popular answer has a word of its own');
}

type PopularQuestion = ReturnType<typeof popular>[number];
/** What the search reads of a question: its words and its answer's, without the addresses of its links. */
const searchedText = (q: PopularQuestion) => `${q.question} ${q.answer.replace(/\]\([^)]*\)/g, ']')}`.toLowerCase();
const wordsOf = (q: PopularQuestion) => searchedText(q).match(/[a-z]{5,}/g) ?? [];
const hasWord = (q: PopularQuestion, word: string) => searchedText(q).includes(word);

/** A word of five letters or more that several popular questions have, in their question or answer. */
function sharedWord(): { word: string; items: PopularQuestion[] } {
  for (const word of new Set(popular().flatMap(wordsOf))) {
    const items = popular().filter((q) => hasWord(q, word));
    if (items.length > 1) return { word, items };
  }
  throw new Error('no word is shared by two popular questions');
}

/** A word some popular questions of one category have and none of another filter's: a search, then an empty state. */
function wordMissingFromACategory(): { word: string; items: PopularQuestion[]; present: string; missing: string } {
  const categories = HUB_FILTERS.slice(1);
  for (const word of new Set(popular().flatMap(wordsOf))) {
    const items = popular().filter((q) => hasWord(q, word));
    const missing = categories.find((c) => !items.some((q) => q.category === c));
    if (missing) return { word, items, present: items[0]!.category, missing };
  }
  throw new Error('every word of the popular questions is in every category');
}

/** A word of five letters or more that one of a category's popular questions has. */
function wordIn(category: string): string {
  const word = popular()
    .filter((q) => q.category === category)
    .flatMap(wordsOf)[0];
  if (!word) throw new Error(`no popular question in ${category}`);
  return word;
}

test.describe('FAQ category pages, as prerendered', () => {
  test.use({ javaScriptEnabled: false });

  /** What a page has of its own, checked on the same load as what every category page has. */
  const OWN_CHECKS: Record<string, Array<{ title: string; check: (page: Page) => Promise<void> }>> = {
    '/faq/takedowns': [{ title: 'one quick link per category, each to the anchor of its block', check: takedownQuickLinks }],
    '/faq/international': [
      { title: 'the number of answers its introduction states is the number of questions it shows', check: statedCount },
      { title: 'its categories are tags that are not links, above one flat accordion', check: internationalTags },
    ],
    '/faq/legal': [
      { title: 'the number of answers its introduction states is the number of questions it shows', check: statedCount },
      { title: 'its copyright resources open in new tabs, and it states it is not legal advice', check: legalResources },
    ],
    '/faq/general': [{ title: 'the number of answers its introduction states is the number of questions it shows', check: statedCount }],
    '/faq/pricing': [{ title: 'it compares our service with a law firm and doing it yourself in a table', check: pricingComparison }],
  };

  for (const p of CATEGORY_PAGES) {
    test(`${p.path} shows its ${p.count} questions closed, with their answers in the HTML, a breadcrumb and Back to FAQ`, async ({
      page,
    }) => {
      await page.goto(p.path);
      await test.step('its questions, closed, with their answers in the HTML', async () => {
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(p.h1);
        await expect(questionsOf(page)).toHaveCount(p.count);
        await expect(itemsOf(page)).toHaveCount(p.count);
        expect(await expandedCount(page)).toBe(0);
        for (const panel of await page.locator('main .accordion__panel').all()) await expect(panel).toBeHidden();
        // Answers are in the page for crawlers, only hidden.
        expect((await page.locator('main .accordion__panel p').first().textContent())?.length).toBeGreaterThan(20);
      });

      await test.step('its breadcrumb, Back to FAQ, stats, related topics and quick navigation', async () => {
        const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
        const words = categoryPageWords(p.path);
        await expect(crumbs.getByRole('link', { name: words.faqCrumb, exact: true })).toHaveAttribute('href', '/faq');
        await expect(crumbs.locator('[aria-current="page"]')).toHaveText(words.current);
        await expect(page.getByRole('link', { name: words.back, exact: true })).toHaveAttribute('href', '/faq');

        await expect(page.locator('main .stats__item').first()).toBeVisible();
        await expect(page.getByRole('heading', { name: words.related, exact: true })).toBeVisible();
        // A grouped page has its quick navigation (named as its FAQ section says); a flat one has none.
        const navLabel = faqSectionOf(p.path).navLabel;
        expect(navLabel !== undefined, `${p.path} names its quick navigation`).toBe(p.grouped);
        await expect(page.getByRole('navigation', { name: navLabel ?? faqSectionOf('/faq/takedowns').navLabel! })).toHaveCount(
          p.grouped ? 1 : 0,
        );
      });

      for (const own of OWN_CHECKS[p.path] ?? []) await test.step(own.title, () => own.check(page));
    });
  }

  async function statedCount(page: Page): Promise<void> {
    const subtitle = (await page.locator('main header, main section').first().textContent()) ?? '';
    expect(subtitle).toContain(`${await questionsOf(page).count()} answers`);
  }

  async function takedownQuickLinks(page: Page): Promise<void> {
    const links = page.getByRole('navigation', { name: faqSectionOf('/faq/takedowns').navLabel! }).getByRole('link');
    await expect(links).toHaveCount(TAKEDOWN_ANCHORS.length);
    expect(await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')))).toEqual(TAKEDOWN_ANCHORS.map((a) => `#${a}`));
    await expect(links.first()).toHaveText(categoryAt('/faq/takedowns', TAKEDOWN_ANCHORS[0]));
    for (const anchor of TAKEDOWN_ANCHORS) await expect(page.locator(`#${anchor} .accordion__trigger`).first()).toBeAttached();
  }

  async function internationalTags(page: Page): Promise<void> {
    const tagList = page.getByRole('list', { name: faqSectionOf('/faq/international').filterLabel! });
    const tags = tagList.getByRole('listitem');
    await expect(tags.first()).toBeVisible();
    expect(await tags.count()).toBeGreaterThan(3);
    await expect(tagList.getByRole('link')).toHaveCount(0);
    await expect(page.locator('main .faq-group')).toHaveCount(0);
    await expect(page.locator('main .accordion')).toHaveCount(1);
  }

  async function legalResources(page: Page): Promise<void> {
    // The disclaimer as site/ words it: its heading and its first paragraph are on view.
    const disclaimer = pageAt('/faq/legal').sections.find((s) => s.id === 'legal-disclaimer');
    if (disclaimer?.type !== 'rich-text') throw new Error('/faq/legal has no rich-text section "legal-disclaimer"');
    await expect(page.getByRole('heading', { name: disclaimer.title!, exact: true })).toBeVisible();
    await expect(page.locator('#legal-disclaimer p').first()).toHaveText(disclaimer.paragraphs[0]!);
    const resources = page.locator('#copyright-resources a');
    expect(await resources.count()).toBeGreaterThan(2);
    for (const link of await resources.all()) {
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
      await expect(link).toHaveAttribute('href', /^https:\/\//);
      await expect(link).toContainText('(opens in a new tab)');
    }
  }

  async function pricingComparison(page: Page): Promise<void> {
    const table = page.getByRole('table');
    const comparison = pageAt('/faq/pricing').sections.find((s) => s.type === 'comparison');
    if (comparison?.type !== 'comparison') throw new Error('/faq/pricing has no comparison');
    await expect(table.getByRole('columnheader')).toHaveText([comparison.rowHeading!, ...comparison.columns.map((c) => c.label)]);
    await expect(table.getByRole('rowheader').first()).toHaveText(comparison.rows[0]!.label);
  }
});

// The answers are <details>: they work the same with JavaScript on and off (the pages load none).
for (const javaScriptEnabled of [true, false]) {
  test.describe(`FAQ category pages, JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled });

    test('one question is open at a time, and clicking the open one closes it', async ({ page }) => {
      await open(page, '/faq/legal', javaScriptEnabled);
      const [first, second] = [questionsOf(page).nth(0), questionsOf(page).nth(1)];
      expect(await expandedCount(page)).toBe(0);

      await first.click();
      await expectExpanded(first, true);
      await expect(panelOf(first)).toContainText(/\w{4,}/);

      await second.click();
      await expectExpanded(second, true);
      await expectExpanded(first, false);
      expect(await expandedCount(page)).toBe(1);

      await second.click();
      await expectExpanded(second, false);
      expect(await expandedCount(page)).toBe(0);
    });

    test('opening a question in another category closes the open one too', async ({ page }) => {
      await open(page, '/faq/takedowns', javaScriptEnabled);
      const inTimeline = page.locator('#timeline-and-process .accordion__trigger').first();
      const inPricing = page.locator('#pricing .accordion__trigger').first();
      await inTimeline.click();
      await inPricing.click();
      await expectExpanded(inPricing, true);
      await expectExpanded(inTimeline, false);
      expect(await expandedCount(page)).toBe(1);
    });

    test('a link to a question opens that question', async ({ page }) => {
      await open(page, '/faq/legal#statutory-damages', javaScriptEnabled);
      const answer = page.locator('#statutory-damages');
      await expect(answer).toBeVisible();
      // The spec's figures for statutory damages; the words between them are the writers'.
      await expect(answer).toContainText(/\$750\b.*\$30,000/);
      await expect(page.locator('details:has(#statutory-damages) > summary')).toBeInViewport();
      expect(await expandedCount(page)).toBe(1);
    });

    test('/faq/international: one flat accordion, still one answer open at a time', async ({ page }) => {
      await open(page, '/faq/international', javaScriptEnabled);
      await questionsOf(page).nth(0).click();
      await questionsOf(page).nth(5).click();
      await expectExpanded(questionsOf(page).nth(5), true);
      expect(await expandedCount(page)).toBe(1);
    });
  });
}

test.describe('FAQ category pages', () => {
  test('a quick link jumps to its category block', async ({ page }) => {
    await open(page, '/faq/legal');
    const category = categoryAt('/faq/legal', 'counter-notices');
    await page
      .getByRole('navigation', { name: faqSectionOf('/faq/legal').navLabel! })
      .getByRole('link', { name: category })
      .click();
    await expect(page).toHaveURL(/\/faq\/legal#counter-notices$/);
    await expect(page.getByRole('heading', { name: category, level: 3 })).toBeInViewport();
  });

  test('Tab moves between questions; Enter and Space toggle, and the question is announced as expanded', async ({ page }) => {
    await open(page, '/faq/general');
    const all = questionsOf(page);
    await all.first().focus();
    await page.keyboard.press('Tab');
    await expect(all.nth(1)).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(all.first()).toBeFocused();
    await page.keyboard.press('Enter');
    await expectExpanded(all.first(), true);
    await expect.poll(() => accessibleExpanded(all.first())).toBe(true);
    await page.keyboard.press('Space');
    await expectExpanded(all.first(), false);
    await expect.poll(() => accessibleExpanded(all.first())).toBe(false);
  });
});

test.describe('the FAQ hub', () => {
  const cards = (page: Page) => page.locator('#popular-questions .faq-card');
  const search = (page: Page) => page.getByRole('searchbox', { name: faqSectionOf('/faq').search!.label });
  const filters = (page: Page) => page.getByRole('group', { name: faqSectionOf('/faq').filterLabel! });
  const filter = (page: Page, name: string) => filters(page).getByRole('button', { name, exact: true });
  const status = (page: Page) => page.locator('#popular-questions [role="status"]');

  test('shows the eight categories with their links and counts, every popular question, the search box and all nine filter buttons with All selected', async ({
    page,
  }) => {
    await test.step('every popular question links to its answer in the prerendered HTML', async () => {
      const html = await (await page.request.get('/faq')).text();
      for (const q of popular()) expect(html).toContain(`href="/faq/${q.category.toLowerCase()}#${q.id}"`);
    });
    await page.goto('/faq');
    const grid = page.locator('#categories .card');
    await test.step('the eight categories with their links', async () => {
      await expect(grid).toHaveCount(8);
      for (const [i, [title, href]] of HUB_CATEGORIES.entries()) {
        await expect(grid.nth(i).getByRole('heading')).toHaveText(title);
        await expect(grid.nth(i).getByRole('link')).toHaveAttribute('href', href);
      }
      await expect(page.locator('main a[href="/contact"]').first()).toBeAttached();
    });
    await test.step("each category's count is the number of questions on that category's page", async () => {
      const shown = await grid.evaluateAll((cards) =>
        cards.map((c) => [c.querySelector('a')?.getAttribute('href') ?? '', c.querySelector('.card__badge')?.textContent ?? '']),
      );
      expect(shown.map(([href]) => href)).toEqual(HUB_CATEGORIES.map(([, href]) => href));
      // Each category page shows exactly its specified number of questions ("FAQ category pages, as
      // prerendered" counts them there), so the hub's badge is held to that same number here.
      for (const [href, badge] of shown) {
        const specified = CATEGORY_PAGES.find((p) => p.path === href);
        expect(specified, `${href} is a category page with a specified count`).toBeDefined();
        expect(badge, href).toBe(`${specified!.count} questions`);
      }
    });
    await test.step('every popular question, the search box, and the filter buttons with All selected', async () => {
      await expect(cards(page)).toHaveCount(popular().length);
      const buttons = filters(page).getByRole('button');
      expect(HUB_FILTERS).toHaveLength(HUB_CATEGORIES.length + 1);
      await expect(buttons).toHaveText(HUB_FILTERS);
      await expect(filter(page, 'All')).toHaveAttribute('aria-pressed', 'true');
      await expect(search(page)).toHaveValue('');
    });
  });

  // One page through three uses of the list: each step starts from All, and a search typed replaces the last.
  test('the category filter, the search and both together narrow the list, with the URL and an empty state to match', async ({ page }) => {
    await open(page, '/faq');
    await test.step('the category filter shows only that category, and the URL keeps it', async () => {
      await filter(page, 'Legal').click();
      await expect(filter(page, 'Legal')).toHaveAttribute('aria-pressed', 'true');
      await expect(filter(page, 'All')).toHaveAttribute('aria-pressed', 'false');
      const legal = popular().filter((q) => q.category === 'Legal');
      await expect(cards(page)).toHaveCount(legal.length);
      await expect(cards(page).locator('.faq-card__category')).toHaveText(legal.map(() => 'Legal'));
      await expect(page).toHaveURL(/\/faq\?category=legal$/);
      await filter(page, 'All').click();
      await expect(cards(page)).toHaveCount(popular().length);
      await expect(page).toHaveURL(/\/faq$/);
    });

    await test.step('search finds text in the question or the answer, ignoring case, and announces the count', async () => {
      await expect(status(page)).toHaveAttribute('aria-live', 'polite');
      // A word that only one answer has, and no question, as site/ words them; "COUNTER-NOTICE" in a question.
      const { word, item } = answerOnlyWord();
      await search(page).fill(word);
      await expect(cards(page)).toHaveCount(1);
      await expect(cards(page).first()).toContainText(item.question);
      await expect(status(page)).toHaveText(`1 question found for "${word}"`);
      // The search ignores case: the word typed in capitals finds every question that has it.
      const shared = sharedWord();
      await search(page).fill(shared.word.toUpperCase());
      await expect(cards(page)).toHaveCount(shared.items.length);
      await expect(page).toHaveURL(new RegExp(`\\?q=${shared.word.toUpperCase()}$`));
    });

    await test.step('search and category combine; nothing matching shows the empty state', async () => {
      const { word, items, present, missing } = wordMissingFromACategory();
      await search(page).fill(word);
      expect(items.length).toBeGreaterThan(0);
      await expect(cards(page)).toHaveCount(items.length);
      await filter(page, missing).click();
      await expect(cards(page)).toHaveCount(0);
      const empty = page.locator('#popular-questions .faq-empty');
      await expect(empty.getByRole('heading')).toHaveText(HUB_EMPTY[0]!);
      await expect(empty.locator('p')).toHaveText(HUB_EMPTY[1]!);
      await expect(empty.getByRole('button')).toHaveCount(0);
      await expect(status(page)).toHaveText(`0 questions found for "${word}"`);
      await filter(page, present).click();
      await expect(empty).toHaveCount(0);
      await expect(cards(page)).toHaveCount(items.filter((q) => q.category === present).length);
    });
  });

  test('a link with ?q= and ?category= shows that search after the page loads', async ({ page }) => {
    const word = wordIn('Takedowns');
    await open(page, `/faq?q=${word}&category=takedowns`);
    await expect(search(page)).toHaveValue(word);
    await expect(filter(page, 'Takedowns')).toHaveAttribute('aria-pressed', 'true');
    const expected = popular().filter((q) => q.category === 'Takedowns' && hasWord(q, word));
    expect(expected.length).toBeGreaterThan(0);
    await expect(cards(page)).toHaveCount(expected.length);
    await page.reload();
    await waitForIslands(page);
    await expect(search(page)).toHaveValue(word);
    await expect(cards(page)).toHaveCount(expected.length);
  });

  test('a popular question leads to the same question, opened, on its category page', async ({ page }) => {
    await open(page, '/faq');
    const q = popular().find((p) => p.category === 'Pricing')!;
    await cards(page).getByRole('link', { name: q.question }).click();
    await expect(page).toHaveURL(new RegExp(`/faq/pricing#${q.id}$`));
    await waitForIslands(page);
    const question = page.locator(`details:has(#${q.id}) > .accordion__trigger`);
    await expect(question).toHaveText(q.question);
    await expectExpanded(question, true);
  });

  test('the first characters typed into the search, before its code has loaded, filter the list once it has', async ({ page }) => {
    const code = await holdIslandCode(page, 'FaqAccordion');
    await page.goto('/faq');
    await page.waitForLoadState('networkidle');
    expect(code.requested(), 'the search code is not fetched with the page').toBe(false);
    await search(page).click();
    const { word } = answerOnlyWord();
    await page.keyboard.type(word);
    expect(await islandHydrated(page, 'FaqAccordion')).toBe(false);
    expect(code.requested(), 'reaching for the search box fetches its code').toBe(true);
    code.release();
    await expect(cards(page)).toHaveCount(1);
    await expect(status(page)).toHaveText(`1 question found for "${word}"`);
    await expect(search(page)).toHaveValue(word);
    await expect(search(page)).toBeFocused();
    await expect(page).toHaveURL(new RegExp(`/faq\\?q=${word}$`));
    // Typing goes on as usual.
    await page.keyboard.press('Backspace');
    await expect(search(page)).toHaveValue(word.slice(0, -1));
    await expect(page).toHaveURL(new RegExp(`/faq\\?q=${word.slice(0, -1)}$`));
  });

  test('a category clicked before the code has loaded is chosen once it has', async ({ page }) => {
    const code = await holdIslandCode(page, 'FaqAccordion');
    await page.goto('/faq');
    await filter(page, 'Legal').click();
    expect(await islandHydrated(page, 'FaqAccordion')).toBe(false);
    code.release();
    await expect(filter(page, 'Legal')).toHaveAttribute('aria-pressed', 'true');
    await expect(cards(page)).toHaveCount(popular().filter((q) => q.category === 'Legal').length);
    await expect(page).toHaveURL(/\/faq\?category=legal$/);
  });

  test('opening a question does not load the search code: answers open without it', async ({ page }) => {
    const code = await holdIslandCode(page, 'FaqAccordion');
    await open(page, '/questions', false);
    const question = questionsOf(page).first();
    await question.click();
    await expectExpanded(question, true);
    expect(code.requested()).toBe(false);
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('every popular question and its answer is readable, and the search box and filter, which need a script, are hidden', async ({
      page,
    }) => {
      await page.goto('/faq');
      await expect(cards(page)).toHaveCount(popular().length);
      for (const [i, q] of popular().entries()) {
        const card = cards(page).nth(i);
        await expect(card.locator('.faq-card__question')).toHaveText(q.question);
        // The answer follows its question, on view.
        await expect(card.locator('.faq-card__question ~ *').first()).toBeVisible();
        expect((await card.innerText()).length).toBeGreaterThan(q.question.length + 40);
      }
      await expect(search(page)).toBeHidden();
      await expect(page.getByRole('group', { name: faqSectionOf('/faq').filterLabel! })).toBeHidden();
    });

    test('on /questions every answer opens', async ({ page }) => {
      await page.goto('/questions');
      const questions = questionsOf(page);
      expect(await questions.count()).toBeGreaterThan(0);
      for (const question of await questions.all()) {
        await question.click();
        await expect(panelOf(question)).toBeVisible();
      }
    });
  });

  test('/faq and /questions have no accessibility violations before and after their code has loaded', async ({ page }) => {
    test.setTimeout(120_000);
    for (const path of ['/faq', '/questions']) {
      await page.goto(path);
      expect(await axeViolations(page), `${path} before hydration`).toEqual([]);
      await waitForIslands(page);
      expect(await axeViolations(page), `${path} after hydration`).toEqual([]);
    }
  });
});

test.describe('FAQ pages on a phone (375 px)', () => {
  test.use({ viewport: { width: 375, height: 740 } });
  const axe = (page: Page) => axeBuilder(page).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();

  test('/faq, /faq/pricing, /faq/legal and /questions fit the screen', async ({ page }) => {
    for (const path of ['/faq', '/faq/pricing', '/faq/legal', '/questions'])
      await test.step(path, async () => {
        await open(page, path);
        expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(375);
      });
  });

  test("a category page with an answer open and the hub's empty state have no accessibility violations", async ({ page }) => {
    await open(page, '/faq/takedowns');
    await questionsOf(page).nth(3).click();
    expect((await axe(page)).violations.map((v) => v.id)).toEqual([]);
    await open(page, '/faq?q=no+such+question');
    await expect(page.locator('#popular-questions .faq-empty')).toBeVisible();
    expect((await axe(page)).violations.map((v) => v.id)).toEqual([]);
  });
});
