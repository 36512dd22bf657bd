// The blog (spec 001 §2 Blog, §4 blog filtering) and its articles (site/blog/*.md) in a real
// browser: the prerendered list, search in title or excerpt ignoring case, the category filter and
// its counts, the featured/latest split, the result line, the address round trip, the sidebar, each
// article's page and the Atom feed. Everything expected is read from the site model, so the tests
// hold for whatever articles site/blog/ has.
import { parseFeed } from '@rowanmanning/feed-parser';
import { expect, test, type Page } from '@playwright/test';
import type { ArticleSummary, ResolvedArticleListSection } from '../../engine/content/model';
import { formatLongDate } from '../../engine/sections/long-date';
import { axeViolations, holdIslandCode, horizontalOverflow, islandHydrated, siteModel, siteUrl, waitForIslands } from './site';
import { axeBuilder } from './axe';

const model = siteModel();
const blogPage = model.pages.find((p) => p.path === '/blog')!;
const list = blogPage.sections.find((s): s is ResolvedArticleListSection => s.type === 'article-list')!;
/** The articles in the list's order: featured first, then newest first. */
const articles = list.articles;
const total = articles.length;
const readTime = (a: ArticleSummary) => list.readTimeText.replace('{minutes}', String(a.readMinutes));

const search = (page: Page) => page.getByRole('searchbox', { name: list.searchLabel });
const category = (page: Page) => page.getByRole('combobox', { name: list.categoryLabel });
const countLine = (page: Page) => page.locator('.blog-count');
const featured = (page: Page) => page.locator('[data-list="featured"] .article-card__title');
const latest = (page: Page) => page.locator('[data-list="latest"] .article-card__title');
const sidebar = (page: Page) => page.getByRole('complementary', { name: list.sidebar.label });
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const showing = (shown: number) => list.countText.replace('{shown}', String(shown)).replace('{total}', String(total));

async function openBlog(page: Page, query = ''): Promise<void> {
  await page.goto(`/blog${query}`);
  await waitForIslands(page);
}

/** The featured band shows the first three matches and the latest list the rest, by title. */
async function expectMatches(page: Page, matches: readonly ArticleSummary[]): Promise<void> {
  await expect(featured(page)).toHaveText(matches.slice(0, 3).map((a) => a.title));
  await expect(latest(page)).toHaveText(matches.slice(3).map((a) => a.title));
  await expect(countLine(page)).toHaveText(showing(matches.length));
}

const matching = (needle: string, categoryName?: string) =>
  articles.filter(
    (a) =>
      (a.title.toLowerCase().includes(needle.toLowerCase()) || a.excerpt.toLowerCase().includes(needle.toLowerCase())) &&
      (categoryName === undefined || a.category === categoryName),
  );

test('site/blog/ has at least one article for these tests to check', () => {
  expect(total, 'add an article to site/blog/ (see notes/articles-editing.md)').toBeGreaterThan(0);
});

test('the prerendered page lists every article, featured ones first, with the result line, before any script runs', async ({ request }) => {
  const response = await request.get('/blog');
  expect(response.status()).toBe(200);
  const html = await response.text();
  expect(html).toContain(showing(total));
  const links = [...html.matchAll(/<h3 class="article-card__title"><a href="([^"]+)"/g)].map((m) => m[1]);
  expect(links).toEqual(articles.map((a) => a.path));
  expect([...html.matchAll(/class="article-card__featured"/g)]).toHaveLength(articles.filter((a) => a.featured).length);
  expect(html).toMatch(/<p class="blog-count" role="status" aria-live="polite">/);
  // Illustrations are drawn in the page; no image is fetched for the list.
  expect(html).not.toMatch(/<img\b/);
});

