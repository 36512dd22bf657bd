// What search engines and crawlers get from the built site: every sitemap page reachable by links
// from /, addresses that answer 200, structured data that says what the page shows; and, in the
// browser, no request of the inbox's sign-in screen that fails (each route's own requests are
// watched in a11y.spec.ts, on the same load as its axe check).
import { expect, test } from '@playwright/test';
import { all, textOf } from '../support/html-text';
import { createAccount, uniqueWord } from './admin';
import { watchRequests } from './failed-requests';
import { fetchOnce, htmlOf } from './fetch-once';
import { routes, siteModel, siteUrl } from './site';

const localPath = (address: string) => new URL(address, siteUrl()).pathname;
const attribute = (tag: string, name: string) => textOf(new RegExp(`\\b${name}="([^"]*)"`).exec(tag)?.[1] ?? '');

/** The JSON-LD blocks of a page, parsed. */
function structuredData(html: string): Array<Record<string, unknown>> {
  return all(html, /<script type="application\/ld\+json">([\s\S]*?)<\/script>/g).map((m) => JSON.parse(m[1]!) as Record<string, unknown>);
}

test('a crawler following links from / reaches every page the sitemap lists', async ({ request, baseURL }) => {
  const sitemap = await (await request.get('/sitemap.xml')).text();
  const listed = all(sitemap, /<loc>([^<]+)<\/loc>/g).map((m) => localPath(textOf(m[1]!)));
  expect(listed.length).toBeGreaterThan(40);

  const origin = new URL(baseURL!).origin;
  const reached = new Set<string>();
  const queue = ['/'];
  const seen = new Set(queue);
  for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
    // As a crawler does: redirects followed, only HTML read for more links.
    let at = new URL(path, origin);
    let answer = await fetchOnce(request, at.pathname);
    for (let hops = 0; answer.status >= 300 && answer.status < 400 && answer.location && hops < 10; hops++) {
      at = new URL(answer.location, at);
      if (at.origin !== origin) break;
      answer = await fetchOnce(request, at.pathname);
    }
    if (at.origin !== origin || answer.status !== 200 || !answer.contentType.includes('text/html')) continue;
    reached.add(at.pathname);
    for (const m of all(answer.body, /<a\s[^>]*?href="([^"]*)"/g)) {
      const href = textOf(m[1]!);
      if (!href.startsWith('/') || href.startsWith('//')) continue;
      const next = href.split(/[?#]/)[0]!;
      if (!seen.has(next)) {
        seen.add(next);
        queue.push(next);
      }
    }
  }
  expect(listed.filter((p) => !reached.has(p))).toEqual([]);
});

test('every canonical and og:url is the page itself, answering 200 without a redirect', async ({ request }) => {
  for (const route of routes()) {
    const html = await htmlOf(request, route.path);
    const canonical = all(html, /<link\b[^>]*\brel="canonical"[^>]*>/g).map((m) => attribute(m[0], 'href'));
    const ogUrl = all(html, /<meta\b[^>]*\bproperty="og:url"[^>]*>/g).map((m) => attribute(m[0], 'content'));
    expect(canonical, `${route.path}: one canonical, its own address`).toEqual([siteUrl() + route.path]);
    expect(ogUrl, `${route.path}: og:url as the canonical`).toEqual(canonical);
    // Fetched without following redirects, as every address here is.
    const answer = await fetchOnce(request, localPath(canonical[0]!));
    expect(answer.status, `${canonical[0]} answers 200`).toBe(200);
  }
});

test('a page with a visible breadcrumb describes the same trail as a BreadcrumbList, and no other page has one', async ({ request }) => {
  let withBreadcrumb = 0;
  for (const route of routes()) {
    const html = await htmlOf(request, route.path);
    const lists = structuredData(html).filter((d) => d['@type'] === 'BreadcrumbList');
    const nav = /<nav aria-label="Breadcrumb">([\s\S]*?)<\/nav>/.exec(html)?.[1];
    if (!nav) {
      expect(lists, `${route.path} shows no breadcrumb`).toEqual([]);
      continue;
    }
    withBreadcrumb++;
    const shown = [
      ...all(nav, /<a\s[^>]*?href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/g).map((m) => ({ name: textOf(m[2]!), item: siteUrl() + textOf(m[1]!) })),
      { name: textOf(/<span aria-current="page">([\s\S]*?)<\/span>/.exec(nav)![1]!), item: siteUrl() + route.path },
    ];
    expect(lists).toHaveLength(1);
    const items = lists[0]!.itemListElement as Array<{ position: number; name: string; item: string }>;
    expect(
      items.map(({ name, item }) => ({ name, item })),
      route.path,
    ).toEqual(shown);
    expect(items.map((i) => i.position)).toEqual(shown.map((_, i) => i + 1));
  }
  // The FAQ category pages and every article.
  expect(withBreadcrumb).toBe(8 + siteModel().articles.length);
});

test('each article tells search engines its picture, the dates and the author its page shows', async ({ request }) => {
  const { articles } = siteModel();
  expect(articles.length).toBeGreaterThan(0);
  // The word before the author's name, as the blog's article list words it (articlePage.byLabel).
  const list = siteModel()
    .pages.flatMap((p) => p.sections)
    .find((s) => s.type === 'article-list');
  const byLabel = list?.type === 'article-list' ? list.articlePage.byLabel : '';
  for (const article of articles) {
    const html = await htmlOf(request, article.path);
    const [data, ...others] = structuredData(html).filter((d) => d['@type'] === 'Article');
    expect(others).toEqual([]);
    const byline = /<p class="article__byline">([\s\S]*?)<\/p>/.exec(html)![1]!;
    const times = all(byline, /<time dateTime="([^"]+)"/gi).map((m) => m[1]);
    const img = /<img class="article__image"[^>]*>/.exec(html)?.[0];
    expect(img, `${article.path} shows its picture`).toBeTruthy();
    expect(data).toMatchObject({
      image: siteUrl() + attribute(img!, 'src'),
      datePublished: times[0],
      dateModified: times[1] ?? times[0],
      author: {
        '@type': 'Person',
        name: textOf(/<span class="article__author">([\s\S]*?)<\/span>/.exec(byline)![1]!).replace(new RegExp(`^${byLabel}\\s+`), ''),
      },
    });
    const picture = await fetchOnce(request, localPath(String(data!.image)));
    expect(picture.status, `${String(data!.image)} answers`).toBe(200);
    expect(picture.contentType).toMatch(/^image\//);
  }
});

test("the inbox's sign-in screen shows the site's icon and makes no failed request", async ({ page }) => {
  await createAccount(`${uniqueWord('icon')}@example.com`);
  const { failed } = watchRequests(page);
  await page.goto('/admin');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', '/favicon.svg');
  // The one 4xx the contract declares: the signed-out answer to "who is signed in?" (contracts/inbox-contract.ts).
  const sessionProbe = `GET ${new URL('/admin/api/session', page.url()).href}: 401`;
  expect(failed.filter((f) => f !== sessionProbe)).toEqual([]);
});
