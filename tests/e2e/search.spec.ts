// The site search (/search): the server's results with JavaScript on and off, the header's search
// box on desktop and in the phone menu, the help shown for an empty or unmatched search, long and
// hostile queries, and axe on the results page and the open search box.
import { expect, test, type Page } from '@playwright/test';
import { MAX_QUERY_LENGTH } from '../../engine/search/query-terms';
import { pageAt, siteModel } from './site';
import { axeBuilder } from './axe';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

// The search page's and the header's words, as site/ has them.
const SECTION = (() => {
  const section = siteModel()
    .pages.flatMap((p) => p.sections)
    .find((s) => s.type === 'search-results');
  if (section?.type !== 'search-results') throw new Error('no page has a search-results section');
  return section;
})();
const helpLink = (href: string) => SECTION.help!.links.find((l) => l.href === href)!.label;
const HEADER_SEARCH = siteModel().site.header.search!.label;

const field = (page: Page) => page.getByRole('searchbox', { name: SECTION.label, exact: true });
const results = (page: Page) => page.locator('.search-result');
const firstResultLink = (page: Page) => results(page).first().getByRole('link');

/** Searches from the search page's own form, as a visitor would: type, press Enter. */
async function searchFor(page: Page, words: string): Promise<void> {
  await page.goto('/search');
  await field(page).fill(words);
  await field(page).press('Enter');
  await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('q') === words);
}

// The queries are made of the words site/ has, so they follow a writer's changes.
const REFUND = siteModel().faqSets['pricing-questions']!.items.find((q) => q.id === 'refund-policy')!;
/** The words of a text, longest first (ties in reading order), lower case. */
const wordsOf = (text: string) =>
  (text.toLowerCase().match(/[a-z]+/g) ?? [])
    .map((word, i) => ({ word, i }))
    .sort((a, b) => b.word.length - a.word.length || a.i - b.i)
    .map((w) => w.word);
const REFUND_QUERY = wordsOf(REFUND.question).slice(0, 2).join(' ');
/** The refund question's longest word (the first of equals) with two letters swapped: a hurried visitor's typo. */
const REFUND_TYPO = (() => {
  const word = wordsOf(REFUND.question)[0]!;
  return word.slice(0, 2) + word[3] + word[2] + word.slice(4);
})();

for (const javaScriptEnabled of [true, false]) {
  test.describe(`with JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled });

    test("a page's title finds that page first", async ({ page }) => {
      await searchFor(page, pageAt('/wordpress-dmca').meta.title);
      await expect(firstResultLink(page)).toHaveAttribute('href', '/wordpress-dmca');
      await expect(results(page).first()).toContainText('Page');
    });

    test("an FAQ question's words find its answer first, and the link opens that answer", async ({ page }) => {
      const question = REFUND;
      await searchFor(page, REFUND_QUERY);
      const link = firstResultLink(page);
      await expect(link).toHaveText(question.question);
      await expect(link).toHaveAttribute('href', `/faq/pricing#${question.id}`);
      await expect(results(page).first().locator('mark').first()).toHaveText(new RegExp(REFUND_QUERY.replace(' ', '|'), 'i'));
      await link.click();
      await expect(page).toHaveURL(new RegExp(`/faq/pricing#${question.id}$`));
      await expect(page.locator(`[id="${question.id}"]`)).toBeVisible();
    });

    test("an article's words find the article first, at its heading when the words are under one", async ({ page }) => {
      const article = siteModel().articles.find((a) => a.path === '/blog/8')!;
      await searchFor(page, wordsOf(article.title).slice(0, 2).join(' '));
      await expect(firstResultLink(page)).toHaveAttribute('href', new RegExp(`^${article.path}(#|$)`));
      await expect(results(page).first()).toContainText('Article');
      await searchFor(page, 'pair visible marks with invisible tracking');
      const href = await firstResultLink(page).getAttribute('href');
      expect(href).toMatch(new RegExp(`^${article.path}#[a-z0-9-]+$`));
      await firstResultLink(page).click();
      await expect(page.locator(`[id="${href!.split('#')[1]}"]`)).toBeInViewport();
    });

    test('a typo still finds the right answer first', async ({ page }) => {
      await searchFor(page, REFUND_TYPO);
      await expect(firstResultLink(page)).toHaveText(REFUND.question);
      await expect(page.locator('.search-count')).toHaveText(new RegExp(`results? for “${REFUND_TYPO}”`));
    });

    test('a search that finds nothing says so and offers the FAQ and the contact page', async ({ page }) => {
      await searchFor(page, 'zqxjv blorf');
      await expect(results(page)).toHaveCount(0);
      await expect(page.locator('.search-count')).toHaveText('No results for “zqxjv blorf”');
      await expect(page.getByRole('heading', { name: SECTION.noResults!.title, exact: true })).toBeVisible();
      await expect(page.getByRole('link', { name: helpLink('/faq'), exact: true })).toHaveAttribute('href', '/faq');
      await expect(page.getByRole('main').getByRole('link', { name: helpLink('/contact-us'), exact: true })).toHaveAttribute(
        'href',
        '/contact-us',
      );
    });

    test('an empty search says what to type and offers the same help', async ({ page }) => {
      await page.goto('/search?q=');
      await expect(page.getByRole('heading', { name: SECTION.empty!.title, exact: true })).toBeVisible();
      await expect(page.getByRole('link', { name: helpLink('/faq'), exact: true })).toBeVisible();
      await expect(results(page)).toHaveCount(0);
    });

    test('a 10 KB query with regex characters is answered at once, shown as text, and says it was cut', async ({ page }) => {
      const hostile = `<b>(a+)+$</b> [.*] ${'takedown '.repeat(1200)}`;
      const started = Date.now();
      const response = await page.goto(`/search?q=${encodeURIComponent(hostile)}`);
      expect(response?.status()).toBe(200);
      expect(Date.now() - started).toBeLessThan(5_000);
      await expect(page.getByText(`Only the first ${MAX_QUERY_LENGTH} characters of your search were used.`)).toBeVisible();
      await expect(page.locator('.search-count')).toContainText('“<b>(a+)+$</b> [.*] takedown');
      await expect(page.locator('main b')).toHaveCount(0);
      await expect(results(page).first()).toBeVisible();
    });

    test('the header search box on a desktop opens from its button and sends the words to the results', async ({ page }) => {
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto('/pricing');
      const box = page.getByRole('searchbox', { name: HEADER_SEARCH, exact: true });
      await expect(box).toBeHidden();
      await page.getByRole('button', { name: HEADER_SEARCH, exact: true }).click();
      await expect(box).toBeVisible();
      await box.fill(REFUND_QUERY);
      await box.press('Enter');
      await expect(page).toHaveURL(new RegExp(`/search\\?q=${REFUND_QUERY.replace(' ', '\\+')}$`));
      await expect(firstResultLink(page)).toHaveText(REFUND.question);
      // The bar still fits: the call to action is not pushed off the screen.
      const cta = await page.locator('.site-header__cta').boundingBox();
      expect(cta!.x + cta!.width).toBeLessThanOrEqual(1280);
    });

    test('the header search box on a phone is in the menu', async ({ page }) => {
      await page.setViewportSize({ width: 375, height: 740 });
      await page.goto('/');
      await page.getByRole('button', { name: 'Menu' }).click();
      const box = page.getByRole('searchbox', { name: HEADER_SEARCH, exact: true });
      await expect(box).toBeVisible();
      await expect(page.getByRole('button', { name: HEADER_SEARCH, exact: true })).toBeHidden();
      await box.fill('youtube');
      await page
        .getByRole('search', { name: HEADER_SEARCH, exact: true })
        .getByRole('button', { name: siteModel().site.header.search!.button })
        .click();
      await expect(page).toHaveURL(/\/search\?q=youtube$/);
      await expect(results(page).first()).toBeVisible();
    });
  });
}

