/**
 * /search answered by the server: results for ?q= in the site's real page, never cached or indexed,
 * and the visitor's words never in the request log.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadSite } from '../../../engine/content/load-site';
import { buildSearchIndex, loadSiteSearch } from '../../../engine/search/search-index';
import { readSchemas, readSiteFiles } from '../../../scripts/read-project';
import { readSiteSearch } from '../../../server/search/search-page';
import { createLogger } from '../../../server/logging';
import { createFixture, startServer, type Fixture, type Running } from './helpers';

const { model } = loadSite(readSiteFiles(), readSchemas());
if (!model) throw new Error('site/ does not load; run npm run validate');

// The queries are made of the words site/ gives the refund question, so they follow a writer's changes.
const REFUND = model.faqSets['pricing-questions']!.items.find((q) => q.id === 'refund-policy')!.question;
const [LONGEST, NEXT] = (REFUND.toLowerCase().match(/[a-z]+/g) ?? []).sort((a, b) => b.length - a.length);
const REFUND_QUERY = `${LONGEST} ${NEXT}`;
/** The longest word with its third and fourth letters swapped, as a hurried visitor types it. */
const TYPO = LONGEST!.slice(0, 2) + LONGEST![3] + LONGEST![2] + LONGEST!.slice(4);
const SECRET_WORDS = 'refund zebracorn-secret';
let fixture: Fixture;
let server: Running;
let rawLog = '';

beforeAll(async () => {
  fixture = createFixture();
  const destination = new PassThrough();
  destination.on('data', (chunk: Buffer) => (rawLog += chunk.toString()));
  server = await startServer({
    buildDir: fixture.root,
    model: { forms: {}, pages: { model, assets: { stylesheets: [], scripts: [] } }, search: loadSiteSearch(buildSearchIndex(model)) },
    logger: createLogger({ level: 'info', destination }),
  });
});

afterAll(async () => {
  await server.close();
  fixture.cleanup();
});

const get = (query: string, init?: RequestInit) => fetch(`${server.url}/search${query}`, init);

describe('GET /search', () => {
  it('answers with the search page and the results, not cached and not indexed', async () => {
    const res = await get(`?q=${encodeURIComponent(REFUND_QUERY)}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-robots-tag')).toBe('noindex');
    // The security headers every answer carries.
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await res.text();
    const link = /<a href="\/faq\/pricing#refund-policy">(.*?)<\/a>/.exec(html)?.[1] ?? '';
    expect(link.replace(/<\/?mark>/g, '')).toBe(REFUND.replaceAll('&', '&amp;'));
    for (const word of [LONGEST, NEXT]) expect(link.toLowerCase()).toContain(`<mark>${word}</mark>`);
    expect(html).toContain('<header class="site-header">');
    expect(html).toContain('<footer class="site-footer">');
  });

  it("answers the same results as JSON to the page's code that follows the typing", async () => {
    const res = await get(`?q=${TYPO}`, { headers: { Accept: 'application/json' } });
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const outcome = (await res.json()) as { query: string; hits: Array<{ url: string }> };
    expect(outcome.query).toBe(TYPO);
    expect(outcome.hits[0]?.url).toBe('/faq/pricing#refund-policy');
  });

  it('answers with the help when there is no query', async () => {
    const html = await (await get('')).text();
    const section = model.pages.flatMap((p) => p.sections).find((sec) => sec.type === 'search-results')!;
    expect(html).toContain(`>${section.empty.title}</h2>`);
    expect(html).toContain('href="/contact-us"');
  });

  it('is compressed with gzip when the browser takes it', async () => {
    const res = await get('?q=takedown', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(res.headers.get('vary')).toContain('Accept-Encoding');
    // fetch decodes the body itself; its length before decoding is what was sent.
    expect(Number(res.headers.get('content-length'))).toBeLessThan((await res.clone().text()).length / 3);
    expect(res.headers.get('content-encoding')).toBe('gzip');
  });

  it('answers HEAD with the headers only, and leaves other methods to the site', async () => {
    const head = await get('?q=takedown', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    const post = await get('?q=takedown', { method: 'POST' });
    expect(post.status).not.toBe(200);
  });

  it('logs the request under /search, never the words searched for', async () => {
    const res = await get(`?q=${encodeURIComponent(SECRET_WORDS)}`, { headers: { 'X-Request-Id': 'search-log-1' } });
    expect(res.status).toBe(200);
    // The log line is written when the response finishes, which may be just after fetch resolves.
    await vi.waitFor(() => expect(rawLog).toContain('"search-log-1"'));
    const line = rawLog.split('\n').find((l) => l.includes('"search-log-1"'));
    expect(JSON.parse(line!)).toMatchObject({ method: 'GET', route: '/search', status: 200 });
    expect(rawLog).not.toContain('zebracorn');
    expect(rawLog).not.toContain('refund');
  });
});

describe('the index at start', () => {
  it('is read from the build, and a missing one is said once and leaves the page without results', () => {
    const dir = mkdtempSync(join(tmpdir(), 'search-index-'));
    try {
      const warnings: string[] = [];
      expect(readSiteSearch(dir, (m) => warnings.push(m))).toBeUndefined();
      expect(warnings).toEqual([
        `${join(dir, 'search-index.json')} is missing, so the search page shows no results. Run \`npm run build\` again.`,
      ]);
      writeFileSync(join(dir, 'search-index.json'), '{"not":');
      expect(() => readSiteSearch(dir, () => undefined)).toThrow(/search-index\.json could not be read .*Run `npm run build` again\./);
      writeFileSync(join(dir, 'search-index.json'), buildSearchIndex(model));
      expect(readSiteSearch(dir, () => undefined)?.search('refund').hits.length).toBeGreaterThan(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
