/**
 * The content editor checks drafts in worker threads: a draft that is costly to check (Markdown
 * that makes marked slow, very long text) never stalls the server, which keeps answering /healthz,
 * and the writer gets a plain problem at the text's place once the check's time budget is spent.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EDITOR_ROUTES, type EditableFile, type Problem, type ProblemsAnswer } from '../../../contracts/editor-contract';
import { ADMIN_ROUTES } from '../../../contracts/inbox-contract';
import { MAX_ARTICLE_CHARS } from '../../../engine/content/markdown';
import { CONTENT_ROOT, readSchemas } from '../../../scripts/read-project';
import { hashPassword } from '../../../server/admin/passwords';
import { createEditor, MAX_VALUE_CHARS } from '../../../server/content/editor';
import { createSqliteStore } from '../../../server/store/sqlite';
import type { LeadStore } from '../../../server/store/types';
import { createFixture, startServer, type Fixture, type Running } from './helpers';

const PASSWORD = 'correct horse battery staple';
const JSON_CHANGE = { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' };
/**
 * Long enough that a plain check of the article fits in it on a machine busy with other test runs
 * (it took over a second of wall time at a load of 13 on two cores), short enough that the costly
 * draft below never fits in it: that draft takes about 14 s of CPU to lex on the machine the tests
 * were written on. The costly draft is checked three times, so each second here costs three of CPU.
 */
const BUDGET_MS = 3_000;
/** What a check past its budget answers (the wording the security finding asks for). */
const TOO_COMPLEX = 'too large or too complex to check';
const ARTICLE = 'site/blog/fair-use-explained.md';

/** The hostile bodies the finding measured, each 60 KB: emphasis marks that never close, and links. */
const HOSTILE_60KB = {
  emphasis: '_a'.repeat(30_000),
  links: '[a](/x) '.repeat(7_500),
};

