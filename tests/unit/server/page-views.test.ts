// Page views counted as the server answers pages: what counts, what never does, and that the
// counts reach the store whole even when a write fails.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createViewCounter, isBot, ViewsNotSaved } from '../../../server/page-view-counter';
import type { ViewCounts } from '../../../server/store/page-views';
import { createFixture, fakeStore, rawRequest, startServer, type Fixture, type TestServer } from './helpers';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const DAY = '2026-11-26';
const NOON = Date.parse(`${DAY}T12:00:00Z`);

let fixture: Fixture;
let server: TestServer;
let saved: ViewCounts[];

beforeAll(() => {
  fixture = createFixture();
  // The inbox's page is part of the built site, yet no page of the site.
  mkdirSync(join(fixture.clientDir, 'admin'));
  writeFileSync(join(fixture.clientDir, 'admin/index.html'), '<!doctype html><title>Leads inbox</title>');
});
afterAll(() => {
  fixture.cleanup();
});

/** Stops the server, which writes every view it counted, and returns them. */
async function flushed(): Promise<ViewCounts> {
  await server.close();
  expect(saved.length).toBeLessThanOrEqual(1);
  return saved[0] ?? { pages: [], campaigns: [], referrers: [] };
}

describe('what the server counts as it answers', () => {
  // One server a test, with page views on: what it counted reaches the store when it stops (one write, the flush being an hour away).
  beforeEach(async () => {
    saved = [];
    server = await startServer({
      buildDir: fixture.root,
      store: fakeStore({ views: { addViewCounts: async (counts) => void saved.push(counts) } }),
      now: () => new Date(NOON),
      env: { SITE_URL: 'https://www.takedownshield.example', PAGE_VIEWS: 'on', PAGE_VIEWS_FLUSH_MS: '3600000' },
    });
  });
  afterEach(async () => {
    await server.close();
  });

  it('counts each page a browser gets, by path and day, and its campaign and referring site', async () => {
    await rawRequest(server.port, '/', { 'User-Agent': BROWSER });
    await rawRequest(server.port, '/about?utm_source=newsletter&utm_campaign=november', {
      'User-Agent': BROWSER,
      Referer: 'https://news.example.com/story?id=7',
    });
    await rawRequest(server.port, '/about', { 'User-Agent': BROWSER, Referer: 'https://www.takedownshield.example/' });
    const counts = await flushed();
    expect(counts.pages).toEqual([
      { day: DAY, path: '/', views: 1 },
      { day: DAY, path: '/about', views: 2 },
    ]);
    expect(counts.campaigns).toEqual([{ day: DAY, utmSource: 'newsletter', utmMedium: '', utmCampaign: 'november', arrivals: 1 }]);
    // Only the host of the other site; a move within the site is no arrival.
    expect(counts.referrers).toEqual([{ day: DAY, host: 'news.example.com', arrivals: 1 }]);
  });

  it.each([
    ['a robot that says so', '/', 'GET', { 'User-Agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' }, 200],
    ['a request with no user agent', '/', 'GET', {}, 200],
    ['a HEAD request', '/', 'HEAD', { 'User-Agent': BROWSER }, 200],
    ['a script or style file', '/assets/app-abc123.js', 'GET', { 'User-Agent': BROWSER }, 200],
    ['the not-found page', '/no-such-page', 'GET', { 'User-Agent': BROWSER }, 404],
    ['the inbox', '/admin', 'GET', { 'User-Agent': BROWSER }, 200],
  ])('never counts %s', async (_case, path, method, headers, status) => {
    expect((await rawRequest(server.port, path, headers as Record<string, string>, method)).status).toBe(status);
    expect((await flushed()).pages).toEqual([]);
  });

  it('counts a page answered 304 (still fresh in the browser) as a view', async () => {
    const first = await rawRequest(server.port, '/about', { 'User-Agent': BROWSER });
    const again = await rawRequest(server.port, '/about', { 'User-Agent': BROWSER, 'If-None-Match': String(first.headers.etag) });
    expect(again.status).toBe(304);
    expect((await flushed()).pages).toEqual([{ day: DAY, path: '/about', views: 2 }]);
  });
});

