// Section 8 (npm run bench -- --only=editor), run as its own process: the content editor's preview as a writer
// types. On a copy of site/, a signed-in content editor types a sentence into a field of a page one
// character at a time; after each keystroke the draft is sent to POST /admin/api/content/preview
// over HTTP and the whole answer read, one request at a time, as the screen sends them. Prints one
// JSON line (EditorPreviewResult).
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EDITOR_ROUTES, type EditableFile } from '../contracts/editor-contract';
import { ADMIN_ROUTES } from '../contracts/inbox-contract';
import { readSchemas } from '../scripts/read-project';
import { hashPassword } from '../server/admin/passwords';
import { createApp } from '../server/app';
import { createEditor } from '../server/content/editor';
import { createSqliteStore } from '../server/store/sqlite';
import { ROOT } from './lib/proc';
import { percentile } from './lib/stats';

export interface PreviewLatency {
  page: string;
  field: string;
  keystrokes: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  maxMs: number;
  /** CPU time of this process (server and client) per keystroke: the cost without the time other processes held the cores. */
  cpuP50Ms: number;
  cpuP95Ms: number;
  htmlBytes: number;
}

export interface EditorPreviewResult {
  /** What the writer types, one character a keystroke. */
  typed: string;
  /** The first preview after start: the schemas compiled and the engine loaded. */
  firstMs: number;
  pages: PreviewLatency[];
  /** Every keystroke on every page together. */
  all: { p50Ms: number; p95Ms: number; cpuP50Ms: number; cpuP95Ms: number };
}

const TYPED = 'Takedowns that work, for every creator we help.';
const PASSWORD = 'bench password that is long enough';
const JSON_CHANGE = { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' };

/** Where a writer types on each page: at the end of a field of its first section (the hero's). */
const PAGES = [
  { path: 'site/pages/home.yaml', key: 'title' },
  { path: 'site/pages/privacy.yaml', key: 'subtitle' },
  { path: 'site/pages/pricing.yaml', key: 'title' },
] as const;

const round = (ms: number) => Math.round(ms * 10) / 10;

export async function measurePreview(keystrokes: number): Promise<EditorPreviewResult> {
  const work = mkdtempSync(join(tmpdir(), 'bench-editor-'));
  cpSync(join(ROOT, 'site'), join(work, 'site'), { recursive: true });
  const store = createSqliteStore({ file: join(work, 'leads.sqlite') });
  await store.init();
  await store.accounts.createAccount('writer@example.com', await hashPassword(PASSWORD, { log2N: 10, r: 8, p: 1 }), ['content']);
  const clientDir = join(work, 'client');
  cpSync(join(ROOT, 'public'), clientDir, { recursive: true });
  const app = createApp({
    clientDir,
    store,
    siteUrl: 'https://example.com',
    inbox: {
      secureCookies: false,
      scryptCost: { log2N: 10, r: 8, p: 1 },
      editor: createEditor({
        contentRoot: work,
        schemas: readSchemas(),
        siteUrl: 'https://example.com',
        previewStylesheets: ['/assets/site.css'],
      }),
    },
  });
  const { createServer } = await import('node:http');
  const server = createServer(app);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  let cookie = '';
  const call = async (path: string, init: RequestInit = {}) => {
    const res = await fetch(base + path, { ...init, headers: { ...(cookie ? { Cookie: cookie } : {}), ...(init.headers ?? {}) } });
    for (const c of res.headers.getSetCookie()) cookie = c.split(';')[0]!;
    return res;
  };
  try {
    await call(ADMIN_ROUTES.signIn, {
      method: 'POST',
      headers: JSON_CHANGE,
      body: JSON.stringify({ email: 'writer@example.com', password: PASSWORD }),
    });
    const preview = async (body: unknown) => {
      const started = performance.now();
      const cpu = process.cpuUsage();
      const res = await call(EDITOR_ROUTES.preview, { method: 'POST', headers: JSON_CHANGE, body: JSON.stringify(body) });
      const html = await res.text();
      if (res.status !== 200) throw new Error(`The preview answered ${res.status}: ${html.slice(0, 300)}`);
      const used = process.cpuUsage(cpu);
      return { ms: performance.now() - started, cpuMs: (used.user + used.system) / 1000, bytes: Buffer.byteLength(html) };
    };
    const firstFile = (await (await call(`${EDITOR_ROUTES.file}?path=${PAGES[0]!.path}`)).json()) as EditableFile;
    const first = await preview({ path: firstFile.path, data: firstFile.data });
    const pages: PreviewLatency[] = [];
    const everything: number[] = [];
    const everythingCpu: number[] = [];
    for (const page of PAGES) {
      const file = (await (await call(`${EDITOR_ROUTES.file}?path=${page.path}`)).json()) as EditableFile;
      const hero = () => (file.data as { sections: Array<Record<string, string>> }).sections[0]!;
      const before = hero()[page.key]!;
      const times: number[] = [];
      const cpuTimes: number[] = [];
      let bytes = 0;
      for (let i = 1; i <= keystrokes; i++) {
        const data = structuredClone(file.data) as { sections: Array<Record<string, string>> };
        data.sections[0]![page.key] = `${before} ${TYPED.repeat(Math.ceil(keystrokes / TYPED.length)).slice(0, i)}`;
        const { ms, cpuMs, bytes: size } = await preview({ path: file.path, data });
        times.push(ms);
        cpuTimes.push(cpuMs);
        bytes = size;
      }
      everything.push(...times);
      everythingCpu.push(...cpuTimes);
      pages.push({
        page: page.path,
        field: `sections[0].${page.key}`,
        keystrokes,
        p50Ms: round(percentile(times, 50)),
        p95Ms: round(percentile(times, 95)),
        p99Ms: round(percentile(times, 99)),
        maxMs: round(Math.max(...times)),
        cpuP50Ms: round(percentile(cpuTimes, 50)),
        cpuP95Ms: round(percentile(cpuTimes, 95)),
        htmlBytes: bytes,
      });
    }
    return {
      typed: TYPED,
      firstMs: round(first.ms),
      pages,
      all: {
        p50Ms: round(percentile(everything, 50)),
        p95Ms: round(percentile(everything, 95)),
        cpuP50Ms: round(percentile(everythingCpu, 50)),
        cpuP95Ms: round(percentile(everythingCpu, 95)),
      },
    };
  } finally {
    server.close();
    await store.close();
    rmSync(work, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(await measurePreview(Number(process.argv[2] ?? TYPED.length))));
}
