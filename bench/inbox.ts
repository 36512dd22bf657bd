// Section "inbox", run as its own process: `node --import tsx bench/inbox.ts <leads> <requests>`.
// Seeds a store with <leads> leads through the store's own insert (search words and all), on SQLite
// and on PostgreSQL, then times the inbox's list and search over HTTP, one request at a time,
// against a bare SELECT of one page of rows on the same store in the same run. Prints one JSON line.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer } from 'node:http';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { ADMIN_ROUTES, PAGE_SIZE } from '../contracts/inbox-contract';
import { hashPassword } from '../server/admin/passwords';
import { createApp } from '../server/app';
import { createPostgresStore } from '../server/store/postgres';
import { createSqliteStore } from '../server/store/sqlite';
import type { LeadStore, NewLead } from '../server/store/types';
import { findPostgres, startLocalPostgres } from '../tests/support/postgres';
import { loadModelOrExit } from '../scripts/load-model';
import { percentile } from './lib/stats';

export interface InboxQueryResult {
  name: string;
  path: string;
  /** Leads on the page answered. */
  rows: number;
  p50Ms: number;
  p95Ms: number;
}

export interface InboxBackendResult {
  backend: 'SQLite' | 'PostgreSQL';
  leads: number;
  seedSeconds: number;
  /** A bare `SELECT … ORDER BY created_at DESC LIMIT 50` through the same driver: the floor. */
  bareSelect: { p50Ms: number; p95Ms: number };
  queries: InboxQueryResult[];
}

export interface InboxBenchResult {
  requests: number;
  backends: InboxBackendResult[];
  skipped: string[];
}

const [leadsArg = '100000', requestsArg = '200'] = process.argv.slice(2);
const LEADS = Number(leadsArg);
const REQUESTS = Number(requestsArg);
const { forms, apiPayloads } = loadModelOrExit();
const PASSWORD = 'benchmark password';

const FIRST = ['Ada', 'Grace', 'Alan', 'Maria', 'Yuki', 'Omar', 'Lena', 'Ravi', 'Sofia', 'Tariq', 'Ines', 'Kwame', 'Mei', 'Piotr', 'Zara'];
const LAST = ['Lovelace', 'Hopper', 'Turing', 'Garcia', 'Tanaka', 'Haddad', 'Novak', 'Patel', 'Rossi', 'Okafor', 'Silva', 'Mensah', 'Chen'];
const WORDS = ['photos', 'video', 'shop', 'marketplace', 'blog', 'copied', 'stolen', 'artwork', 'music', 'course', 'ebook', 'reupload'];
const FORMS = ['contact', 'personal-takedown', 'commercial-takedown', 'photography-get-started', 'contact-us'];
const STATUSES = ['new', 'new', 'new', 'in_progress', 'done'] as const;

/** A deterministic spread of leads over the past year: names, forms, words, one in twenty spam. */
function lead(i: number): NewLead {
  const name = `${FIRST[i % FIRST.length]} ${LAST[(i * 7) % LAST.length]}`;
  const words = [WORDS[i % WORDS.length], WORDS[(i * 5) % WORDS.length], WORDS[(i * 11) % WORDS.length]];
  return {
    endpoint: '/api/contact',
    formType: 'contact',
    formId: FORMS[i % FORMS.length]!,
    payload: {
      name,
      email: `${name.toLowerCase().replace(' ', '.')}${i}@example.com`,
      urgency: i % 9 === 0 ? 'urgent' : 'normal',
      subject: `My ${words[0]} on a ${words[1]}`,
      message: `Reference case-${i}: my ${words.join(' and ')} were copied without permission to https://copy.example/${i}.`,
    },
    spam: i % 20 === 0,
  };
}

async function seed(
  store: Pick<LeadStore, 'leads'>,
  clock: { t: number },
  setStatus: (ids: Map<string, string>) => Promise<void>,
): Promise<number> {
  const started = performance.now();
  const statuses = new Map<string, string>();
  const BATCH = 500;
  for (let from = 0; from < LEADS; from += BATCH) {
    const batch = Array.from({ length: Math.min(BATCH, LEADS - from) }, (_, k) => from + k);
    const stored = await Promise.all(
      batch.map((i) => {
        clock.t += (365 * 24 * 3600_000) / LEADS;
        return store.leads.insertLead(lead(i));
      }),
    );
    stored.forEach((s, k) => {
      const status = STATUSES[(from + k) % STATUSES.length]!;
      if (status !== 'new') statuses.set(s.id, status);
    });
  }
  await setStatus(statuses);
  return (performance.now() - started) / 1000;
}

async function time(fn: () => Promise<number>): Promise<{ samples: number[]; rows: number }> {
  // Warm-up: the first calls fill caches and JIT, which every later visit of the inbox finds warm.
  for (let i = 0; i < 10; i++) await fn();
  const samples: number[] = [];
  let rows = 0;
  for (let i = 0; i < REQUESTS; i++) {
    const t = performance.now();
    rows = await fn();
    samples.push(performance.now() - t);
  }
  return { samples, rows };
}

const summary = (samples: number[]) => ({ p50Ms: percentile(samples, 50), p95Ms: percentile(samples, 95) });

