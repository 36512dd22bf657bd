import { expect, test } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EDITOR_ROUTES, type PublishAnswer, type ReleaseList } from '../../contracts/editor-contract';
import { ADMIN_ROUTES } from '../../contracts/inbox-contract';
import { CONTENT_ROOT, DIST_DIR } from '../../scripts/read-project';
import { createAccount, expectNoAxeViolations, PASSWORD } from './admin';
import { routes } from './site';
import { freePort } from '../support/free-port';

// A production server of its own (the compiled one, as npm start runs it) on a copy of site/, so a
// publish here never changes the site the other specs see.
const ROOT = join(import.meta.dirname, '../..');
// On a port the OS says is free, taken when the server starts, so two runs on one machine never meet.
let PORT = 0;
let BASE = '';
const EDITOR = 'cy.writer@example.com';
// The about page's heading as site/ has it; the edit below replaces it with the test's own words.
const OLD_TITLE = routes().find((r) => r.path === '/about')!.h1;
const NEW_TITLE = 'About the Team Behind Every Takedown';
const CHANGE = { 'X-Requested-With': 'XMLHttpRequest' };

test.describe('publishing on the production server', () => {
  test.describe.configure({ mode: 'serial' });
  let server: ChildProcess;
  let tmp: string;
  let output = '';

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    PORT = await freePort();
    BASE = `http://127.0.0.1:${PORT}`;
    tmp = mkdtempSync(join(tmpdir(), 'site-publish-'));
    cpSync(join(CONTENT_ROOT, 'site'), join(tmp, 'content', 'site'), { recursive: true });
    const env = {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: join(tmp, 'data'),
      CONTENT_ROOT: join(tmp, 'content'),
      RELEASES_DIR: join(tmp, 'releases'),
      SITE_URL: BASE,
      SIGN_IN_RATE_LIMIT_MAX: '1000',
      // No test asks DNS.
      SPAM_MAIL_CHECK: 'off',
      LOG_LEVEL: 'warn',
    };
    server = spawn(process.execPath, ['--enable-source-maps', join(DIST_DIR, 'server', 'index.js')], {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout!.on('data', (d) => (output += d));
    server.stderr!.on('data', (d) => (output += d));
    await expect.poll(async () => (await fetch(`${BASE}/healthz`).catch(() => null))?.status ?? 0, { timeout: 110_000 }).toBe(200);
    await createAccount(EDITOR, PASSWORD, env.DATA_DIR, ['content']);
  });

  test.afterAll(() => {
    server?.kill('SIGTERM');
    rmSync(tmp, { recursive: true, force: true });
  });

  test('visitors get a published edit, with and without JavaScript, and a rollback brings the old page back', async ({ page, browser }) => {
    test.setTimeout(300_000);
    const signIn = await page.request.post(BASE + ADMIN_ROUTES.signIn, { headers: CHANGE, data: { email: EDITOR, password: PASSWORD } });
    expect(signIn.status(), output).toBe(204);
    const publish = async () => {
      const res = await page.request.post(BASE + EDITOR_ROUTES.publish, { headers: CHANGE, timeout: 180_000 });
      expect(res.status(), `${await res.text()}\n${output}`).toBe(200);
      return (await res.json()) as PublishAnswer;
    };
    const before = await publish();
    await page.goto(`${BASE}/about`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(OLD_TITLE);

    const about = join(tmp, 'content', 'site', 'pages', 'about.yaml');
    writeFileSync(about, readFileSync(about, 'utf8').replaceAll(OLD_TITLE, NEW_TITLE));
    const after = await publish();
    expect(after.release).toMatchObject({ by: EDITOR, live: true });
    await page.goto(`${BASE}/about`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(NEW_TITLE);
    await expect(page).toHaveTitle(new RegExp(NEW_TITLE));
    await expectNoAxeViolations(page, '/about after a publish');
    const noScript = await browser.newContext({ javaScriptEnabled: false });
    const plain = await noScript.newPage();
    await plain.goto(`${BASE}/about`);
    await expect(plain.getByRole('heading', { level: 1 })).toHaveText(NEW_TITLE);

    const { releases } = (await (await page.request.get(BASE + EDITOR_ROUTES.releases)).json()) as ReleaseList;
    expect(releases.map((r) => [r.id, r.live])).toEqual([
      [after.release.id, true],
      [before.release.id, false],
    ]);
    const rollback = await page.request.post(BASE + EDITOR_ROUTES.rollback, { headers: CHANGE, data: { release: before.release.id } });
    expect(rollback.status()).toBe(200);
    await plain.goto(`${BASE}/about`);
    await expect(plain.getByRole('heading', { level: 1 })).toHaveText(OLD_TITLE);
    await noScript.close();
  });
});
