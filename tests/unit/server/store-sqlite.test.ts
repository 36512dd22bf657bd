import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrations } from '../../../server/store/migrations';
import { createSqliteStore, type SqliteLeadStore } from '../../../server/store/sqlite';
import type { NewLead } from '../../../server/store/types';

let dir: string;
let file: string;
const open: SqliteLeadStore[] = [];

function store(now?: () => Date): SqliteLeadStore {
  const s = createSqliteStore({ file, now });
  open.push(s);
  return s;
}

const lead: NewLead = {
  endpoint: '/api/leads',
  formType: 'takedown-request',
  payload: { email: 'owner@example.com', urls: ['https://copy.example/a'], count: 2, nested: { ok: true } },
  ipHash: 'abc123',
  userAgent: 'Mozilla/5.0',
};

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'lead-store-'));
  // A nested path proves the store creates its own data directory.
  file = join(dir, 'nested', 'data', 'leads.sqlite');
});

afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.close()));
  rmSync(dir, { recursive: true, force: true });
});

describe('SQLite lead store', () => {
  it('starting twice (same or new process) applies each migration once', async () => {
    const first = store();
    await first.init();
    await first.init();
    await first.close();
    const second = store();
    await second.init();
    await second.close();

    const db = new Database(file, { readonly: true });
    try {
      const versions = db.prepare('SELECT version FROM schema_migrations ORDER BY version').pluck().all();
      expect(versions).toEqual(migrations.map((m) => m.version));
    } finally {
      db.close();
    }
  });

  it('a stored lead comes back from the list with every field', async () => {
    const s = store();
    await s.init();
    const stored = await s.leads.insertLead({ ...lead, idempotencyKey: 'k-1', spam: true });
    expect(stored.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Date(stored.createdAt).toISOString()).toBe(stored.createdAt);
    expect(stored).toMatchObject({ ...lead, idempotencyKey: 'k-1', spam: true });
    expect(await s.leads.listLeads()).toEqual([stored]);
  });

  it('optional fields default to null and not spam', async () => {
    const s = store();
    await s.init();
    const stored = await s.leads.insertLead({ endpoint: '/api/leads', formType: 'contact', payload: {} });
    expect(stored).toMatchObject({ idempotencyKey: null, ipHash: null, userAgent: null, spam: false });
  });

  it('a retried submission with the same idempotency key returns the first lead and stores nothing new', async () => {
    const s = store();
    await s.init();
    const first = await s.leads.insertLead({ ...lead, idempotencyKey: 'same-key' });
    const retry = await s.leads.insertLead({ ...lead, idempotencyKey: 'same-key' });
    expect(retry).toEqual(first);
    await s.leads.insertLead({ ...lead, idempotencyKey: null });
    await s.leads.insertLead({ ...lead, idempotencyKey: null });
    expect(await s.leads.listLeads()).toHaveLength(3);
  });

  it('listing with `since` returns only leads from that moment on, oldest first', async () => {
    let clock = new Date('2025-01-01T10:00:00.000Z');
    const s = store(() => clock);
    await s.init();
    const old = await s.leads.insertLead({ ...lead, formType: 'old' });
    clock = new Date('2025-01-02T10:00:00.000Z');
    const edge = await s.leads.insertLead({ ...lead, formType: 'edge' });
    clock = new Date('2025-01-03T10:00:00.000Z');
    const recent = await s.leads.insertLead({ ...lead, formType: 'recent' });

    expect(await s.leads.listLeads({ since: new Date('2025-01-02T10:00:00.000Z') })).toEqual([edge, recent]);
    expect(await s.leads.listLeads({ since: new Date('2030-01-01T00:00:00.000Z') })).toEqual([]);
    expect(await s.leads.listLeads()).toEqual([old, edge, recent]);
  });

  it('the database runs in WAL mode with synchronous=FULL and a busy timeout', async () => {
    const s = store();
    await s.init();
    expect(s.pragma('journal_mode')).toBe('wal');
    expect(s.pragma('synchronous')).toBe(2);
    expect(s.pragma('busy_timeout')).toBeGreaterThan(0);
  });

  it('leads survive closing and reopening the database', async () => {
    const s = store();
    await s.init();
    const stored = await s.leads.insertLead({ ...lead, idempotencyKey: 'persist' });
    await s.close();

    const reopened = store();
    await reopened.init();
    expect(await reopened.leads.listLeads()).toEqual([stored]);
    expect(await reopened.leads.insertLead({ ...lead, idempotencyKey: 'persist' })).toEqual(stored);
  });

  it('ping succeeds when open and fails once closed', async () => {
    const s = store();
    await s.init();
    await expect(s.ping()).resolves.toBeUndefined();
    await s.close();
    await expect(s.ping()).rejects.toThrow(/not open/);
  });

  it('refuses to start on a database migrated by newer code', async () => {
    const s = store();
    await s.init();
    await s.close();
    const db = new Database(file);
    db.prepare("INSERT INTO schema_migrations (version, name, applied_at) VALUES (999, 'future', 'now')").run();
    db.close();
    await expect(store().init()).rejects.toThrow(/newer than this code/);
  });
});