test('with JavaScript the results follow the typing, and the address follows them', async ({ page }) => {
  await page.goto('/search?q=pricing');
  await expect(firstResultLink(page)).toBeVisible();
  await field(page).fill('');
  await field(page).pressSequentially('watermark', { delay: 30 });
  await expect(page).toHaveURL(/\/search\?q=watermark$/);
  await expect(page.locator('.search-count')).toHaveText(/results? for “watermark”/);
  await expect(results(page).first()).toContainText(/watermark/i);
  // The page was never left: the field keeps its focus for more words.
  await expect(field(page)).toBeFocused();
  await field(page).fill('zqxjv');
  await expect(page.locator('.search-count')).toHaveText('No results for “zqxjv”');
  await expect(page.getByRole('link', { name: helpLink('/faq'), exact: true })).toBeVisible();
});

test('the header search box is reached from its button with the keyboard, and Escape closes it', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 800 });
  await page.goto('/');
  const toggle = page.getByRole('button', { name: HEADER_SEARCH, exact: true });
  await toggle.focus();
  await page.keyboard.press('Enter');
  const box = page.getByRole('searchbox', { name: HEADER_SEARCH, exact: true });
  await expect(box).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(box).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(box).toBeHidden();
});

test('the results page is kept out of search engines and the sitemap, and never cached', async ({ page, request }) => {
  const response = await page.goto('/search?q=takedown');
  expect(response?.headers()['x-robots-tag']).toBe('noindex');
  expect(response?.headers()['cache-control']).toBe('no-store');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  const sitemap = await (await request.get('/sitemap.xml')).text();
  expect(sitemap).not.toContain('/search');
  // The home page's structured data names this page as the site's search, and it answers.
  await page.goto('/');
  const data = await page.locator('script[type="application/ld+json"]').allTextContents();
  const target = data.map((d) => JSON.parse(d) as { potentialAction?: { target?: string } }).find((d) => d.potentialAction)
    ?.potentialAction?.target;
  expect(target).toMatch(/\/search\?q=\{search_term_string\}$/);
  const answer = await request.get(new URL(target!.replace('{search_term_string}', 'pricing')).pathname + '?q=pricing');
  expect(answer.status()).toBe(200);
});

test.describe('accessibility', () => {
  const expectNoViolations = async (page: Page, what: string) => {
    const { violations } = await axeBuilder(page).withTags(TAGS).analyze();
    expect(
      violations.flatMap((v) => v.nodes.map((n) => `${v.id} ${n.target.join(' ')} — ${v.help}`)),
      `axe violations on ${what}`,
    ).toEqual([]);
  };

  for (const query of ['counter notice', 'zqxjv', '']) {
    test(`the results page for “${query}” has no accessibility violations`, async ({ page }) => {
      await page.goto(`/search?q=${encodeURIComponent(query)}`);
      await expectNoViolations(page, `/search?q=${query}`);
    });
  }

  // The header's box as each screen shows it: a popover on a desktop, a row in the phone menu.
  for (const { where, width, path, opener } of [
    { where: 'a page with the desktop search box open', width: 1280, path: '/pricing', opener: HEADER_SEARCH },
    { where: 'the phone menu with its search box', width: 375, path: '/search?q=takedown', opener: 'Menu' },
  ]) {
    test(`${where} has no accessibility violations`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(path);
      await page.getByRole('button', { name: opener }).click();
      await expect(page.getByRole('searchbox', { name: HEADER_SEARCH, exact: true })).toBeVisible();
      await expectNoViolations(page, `${path}: ${where} (${width} px)`);
    });
  }
});