it.each([
  ['Googlebot', 'Mozilla/5.0 (compatible; Googlebot/2.1)', true],
  ['curl', 'curl/8.5.0', true],
  ['headless Chrome', 'Mozilla/5.0 HeadlessChrome/131.0', true],
  ['a link preview', 'facebookexternalhit/1.1', true],
  ['Firefox', 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0', false],
  [
    'Safari on a phone',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1',
    false,
  ],
])('%s is a robot: %s', (_name, agent, bot) => {
  expect(isBot(agent)).toBe(bot);
});

describe('the counter between flushes', () => {
  const req = (url: string, headers: Record<string, string> = {}) => ({ url, headers: { 'user-agent': BROWSER, ...headers } }) as never;

  it('keeps the counts of a failed write and adds them to the next', async () => {
    const writes: ViewCounts[] = [];
    let fail = true;
    const errors: unknown[] = [];
    const c = createViewCounter({
      save: async (counts) => {
        if (fail) throw new Error('database is locked');
        writes.push(counts);
      },
      ownHosts: new Set(),
      flushMs: 60_000,
      now: () => NOON,
      onError: (err) => errors.push(err),
    });
    c.count(req('/'), '/');
    await c.flush();
    expect(errors).toHaveLength(1);
    c.count(req('/'), '/');
    fail = false;
    await c.flush();
    expect(writes).toEqual([{ pages: [{ day: DAY, path: '/', views: 2 }], campaigns: [], referrers: [] }]);
  });

  it('tries a refused final write again as it stops, until the store takes it', async () => {
    const writes: ViewCounts[] = [];
    let refusals = 2;
    const errors: unknown[] = [];
    const c = createViewCounter({
      save: async (counts) => {
        if (refusals-- > 0) throw new Error('deadlock detected');
        writes.push(counts);
      },
      ownHosts: new Set(),
      flushMs: 60_000,
      now: () => NOON,
      onError: (err) => errors.push(err),
      retryMs: 10,
    });
    for (let i = 0; i < 3; i++) c.count(req('/'), '/');
    await c.stop();
    expect(errors).toHaveLength(2);
    expect(writes).toEqual([{ pages: [{ day: DAY, path: '/', views: 3 }], campaigns: [], referrers: [] }]);
  });

  it('says how many views it lost when the store keeps refusing past the deadline', async () => {
    let tries = 0;
    const c = createViewCounter({
      save: async () => {
        tries += 1;
        throw new Error('connection refused');
      },
      ownHosts: new Set(),
      flushMs: 60_000,
      now: () => NOON,
      finalFlushMs: 200,
      retryMs: 20,
    });
    for (let i = 0; i < 7; i++) c.count(req(i % 2 ? '/' : '/pricing'), i % 2 ? '/' : '/pricing');
    const stopped = c.stop();
    await expect(stopped).rejects.toBeInstanceOf(ViewsNotSaved);
    await expect(stopped).rejects.toMatchObject({ views: 7, message: expect.stringContaining('connection refused') });
    expect(tries).toBeGreaterThan(1);
  });

  it('counts a view on the day it happened, also across midnight', async () => {
    let t = Date.parse('2026-11-26T23:59:59Z');
    const writes: ViewCounts[] = [];
    const c = createViewCounter({ save: async (x) => void writes.push(x), ownHosts: new Set(), flushMs: 60_000, now: () => t });
    c.count(req('/'), '/');
    t += 2_000;
    c.count(req('/'), '/');
    await c.stop();
    expect(writes[0]!.pages).toEqual([
      { day: '2026-11-26', path: '/', views: 1 },
      { day: '2026-11-27', path: '/', views: 1 },
    ]);
  });

  it('keeps at most maxKeys campaigns and referring sites between flushes, whatever is sent', async () => {
    const writes: ViewCounts[] = [];
    const c = createViewCounter({
      save: async (x) => void writes.push(x),
      ownHosts: new Set(),
      flushMs: 60_000,
      now: () => NOON,
      maxKeys: 3,
    });
    for (let i = 0; i < 10; i++) c.count(req(`/?utm_campaign=c${i}`, { referer: `https://s${i}.example/` }), '/');
    c.count(req('/?utm_campaign=c0'), '/');
    await c.flush();
    expect(writes[0]!.pages).toEqual([{ day: DAY, path: '/', views: 11 }]);
    expect(writes[0]!.campaigns.map((x) => [x.utmCampaign, x.arrivals])).toEqual([
      ['c0', 2],
      ['c1', 1],
      ['c2', 1],
    ]);
    expect(writes[0]!.referrers).toHaveLength(3);
  });
});
