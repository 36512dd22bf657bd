// Every route, as a crawler gets it: the raw prerendered HTML, before any script runs.
import { expect, test } from '@playwright/test';
import { all, textOf } from '../support/html-text';
import { fetchOnce } from './fetch-once';
import { MISSING_PATH, notFoundPage, routes, siteModel, siteUrl } from './site';

for (const route of routes()) {
  test(`${route.path} answers 200 with its title, one h1 "${route.h1}" and its canonical link`, async ({ request }) => {
    const { status, contentType, body: html } = await fetchOnce(request, route.path);
    expect(status, `GET ${route.path}`).toBe(200);
    expect(contentType).toContain('text/html');

    const titles = all(html, /<title[^>]*>([\s\S]*?)<\/title>/g).map((m) => textOf(m[1]!));
    expect(titles, 'exactly one <title>, from site.titleTemplate and meta.title').toEqual([route.title]);

    const h1s = all(html, /<h1[\s>][\s\S]*?<\/h1>/g).map((m) => textOf(m[0]));
    expect(h1s, 'exactly one <h1>: the hero title').toEqual([route.h1]);

    const canonicals = all(html, /<link\b[^>]*\brel="canonical"[^>]*>/g).map((m) => textOf(/\bhref="([^"]*)"/.exec(m[0])?.[1] ?? ''));
    expect(canonicals, 'exactly one <link rel="canonical">').toEqual([route.canonical]);

    const robots = /<meta\b[^>]*\bname="robots"[^>]*>/.exec(html)?.[0] ?? '';
    if (route.noindex) expect(robots).toContain('noindex');
    else expect(robots, 'indexable pages are not marked noindex').not.toContain('noindex');
  });
}

test('the sitemap lists every indexable page once, at an address that is served', async ({ request }) => {
  const response = await request.get('/sitemap.xml');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('xml');
  const xml = await response.text();
  expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
  const listed = all(xml, /<loc>([^<]*)<\/loc>/g).map((m) => textOf(m[1]!));

  // A canonical address that is one of our pages is listed; one we do not serve falls back to the route.
  const served = new Set(routes().map((r) => siteUrl() + r.path));
  const indexable = [
    ...new Set(
      routes()
        .filter((r) => !r.noindex)
        .map((r) => (served.has(r.canonical) ? r.canonical : siteUrl() + r.path)),
    ),
  ];
  expect([...listed].sort(), 'sitemap <loc> entries').toEqual([...indexable].sort());
  expect(new Set(listed).size, 'no URL listed twice').toBe(listed.length);

  const origin = siteUrl();
  const notServed: string[] = [];
  for (const loc of listed) {
    expect(loc.startsWith(`${origin}/`) || loc === origin, `${loc} is on ${origin}`).toBe(true);
    const path = loc.slice(origin.length) || '/';
    const { status } = await fetchOnce(request, path);
    if (status !== 200) notServed.push(`${loc} → ${status}`);
  }
  expect(notServed, 'every sitemap URL answers 200 (not the not-found page, not a redirect)').toEqual([]);
});

test('robots.txt allows crawling of the site, not of the API or the leads inbox, and points at the sitemap', async ({ request }) => {
  const response = await request.get('/robots.txt');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('text/plain');
  const text = await response.text();
  expect(text).toContain('User-agent: *');
  expect(text.split('\n')).toEqual(expect.arrayContaining(['Disallow: /api/', 'Disallow: /admin', `Sitemap: ${siteUrl()}/sitemap.xml`]));
});

test('an unknown address answers 404 with the "Page Not Found" page, marked noindex', async ({ request }) => {
  for (const path of ['/no-such-page', MISSING_PATH, '/takedowns/no-such-page']) {
    const response = await request.get(path);
    expect(response.status(), `GET ${path}`).toBe(404);
    expect(response.headers()['content-type']).toContain('text/html');
    const html = await response.text();
    const h1s = all(html, /<h1[\s>][\s\S]*?<\/h1>/g).map((m) => textOf(m[0]));
    expect(h1s).toEqual([notFoundPage().h1]);
    expect(h1s).toEqual(['Page Not Found']);
    expect(textOf(/<title>([\s\S]*?)<\/title>/.exec(html)?.[1] ?? '')).toBe(notFoundPage().title);
    expect(html).toMatch(/<meta name="robots" content="noindex"\s*\/?>/);
    expect(html, 'the not-found page has no canonical address').not.toMatch(/rel="canonical"/);
  }
});

test('an unknown API address answers a JSON 404, not the HTML page', async ({ request }) => {
  const response = await request.get('/api/x');
  expect(response.status()).toBe(404);
  expect(response.headers()['content-type']).toContain('application/json');
  const body = await response.json();
  expect(body).toMatchObject({ success: false, error: 'NOT_FOUND' });
  expect(typeof body.message).toBe('string');
});

test('every known-broken address with a live page in site/links.yaml sends the visitor there with a 301', async ({ page, request }) => {
  const redirected = siteModel().knownLinks.filter((k) => k.redirect);
  expect(redirected.length).toBeGreaterThan(0);
  for (const { href, redirect } of redirected) {
    const first = await request.get(href, { maxRedirects: 0 });
    expect(first.status(), href).toBe(301);
    expect(first.headers().location, href).toBe(redirect);
    // In the browser: the page it lands on answers 200, at the address and anchor the redirect names.
    const landed = await page.goto(href);
    expect(landed!.status(), href).toBe(200);
    const url = new URL(page.url());
    expect(url.pathname + url.hash, href).toBe(redirect);
    const anchor = redirect!.split('#')[1];
    if (anchor) await expect(page.locator(`[id="${anchor}"]`), href).toHaveCount(1);
  }
});
