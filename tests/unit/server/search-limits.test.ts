/**
 * /search under load from one client: a limit per address, and a repeated query answered from the
 * last answers of this release instead of searched and rendered again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSite } from '../../../engine/content/load-site';
import { buildSearchIndex, loadSiteSearch, type SiteSearch } from '../../../engine/search/search-index';
import { SEARCH_JSON_TYPE } from '../../../engine/search/search-context';
import { searchPagePath } from '../../../server/search/search-page';
import { readSchemas, readSiteFiles } from '../../../scripts/read-project';
import { createFixture, startServer, type Fixture, type Running } from './helpers';

const { model } = loadSite(readSiteFiles(), readSchemas());
if (!model) throw new Error('site/ does not load; run npm run validate');
const path = searchPagePath(model)!;

/** The site's index, counting the searches it really does. */
function countedSearch(): SiteSearch & { searched: string[] } {
  const index = loadSiteSearch(buildSearchIndex(model!));
  const searched: string[] = [];
  return { size: index.size, searched, search: (query) => (searched.push(query), index.search(query)) };
}

describe('the search page under one busy client', () => {
  let fixture: Fixture;
  const servers: Running[] = [];
  const start = async (search: SiteSearch, max = 1_000) => {
    const server = await startServer({
      buildDir: fixture.root,
      model: { forms: {}, pages: { model: model!, assets: { stylesheets: [], scripts: [] } }, search },
      env: { SEARCH_RATE_LIMIT_MAX: String(max) },
    });
    servers.push(server);
    return server;
  };

  beforeAll(() => {
    fixture = createFixture();
  });

  afterAll(async () => {
    for (const s of servers) await s.close();
    fixture.cleanup();
  });

  it('answers a repeated query from the answers it keeps, the same page each time', async () => {
    const search = countedSearch();
    const server = await start(search);
    const pages = [];
    for (const q of ['refund', ' refund ', 'refund', 'takedown'])
      pages.push(await (await fetch(`${server.url}${path}?q=${encodeURIComponent(q)}`)).text());
    expect(search.searched).toEqual(['refund', 'takedown']);
    expect(pages[1]).toBe(pages[0]);
    expect(pages[2]).toBe(pages[0]);
    expect(pages[3]).not.toBe(pages[0]);
    // The page's code asks for JSON: kept apart from the page, and kept too.
    const json = { headers: { Accept: SEARCH_JSON_TYPE } };
    const asked = await fetch(`${server.url}${path}?q=refund`, json);
    expect(asked.headers.get('cache-control')).toBe('no-store');
    await fetch(`${server.url}${path}?q=refund`, json);
    expect(search.searched).toEqual(['refund', 'takedown', 'refund']);
  });

  it('keeps no answer from one release in the next', async () => {
    const first = countedSearch();
    const second = countedSearch();
    const before = await start(first);
    const after = await start(second);
    await fetch(`${before.url}${path}?q=refund`);
    await fetch(`${after.url}${path}?q=refund`);
    expect(first.searched).toEqual(['refund']);
    expect(second.searched).toEqual(['refund']);
  });

  it('refuses a client past its limit with 429 in words and a Retry-After, and serves the other pages', async () => {
    const server = await start(countedSearch(), 3);
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await fetch(`${server.url}${path}?q=word${i}`)).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const refused = await fetch(`${server.url}${path}?q=more`);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await refused.text()).toMatch(/Too many requests/);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await fetch(`${server.url}/`)).status).toBe(200);
  });
});