// Read-only checks of the list as it loads share one page.
test('the list as loaded: each card with its details, the result line as a polite live region, and the sidebar', async ({ page }) => {
  await openBlog(page);
  await test.step('each card shows its category, author, date, read time and views, and links to the article', async () => {
    await expectMatches(page, articles);
    for (const a of articles) {
      const card = page.locator('.article-card', { has: page.locator(`a[href="${a.path}"]`) });
      await expect(card.locator('.article-card__category')).toHaveText(a.category);
      await expect(card.locator('.article-card__byline')).toHaveText(
        [a.author, formatLongDate(a.date), readTime(a), a.views ?? ''].join(''),
      );
      await expect(card.locator('.article-card__featured')).toHaveCount(a.featured ? 1 : 0);
    }
  });

  await test.step('the result line is a polite live region', async () => {
    await expect(countLine(page)).toHaveAttribute('aria-live', 'polite');
    await expect(page.getByRole('status').filter({ hasText: showing(total) })).toBeVisible();
  });

  await test.step('the sidebar has trending topics, a newsletter box linking to /contact-us and quick resources', async () => {
    const trending = list.sidebar.trending!;
    const newsletter = list.sidebar.newsletter!;
    const resources = list.sidebar.resources!;
    await expect(sidebar(page).locator('.blog-sidebar__topics li')).toHaveText(
      trending.topics.map(
        (t) => new RegExp(`${escapeRegExp(t.name)}\\s*${escapeRegExp(trending.countText.replace('{count}', String(t.posts)))}`),
      ),
    );
    expect(trending.topics.length).toBeGreaterThan(0);
    const email = sidebar(page).getByLabel(newsletter.emailLabel);
    await expect(email).toHaveAttribute('type', 'email');
    await expect(sidebar(page).getByRole('link', { name: newsletter.action.label })).toHaveAttribute('href', '/contact-us');
    await expect(sidebar(page).getByRole('heading', { name: resources.title })).toBeVisible();
    const toolkit = resources.links.find((l) => l.href === '/takedowns/diy')!;
    await expect(sidebar(page).getByRole('link', { name: toolkit.label })).toHaveAttribute('href', '/takedowns/diy');
    await expect(page.getByRole('link', { name: list.moreAction!.label })).toHaveAttribute('href', '/contact-us');
  });
});

// One page through the search and the category filter: a search typed replaces the last, and the
// empty state's button leaves the list as loaded for the categories that follow.
test('search by title (any case) and by excerpt, the empty state and its reset, and each category as counted', async ({ page }) => {
  await openBlog(page);
  await test.step('search finds an article by its title, ignoring case', async () => {
    const title = articles[0]!.title;
    for (const text of [title, title.toUpperCase(), title.toLowerCase()]) {
      await search(page).fill(text);
      await expectMatches(page, matching(title));
    }
  });

  await test.step('search finds an article by words that are only in its excerpt', async () => {
    const words = articles[0]!.excerpt.split(' ').slice(1, 4).join(' ');
    await search(page).fill(words);
    await expectMatches(page, matching(words));
    await expect(page.locator('.article-card__excerpt').first()).toContainText(words);
  });

  await test.step('a search with no match shows the empty state, and its button shows every article again', async () => {
    await search(page).fill('no article has this text in it');
    await expect(countLine(page)).toHaveText(showing(0));
    await expect(page.locator('.article-card')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: list.empty.title })).toBeVisible();
    await page.getByRole('button', { name: list.empty.resetLabel }).click();
    await expect(search(page)).toHaveValue('');
    await expect(category(page)).toHaveValue('all');
    await expectMatches(page, articles);
  });

  await test.step('choosing each category shows exactly as many articles as the sidebar counts for it', async () => {
    const buttons = sidebar(page).locator('.blog-sidebar__category');
    await expect(buttons).toHaveText([
      new RegExp(`${list.allCategoriesLabel}\\s*${total}`),
      ...list.categories.map((c) => new RegExp(`${c.name}\\s*${articles.filter((a) => a.category === c.name).length}$`)),
    ]);
    for (const c of list.categories) {
      await category(page).selectOption({ label: c.name });
      await expect(category(page)).toHaveValue(c.id);
      const inCategory = matching('', c.name);
      if (inCategory.length > 0) await expectMatches(page, inCategory);
      else await expect(countLine(page)).toHaveText(showing(0));
    }
  });
});

test("search and category together, and a sidebar category link opens that category's page", async ({ page }) => {
  await openBlog(page);
  const first = articles[0]!;
  const id = list.categories.find((c) => c.name === first.category)!.id;
  await sidebar(page)
    .getByRole('link', { name: new RegExp(`^${first.category}`) })
    .click();
  await expect(page).toHaveURL(new RegExp(`/blog/category/${id}$`));
  await waitForIslands(page);
  await expect(category(page)).toHaveValue(id);
  await expect(sidebar(page).getByRole('link', { name: new RegExp(`^${first.category}`) })).toHaveAttribute('aria-current', 'page');
  await expectMatches(page, matching('', first.category));
  await search(page).fill(first.title);
  await expectMatches(page, matching(first.title, first.category));
  await category(page).selectOption({ label: list.allCategoriesLabel });
  await expectMatches(page, matching(first.title));
});

