/**
 * One behaviour, two backends: every LeadStore must pass the same tests, so switching DATABASE_URL
 * on or off never changes what a visitor or the export script sees.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { migrations } from '../../../server/store/migrations';
import { createPostgresStore } from '../../../server/store/postgres';
import { postgresMigrations } from '../../../server/store/postgres-migrations';
import { createSqliteStore } from '../../../server/store/sqlite';
import type { LeadStore, NewLead } from '../../../server/store/types';
import { findPostgres, startLocalPostgres, type LocalPostgres } from '../../support/postgres';

/** One empty database of a backend, plus raw access for checks the LeadStore API cannot express. */
interface Target {
  open(now?: () => Date): LeadStore;
  appliedVersions(): Promise<number[]>;
  /** Runs SQL directly; used to fake a database migrated by newer code. */
  exec(sql: string): Promise<void>;
  dispose(): Promise<void>;
}

interface Backend {
  name: string;
  /** Where each test's database lives, for the test names. */
  where: string;
  /** Why this backend cannot run here; the suite is skipped with this reason printed. */
  skipReason: string | null;
  setUp(): Promise<void>;
  tearDown(): Promise<void>;
  freshTarget(): Promise<Target>;
}

const sqliteBackend: Backend = {
  name: 'SQLite',
  where: 'in a temp file',
  skipReason: null,
  async setUp() {},
  async tearDown() {},
  async freshTarget() {
    const dir = mkdtempSync(join(tmpdir(), 'lead-contract-'));
    const file = join(dir, 'leads.sqlite');
    const withDb = <T>(fn: (db: Database.Database) => T): T => {
      const db = new Database(file);
      try {
        return fn(db);
      } finally {
        db.close();
      }
    };
    return {
      open: (now) => createSqliteStore({ file, now }),
      appliedVersions: async () => withDb((db) => db.prepare('SELECT version FROM schema_migrations ORDER BY version').pluck().all() as number[]),
      exec: async (sql) => withDb((db) => void db.exec(sql)),
      dispose: async () => rmSync(dir, { recursive: true, force: true }),
    };
  },
};

// Found (and installed if need be) at collection time, so the skip decision and reason are known up front.
const found = await findPostgres();
let server: LocalPostgres | undefined;

const postgresBackend: Backend = {
  name: 'PostgreSQL',
  where: 'on a throwaway local server',
  skipReason: found.available ? null : found.reason,
  async setUp() {
    server = await startLocalPostgres(found);
  },
  async tearDown() {
    await server?.destroy();
  },
  async freshTarget() {
    const url = await server!.createDatabase('contract');
    const withClient = async <T>(fn: (c: pg.Client) => Promise<T>): Promise<T> => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        return await fn(client);
      } finally {
        await client.end();
      }
    };
    return {
      open: (now) => createPostgresStore({ connectionString: url, now }),
      appliedVersions: () =>
        withClient(async (c) => (await c.query<{ version: number }>('SELECT version FROM schema_migrations ORDER BY version')).rows.map((r) => r.version)),
      exec: (sql) => withClient(async (c) => void (await c.query(sql))),
      dispose: async () => {},
    };
  },
};

const lead: NewLead = {
  endpoint: '/api/leads',
  formType: 'takedown-request',
  payload: { email: 'owner@example.com', urls: ['https://copy.example/a'], count: 2, nested: { ok: true } },
  ipHash: 'abc123',
  userAgent: 'Mozilla/5.0',
};

it('both backends define the same migration versions and names', () => {
  expect(postgresMigrations.map(({ version, name }) => ({ version, name }))).toEqual(migrations.map(({ version, name }) => ({ version, name })));
});

