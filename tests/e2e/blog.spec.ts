// The blog list (spec 001 §2 Blog, §4 blog filtering, §9 blog figures) in a real browser: the
// prerendered list, search in title or excerpt ignoring case, the category rule with its
// first-space-only quirk, the featured/latest split, the result line, the address round trip and
// the sidebar.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { waitForIslands } from './site';

const TITLES: Record<number, string> = {
  1: 'How to File a DMCA Takedown Notice: A Step-by-Step Guide',
  2: 'Fair Use Explained: When Copying Your Work Is Legal',
  3: 'How AI Fingerprinting Finds Stolen Content Before It Spreads',
  4: 'What to Do When You Receive a DMCA Counter-Notice',
  5: 'Case Study: How a Wedding Photographer Removed 1,200 Stolen Images',
  6: 'How Major Platforms Handle Copyright Complaints in 2024',
  7: 'Repeat Infringer Policies: What Hosting Providers Must Do',
  8: 'Watermarking Without Ruining Your Work: Five Practical Tips',
  9: 'How Long Does Copyright Last? Terms Explained for Creators',
};
const titles = (ids: number[]) => ids.map((id) => TITLES[id]);

const search = (page: Page) => page.getByRole('searchbox', { name: 'Search articles' });
const category = (page: Page) => page.getByRole('combobox', { name: 'Category' });
const countLine = (page: Page) => page.locator('.blog-count');
const featured = (page: Page) => page.locator('[data-list="featured"] .article-card__title');
const latest = (page: Page) => page.locator('[data-list="latest"] .article-card__title');
const sidebar = (page: Page) => page.getByRole('complementary', { name: 'Blog topics and newsletter' });

async function openBlog(page: Page, query = ''): Promise<void> {
  await page.goto(`/blog${query}`);
  await waitForIslands(page);
}

/** The featured band and the latest list, by article title. */
async function expectLists(page: Page, featuredIds: number[], latestIds: number[]): Promise<void> {
  await expect(featured(page)).toHaveText(titles(featuredIds));
  await expect(latest(page)).toHaveText(titles(latestIds));
  await expect(countLine(page)).toHaveText(`Showing ${featuredIds.length + latestIds.length} of 9 articles`);
}

test('the prerendered page lists all 9 articles, 3 featured, with the result line and sidebar, before any script runs', async ({
  request,
}) => {
  const response = await request.get('/blog');
  expect(response.status()).toBe(200);
  const html = await response.text();
  expect(html).toContain('Showing 9 of 9 articles');
  // Each band runs up to the next one (featured → latest → the Load More button).
  const band = (name: string, next: string) => new RegExp(`data-list="${name}"[\\s\\S]*?(?=${next})`).exec(html)?.[0] ?? '';
  const articleLinks = (fragment: string) => [...fragment.matchAll(/<a href="(\/blog\/\d+)"/g)].map((m) => m[1]);
  expect(articleLinks(band('featured', 'data-list="latest"'))).toEqual(['/blog/1', '/blog/2', '/blog/3']);
  expect(articleLinks(band('latest', 'class="blog-more"'))).toEqual(['/blog/4', '/blog/5', '/blog/6', '/blog/7', '/blog/8', '/blog/9']);
  expect([...html.matchAll(/class="article-card__featured"/g)]).toHaveLength(3);
  expect(html).toMatch(/<p class="blog-count" role="status" aria-live="polite">/);
  expect(html).toMatch(/<span>All Categories<\/span><span class="blog-sidebar__count">156<\/span>/);
  expect(html).toContain('Trending Topics');
  // Illustrations are drawn in the page; no image is fetched from anywhere.
  expect(html).not.toMatch(/<img\b/);
  expect([...html.matchAll(/class="article-art article-art--\d"/g)]).toHaveLength(9);
});

test('shows all 9 articles: the 3 featured ones first, the other 6 under Latest Articles, each linking to /blog/{id}', async ({ page }) => {
  await openBlog(page);
  await expectLists(page, [1, 2, 3], [4, 5, 6, 7, 8, 9]);
  await expect(page.locator('[data-list="featured"] .article-card__featured')).toHaveCount(3);
  await expect(page.locator('[data-list="latest"] .article-card__featured')).toHaveCount(0);
  const hrefs = await page.locator('.article-card__title a').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
  expect(hrefs).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9].map((id) => `/blog/${id}`));
  // Author, date, read time and views are on every card.
  await expect(page.locator('.article-card').first().locator('.article-card__byline')).toHaveText(
    /James Okafor\s*January 12, 2024\s*9 min read\s*18\.2K views/,
  );
});