test('search and category are written to the address, and a copied link shows the same list', async ({ page }) => {
  await openBlog(page);
  const first = articles[0]!;
  const word = first.title.split(' ')[0]!;
  const id = list.categories.find((c) => c.name === first.category)!.id;
  await search(page).fill(word);
  await category(page).selectOption({ value: id });
  await expect(page).toHaveURL(new RegExp(`/blog\\?q=${encodeURIComponent(word)}&category=${id}$`));
  await expectMatches(page, matching(word, first.category));

  const copied = page.url();
  await page.goto('about:blank');
  await page.goto(copied);
  await waitForIslands(page);
  await expect(search(page)).toHaveValue(word);
  await expect(category(page)).toHaveValue(id);
  await expectMatches(page, matching(word, first.category));

  // Clearing both leaves a clean address; replaceState adds no history entries.
  await search(page).fill('');
  await category(page).selectOption({ label: list.allCategoriesLabel });
  await expect(page).toHaveURL(/\/blog$/);
  await page.goBack();
  await expect(page).toHaveURL('about:blank');
});

test('an unknown ?category= falls back to every article, with no script errors', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(e.message));
  await openBlog(page, '?category=no-such-category');
  await expect(category(page)).toHaveValue('all');
  await expectMatches(page, articles);
  await expect(page).toHaveURL(/\/blog$/);
  expect(errors).toEqual([]);
});

test('a filtered list and the empty state on a phone have no accessibility violations', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  const violations = async () =>
    (await axeBuilder(page).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze()).violations.map(
      (v) => `${v.id}: ${v.help}`,
    );
  const first = articles[0]!;
  await openBlog(page, `?category=${list.categories.find((c) => c.name === first.category)!.id}`);
  await expectMatches(page, matching('', first.category));
  expect(await violations()).toEqual([]);
  await search(page).fill('no article has this text in it');
  await expect(page.getByRole('heading', { name: list.empty.title })).toBeVisible();
  expect(await violations()).toEqual([]);
});