describe.each([sqliteBackend, postgresBackend].map((b) => [b.name, b] as const))('%s lead store contract', (_name, backend) => {
  if (backend.skipReason) console.warn(`Skipping the ${backend.name} lead store tests: ${backend.skipReason}`);

  // Generous per-test limit: a busy CI machine can make CREATE DATABASE and 50 parallel commits slow.
  describe.skipIf(backend.skipReason !== null)(backend.where, { timeout: 20_000 }, () => {
    let target: Target | undefined;
    const opened: LeadStore[] = [];

    // Starting a real PostgreSQL server (initdb + start) takes a second or two.
    beforeAll(() => backend.setUp(), 60_000);
    afterAll(() => backend.tearDown(), 30_000);

    // A new database for every test, so no test sees another's leads.
    afterEach(async () => {
      await Promise.all(opened.splice(0).map((s) => s.close()));
      await target?.dispose();
      target = undefined;
    });

    async function store(now?: () => Date): Promise<LeadStore> {
      target ??= await backend.freshTarget();
      const s = target.open(now);
      opened.push(s);
      await s.init();
      return s;
    }

    it('migrating twice, and from two stores at once, applies each migration once', async () => {
      target = await backend.freshTarget();
      const a = target.open();
      const b = target.open();
      opened.push(a, b);
      // Two processes starting together: the lock makes one wait for the other.
      await Promise.all([a.init(), b.init()]);
      await a.init();
      await a.close();
      const c = await store();
      await c.ping();
      expect(await target!.appliedVersions()).toEqual(migrations.map((m) => m.version));
    });

    it('refuses to start on a database migrated by newer code', async () => {
      const s = await store();
      await s.close();
      await target!.exec("INSERT INTO schema_migrations (version, name, applied_at) VALUES (999, 'future', '2030-01-01T00:00:00Z')");
      const newer = target!.open();
      opened.push(newer);
      await expect(newer.init()).rejects.toThrow(/newer than this code/);
    });

    it('a stored lead comes back from the list with every field', async () => {
      const s = await store();
      const stored = await s.insertLead({ ...lead, idempotencyKey: 'k-1' });
      expect(stored.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      expect(new Date(stored.createdAt).toISOString()).toBe(stored.createdAt);
      expect(stored).toMatchObject({ ...lead, idempotencyKey: 'k-1', spam: false });
      expect(await s.listLeads()).toEqual([stored]);
    });

    it('optional fields default to null and not spam', async () => {
      const s = await store();
      const stored = await s.insertLead({ endpoint: '/api/contact', formType: 'contact', payload: {} });
      expect(stored).toMatchObject({ payload: {}, idempotencyKey: null, ipHash: null, userAgent: null, spam: false });
      expect(await s.listLeads()).toEqual([stored]);
    });

    it('the spam flag round-trips both ways', async () => {
      const s = await store();
      const spam = await s.insertLead({ ...lead, spam: true });
      const ham = await s.insertLead({ ...lead, spam: false });
      expect([spam.spam, ham.spam]).toEqual([true, false]);
      expect((await s.listLeads()).map((l) => l.spam)).toEqual([true, false]);
    });

    it('payload JSON round-trips exactly: unicode, escapes, nesting, numbers', async () => {
      const payload = {
        name: 'Zoë Ångström 山田太郎 محمد 🎵🛡️',
        quotes: `He said "stop" and it's done \\ backslash`,
        control: 'line1\nline2\r\ttab \u0000 nul \u2028 separator',
        html: '<script>alert(1)</script> & &amp;',
        nested: { deeper: { list: [1, 'two', null, true, { three: 3 }], empty: [], obj: {} } },
        numbers: { int: 42, negative: -7, float: 3.14159, big: 9007199254740991, zero: 0 },
        flag: false,
        nothing: null,
      };
      const s = await store();
      const stored = await s.insertLead({ ...lead, payload, idempotencyKey: 'unicode' });
      expect(stored.payload).toEqual(payload);
      const [listed] = await s.listLeads();
      expect(listed!.payload).toEqual(payload);
      expect(JSON.stringify(listed!.payload)).toBe(JSON.stringify(payload));
    });

    it('a retried submission with the same idempotency key returns the first lead and stores it once', async () => {
      const s = await store();
      const first = await s.insertLead({ ...lead, idempotencyKey: 'same-key' });
      const retry = await s.insertLead({ ...lead, payload: { email: 'changed@example.com' }, idempotencyKey: 'same-key' });
      expect(retry).toEqual(first);
      // Leads without a key are never treated as duplicates of each other.
      await s.insertLead({ ...lead, idempotencyKey: null });
      await s.insertLead({ ...lead });
      const all = await s.listLeads();
      expect(all).toHaveLength(3);
      expect(all.filter((l) => l.idempotencyKey === 'same-key')).toEqual([first]);
    });

    it('listing with `since` returns only leads from that moment on, oldest first', async () => {
      let clock = new Date('2025-01-01T10:00:00.000Z');
      const s = await store(() => clock);
      const old = await s.insertLead({ ...lead, formType: 'old' });
      clock = new Date('2025-01-02T10:00:00.000Z');
      const edge = await s.insertLead({ ...lead, formType: 'edge' });
      // Same millisecond: insertion order decides.
      const sameMoment = await s.insertLead({ ...lead, formType: 'same-moment' });
      clock = new Date('2025-01-03T10:00:00.123Z');
      const recent = await s.insertLead({ ...lead, formType: 'recent' });

      expect(await s.listLeads({ since: new Date('2025-01-02T10:00:00.000Z') })).toEqual([edge, sameMoment, recent]);
      expect(await s.listLeads({ since: new Date('2025-01-02T10:00:00.001Z') })).toEqual([recent]);
      expect(await s.listLeads({ since: new Date('2030-01-01T00:00:00.000Z') })).toEqual([]);
      expect(await s.listLeads()).toEqual([old, edge, sameMoment, recent]);
      expect(recent.createdAt).toBe('2025-01-03T10:00:00.123Z');
    });

    it('leads survive closing and reopening the store', async () => {
      const s = await store();
      const stored = await s.insertLead({ ...lead, idempotencyKey: 'persist' });
      await s.close();

      const reopened = await store();
      expect(await reopened.listLeads()).toEqual([stored]);
      expect(await reopened.insertLead({ ...lead, idempotencyKey: 'persist' })).toEqual(stored);
      expect(await reopened.listLeads()).toHaveLength(1);
    });

    it('ping succeeds when open and rejects once closed', async () => {
      const s = await store();
      await expect(s.ping()).resolves.toBeUndefined();
      await s.close();
      await expect(s.ping()).rejects.toThrow(/not open/);
      await expect(s.insertLead(lead)).rejects.toThrow(/not open/);
      await expect(s.listLeads()).rejects.toThrow(/not open/);
    });

    it('50 inserts in parallel are all stored exactly once, and racing retries of one key store one lead', async () => {
      const s = await store();
      const distinct = Array.from({ length: 50 }, (_, i) => s.insertLead({ ...lead, payload: { i }, idempotencyKey: `parallel-${i}` }));
      const racing = Array.from({ length: 10 }, (_, i) => s.insertLead({ ...lead, payload: { attempt: i }, idempotencyKey: 'racing' }));
      const [stored, raced] = await Promise.all([Promise.all(distinct), Promise.all(racing)]);

      expect(new Set(stored.map((l) => l.id)).size).toBe(50);
      // Every racer gets the one lead that won.
      expect(new Set(raced.map((l) => l.id)).size).toBe(1);
      const all = await s.listLeads();
      expect(all).toHaveLength(51);
      expect(all.map((l) => (l.payload as { i?: number }).i).filter((i) => i !== undefined).sort((a, b) => a! - b!)).toEqual(
        Array.from({ length: 50 }, (_, i) => i),
      );
      expect(all.filter((l) => l.idempotencyKey === 'racing')).toEqual([raced[0]]);
    });
  });
});
