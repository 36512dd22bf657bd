/**
 * The content editor's API over HTTP, on a copy of site/: who may call it, which paths it opens,
 * saves that keep the file and refuse stale versions, checks and previews by the real engine, and
 * new files from the same starting points as npm run new.
 */
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import {
  EDITOR_ROUTES,
  type EditableFile,
  type FileList,
  type ProblemsAnswer,
  type SaveAnswer,
  type SaveConflict,
  type ReferenceLists,
  type SchemaBundle,
} from '../../../contracts/editor-contract';
import { ADMIN_ROUTES, type AuditPage } from '../../../contracts/inbox-contract';
import { loadSite } from '../../../engine/content/load-site';
import { CONTENT_ROOT, readSchemas, readSiteFiles, ROOT } from '../../../scripts/read-project';
import { hashPassword } from '../../../server/admin/passwords';
import { createEditor } from '../../../server/content/editor';
import { createSqliteStore } from '../../../server/store/sqlite';
import type { LeadStore } from '../../../server/store/types';
import { createFixture, startServer, type Fixture, type Running } from './helpers';

const PASSWORD = 'correct horse battery staple';
const JSON_CHANGE = { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' };
const schemas = readSchemas();

function browser(base: string) {
  let cookie = '';
  const call = async (path: string, init: RequestInit = {}) => {
    const res = await fetch(base + path, { ...init, headers: { ...(cookie ? { Cookie: cookie } : {}), ...(init.headers ?? {}) } });
    for (const c of res.headers.getSetCookie()) cookie = c.split(';')[0]!;
    return res;
  };
  return {
    call,
    signIn: (email: string) =>
      call(ADMIN_ROUTES.signIn, { method: 'POST', headers: JSON_CHANGE, body: JSON.stringify({ email, password: PASSWORD }) }),
    send: (path: string, method: string, body: unknown) => call(path, { method, headers: JSON_CHANGE, body: JSON.stringify(body) }),
    open: async (path: string) => {
      const res = await call(`${EDITOR_ROUTES.file}?path=${encodeURIComponent(path)}`);
      expect(res.status, `${path} answered ${res.status}`).toBe(200);
      return (await res.json()) as EditableFile;
    },
  };
}

/** A page file's `meta.title` line as the writer wrote it (quotes and all), the first key under meta. */
const metaTitleLine = (text: string) => text.split('\n').find((line) => line.startsWith('  title: '))!;

describe('the content editor API', { timeout: 60_000 }, () => {
  let contentRoot: string;
  let dataDir: string;
  let store: LeadStore;
  let fixture: Fixture;
  let server: Running;
  let editor: ReturnType<typeof browser>;
  let contentEditor: ReturnType<typeof createEditor>;
  const disk = (path: string) => readFileSync(join(contentRoot, path), 'utf8');

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'editor-store-'));
    store = createSqliteStore({ file: join(dataDir, 'leads.sqlite') });
    await store.init();
    const hash = await hashPassword(PASSWORD, { log2N: 10, r: 8, p: 1 });
    await store.accounts.createAccount('writer@example.com', hash, ['content']);
    await store.accounts.createAccount('leads@example.com', hash, ['leads']);
    fixture = createFixture();
    // One editor for the file, over one folder whose site/ is copied fresh before each test (below).
    // Its worker threads read site/ from disk for every job and key what they keep by the files'
    // contents, so no test sees another's edits; what the editor remembers between tests is file
    // versions and who saved them, as a long-running server does. A worker per test (the engine
    // imported and the site loaded each time) was most of the file's time.
    contentRoot = mkdtempSync(join(tmpdir(), 'editor-content-'));
    cpSync(join(CONTENT_ROOT, 'site'), join(contentRoot, 'site'), { recursive: true });
    contentEditor = createEditor({ contentRoot, schemas, siteUrl: 'https://example.com', previewStylesheets: ['/assets/site-abc.css'] });
  });

  beforeEach(async () => {
    // A server per test: a connection kept alive from one test to the next is never reused.
    await server?.close();
    // Every test edits a fresh copy of site/ in the same folder: the repository's is never written.
    rmSync(join(contentRoot, 'site'), { recursive: true, force: true });
    cpSync(join(CONTENT_ROOT, 'site'), join(contentRoot, 'site'), { recursive: true });
    server = await startServer({
      buildDir: fixture.root,
      store,
      editor: contentEditor,
      scryptCost: { log2N: 10, r: 8, p: 1 },
      env: { SIGN_IN_RATE_LIMIT_MAX: '10000' },
    });
    editor = browser(server.url);
    expect((await editor.signIn('writer@example.com')).status).toBe(204);
  });

  afterAll(async () => {
    await server?.close();
    await contentEditor?.close();
    await store.close();
    fixture.cleanup();
    rmSync(contentRoot, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers only accounts with the content role, and only changes sent from the admin app', async () => {
    const stranger = browser(server.url);
    expect((await stranger.call(EDITOR_ROUTES.files)).status).toBe(401);
    const leadsOnly = browser(server.url);
    await leadsOnly.signIn('leads@example.com');
    const calls = await Promise.all([
      leadsOnly.call(EDITOR_ROUTES.files),
      leadsOnly.call(`${EDITOR_ROUTES.file}?path=site/pages/privacy.yaml`),
      leadsOnly.call(EDITOR_ROUTES.schemas),
      leadsOnly.send(EDITOR_ROUTES.file, 'PUT', { path: 'site/pages/privacy.yaml', data: {}, version: 'x' }),
      leadsOnly.send(EDITOR_ROUTES.check, 'POST', { path: 'site/pages/privacy.yaml', data: {} }),
      leadsOnly.send(EDITOR_ROUTES.preview, 'POST', { path: 'site/pages/privacy.yaml', data: {} }),
      leadsOnly.send(EDITOR_ROUTES.create, 'POST', { kind: 'page', route: '/x' }),
    ]);
    expect(calls.map((r) => r.status)).toEqual([403, 403, 403, 403, 403, 403, 403]);
    expect(await calls[0]!.json()).toMatchObject({ error: 'ROLE_NEEDED', message: expect.stringContaining('the role "content"') });

    const file = await editor.open('site/pages/privacy.yaml');
    const forged = await editor.call(EDITOR_ROUTES.file, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ path: file.path, data: file.data, version: file.version }),
    });
    expect(forged.status).toBe(403);
  });

  it('lists every page by address and title, the FAQ sets, prices, header and footer, forms and articles, and nothing else', async () => {
    // No link is listed or followed: not one out of site/, nor one round in a circle.
    symlinkSync(join(ROOT, 'package.json'), join(contentRoot, 'site/pages/outside.yaml'));
    symlinkSync(join(contentRoot, 'site/pages'), join(contentRoot, 'site/pages/again'));
    const res = await editor.call(EDITOR_ROUTES.files);
    const { files } = (await res.json()) as FileList;
    const privacy = parse(disk('site/pages/privacy.yaml')) as { meta: { title: string } };
    expect(files).toContainEqual({ path: 'site/pages/privacy.yaml', kind: 'page', title: privacy.meta.title, route: '/privacy' });
    expect(files).toContainEqual({ path: 'site/data/pricing.yaml', kind: 'prices', title: 'Price catalogue' });
    expect(files).toContainEqual({ path: 'site/site.yaml', kind: 'navigation', title: 'Header, footer and site settings' });
    expect(files.filter((f) => f.kind === 'article')).toHaveLength(readdirSync(join(contentRoot, 'site/blog')).length);
    expect(files.find((f) => f.kind === 'article')?.route).toMatch(/^\/blog\/[^/]+$/);
    expect(files.filter((f) => f.kind === 'faq').length).toBeGreaterThan(5);
    expect(files.map((f) => f.path)).not.toContain('site/notifications.yaml');
    expect(files.map((f) => f.path)).not.toContain('site/links.yaml');
    expect(files.map((f) => f.path)).not.toContain('site/pages/outside.yaml');
    expect(files.filter((f) => f.path.startsWith('site/pages/again/'))).toEqual([]);
  });

  it('opens a page with its data, version and schema, and an article with its body byte for byte', async () => {
    const page = await editor.open('site/pages/privacy.yaml');
    expect(page).toMatchObject({ kind: 'page', route: '/privacy', schema: 'page.schema.json' });
    expect(page.data).toEqual(parse(disk('site/pages/privacy.yaml')));
    const name = readdirSync(join(contentRoot, 'site/blog'))[0]!;
    const article = await editor.open(`site/blog/${name}`);
    expect(article.schema).toBe('article.schema.json');
    expect(disk(`site/blog/${name}`).endsWith(article.body!)).toBe(true);
  });

  it('saves one changed value as one changed line, keeps every comment, and writes it to the audit log', async () => {
    const before = disk('site/pages/home.yaml');
    const file = await editor.open('site/pages/home.yaml');
    const data = structuredClone(file.data) as { meta: { title: string } };
    data.meta.title = 'Copyright takedowns that work';
    const res = await editor.send(EDITOR_ROUTES.file, 'PUT', { path: file.path, data, version: file.version });
    expect(res.status).toBe(200);
    const saved = (await res.json()) as SaveAnswer;
    expect(saved.version).not.toBe(file.version);
    const titleLine = metaTitleLine(before);
    expect(saved.diff).toContain(`-${titleLine}\n+  title: Copyright takedowns that work\n`);
    const after = disk('site/pages/home.yaml');
    expect(after).toBe(before.replace(`${titleLine}\n`, '  title: Copyright takedowns that work\n'));
    // Written whole through a temporary file: none is left behind.
    expect(readdirSync(join(contentRoot, 'site/pages')).filter((n) => n.startsWith('.'))).toEqual([]);
    expect((await editor.open(file.path)).version).toBe(saved.version);

    const unchanged = await editor.send(EDITOR_ROUTES.file, 'PUT', { path: file.path, data, version: saved.version });
    expect(await unchanged.json()).toEqual({ version: saved.version, diff: '' });

    const reader = browser(server.url);
    await store.accounts.setRoles('leads@example.com', ['leads', 'content']);
    await reader.signIn('leads@example.com');
    const audit = (await (await reader.call(ADMIN_ROUTES.audit)).json()) as AuditPage;
    expect(audit.entries.filter((e) => e.action === 'save')).toEqual([
      expect.objectContaining({ actor: 'writer@example.com', detail: 'saved site/pages/home.yaml (2 lines changed)' }),
    ]);
    await store.accounts.setRoles('leads@example.com', ['leads']);
  });

  it('merges a save with a newer save of the same file when they change different values, and keeps both', async () => {
    const file = await editor.open('site/pages/privacy.yaml');
    // Someone else's save (or a git pull) lands first.
    const onDisk = disk(file.path);
    const theirs = onDisk.replace(metaTitleLine(onDisk), '  title: Our Privacy Policy');
    expect(theirs).not.toBe(onDisk);
    writeFileSync(join(contentRoot, file.path), theirs);
    const data = structuredClone(file.data) as { sections: Array<{ eyebrow?: string }> };
    data.sections[0]!.eyebrow = 'Legal notice';
    const res = await editor.send(EDITOR_ROUTES.file, 'PUT', { path: file.path, data, version: file.version });
    expect(res.status).toBe(200);
    const saved = (await res.json()) as SaveAnswer;
    const both = parse(theirs) as { sections: Array<{ eyebrow?: string }> };
    both.sections[0]!.eyebrow = 'Legal notice';
    expect(parse(disk(file.path))).toEqual(both);
    expect(saved.merged?.data).toEqual(both);
    // Changed outside the editor: no account to name, the file's time instead.
    expect(saved.merged?.with.by).toBeNull();
    // Only the writer's own line changed in the file as the other save left it.
    expect(saved.diff.split('\n').filter((l) => /^[-+](?![-+]{2} )/.test(l))).toEqual([
      '-    eyebrow: Legal',
      '+    eyebrow: Legal notice',
    ]);
  });

  it('refuses a save that changes a value a newer save changed too, names who saved it, and writes the pick', async () => {
    const file = await editor.open('site/pages/privacy.yaml');
    const other = browser(server.url);
    await other.signIn('writer@example.com');
    const theirsData = structuredClone(file.data) as { meta: { title: string } };
    theirsData.meta.title = 'Their privacy title';
    const first = await other.send(EDITOR_ROUTES.file, 'PUT', { path: file.path, data: theirsData, version: file.version });
    expect(first.status).toBe(200);
    const theirs = disk(file.path);

    const mine = structuredClone(file.data) as { meta: { title: string } };
    mine.meta.title = 'My privacy title';
    const res = await editor.send(EDITOR_ROUTES.file, 'PUT', { path: file.path, data: mine, version: file.version });
    expect(res.status).toBe(409);
    const conflict = (await res.json()) as SaveConflict;
    expect(conflict.conflicts).toEqual([
      { id: '/meta/title', label: 'meta › title', mine: 'My privacy title', theirs: 'Their privacy title' },
    ]);
    expect(conflict.savedBy.by).toBe('writer@example.com');
    expect(Date.now() - Date.parse(conflict.savedBy.at)).toBeLessThan(60_000);
    expect(conflict.current.data).toEqual(parse(theirs));
    expect(disk(file.path)).toBe(theirs);

    // A pick made against an older version of the file is not taken: the writer has not seen what is there now.
    const stale = await editor.send(EDITOR_ROUTES.file, 'PUT', {
      path: file.path,
      data: mine,
      version: file.version,
      resolve: { version: file.version, choices: { '/meta/title': 'mine' } },
    });
    expect(stale.status).toBe(409);
    expect(disk(file.path)).toBe(theirs);

    const picked = await editor.send(EDITOR_ROUTES.file, 'PUT', {
      path: file.path,
      data: mine,
      version: file.version,
      resolve: { version: conflict.current.version, choices: { '/meta/title': 'mine' } },
    });
    expect(picked.status).toBe(200);
    expect((parse(disk(file.path)) as { meta: { title: string } }).meta.title).toBe('My privacy title');
  });

  it('refuses a save the schemas refuse, with the words and place npm run validate gives, and writes nothing', async () => {
    const before = disk('site/pages/privacy.yaml');
    const file = await editor.open('site/pages/privacy.yaml');
    const data = structuredClone(file.data) as { meta: { title: unknown }; sections: Array<Record<string, unknown>> };
    data.meta.title = 42;
    const res = await editor.send(EDITOR_ROUTES.file, 'PUT', { path: file.path, data, version: file.version });
    expect(res.status).toBe(422);
    const { problems } = (await res.json()) as ProblemsAnswer;
    const files = readSiteFiles(contentRoot).map((f) =>
      f.path === file.path ? { ...f, text: before.replace(metaTitleLine(before), '  title: 42') } : f,
    );
    const expected = loadSite(files, schemas).problems.filter((p) => p.file === file.path);
    expect(problems).toEqual(
      expected.map((p) => ({ path: p.file, pointer: '/meta/title', line: p.line, column: p.column, message: p.message })),
    );
    expect(problems[0]).toMatchObject({ line: 4, column: 10 });
    expect(disk(file.path)).toBe(before);
  });

  it('checks a draft in the context of the whole site: a missing FAQ set, a broken link, an unknown price', async () => {
    const file = await editor.open('site/pages/home.yaml');
    const clean = await editor.send(EDITOR_ROUTES.check, 'POST', { path: file.path, data: file.data });
    expect(await clean.json()).toEqual({ problems: [] });
    const data = structuredClone(file.data) as { sections: Array<Record<string, unknown>> };
    data.sections.push({ type: 'faq', title: 'Questions', faqSet: 'no-such-set' });
    data.sections.push({ type: 'cta', title: 'Go', text: 'From {price:no.such.price}.', actions: [{ label: 'Go', href: '/pricing' }] });
    const res = await editor.send(EDITOR_ROUTES.check, 'POST', { path: file.path, data });
    expect(res.status).toBe(200);
    const { problems } = (await res.json()) as ProblemsAnswer;
    expect(problems.map((p) => p.pointer)).toEqual(['/sections/7/faqSet', '/sections/8/text']);
    expect(problems.map((p) => p.message).join('\n')).toMatch(/no-such-set[^]*no\.such\.price/);
    expect(problems.every((p) => p.path === file.path && p.line! > 0)).toBe(true);

    // Links are checked once the draft loads: a page the site does not have, an id a page does not have.
    const linked = structuredClone(file.data) as { sections: Array<Record<string, unknown>> };
    linked.sections.push({
      type: 'cta',
      title: 'Go',
      text: 'Now.',
      actions: [
        { label: 'Go', href: '/no-such-page' },
        { label: 'Plans', href: '/pricing#no-such-id' },
      ],
    });
    const links = (await (await editor.send(EDITOR_ROUTES.check, 'POST', { path: file.path, data: linked })).json()) as ProblemsAnswer;
    expect(links.problems).toEqual([
      expect.objectContaining({ pointer: '/sections/7/actions/0/href', message: '/no-such-page: no page at /no-such-page' }),
      expect.objectContaining({
        pointer: '/sections/7/actions/1/href',
        message: '/pricing#no-such-id: /pricing has no element with id "no-such-id"',
      }),
    ]);
  });

  it('previews the draft as the site renders it, each section marked, the site’s styles linked and no script', async () => {
    const file = await editor.open('site/pages/privacy.yaml');
    const data = structuredClone(file.data) as { sections: Array<Record<string, unknown>> };
    data.sections[0]!.title = '<script>alert("typed")</script> Privacy';
    const res = await editor.send(EDITOR_ROUTES.preview, 'POST', { path: file.path, data });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(res.headers.get('content-security-policy')).toContain('sandbox');
    const html = await res.text();
    // What was typed is text on the page, never markup.
    expect(html).toContain('&lt;script&gt;alert(&quot;typed&quot;)&lt;/script&gt; Privacy');
    expect(html).not.toContain('<script>alert');
    expect(html).not.toMatch(/<script(?![^>]*application\/ld\+json)/);
    expect(html).toContain('<link rel="stylesheet" href="/assets/site-abc.css"/>');
    const marks = [...html.matchAll(/data-section="(\d+)"/g)].map((m) => Number(m[1]));
    expect(marks).toEqual(data.sections.map((_s, i) => i));

    const article = readdirSync(join(contentRoot, 'site/blog'))[0]!;
    const opened = await editor.open(`site/blog/${article}`);
    const body = `${opened.body}\n<script>alert(1)</script>\n`;
    const articleHtml = await (await editor.send(EDITOR_ROUTES.preview, 'POST', { path: opened.path, data: opened.data, body })).text();
    expect(articleHtml).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(articleHtml).not.toContain('<script>alert');

    // The price catalogue makes no page: it previews the page with the pricing table, from the draft.
    const catalogue = parse(disk('site/data/pricing.yaml')) as { currency: string; prices: { commercial: { basic: { monthly: number } } } };
    const catalogueFile = await editor.open('site/data/pricing.yaml');
    expect(catalogueFile.previewRoute).toBe('/pricing');
    catalogue.prices.commercial.basic.monthly = 4321;
    const pricing = await editor.send(EDITOR_ROUTES.preview, 'POST', { path: 'site/data/pricing.yaml', data: catalogue });
    expect(pricing.status).toBe(200);
    expect(await pricing.text()).toContain(`${catalogue.currency}4,321`);
  });

  it('lists what each reference field may name, from the site on disk', async () => {
    const answer = await editor.call(EDITOR_ROUTES.references);
    expect(answer.status).toBe(200);
    const lists = (await answer.json()) as ReferenceLists;
    const faqIds = readdirSync(join(contentRoot, 'site/faq')).map((f) => (parse(disk(`site/faq/${f}`)) as { id: string }).id);
    expect(lists.faqSets.map((o) => o.value).sort()).toEqual(faqIds.sort());
    expect(lists.forms.map((o) => o.value)).toContain((parse(disk('site/forms/contact.yaml')) as { id: string }).id);
    expect(lists.priceGroups.map((o) => o.value)).toContain('commercial.basic');
    expect(lists.prices.map((o) => o.value)).toContain('commercial.basic.monthly');
    expect(lists.categories.length).toBeGreaterThan(0);
  });

  it.each([
    ['../package.json', 400, '".."'],
    ['site/../package.json', 400, '".."'],
    ['/etc/passwd', 400, 'absolute path'],
    ['site\\pages\\privacy.yaml', 400, 'forward slashes'],
    ['site/pages/privacy.txt', 400, 'is not a content file'],
    ['server/app.ts', 403, 'Only files under site/'],
    ['site/notifications.yaml', 403, 'is not edited in the browser'],
    ['site/pages/nothing-here.yaml', 404, 'There is no file'],
    ['site/pages/outside.yaml', 403, 'is a symbolic link'],
  ])('refuses to open %s (%i)', async (path, status, words) => {
    symlinkSync(join(ROOT, 'package.json'), join(contentRoot, 'site/pages/outside.yaml'));
    const res = await editor.call(`${EDITOR_ROUTES.file}?path=${encodeURIComponent(path)}`);
    expect(res.status).toBe(status);
    expect(((await res.json()) as { message: string }).message).toContain(words);
    const save = await editor.send(EDITOR_ROUTES.file, 'PUT', { path, data: {}, version: 'x' });
    expect(save.status).toBe(status);
    expect(existsSync(join(ROOT, 'site/pages/outside.yaml'))).toBe(false);
  });

  it('refuses a form rule that can backtrack, at its place and with an answer that shows it, and writes nothing', async () => {
    const path = 'site/forms/contact-us.yaml';
    const before = disk(path);
    const file = await editor.open(path);
    const data = structuredClone(file.data) as { fields: { properties: { name: Record<string, unknown> } } };
    data.fields.properties.name.pattern = '^([a-zA-Z]+ ?)+$';
    for (const res of [
      await editor.send(EDITOR_ROUTES.check, 'POST', { path, data }),
      await editor.send(EDITOR_ROUTES.file, 'PUT', { path, data, version: file.version }),
    ]) {
      const { problems } = (await res.json()) as ProblemsAnswer;
      expect(problems).toEqual([
        expect.objectContaining({
          pointer: '/fields/properties/name/pattern',
          message: expect.stringMatching(/^this rule can take minutes on an answer like "A{4}…A1": each added character doubles the time/),
        }),
      ]);
    }
    expect(disk(path)).toBe(before);
  });

  it('refuses a picture or link that points at the admin app or the API, at its line', async () => {
    const path = 'site/pages/privacy.yaml';
    const file = await editor.open(path);
    const data = structuredClone(file.data) as { sections: Array<Record<string, unknown>> };
    data.sections.push({
      type: 'gallery',
      items: [{ src: '/admin/api/leads.csv?q=ann', alt: 'Badge', width: 10, height: 10, caption: 'Badge' }],
    });
    data.sections.push({ type: 'cta', title: 'Go', text: 'Now.', actions: [{ label: 'Export', href: '/%61dmin/api/leads/1' }] });
    const res = await editor.send(EDITOR_ROUTES.file, 'PUT', { path, data, version: file.version });
    expect(res.status).toBe(422);
    const { problems } = (await res.json()) as ProblemsAnswer;
    const admin = problems.filter((p) => p.message.includes('may not point under /admin or /api'));
    expect(admin.map((p) => p.pointer)).toEqual([
      `/sections/${data.sections.length - 2}/items/0/src`,
      `/sections/${data.sections.length - 1}/actions/0/href`,
    ]);
    expect(admin.every((p) => p.line! > 0)).toBe(true);
  });

  it('refuses a link inside site/ that would make one file saved as another, and writes nothing', async () => {
    const notifications = disk('site/notifications.yaml');
    symlinkSync('../notifications.yaml', join(contentRoot, 'site/pages/alias.yaml'));
    const { files } = (await (await editor.call(EDITOR_ROUTES.files)).json()) as FileList;
    expect(files.map((f) => f.path)).not.toContain('site/pages/alias.yaml');
    const opened = await editor.call(`${EDITOR_ROUTES.file}?path=site/pages/alias.yaml`);
    expect(opened.status).toBe(403);
    expect(((await opened.json()) as { message: string }).message).toContain('site/pages/alias.yaml is a symbolic link');
    const save = await editor.send(EDITOR_ROUTES.file, 'PUT', {
      path: 'site/pages/alias.yaml',
      data: { path: '/alias', meta: { title: 'Alias' }, sections: [] },
      version: 'x',
    });
    expect(save.status).toBe(403);
    expect(disk('site/notifications.yaml')).toBe(notifications);
  });

  it('answers a draft nested thousands of levels deep with a 400 in plain words, not a crash', async () => {
    let data: unknown = 'x';
    for (let i = 0; i < 2000; i++) data = [data];
    for (const route of [EDITOR_ROUTES.check, EDITOR_ROUTES.preview]) {
      const res = await editor.send(route, 'POST', { path: 'site/pages/privacy.yaml', data });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { message: string }).message).toMatch(/nests lists and groups more than 64 levels deep/);
    }
    const file = await editor.open('site/pages/privacy.yaml');
    const save = await editor.send(EDITOR_ROUTES.file, 'PUT', { path: file.path, data, version: file.version });
    expect(save.status).toBe(400);
  });

  it('reports a file on disk too deep to read as a problem at its place in preview, and still checks other files', async () => {
    const deep = `path: /deep\nmeta: { title: ${'['.repeat(5000)}${']'.repeat(5000)} }\n`;
    writeFileSync(join(contentRoot, 'site/pages/deep.yaml'), deep);
    const file = await editor.open('site/pages/privacy.yaml');
    const check = await editor.send(EDITOR_ROUTES.check, 'POST', { path: file.path, data: file.data });
    expect(check.status).toBe(200);
    expect(await check.json()).toEqual({ problems: [] });
    const preview = await editor.send(EDITOR_ROUTES.preview, 'POST', { path: file.path, data: file.data });
    expect(preview.status).toBe(422);
    const { problems } = (await preview.json()) as ProblemsAnswer;
    expect(problems).toEqual([
      expect.objectContaining({
        path: 'site/pages/deep.yaml',
        line: 2,
        column: 'meta: { title: '.length + 5000,
        message: expect.stringMatching(/^this file cannot be read: lists or groups are nested/),
      }),
    ]);
    // The deep file itself, opened for mending: its check is answered too.
    const own = await editor.send(EDITOR_ROUTES.check, 'POST', {
      path: 'site/pages/deep.yaml',
      data: { path: '/deep', meta: { title: 'Deep' }, sections: [] },
    });
    expect(own.status).toBe(200);
  });

  it('gives every schema by its name and each section type’s catalogue example', async () => {
    const bundle = (await (await editor.call(EDITOR_ROUTES.schemas)).json()) as SchemaBundle;
    expect(Object.keys(bundle.schemas)).toEqual(
      expect.arrayContaining(['page.schema.json', 'section.schema.json', 'sections/hero.schema.json']),
    );
    expect(bundle.schemas['page.schema.json']).toMatchObject({ $id: 'page.schema.json', title: 'Page' });
    expect(bundle.sectionExamples.hero).toEqual((schemas['sections/hero.schema.json']!.examples as unknown[])[0]);
    expect(bundle.sectionExamples).not.toHaveProperty('article');
  });

  it('makes a new page and a new article from npm run new’s starting points, and never overwrites one', async () => {
    const res = await editor.send(EDITOR_ROUTES.create, 'POST', { kind: 'page', route: '/guides/fresh-start' });
    expect(res.status).toBe(201);
    const page = (await res.json()) as EditableFile;
    expect(page).toMatchObject({
      path: 'site/pages/guides/fresh-start.yaml',
      kind: 'page',
      route: '/guides/fresh-start',
      title: 'Fresh Start',
    });
    expect(disk(page.path)).toContain('# yaml-language-server: $schema=../../../schemas/page.schema.json');
    expect(loadSite(readSiteFiles(contentRoot), schemas).problems).toEqual([]);
    expect((await editor.send(EDITOR_ROUTES.create, 'POST', { kind: 'page', route: '/guides/fresh-start' })).status).toBe(409);
    expect((await editor.send(EDITOR_ROUTES.create, 'POST', { kind: 'page', route: '/privacy' })).status).toBe(409);
    const bad = await editor.send(EDITOR_ROUTES.create, 'POST', { kind: 'page', route: '/Not A Route' });
    expect(bad.status).toBe(422);
    expect(((await bad.json()) as ProblemsAnswer).problems[0]).toMatchObject({
      pointer: '/route',
      message: expect.stringContaining('is not a page address'),
    });

    const made = await editor.send(EDITOR_ROUTES.create, 'POST', { kind: 'article', title: 'Takedowns for Streamers' });
    expect(made.status).toBe(201);
    const article = (await made.json()) as EditableFile;
    expect(article).toMatchObject({ path: 'site/blog/takedowns-for-streamers.md', kind: 'article', title: 'Takedowns for Streamers' });
    expect(article.body).toContain('## A first section');
    expect(loadSite(readSiteFiles(contentRoot), schemas).problems).toEqual([]);
  });
});
