/**
 * A publish on one of three compiled server processes on one PostgreSQL reaches the other two
 * within 10 s: they poll the store for the live release and switch to its folder (RELEASES_DIR,
 * shared on this machine). The content is a copy of site/, never the project's.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { EDITOR_ROUTES, type PublishAnswer } from '../../contracts/editor-contract';
import { ADMIN_ROUTES } from '../../contracts/inbox-contract';
import { hashPassword } from '../../server/admin/passwords';
import { createPostgresStore } from '../../server/store/postgres';
import { buildServer } from '../../scripts/build-server';
import { findPostgres, startLocalPostgres, type LocalPostgres } from '../support/postgres';
import { startServer, type ServerProcess } from './support/server-process';
import { BUILT_SERVER, ROOT } from './support/site-build';

const PROCESSES = 3;
const REACH_MS = 10_000;
const PASSWORD = 'correct horse battery staple';
const JSON_CHANGE = { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' };

const pgFound = await findPostgres();
if (!pgFound.available) console.warn(`Skipping the publish test on several processes: ${pgFound.reason}`);

describe.skipIf(!pgFound.available)('a publish on several processes', () => {
  let postgres: LocalPostgres;
  let tmp: string;
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    // The build's compiled server when npm test has just made one, as the scale and TLS runs take it.
    const compiled = BUILT_SERVER ?? (await buildServer(join(ROOT, 'node_modules', '.cache', 'publish-server')));
    postgres = await startLocalPostgres(pgFound);
    const databaseUrl = await postgres.createDatabase('publish');
    tmp = mkdtempSync(join(tmpdir(), 'resilience-publish-'));
    cpSync(join(ROOT, 'site'), join(tmp, 'content', 'site'), { recursive: true });
    const env = { CONTENT_ROOT: join(tmp, 'content'), RELEASES_DIR: join(tmp, 'releases') };
    for (let i = 0; i < PROCESSES; i++)
      servers.push(await startServer({ dataDir: tmp, databaseUrl, nodeArgs: ['--enable-source-maps', compiled], env }));
    const store = createPostgresStore({ connectionString: databaseUrl });
    await store.init();
    await store.accounts.createAccount('cy@example.com', await hashPassword(PASSWORD, { log2N: 10, r: 8, p: 1 }), ['content']);
    await store.close();
  }, 180_000);

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.kill('SIGKILL')));
    await postgres?.stop();
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  });

  it(`is served by every process within ${REACH_MS / 1000} s`, async () => {
    const about = join(tmp, 'content', 'site', 'pages', 'about.yaml');
    // Whatever the writers called the page: its title, read from the file, becomes one no page has.
    const text = readFileSync(about, 'utf8');
    const { meta } = parse(text) as { meta: { title: string } };
    writeFileSync(about, text.replaceAll(meta.title, 'About the Published Team'));
    const [first] = servers;
    const signIn = await fetch(first!.url + ADMIN_ROUTES.signIn, {
      method: 'POST',
      headers: JSON_CHANGE,
      body: JSON.stringify({ email: 'cy@example.com', password: PASSWORD }),
    });
    expect(signIn.status).toBe(204);
    const cookie = signIn.headers.getSetCookie()[0]!.split(';')[0]!;
    const published = await fetch(first!.url + EDITOR_ROUTES.publish, { method: 'POST', headers: { ...JSON_CHANGE, Cookie: cookie } });
    expect(published.status, await published.clone().text()).toBe(200);
    const { release, durationMs } = (await published.json()) as PublishAnswer;
    const answeredAt = Date.now();
    console.log(`Published release ${release.id} in ${durationMs} ms`);
    const reached = await Promise.all(
      servers.map(async (s) => {
        while (Date.now() - answeredAt < REACH_MS + 5_000) {
          if ((await (await fetch(`${s.url}/about`)).text()).includes('About the Published Team')) return Date.now() - answeredAt;
          await new Promise((r) => setTimeout(r, 100));
        }
        return Infinity;
      }),
    );
    console.log(`Each process served it ${reached.map((ms) => `${ms} ms`).join(', ')} after the publish answered`);
    for (const ms of reached) expect(ms).toBeLessThan(REACH_MS);
  });
});