describe('the content editor’s checks run off the server’s thread', { timeout: 120_000 }, () => {
  let contentRoot: string;
  let dataDir: string;
  let store: LeadStore;
  let fixture: Fixture;
  let server: Running;
  let editor: ReturnType<typeof createEditor>;
  let cookie = '';

  const call = async (path: string, init: RequestInit = {}) => {
    const res = await fetch(server.url + path, { ...init, headers: { ...(cookie ? { Cookie: cookie } : {}), ...(init.headers ?? {}) } });
    for (const c of res.headers.getSetCookie()) cookie = c.split(';')[0]!;
    return res;
  };
  const send = (path: string, method: string, body: unknown) => call(path, { method, headers: JSON_CHANGE, body: JSON.stringify(body) });
  const open = async (path: string) =>
    (await (await call(`${EDITOR_ROUTES.file}?path=${encodeURIComponent(path)}`)).json()) as EditableFile;

  /**
   * Runs `work` while asking /healthz one request after another; each answer's status, and whether
   * it came while `work` was still waiting for its own. A server whose thread did the work could
   * answer none meanwhile, however quiet or busy the machine.
   */
  const withHealthChecks = async <T>(work: () => Promise<T>) => {
    const health: Array<{ status: number; meanwhile: boolean }> = [];
    let done = false;
    const polling = (async () => {
      while (!done) {
        const res = await fetch(`${server.url}/healthz`);
        await res.arrayBuffer();
        health.push({ status: res.status, meanwhile: !done });
      }
    })();
    const started = performance.now();
    const result = await work();
    const ms = performance.now() - started;
    done = true;
    await polling;
    return { result, ms, health };
  };

  /** The line of the article's file its body starts on. */
  const bodyLine = (text: string) => text.split('\n---\n')[0]!.split('\n').length + 2;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'editor-worker-store-'));
    store = createSqliteStore({ file: join(dataDir, 'leads.sqlite') });
    await store.init();
    await store.accounts.createAccount('writer@example.com', await hashPassword(PASSWORD, { log2N: 10, r: 8, p: 1 }), ['content']);
    fixture = createFixture();
    contentRoot = mkdtempSync(join(tmpdir(), 'editor-worker-content-'));
    cpSync(join(CONTENT_ROOT, 'site'), join(contentRoot, 'site'), { recursive: true });
    editor = createEditor({
      contentRoot,
      schemas: readSchemas(),
      siteUrl: 'https://example.com',
      previewStylesheets: [],
      checkBudgetMs: BUDGET_MS,
      workers: 1,
    });
    server = await startServer({ buildDir: fixture.root, store, editor, scryptCost: { log2N: 10, r: 8, p: 1 } });
    const signIn = await send(ADMIN_ROUTES.signIn, 'POST', { email: 'writer@example.com', password: PASSWORD });
    expect(signIn.status).toBe(204);
    // The worker starts and loads the site once; the budget times each check after that.
    const file = await open(ARTICLE);
    expect((await send(EDITOR_ROUTES.check, 'POST', { path: ARTICLE, data: file.data, body: file.body })).status).toBe(200);
  }, 60_000);

  afterAll(async () => {
    await server?.close();
    await editor?.close();
    await store.close();
    fixture.cleanup();
    rmSync(contentRoot, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  });

  for (const [name, body] of Object.entries(HOSTILE_60KB)) {
    it(`answers a 60 KB article text of ${name} with a plain problem at the text, within the budget, and /healthz answers meanwhile`, async () => {
      const file = await open(ARTICLE);
      const { result, health } = await withHealthChecks(() => send(EDITOR_ROUTES.check, 'POST', { path: ARTICLE, data: file.data, body }));
      expect(result.status).toBe(200);
      const { problems } = (await result.json()) as ProblemsAnswer;
      expect(problems).toEqual([
        expect.objectContaining({
          path: ARTICLE,
          line: bodyLine(readFileSync(join(contentRoot, ARTICLE), 'utf8')),
          message: expect.stringContaining(MAX_ARTICLE_CHARS.toLocaleString('en')),
        }),
      ]);
      // Refused for its size before any check (the problem says so, not the budget's words).
      expect(health.length).toBeGreaterThan(0);
      for (const h of health) expect(h.status).toBe(200);
    });
  }

  it('stops a check past its budget: the plain problem at the text, /healthz answering meanwhile, a save writing nothing, and the next check answered', async () => {
    const file = await open(ARTICLE);
    const before = readFileSync(join(contentRoot, ARTICLE), 'utf8');
    // Under the size limit, but costly to lex (about 14 s of CPU): two kinds of emphasis mark that never close.
    const body = '_*a'.repeat(Math.floor((MAX_ARTICLE_CHARS - 1_000) / 3));
    const { result, ms, health } = await withHealthChecks(() =>
      send(EDITOR_ROUTES.check, 'POST', { path: ARTICLE, data: file.data, body }),
    );
    expect(result.status).toBe(200);
    const { problems } = (await result.json()) as ProblemsAnswer;
    expect(problems).toEqual([
      expect.objectContaining({ path: ARTICLE, line: bodyLine(before), message: expect.stringContaining(TOO_COMPLEX) }),
    ]);
    // Stopped at the budget (the problem says so), not before it: timers never fire early, whatever the load.
    expect(ms).toBeGreaterThanOrEqual(BUDGET_MS);
    // The server answered /healthz again and again while the check ran: its thread was free.
    expect(health.filter((h) => h.meanwhile).length).toBeGreaterThanOrEqual(2);
    for (const h of health) expect(h.status).toBe(200);

    const save = await send(EDITOR_ROUTES.file, 'PUT', { path: ARTICLE, data: file.data, body, version: file.version });
    expect(save.status).toBe(422);
    expect(((await save.json()) as ProblemsAnswer).problems[0]!.message).toContain(TOO_COMPLEX);
    expect(readFileSync(join(contentRoot, ARTICLE), 'utf8')).toBe(before);

    const preview = await send(EDITOR_ROUTES.preview, 'POST', { path: ARTICLE, data: file.data, body });
    expect(preview.status).toBe(422);
    expect(((await preview.json()) as ProblemsAnswer).problems[0]!.message).toContain(TOO_COMPLEX);

    // A new worker takes the next draft.
    const next = await send(EDITOR_ROUTES.check, 'POST', { path: ARTICLE, data: file.data, body: file.body });
    expect(((await next.json()) as ProblemsAnswer).problems).toEqual([]);
  });

  it('refuses a field longer than the limit at its field, without checking the site', async () => {
    const page = await open('site/pages/privacy.yaml');
    const data = page.data as { meta: { description: string } };
    const long = { ...data, meta: { ...data.meta, description: 'word '.repeat(MAX_VALUE_CHARS / 4) } };
    const res = await send(EDITOR_ROUTES.check, 'POST', { path: page.path, data: long });
    const { problems } = (await res.json()) as ProblemsAnswer;
    expect(problems).toEqual([
      expect.objectContaining<Partial<Problem>>({
        path: page.path,
        pointer: '/meta/description',
        message: expect.stringContaining('too large'),
      }),
    ]);
  });
});