test('search finds a word that is only in a title', async ({ page }) => {
  await openBlog(page);
  await search(page).fill('watermark');
  await expectLists(page, [8], []);
  await expect(page.locator('.article-card__excerpt')).not.toContainText(/watermark/i);
});

test('search finds a word that is only in an excerpt', async ({ page }) => {
  await openBlog(page);
  await search(page).fill('perjury');
  await expectLists(page, [1], []);
  await expect(featured(page)).not.toContainText(/perjury/i);
  await expect(page.locator('.article-card__excerpt')).toContainText('penalty of perjury');
});

test('search ignores case', async ({ page }) => {
  await openBlog(page);
  for (const text of ['copyright', 'COPYRIGHT', 'cOpYrIgHt']) {
    await search(page).fill(text);
    await expectLists(page, [6, 9], []);
  }
  await search(page).fill('FAIR USE');
  await expectLists(page, [2], []);
});

test('more than three matches: the first three are featured and the latest list skips them', async ({ page }) => {
  await openBlog(page);
  await search(page).fill('you');
  // Article 4 is not marked featured, yet it is the third match, so it leads the page.
  await expectLists(page, [1, 2, 4], [7, 8, 9]);
  await expect(page.locator('[data-list="featured"] .article-card__featured')).toHaveCount(2);
  await search(page).fill('how');
  await expectLists(page, [1, 2, 3], [4, 5, 6, 7, 9]);
});

test('the category filter matches articles whose category, lowercased with its first space as a hyphen, is the chosen one', async ({
  page,
}) => {
  await openBlog(page);
  await category(page).selectOption({ label: 'Copyright Law' });
  await expect(category(page)).toHaveValue('copyright-law');
  await expectLists(page, [2, 9], []);
  await category(page).selectOption({ label: 'DMCA Guides' });
  await expectLists(page, [1, 4], []);
  // Search and category together.
  await search(page).fill('counter');
  await expectLists(page, [4], []);
  await category(page).selectOption({ label: 'All Categories' });
  await expectLists(page, [4], []);
});

test('"Tips and Tricks" (three words) matches nothing, since only its first space becomes a hyphen; the empty state resets', async ({
  page,
}) => {
  await openBlog(page);
  await expect(page.locator('.article-card', { hasText: TITLES[8] }).locator('.article-card__category')).toHaveText('Tips and Tricks');
  await category(page).selectOption({ label: 'Tips and Tricks' });
  await expect(countLine(page)).toHaveText('Showing 0 of 9 articles');
  await expect(page.locator('.article-card')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'No articles found' })).toBeVisible();
  await expect(page.getByText('Try a different search term or choose another category.')).toBeVisible();
  await page.getByRole('button', { name: 'Show All Articles' }).click();
  await expect(search(page)).toHaveValue('');
  await expect(category(page)).toHaveValue('all');
  await expectLists(page, [1, 2, 3], [4, 5, 6, 7, 8, 9]);
});

test('a search with no match shows the empty state and "Showing 0 of 9 articles"', async ({ page }) => {
  await openBlog(page);
  await search(page).fill('blockchain');
  await expect(countLine(page)).toHaveText('Showing 0 of 9 articles');
  await expect(page.getByRole('heading', { name: 'No articles found' })).toBeVisible();
});

test('the result line is a polite live region', async ({ page }) => {
  await openBlog(page);
  await expect(countLine(page)).toHaveAttribute('aria-live', 'polite');
  await expect(page.getByRole('status').filter({ hasText: 'Showing' })).toHaveText('Showing 9 of 9 articles');
});