test.describe('before the list has its code', () => {
  test('loads no list code with the page, and what is typed into the search before it has loaded filters the list once it has', async ({
    page,
  }) => {
    const code = await holdIslandCode(page, 'ArticleList');
    await page.goto('/blog');
    await page.waitForLoadState('networkidle');
    expect(code.requested(), 'the list code is not fetched with the page').toBe(false);
    const first = articles[0]!;
    await search(page).click();
    await page.keyboard.type(first.title);
    expect(await islandHydrated(page, 'ArticleList')).toBe(false);
    code.release();
    await expectMatches(page, matching(first.title));
    await expect(search(page)).toHaveValue(first.title);
    await expect(search(page)).toBeFocused();
  });

  test('a category chosen before the code has loaded filters the list once it has', async ({ page }) => {
    const code = await holdIslandCode(page, 'ArticleList');
    await page.goto('/blog');
    const first = articles[0]!;
    const id = list.categories.find((c) => c.name === first.category)!.id;
    await category(page).selectOption({ value: id });
    code.release();
    await expect(category(page)).toHaveValue(id);
    await expectMatches(page, matching('', first.category));
    await expect(page).toHaveURL(new RegExp(`/blog\\?category=${id}$`));
  });

  test('/blog and a category page have no accessibility violations before their code has loaded', async ({ page }) => {
    test.setTimeout(90_000);
    for (const path of ['/blog', `/blog/category/${list.categories[0]!.id}`]) {
      await page.goto(path);
      expect(await axeViolations(page), path).toEqual([]);
    }
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test("each sidebar category link opens that category's own page, listing exactly its articles", async ({ page }) => {
    await page.goto('/blog');
    await expect(search(page)).toBeHidden();
    for (const c of list.categories) {
      await sidebar(page)
        .getByRole('link', { name: new RegExp(`^${c.name}`) })
        .click();
      await expect(page).toHaveURL(new RegExp(`/blog/category/${c.id}$`));
      await expect(page.getByRole('heading', { level: 1 })).toContainText(c.name);
      await expect(sidebar(page).getByRole('link', { name: new RegExp(`^${c.name}`) })).toHaveAttribute('aria-current', 'page');
      const inCategory = matching('', c.name);
      if (inCategory.length > 0) await expectMatches(page, inCategory);
      else await expect(countLine(page)).toHaveText(showing(0));
    }
    await sidebar(page)
      .getByRole('link', { name: new RegExp(`^${list.allCategoriesLabel}`) })
      .click();
    await expect(page).toHaveURL(/\/blog$/);
    await expectMatches(page, articles);
  });

  test('each category page names itself as canonical and is in the sitemap', async ({ page, request }) => {
    const sitemap = await (await request.get('/sitemap.xml')).text();
    for (const c of list.categories) {
      const address = `${siteUrl()}/blog/category/${c.id}`;
      expect(sitemap).toContain(`<loc>${address}</loc>`);
      await page.goto(`/blog/category/${c.id}`);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', address);
      await expect(page).toHaveTitle(new RegExp(c.name));
    }
  });
});

test.describe('the feed', () => {
  test('/blog advertises its Atom feed, which lists every article, newest first', async ({ page, request }) => {
    await page.goto('/blog');
    const link = page.locator('head link[rel="alternate"][type="application/atom+xml"]');
    await expect(link).toHaveAttribute('title', model.feed!.title);
    const href = (await link.getAttribute('href'))!;
    const response = await request.get(href);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('application/atom+xml; charset=utf-8');
    const feed = parseFeed(await response.text());
    expect(feed.title).toBe(model.feed!.title);
    expect(feed.items.map((i) => [i.title, new URL(i.url!).pathname])).toEqual(model.articles.map((a) => [a.title, a.path]));
  });
});

test.describe('article pages', () => {
  // Chronological neighbours: the list newest first, so "previous" is the next one down.
  const newestFirst = model.articles;

  newestFirst.forEach((article, i) => {
    const previous = newestFirst[i + 1];
    const next = newestFirst[i - 1];

    test(`${article.path} shows its title, byline, text, tags, structured data and the articles before and after it; runs no script from its text, and fits a phone screen`, async ({
      page,
    }) => {
      const dialogs: string[] = [];
      page.on('dialog', async (d) => {
        dialogs.push(d.message());
        await d.dismiss();
      });
      await page.goto(article.path);
      await test.step('its title, byline, tags, breadcrumb, structured data and neighbours', async () => {
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(article.title);
        await expect(page).toHaveTitle((model.site.titleTemplate ?? '%s').replace('%s', article.title));
        const byline = page.locator('.article__byline');
        await expect(byline).toContainText(article.author);
        await expect(byline.locator('time')).toHaveText(formatLongDate(article.date));
        await expect(byline.locator('time')).toHaveAttribute('datetime', article.date);
        await expect(byline).toContainText(readTime(article));
        await expect(byline).toContainText(article.category);
        await expect(page.locator('.article__tag-list li')).toHaveText(article.tags);

        const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
        await expect(crumbs.getByRole('link', { name: list.articlePage.blogLabel })).toHaveAttribute('href', '/blog');
        await expect(crumbs.locator('[aria-current="page"]')).toHaveText(article.title);

        // The Article block; the page also has its breadcrumb's BreadcrumbList (tests/e2e/crawlers.spec.ts).
        const blocks = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((s) => JSON.parse(s));
        const jsonLd = blocks.find((b) => b['@type'] === 'Article');
        expect(jsonLd).toMatchObject({
          '@type': 'Article',
          headline: article.title,
          datePublished: article.date,
          author: { name: article.author },
          description: article.excerpt,
        });
        expect(new URL(jsonLd.url).pathname).toBe(article.path);

        const more = page.getByRole('navigation', { name: list.articlePage.moreLabel });
        if (!previous && !next) await expect(more).toHaveCount(0);
        for (const [rel, neighbour] of [
          ['prev', previous],
          ['next', next],
        ] as const) {
          const linkTo = more.locator(`a[rel="${rel}"]`);
          if (!neighbour) {
            await expect(linkTo).toHaveCount(0);
            continue;
          }
          await expect(linkTo).toHaveAttribute('href', neighbour.path);
          await expect(linkTo.locator('.article-nav__title')).toHaveText(neighbour.title);
        }
      });

      // The same page at a phone's width: the layout follows the viewport, as on a phone.
      await page.setViewportSize({ width: 375, height: 740 });
      await test.step('no script from its text runs, and it fits a phone screen', async () => {
        await expect(page.locator('.article__body')).toBeVisible();
        await expect(page.locator('.article__body script, .article__body [onerror], .article__body [onclick]')).toHaveCount(0);
        expect(dialogs).toEqual([]);
        // A code block scrolls inside itself; the page never scrolls sideways.
        const { scrollWidth, innerWidth } = await horizontalOverflow(page);
        expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
        // Every heading in the text can be linked to.
        for (const heading of await page.locator('.article__body :is(h2, h3, h4)').all()) {
          const id = await heading.getAttribute('id');
          await expect(heading.locator('a.heading-anchor')).toHaveAttribute('href', `#${id}`);
        }
      });
    });
  });
});
