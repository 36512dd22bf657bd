/**
 * Three server processes on one store count 1,000 page views between them, flushing their counts
 * as they go and when they stop: the stored counts add up exactly, on SQLite and on PostgreSQL.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildServer } from '../../../scripts/build-server';
import { createPostgresStore } from '../../../server/store/postgres';
import { createSqliteStore } from '../../../server/store/sqlite';
import type { LeadStore } from '../../../server/store/types';
import { findPostgres, startLocalPostgres } from '../../support/postgres';
import { problemLines, startServer, type ServerProcess } from '../../resilience/support/server-process';
import { createFixture } from './helpers';

const VIEWS = 1_000;
const PROCESSES = 3;
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const found = await findPostgres();
if (!found.available) console.warn(`Skipping the PostgreSQL half of the page-view count: ${found.reason}`);

// The server compiled as it is deployed (esbuild, a second or two): it starts in well under a
// second, where three processes through the TypeScript loader take several on a busy machine.
let compiled: string;
let compiledDir: string;
beforeAll(async () => {
  const cache = join(import.meta.dirname, '../../../node_modules/.cache');
  mkdirSync(cache, { recursive: true });
  compiledDir = mkdtempSync(join(cache, 'views-server-'));
  compiled = await buildServer(compiledDir);
}, 60_000);
afterAll(() => rmSync(compiledDir, { recursive: true, force: true }));

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
}, 60_000);

function get(port: number, path: string, headers: Record<string, string>, method = 'GET'): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });
}

/** The views, spread over the processes in turn, twenty at a time; robots and HEAD requests in between, which never count. */
async function browse(servers: readonly ServerProcess[]): Promise<{ home: number; about: number }> {
  const tally = { home: 0, about: 0 };
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < VIEWS; i = next++) {
      const server = servers[i % servers.length]!;
      const toAbout = i % 4 === 0;
      const status = toAbout
        ? await get(server.port, '/about?utm_source=newsletter&utm_campaign=november', {
            'User-Agent': BROWSER,
            Referer: 'https://news.example.com/story?id=7',
          })
        : await get(server.port, '/', { 'User-Agent': BROWSER });
      expect(status).toBe(200);
      tally[toAbout ? 'about' : 'home'] += 1;
      if (i % 10 === 0) {
        await get(server.port, '/', { 'User-Agent': 'Mozilla/5.0 (compatible; Googlebot/2.1)' });
        await get(server.port, '/about', { 'User-Agent': BROWSER }, 'HEAD');
      }
    }
  };
  await Promise.all(Array.from({ length: 20 }, worker));
  return tally;
}

const backends = [
  {
    name: 'SQLite',
    skip: false,
    async setUp(dir: string) {
      return { env: {}, open: () => createSqliteStore({ file: join(dir, 'data', 'leads.sqlite') }) as LeadStore };
    },
  },
  {
    name: 'PostgreSQL',
    skip: !found.available,
    async setUp() {
      const pg = await startLocalPostgres(found, { dataTemplate: inject('postgresDataTemplate') });
      cleanups.push(() => pg.destroy());
      const url = await pg.createDatabase('views');
      return { env: { DATABASE_URL: url }, open: () => createPostgresStore({ connectionString: url }) as LeadStore };
    },
  },
];

/** The lines a server logged at error level or worse. */
const errorLines = (output: string) => problemLines(output).filter((line) => /"level":"(error|fatal)"/.test(line));

describe.each(backends)('$name', ({ skip, setUp }) => {
  it.skipIf(skip)(
    `${VIEWS} views across ${PROCESSES} processes add up exactly`,
    async () => {
      const fixture = createFixture();
      cleanups.push(() => fixture.cleanup());
      const dir = mkdtempSync(join(tmpdir(), 'views-'));
      cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
      const backend = await setUp(dir);
      const options = {
        dataDir: join(dir, 'data'),
        databaseUrl: 'DATABASE_URL' in backend.env ? String(backend.env.DATABASE_URL) : undefined,
        env: { DIST_DIR: fixture.root, PAGE_VIEWS_FLUSH_MS: '150' },
        nodeArgs: [compiled],
      };
      // All three start together: one migrates the store while the others wait on its lock.
      const servers = await Promise.all(Array.from({ length: PROCESSES }, () => startServer(options)));
      cleanups.push(() => Promise.all(servers.map((s) => s.kill('SIGKILL'))).then(() => {}));

      const tally = await browse(servers);
      // Some counts are flushed while serving, the rest as each process stops.
      await Promise.all(servers.map((s) => s.kill('SIGTERM')));
      for (const s of servers) expect(await s.exited).toEqual({ code: 0, signal: null });
      // Flushes from several processes take turns: none was refused (a deadlock) and tried again later.
      expect(servers.flatMap((s) => errorLines(s.output()))).toEqual([]);

      const store = backend.open();
      await store.init();
      cleanups.push(() => store.close());
      const today = new Date().toISOString().slice(0, 10);
      const report = await store.views.conversionReport({ from: today, to: today, now: new Date() });
      expect(tally.home + tally.about).toBe(VIEWS);
      expect(report.pages.map(({ path, views }) => ({ path, views }))).toEqual([
        { path: '/', views: tally.home },
        { path: '/about', views: tally.about },
      ]);
      expect(report.campaigns.map(({ utmSource, utmCampaign, views }) => ({ utmSource, utmCampaign, views }))).toEqual([
        { utmSource: 'newsletter', utmCampaign: 'november', views: tally.about },
      ]);
      expect(report.referrers.map(({ host, views }) => ({ host, views }))).toEqual([{ host: 'news.example.com', views: tally.about }]);
    },
    120_000,
  );
});

describe.skipIf(!found.available)('PostgreSQL gone when a process stops', () => {
  it('the last views are tried again until the deadline, then the loss is logged with its count and the exit code is 1', async () => {
    const fixture = createFixture();
    cleanups.push(() => fixture.cleanup());
    const dir = mkdtempSync(join(tmpdir(), 'views-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const pg = await startLocalPostgres(found, { dataTemplate: inject('postgresDataTemplate') });
    cleanups.push(() => pg.destroy());
    const url = await pg.createDatabase('views');
    // Flushed only on stop: every view below is still in memory when the database goes.
    const server = await startServer({
      dataDir: join(dir, 'data'),
      databaseUrl: url,
      env: { DIST_DIR: fixture.root, PAGE_VIEWS_FLUSH_MS: '600000' },
      nodeArgs: [compiled],
    });
    cleanups.push(() => server.kill('SIGKILL'));
    for (let i = 0; i < 12; i++) expect(await get(server.port, '/', { 'User-Agent': BROWSER })).toBe(200);
    await pg.stop('fast');
    const started = Date.now();
    await server.kill('SIGTERM');
    expect(await server.exited).toEqual({ code: 1, signal: null });
    // It kept trying for its deadline (5 s) rather than giving up at the first refusal.
    expect(Date.now() - started).toBeGreaterThan(4_000);
    const lost = errorLines(server.output()).filter((line) => line.includes('12 page views could not be saved'));
    expect(lost).toHaveLength(1);
  }, 60_000);
});