async function measure(
  backend: InboxBackendResult['backend'],
  store: LeadStore,
  clock: { t: number },
  bare: () => Promise<number>,
  setStatus: (ids: Map<string, string>) => Promise<void>,
): Promise<InboxBackendResult> {
  await store.init();
  const seedSeconds = await seed(store, clock, setStatus);
  await store.accounts.createAccount('bench@example.com', await hashPassword(PASSWORD));
  const app = createApp({
    // Only the inbox's API is measured; there is no site to serve.
    site: (_req, res) => res.writeHead(404).end(),
    store,
    siteUrl: 'http://127.0.0.1',
    forms,
    apiPayloads,
    inbox: { secureCookies: false },
  });
  const server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  try {
    const signIn = await fetch(base + ADMIN_ROUTES.signIn, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
      body: JSON.stringify({ email: 'bench@example.com', password: PASSWORD }),
    });
    const cookie = signIn.headers.getSetCookie()[0]!.split(';')[0]!;
    const page = async (path: string) => {
      const res = await fetch(base + path, { headers: { Cookie: cookie } });
      if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
      return ((await res.json()) as { leads: unknown[] }).leads.length;
    };
    // A cursor fifty pages deep: keyset pagination should cost the same there as on the first page.
    let deep = '';
    for (let i = 0; i < 50; i++) {
      const res = await fetch(`${base}${ADMIN_ROUTES.leads}${deep ? `?cursor=${deep}` : ''}`, { headers: { Cookie: cookie } });
      deep = ((await res.json()) as { nextCursor: string }).nextCursor;
    }
    // Not a multiple of 20, so not spam: the default view shows it.
    const rare = lead(Math.floor(LEADS / 2) + 1);
    const queries: Array<[string, string]> = [
      ['newest first (spam hidden)', ADMIN_ROUTES.leads],
      ['page 51, by cursor', `${ADMIN_ROUTES.leads}?cursor=${deep}`],
      ['status = done', `${ADMIN_ROUTES.leads}?status=done`],
      [
        'one form, one month',
        `${ADMIN_ROUTES.leads}?form=personal-takedown&from=${new Date(clock.t - 60 * 86400_000).toISOString().slice(0, 10)}&to=${new Date(clock.t - 30 * 86400_000).toISOString().slice(0, 10)}`,
      ],
      ['search, a common word', `${ADMIN_ROUTES.leads}?q=photos`],
      ['search, two words', `${ADMIN_ROUTES.leads}?q=ada+marketplace`],
      ['search, one lead (e-mail)', `${ADMIN_ROUTES.leads}?q=${encodeURIComponent(String(rare.payload.email))}`],
      ['search + status + spam shown', `${ADMIN_ROUTES.leads}?q=stolen&status=in_progress&spam=include`],
    ];
    const bareTimes = await time(bare);
    const results: InboxQueryResult[] = [];
    for (const [name, path] of queries) {
      const { samples, rows } = await time(() => page(path));
      results.push({ name, path, rows, ...summary(samples) });
    }
    return { backend, leads: LEADS, seedSeconds, bareSelect: summary(bareTimes.samples), queries: results };
  } finally {
    server.closeAllConnections();
    server.close();
  }
}

const backends: InboxBackendResult[] = [];
const skipped: string[] = [];

{
  const dir = mkdtempSync(join(tmpdir(), 'bench-inbox-'));
  const clock = { t: Date.now() - 365 * 24 * 3600_000 };
  const file = join(dir, 'leads.sqlite');
  const store = createSqliteStore({ file, now: () => new Date(clock.t) });
  const raw = new Database(file);
  const select = () => raw.prepare(`SELECT * FROM leads ORDER BY created_at DESC, id DESC LIMIT ${PAGE_SIZE}`).all().length;
  try {
    const setStatus = async (ids: Map<string, string>) => {
      const update = raw.prepare('UPDATE leads SET status = ? WHERE id = ?');
      raw.transaction(() => ids.forEach((status, id) => update.run(status, id)))();
    };
    backends.push(await measure('SQLite', store, clock, async () => select(), setStatus));
  } finally {
    raw.close();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

const found = await findPostgres();
if (!found.available) skipped.push(`PostgreSQL: ${found.reason}`);
else {
  // fsync on, as in production: the seeding is slower, the reads are what is measured.
  const server = await startLocalPostgres(found, { fsync: true });
  const url = await server.createDatabase('inbox');
  const clock = { t: Date.now() - 365 * 24 * 3600_000 };
  const store = createPostgresStore({ connectionString: url, now: () => new Date(clock.t), maxConnections: 20 });
  const raw = new pg.Pool({ connectionString: url, max: 2 });
  try {
    const setStatus = async (ids: Map<string, string>) => {
      await raw.query('UPDATE leads SET status = s.status FROM unnest($1::uuid[], $2::text[]) AS s(id, status) WHERE leads.id = s.id', [
        [...ids.keys()],
        [...ids.values()],
      ]);
      await raw.query('VACUUM ANALYZE leads');
    };
    const select = async () => (await raw.query(`SELECT * FROM leads ORDER BY created_at DESC, id DESC LIMIT ${PAGE_SIZE}`)).rowCount ?? 0;
    backends.push(await measure('PostgreSQL', store, clock, select, setStatus));
  } finally {
    await raw.end();
    await store.close();
    await server.destroy();
  }
}

const result: InboxBenchResult = { requests: REQUESTS, backends, skipped };
console.log(JSON.stringify(result));
