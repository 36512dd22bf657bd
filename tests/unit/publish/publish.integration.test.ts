/**
 * Publishing on a copy of site/ in a git repository of its own: a release is built in a child
 * process and switched to whole; bad content and a failed build leave the live site serving; a
 * rollback switches back; old releases are pruned; and the endpoints are for the `content` role.
 */
import { execFile, execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import {
  EDITOR_ROUTES,
  type EditableFile,
  type FileDiff,
  type PendingChanges,
  type ProblemsAnswer,
  type PublishAnswer,
  type ReleaseList,
  type RollbackPlan,
} from '../../../contracts/editor-contract';
import { ADMIN_ROUTES } from '../../../contracts/inbox-contract';
import { hashPassword } from '../../../server/admin/passwords';
import { FORM_VALIDATORS_FILE, loadFormValidators } from '../../../server/api/form-validators-code';
import { CONTENT_ROOT, ROOT } from '../../../scripts/read-project';
import { readConfig } from '../../../server/config';
import { createServer, type RunningServer } from '../../../server/create-server';
import { silentLogger } from '../../../server/logging';
import { createPublisher, type Publisher } from '../../../server/publish/publisher';
import { NOT_PUBLISHED_HERE } from '../../../server/publish/routes';
import { createSqliteStore } from '../../../server/store/sqlite';
import type { LeadStore } from '../../../server/store/types';
import type { SiteModel } from '../../../engine/content/model';

const PASSWORD = 'correct horse battery staple';
const JSON_CHANGE = { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' };
const ABOUT = 'site/pages/about.yaml';
/** The about page's title as site/ has it (its h1 too), which the first test replaces. */
const TITLE = (parse(readFileSync(join(CONTENT_ROOT, ABOUT), 'utf8')) as { meta: { title: string } }).meta.title;

const git = (cwd: string, ...args: string[]) => execFileSync('git', args, { cwd, encoding: 'utf8' }).trim();

describe('publishing', { timeout: 300_000 }, () => {
  let tmp: string;
  let content: string;
  let releasesDir: string;
  let store: LeadStore;
  let server: RunningServer | undefined;
  let base: string;
  let publisher: Publisher;

  const publisherWith = (extra: { buildTimeoutMs?: number } = {}) =>
    createPublisher({
      store,
      releasesDir,
      contentRoot: content,
      projectRoot: ROOT,
      keep: 1,
      gitRemote: 'origin',
      pollMs: 60_000,
      log: silentLogger,
      env: { ...process.env, SITE_URL: 'http://127.0.0.1' },
      // Before the server exists (the first publish), a release is only read to check it serves.
      prepare: (folder) => (server ? server.prepareBuild(folder) : () => {}),
      ...extra,
    });
  const edit = (file: string, change: (text: string) => string) =>
    writeFileSync(join(content, file), change(readFileSync(join(content, file), 'utf8')));
  // The editor the server carries opens the copy too, never the project's site/.
  const serverConfig = () =>
    readConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: tmp,
      CONTENT_ROOT: content,
      SITE_URL: 'http://127.0.0.1',
      IP_HASH_SALT: 'x'.repeat(32),
    });
  const page = async (path: string) => (await fetch(base + path)).text();

  /** Signs in and returns a caller that keeps the session cookie. */
  async function signedIn(email: string) {
    const res = await fetch(base + ADMIN_ROUTES.signIn, {
      method: 'POST',
      headers: JSON_CHANGE,
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    expect(res.status).toBe(204);
    const cookie = res.headers.getSetCookie()[0]!.split(';')[0]!;
    return (path: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}) =>
      fetch(base + path, {
        method: init.method ?? 'GET',
        headers: { Cookie: cookie, ...(init.method && init.method !== 'GET' ? JSON_CHANGE : {}), ...init.headers },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      });
  }

  beforeAll(async () => {
    tmp = mkdtempSync(join(tmpdir(), 'publish-'));
    content = join(tmp, 'content');
    releasesDir = join(tmp, 'releases');
    cpSync(join(CONTENT_ROOT, 'site'), join(content, 'site'), { recursive: true });
    const remote = join(tmp, 'remote.git');
    execFileSync('git', ['init', '--quiet', '--bare', remote]);
    git(content, 'init', '--quiet');
    git(content, 'remote', 'add', 'origin', remote);
    git(content, '-c', 'user.name=Setup', '-c', 'user.email=setup@example.com', 'add', '.');
    git(content, '-c', 'user.name=Setup', '-c', 'user.email=setup@example.com', 'commit', '--quiet', '-m', 'The site');
    store = createSqliteStore({ file: join(tmp, 'leads.sqlite') });
    await store.init();
    await store.accounts.createAccount('cy.writer@example.com', await hashPassword(PASSWORD, { log2N: 10, r: 8, p: 1 }), ['content']);
    await store.accounts.createAccount('ann@example.com', await hashPassword(PASSWORD, { log2N: 10, r: 8, p: 1 }), ['leads']);
    publisher = publisherWith();
    const first = await publisher.publish('cy.writer@example.com');
    expect(first.kind).toBe('published');
    const config = serverConfig();
    server = createServer(config, { store, logger: silentLogger, delivery: null, buildDir: (await publisher.liveFolder())!, publisher });
    base = `http://127.0.0.1:${await server.listen()}`;
  }, 300_000);

  afterAll(async () => {
    await server?.close();
    await store?.close();
    rmSync(tmp, { recursive: true, force: true });
  });

  it('publishes an edit: the page changes, the content is committed as the editor and pushed', async () => {
    expect(await page('/about')).toContain(TITLE);
    edit(ABOUT, (t) => t.replaceAll(TITLE, 'About Our Takedown Team'));
    const cy = await signedIn('cy.writer@example.com');
    const res = await cy(EDITOR_ROUTES.publish, { method: 'POST' });
    expect(res.status).toBe(200);
    const { release, durationMs } = (await res.json()) as PublishAnswer;
    expect(release).toMatchObject({ by: 'cy.writer@example.com', live: true });
    expect(durationMs).toBeGreaterThan(0);
    expect(await page('/about')).toContain('About Our Takedown Team');
    // Its message is made from the changed page's title; the body names the release and the file.
    expect(release.message).toBe('About Our Takedown Team');
    expect(git(content, 'log', '-1', '--format=%an <%ae>|%s')).toBe(`cy.writer <cy.writer@example.com>|${release.message}`);
    expect(git(content, 'log', '-1', '--format=%b')).toContain(`Release ${release.id}.\n- ${ABOUT} (changed): About Our Takedown Team`);
    expect(release.commit).toBe(git(content, 'rev-parse', 'HEAD'));
    expect(git(join(tmp, 'remote.git'), 'rev-parse', 'HEAD')).toBe(release.commit);
    expect(readdirSync(releasesDir)).toContain(release.id);
    const list = (await (await cy(EDITOR_ROUTES.releases)).json()) as ReleaseList;
    expect(list.releases.map((r) => [r.id, r.live])[0]).toEqual([release.id, true]);
    expect(list.releases.filter((r) => r.live)).toHaveLength(1);
    const audit = await store.audit.list({ limit: 5 });
    expect(audit[0]).toMatchObject({ actor: 'cy.writer@example.com', action: 'publish' });
    expect(audit[0]!.detail).toContain(release.id);
  });

  it("carries the server's form validators, made from the release's own forms, so its start compiles none", async () => {
    const live = (await publisher.liveFolder())!;
    const model = JSON.parse(readFileSync(join(live, 'site-model.json'), 'utf8')) as SiteModel;
    const source = readFileSync(join(live, FORM_VALIDATORS_FILE), 'utf8');
    // Throws when the code was made from other forms than the release's (a stale or copied file).
    const loaded = loadFormValidators(source, { forms: model.forms, apiPayloads: model.apiPayloads ?? {} });
    expect([...loaded.forms.keys()].sort()).toEqual(Object.keys(model.forms).sort());
    expect(Object.keys(model.forms).length).toBeGreaterThan(0);
  });

  it('refuses content with problems (422, the messages npm run validate prints) and keeps the live site', async () => {
    const live = await store.releases.liveRelease();
    const head = git(content, 'rev-parse', 'HEAD');
    edit(ABOUT, (t) => t.replace('path: /about', 'path: about'));
    const cy = await signedIn('cy.writer@example.com');
    const res = await cy(EDITOR_ROUTES.publish, { method: 'POST' });
    expect(res.status).toBe(422);
    const { problems } = (await res.json()) as ProblemsAnswer;
    // Started without blocking this thread, which also answers the server's requests: a synchronous
    // wait of some seconds outlasts the server's keep-alive and resets the next request's connection.
    const validate = await new Promise<{ status: number | null; stderr: string }>((resolve) => {
      const child = execFile(
        process.execPath,
        ['--import', 'tsx', 'scripts/validate.ts'],
        { cwd: ROOT, env: { ...process.env, CONTENT_ROOT: content }, encoding: 'utf8' },
        (_err, _out, stderr) => resolve({ status: child.exitCode, stderr }),
      );
    });
    expect(validate.status).toBe(1);
    expect(problems.length).toBeGreaterThan(0);
    for (const p of problems) {
      expect(p.path).toBe(ABOUT);
      expect(validate.stderr).toContain(`${p.path}:${p.line}:${p.column} ${p.message}`);
    }
    expect(problems.some((p) => p.pointer === '/path')).toBe(true);
    expect(await store.releases.liveRelease()).toBe(live);
    expect(git(content, 'rev-parse', 'HEAD')).toBe(head);
    expect(await page('/about')).toContain('About Our Takedown Team');
    edit(ABOUT, (t) => t.replace('path: about', 'path: /about'));
  });

  it('refuses a site with a symbolic link in it before copying anything, and keeps the live site', async () => {
    const live = await store.releases.liveRelease();
    const head = git(content, 'rev-parse', 'HEAD');
    const before = readdirSync(releasesDir).sort();
    // A page that is really the notifications file, and a link that leaves the content.
    symlinkSync('../notifications.yaml', join(content, 'site/pages/alias.yaml'));
    symlinkSync(join(ROOT, 'package.json'), join(content, 'site/pages/outside.yaml'));
    try {
      const cy = await signedIn('cy.writer@example.com');
      const res = await cy(EDITOR_ROUTES.publish, { method: 'POST' });
      expect(res.status).toBe(422);
      const { problems } = (await res.json()) as ProblemsAnswer;
      expect(problems.map((p) => p.path)).toEqual(['site/pages/alias.yaml', 'site/pages/outside.yaml']);
      expect(problems.every((p) => p.message.includes('is a symbolic link'))).toBe(true);
    } finally {
      rmSync(join(content, 'site/pages/alias.yaml'));
      rmSync(join(content, 'site/pages/outside.yaml'));
    }
    expect(await store.releases.liveRelease()).toBe(live);
    expect(git(content, 'rev-parse', 'HEAD')).toBe(head);
    expect(readdirSync(releasesDir).sort()).toEqual(before);
    expect((await store.audit.list({ limit: 1 }))[0]).toMatchObject({
      action: 'publish',
      detail: expect.stringMatching(/^publish refused: 2 problem/),
    });
  });

  it('keeps the live site when the build fails, and removes the half-built folder', async () => {
    const live = await store.releases.liveRelease();
    edit(ABOUT, (t) => t.replaceAll('About Our Takedown Team', 'Never Published'));
    // A build stopped part way (here after 1 ms) is a build that crashed.
    const result = await publisherWith({ buildTimeoutMs: 1 }).publish('cy.writer@example.com');
    expect(result.kind).toBe('problems');
    expect(result.kind === 'problems' && result.problems[0]!.message).toMatch(
      /^The site could not be built, so nothing was published: the build stopped/,
    );
    expect(await store.releases.liveRelease()).toBe(live);
    expect(await page('/about')).toContain('About Our Takedown Team');
    expect(readdirSync(releasesDir).filter((n) => n.startsWith('.building-'))).toEqual([]);
    edit(ABOUT, (t) => t.replaceAll('Never Published', 'About Our Takedown Team'));
  });

  it('keeps the live site when the commit fails after the build, and keeps no folder of it', async () => {
    const live = await store.releases.liveRelease();
    const before = readdirSync(releasesDir).sort();
    edit(ABOUT, (t) => t.replaceAll('About Our Takedown Team', 'Never Committed'));
    // Another git command holding the index: git add refuses.
    writeFileSync(join(content, '.git', 'index.lock'), '');
    try {
      const result = await publisher.publish('cy.writer@example.com');
      const message = result.kind === 'problems' ? result.problems[0]!.message : '';
      expect(message).toMatch(/^The site was built but could not be published: /);
      // git's command line names the content's absolute folder; the writer is shown no folder of the server.
      expect(message).toContain('Command failed: git');
      for (const folder of [tmp, content, releasesDir, ROOT]) expect(message).not.toContain(folder);
      expect(message).not.toMatch(/(^|[\s'"(])\/[\w.-]+\//);
    } finally {
      rmSync(join(content, '.git', 'index.lock'));
    }
    expect(await store.releases.liveRelease()).toBe(live);
    expect(await page('/about')).toContain('About Our Takedown Team');
    expect(readdirSync(releasesDir).sort()).toEqual(before);
    edit(ABOUT, (t) => t.replaceAll('Never Committed', 'About Our Takedown Team'));
  });

  it('answers 409 to a second publish while one runs, and leaves an edit saved meanwhile for the next publish', async () => {
    const cy = await signedIn('cy.writer@example.com');
    edit(ABOUT, (t) => t.replaceAll('About Our Takedown Team', 'About the Team'));
    const first = cy(EDITOR_ROUTES.publish, { method: 'POST' });
    // Once the publish has taken its copy of the files, an editor saves another change.
    await expect.poll(() => readdirSync(releasesDir).some((n) => n.endsWith('-content')), { timeout: 10_000, interval: 20 }).toBe(true);
    edit(ABOUT, (t) => t.replace('subtitle: >-', 'subtitle: >-\n      Saved during a publish.'));
    const second = await cy(EDITOR_ROUTES.publish, { method: 'POST' });
    expect(second.status).toBe(409);
    expect(((await second.json()) as { message: string }).message).toMatch(/A publish is already running/);
    expect((await first).status).toBe(200);
    expect(await page('/about')).toContain('About the Team');
    expect(await page('/about')).not.toContain('Saved during a publish.');
    // Committed as built; the later save waits in the folder, uncommitted.
    expect(git(content, 'show', `HEAD:${ABOUT}`)).not.toContain('Saved during a publish.');
    expect(git(content, 'status', '--porcelain')).toBe(`M ${ABOUT}`);
    edit(ABOUT, (t) => t.replace('\n      Saved during a publish.', ''));
    expect(git(content, 'status', '--porcelain')).toBe('');
  });

  it('rolls back to an earlier release, records it, and prunes to RELEASES_KEEP besides the live one', async () => {
    const cy = await signedIn('cy.writer@example.com');
    const { releases } = (await (await cy(EDITOR_ROUTES.releases)).json()) as ReleaseList;
    // Three publishes so far, keeping one besides the live one: the oldest folder and row are gone.
    expect(releases).toHaveLength(2);
    expect(
      readdirSync(releasesDir)
        .filter((n) => /^\d{8}T/.test(n))
        .sort(),
    ).toEqual(releases.map((r) => r.id).sort());
    const earlier = releases[1]!;
    const res = await cy(EDITOR_ROUTES.rollback, { method: 'POST', body: { release: earlier.id } });
    expect(res.status).toBe(200);
    expect(((await res.json()) as PublishAnswer).release).toMatchObject({ id: earlier.id, live: true });
    expect(await page('/about')).toContain('About Our Takedown Team');
    expect(await store.releases.liveRelease()).toBe(earlier.id);
    expect((await store.audit.list({ limit: 1 }))[0]).toMatchObject({ action: 'rollback' });
    expect((await store.audit.list({ limit: 1 }))[0]!.detail).toMatch(
      new RegExp(`^rolled the site back to release ${earlier.id}; 1 file\\(s\\) restored`),
    );
    // The files are back as that release had them, in a commit of their own: the next publish starts from them.
    expect(readFileSync(join(content, ABOUT), 'utf8')).toContain('About Our Takedown Team');
    expect(git(content, 'log', '-1', '--format=%s')).toBe(`Roll back to release ${earlier.id}`);
    expect(git(content, 'status', '--porcelain')).toBe('');
    const unknown = await cy(EDITOR_ROUTES.rollback, { method: 'POST', body: { release: '../../etc' } });
    expect(unknown.status).toBe(404);
    expect((await cy(EDITOR_ROUTES.rollback, { method: 'POST', body: {} })).status).toBe(400);
  });

  it('never serves a release folder a killed build left half-written', async () => {
    const live = (await store.releases.liveRelease())!;
    const half = '20990101T000000Z-abcdef';
    mkdirSync(join(releasesDir, half, 'client'), { recursive: true });
    writeFileSync(join(releasesDir, half, 'client', 'index.html'), 'half');
    mkdirSync(join(releasesDir, `.building-20990101T000001Z-abcdef`, 'client'), { recursive: true });
    // Even when the store names it (a process stopped between the two), no process switches to it.
    await store.releases.addLiveRelease({ id: half, publishedAt: new Date().toISOString(), by: 'nobody@example.com' });
    await publisher.follow();
    expect(await page('/')).not.toBe('half');
    expect(publisher.serving).toBe(live);
    expect(await publisher.liveFolder()).toBeNull();
    const cy = await signedIn('cy.writer@example.com');
    expect((await cy(EDITOR_ROUTES.rollback, { method: 'POST', body: { release: half } })).status).toBe(404);
    await store.releases.setLiveRelease(live);
  });

  it('is for accounts with the content role, and the dev server offers none', async () => {
    const ann = await signedIn('ann@example.com');
    for (const [path, method] of [
      [EDITOR_ROUTES.publish, 'POST'],
      [EDITOR_ROUTES.releases, 'GET'],
      [EDITOR_ROUTES.rollback, 'POST'],
      [EDITOR_ROUTES.changes, 'GET'],
      [`${EDITOR_ROUTES.changeDiff}?path=${ABOUT}`, 'GET'],
      [`${EDITOR_ROUTES.rollbackPlan}?release=x`, 'GET'],
      [EDITOR_ROUTES.remove, 'POST'],
    ] as const) {
      const res = await ann(path, { method, body: method === 'POST' ? {} : undefined });
      expect(res.status, path).toBe(403);
    }
    const cy = await signedIn('cy.writer@example.com');
    // A change without the inbox's header is refused before it reaches publishing.
    expect((await cy(EDITOR_ROUTES.publish, { method: 'POST', headers: { 'X-Requested-With': '' } })).status).toBe(403);
    expect((await fetch(base + EDITOR_ROUTES.releases)).status).toBe(401);
    const config = serverConfig();
    const dev = createServer(config, { store, logger: silentLogger, delivery: null, buildDir: (await publisher.liveFolder())! });
    const devBase = `http://127.0.0.1:${await dev.listen()}`;
    try {
      const signIn = await fetch(devBase + ADMIN_ROUTES.signIn, {
        method: 'POST',
        headers: JSON_CHANGE,
        body: JSON.stringify({ email: 'cy.writer@example.com', password: PASSWORD }),
      });
      const cookie = signIn.headers.getSetCookie()[0]!.split(';')[0]!;
      const res = await fetch(devBase + EDITOR_ROUTES.publish, { method: 'POST', headers: { ...JSON_CHANGE, Cookie: cookie } });
      expect(res.status).toBe(409);
      expect(((await res.json()) as { message: string }).message).toBe(NOT_PUBLISHED_HERE);
    } finally {
      await dev.close();
    }
  });
  /** Opens a file through the editor's API, changes its data, and saves it as `who`. */
  async function saveAs(who: Awaited<ReturnType<typeof signedIn>>, path: string, change: (data: Record<string, unknown>) => void) {
    const opened = (await (await who(`${EDITOR_ROUTES.file}?path=${encodeURIComponent(path)}`)).json()) as EditableFile;
    const data = opened.data as Record<string, unknown>;
    change(data);
    const res = await who(EDITOR_ROUTES.file, { method: 'PUT', body: { path, data, version: opened.version, body: opened.body } });
    expect(res.status, await res.clone().text()).toBe(200);
  }
  const heroOf = (data: Record<string, unknown>) => (data.sections as Array<Record<string, unknown>>)[0]!;

  it('lists the changes since the live release with who saved them, and names every writer in the commit', async () => {
    await store.accounts.createAccount('dee.writer@example.com', await hashPassword(PASSWORD, { log2N: 10, r: 8, p: 1 }), ['content']);
    const cy = await signedIn('cy.writer@example.com');
    const dee = await signedIn('dee.writer@example.com');
    const PRIVACY = 'site/pages/privacy.yaml';
    await saveAs(cy, ABOUT, (d) => (heroOf(d).title = 'The Team Behind the Takedowns'));
    await saveAs(dee, PRIVACY, (d) => (heroOf(d).title = 'Your Privacy, Plainly'));

    const pending = (await (await cy(EDITOR_ROUTES.changes)).json()) as PendingChanges;
    expect(pending.compared).toBe(true);
    expect(pending.changes.map((c) => [c.path, c.change, c.savedBy])).toEqual([
      [ABOUT, 'changed', ['cy.writer@example.com']],
      [PRIVACY, 'changed', ['dee.writer@example.com']],
    ]);
    expect(pending.changes.every((c) => c.savedAt && Date.parse(c.savedAt) > Date.now() - 120_000)).toBe(true);
    expect(pending.suggestedMessage).toBe(pending.changes.map((c) => c.title).join('; '));
    const diff = (await (await cy(`${EDITOR_ROUTES.changeDiff}?path=${PRIVACY}`)).json()) as FileDiff;
    expect(diff.diff).toContain('+    title: Your Privacy, Plainly');
    expect((await cy(`${EDITOR_ROUTES.changeDiff}?path=site/nothing.yaml`)).status).toBe(404);

    const res = await cy(EDITOR_ROUTES.publish, {
      method: 'POST',
      body: { message: 'Team and privacy wording\nCo-authored-by: fake <x@y>' },
    });
    expect(res.status).toBe(200);
    const { release } = (await res.json()) as PublishAnswer;
    const body = git(content, 'log', '-1', '--format=%B');
    // The writer's line breaks never make a trailer: the subject is one line, the trailers are git's own.
    expect(body.split('\n')[0]).toBe('Team and privacy wording Co-authored-by: fake <x@y>');
    expect(git(content, 'log', '-1', '--format=%an <%ae>')).toBe('cy.writer <cy.writer@example.com>');
    expect(git(content, 'log', '-1', '--format=%(trailers:key=Co-authored-by,valueonly)').trim()).toBe(
      'dee.writer <dee.writer@example.com>',
    );
    const list = (await (await cy(EDITOR_ROUTES.releases)).json()) as ReleaseList;
    expect(list.releases[0]).toMatchObject({
      id: release.id,
      changes: [
        { path: ABOUT, change: 'changed', title: pending.changes[0]!.title },
        { path: PRIVACY, change: 'changed', title: pending.changes[1]!.title },
      ],
    });
    expect([...release.authors!].sort()).toEqual(['cy.writer@example.com', 'dee.writer@example.com']);
    expect(((await (await cy(EDITOR_ROUTES.changes)).json()) as PendingChanges).changes).toEqual([]);
  });

  it('rolls back a release that added an article: its file goes in a revert commit, and an unrelated publish keeps it away', async () => {
    const cy = await signedIn('cy.writer@example.com');
    const before = (await store.releases.liveRelease())!;
    const made = await cy(EDITOR_ROUTES.create, { method: 'POST', body: { kind: 'article', title: 'Rolled Back Soon' } });
    expect(made.status).toBe(201);
    const article = (await made.json()) as EditableFile;
    await saveAs(cy, article.path, (d) => delete d.draft);
    expect((await cy(EDITOR_ROUTES.publish, { method: 'POST' })).status).toBe(200);
    expect((await fetch(base + article.route!)).status).toBe(200);

    const plan = (await (await cy(`${EDITOR_ROUTES.rollbackPlan}?release=${before}`)).json()) as RollbackPlan;
    expect(plan).toMatchObject({ release: before, restoresFiles: true });
    expect(plan.changes).toEqual([{ path: article.path, title: 'Rolled Back Soon', change: 'removed' }]);
    expect((await cy(EDITOR_ROUTES.rollback, { method: 'POST', body: { release: before } })).status).toBe(200);
    expect((await fetch(base + article.route!)).status).toBe(404);
    expect(git(content, 'log', '-1', '--format=%s')).toBe(`Roll back to release ${before}`);
    expect(git(content, 'ls-files', article.path)).toBe('');

    edit(ABOUT, (t) => t.replace('The Team Behind the Takedowns', 'The People Behind the Takedowns'));
    const next = await cy(EDITOR_ROUTES.publish, { method: 'POST' });
    expect(next.status).toBe(200);
    expect(await page('/about')).toContain('The People Behind the Takedowns');
    expect((await fetch(base + article.route!)).status).toBe(404);
  });
});