test('search and category are written to the address, and a copied link shows the same list', async ({ page }) => {
  await openBlog(page);
  await search(page).fill('Fair');
  await category(page).selectOption({ label: 'Copyright Law' });
  await expect(page).toHaveURL(/\/blog\?q=Fair&category=copyright-law$/);
  await expectLists(page, [2], []);

  // A fresh visit to the copied address applies both after hydration.
  const copied = page.url();
  await page.goto('about:blank');
  await page.goto(copied);
  await waitForIslands(page);
  await expect(search(page)).toHaveValue('Fair');
  await expect(category(page)).toHaveValue('copyright-law');
  await expectLists(page, [2], []);

  // Clearing both leaves a clean address; replaceState adds no history entries.
  await search(page).fill('');
  await category(page).selectOption({ label: 'All Categories' });
  await expect(page).toHaveURL(/\/blog$/);
  await page.goBack();
  await expect(page).toHaveURL('about:blank');
});

test('an address with only ?q= or ?category= applies it; an unknown category falls back to all', async ({ page }) => {
  await openBlog(page, '?q=watermark');
  await expect(search(page)).toHaveValue('watermark');
  await expectLists(page, [8], []);

  await openBlog(page, '?category=dmca-guides');
  await expect(category(page)).toHaveValue('dmca-guides');
  await expectLists(page, [1, 4], []);

  await openBlog(page, '?category=no-such-category');
  await expect(category(page)).toHaveValue('all');
  await expectLists(page, [1, 2, 3], [4, 5, 6, 7, 8, 9]);
  await expect(page).toHaveURL(/\/blog$/);
});

test('loading the page with a query causes no hydration or script errors', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(e.message));
  await openBlog(page, '?q=copyright&category=industry-news');
  await expectLists(page, [6], []);
  expect(errors).toEqual([]);
});

test('the sidebar lists the categories with their counts, and choosing one filters the list', async ({ page }) => {
  await openBlog(page);
  const buttons = sidebar(page).locator('.blog-sidebar__category');
  await expect(buttons).toHaveText([
    /All Categories\s*156/,
    /DMCA Guides\s*32/,
    /Copyright Law\s*28/,
    /Content Protection\s*24/,
    /Industry News\s*22/,
    /Case Studies\s*20/,
    /Legal Updates\s*18/,
    /Tips and Tricks\s*12/,
  ]);
  await expect(buttons.first()).toHaveAttribute('aria-pressed', 'true');

  await sidebar(page)
    .getByRole('button', { name: /Case Studies/ })
    .click();
  await expect(category(page)).toHaveValue('case-studies');
  await expect(sidebar(page).getByRole('button', { name: /Case Studies/ })).toHaveAttribute('aria-pressed', 'true');
  await expect(buttons.first()).toHaveAttribute('aria-pressed', 'false');
  await expectLists(page, [5], []);
  await expect(page).toHaveURL(/\?category=case-studies$/);
});

test('the sidebar has trending topics, a newsletter box linking to /contact-us and quick resources', async ({ page }) => {
  await openBlog(page);
  await expect(sidebar(page).locator('.blog-sidebar__topics li')).toHaveText([
    /DMCA Takedowns\s*45 posts/,
    /AI and Copyright\s*23 posts/,
    /Image Theft\s*19 posts/,
    /Music Piracy\s*15 posts/,
    /Fair Use\s*12 posts/,
  ]);
  const email = sidebar(page).getByLabel('Email address');
  await expect(email).toHaveAttribute('type', 'email');
  await expect(sidebar(page).getByRole('link', { name: 'Subscribe' })).toHaveAttribute('href', '/contact-us');
  await expect(sidebar(page).getByRole('heading', { name: 'Quick Resources' })).toBeVisible();
  await expect(sidebar(page).getByRole('link', { name: 'DIY Takedown Toolkit' })).toHaveAttribute('href', '/takedowns/diy');
  await expect(page.getByRole('link', { name: 'Load More Articles' })).toHaveAttribute('href', '/contact-us');
});

test('a filtered list and the empty state on a phone have no accessibility violations', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  const violations = async () =>
    (await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze()).violations.map(
      (v) => `${v.id}: ${v.help}`,
    );
  await openBlog(page, '?q=you&category=copyright-law');
  await expectLists(page, [2, 9], []);
  expect(await violations()).toEqual([]);
  await category(page).selectOption({ label: 'Tips and Tricks' });
  await expect(page.getByRole('heading', { name: 'No articles found' })).toBeVisible();
  expect(await violations()).toEqual([]);
});
