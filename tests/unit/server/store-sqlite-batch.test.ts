import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSqliteStore, type SqliteLeadStore } from '../../../server/store/sqlite';
import { IdempotencyKeyReused, type NewLead } from '../../../server/store/types';

let dir: string;
let file: string;
const open: SqliteLeadStore[] = [];
const raw: Database.Database[] = [];

function store(options: { busyTimeoutMs?: number; maxBatch?: number } = {}): SqliteLeadStore {
  const s = createSqliteStore({ file, ...options });
  open.push(s);
  return s;
}

/** A second connection to the same file, as another process would have. */
function rawConnection(): Database.Database {
  const db = new Database(file);
  raw.push(db);
  return db;
}

const lead = (n: number, extra: Partial<NewLead> = {}): NewLead => ({
  endpoint: '/api/contact',
  formType: 'contact',
  payload: { name: `Visitor ${n}`, message: `Message number ${n}` },
  idempotencyKey: `key-${n}`,
  ...extra,
});

async function settleAll<T>(promises: Promise<T>[]) {
  return Promise.allSettled(promises);
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'lead-batch-'));
  file = join(dir, 'leads.sqlite');
});

afterEach(async () => {
  for (const db of raw.splice(0)) if (db.open) db.close();
  await Promise.all(open.splice(0).map((s) => s.close()));
  rmSync(dir, { recursive: true, force: true });
});

describe('SQLite group commit', () => {
  it('concurrent inserts are committed in one transaction, each answered with its own lead', async () => {
    const s = store();
    await s.init();
    const before = s.batches;
    const stored = await Promise.all(Array.from({ length: 40 }, (_, i) => s.leads.insertLead(lead(i))));
    expect(s.batches - before).toBe(1);
    expect(new Set(stored.map((l) => l.id)).size).toBe(40);
    stored.forEach((l, i) => expect(l).toMatchObject({ idempotencyKey: `key-${i}`, payload: { message: `Message number ${i}` } }));
    expect(await s.leads.listLeads()).toHaveLength(40);
  });

  it('an acknowledged lead is already committed: another connection sees it', async () => {
    const s = store();
    await s.init();
    const stored = await Promise.all([s.leads.insertLead(lead(1)), s.leads.insertLead(lead(2))]);
    const other = rawConnection();
    const ids = other.prepare('SELECT id FROM leads ORDER BY rowid').pluck().all();
    expect(ids).toEqual(stored.map((l) => l.id));
  });

  it('inserts awaited one after another each get their own transaction', async () => {
    const s = store();
    await s.init();
    const before = s.batches;
    await s.leads.insertLead(lead(1));
    await s.leads.insertLead(lead(2));
    expect(s.batches - before).toBe(2);
  });

  it('a long queue is split into transactions of at most maxBatch leads', async () => {
    const s = store({ maxBatch: 10 });
    await s.init();
    const before = s.batches;
    const stored = await Promise.all(Array.from({ length: 25 }, (_, i) => s.leads.insertLead(lead(i))));
    expect(s.batches - before).toBe(3);
    expect(stored).toHaveLength(25);
    expect(await s.leads.listLeads()).toHaveLength(25);
  });

  it('the same idempotency key twice in one batch stores one lead and answers both with it', async () => {
    const s = store();
    await s.init();
    const [first, retry, other] = await Promise.all([
      s.leads.insertLead(lead(1)),
      s.leads.insertLead(lead(1)),
      s.leads.insertLead(lead(2)),
    ]);
    expect(retry).toEqual(first);
    expect(other.id).not.toBe(first.id);
    expect(await s.leads.listLeads()).toHaveLength(2);
    expect(s.batches).toBe(1);
  });

  it('a reused key with another payload in a batch is refused alone; the rest of the batch is stored', async () => {
    const s = store();
    await s.init();
    const [first, reused, other] = await settleAll([
      s.leads.insertLead(lead(1)),
      s.leads.insertLead(lead(1, { payload: { name: 'Someone else', message: 'A different request' } })),
      s.leads.insertLead(lead(2)),
    ]);
    expect(s.batches).toBe(1);
    expect(first.status).toBe('fulfilled');
    expect(reused.status === 'rejected' && reused.reason).toBeInstanceOf(IdempotencyKeyReused);
    expect(other.status).toBe('fulfilled');
    expect((await s.leads.listLeads()).map((l) => l.payload)).toEqual([lead(1).payload, lead(2).payload]);
  });

  it('a lead that fails mid-batch fails every waiter and stores none of the batch', async () => {
    const s = store();
    await s.init();
    const stored = await s.leads.insertLead(lead(0));
    // The third row of the batch is refused by the database after two rows were written.
    rawConnection().exec(
      `CREATE TRIGGER refuse_poison BEFORE INSERT ON leads WHEN NEW.form_type = 'poison'
       BEGIN SELECT RAISE(ABORT, 'poisoned row'); END;`,
    );
    const batch = [lead(1), lead(2), lead(3, { formType: 'poison' }), lead(4)];
    const results = await settleAll(batch.map((l) => s.leads.insertLead(l)));
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected', 'rejected']);
    for (const r of results) expect((r as PromiseRejectedResult).reason).toBeInstanceOf(Error);
    expect((results[0] as PromiseRejectedResult).reason.message).toMatch(/poisoned row/);
    // Nothing of the failed batch was kept: the lead from before is alone.
    expect(await s.leads.listLeads()).toEqual([stored]);

    // Retrying with the same keys once the cause is gone stores each lead exactly once.
    rawConnection().exec('DROP TRIGGER refuse_poison');
    const retried = await Promise.all(batch.map((l) => s.leads.insertLead({ ...l, formType: 'contact' })));
    const again = await Promise.all(batch.map((l) => s.leads.insertLead({ ...l, formType: 'contact' })));
    expect(again).toEqual(retried);
    const keys = (await s.leads.listLeads()).map((l) => l.idempotencyKey).sort();
    expect(keys).toEqual(['key-0', 'key-1', 'key-2', 'key-3', 'key-4']);
  });

  it('a database locked by another writer fails the whole batch; the store recovers once it is free', async () => {
    const s = store({ busyTimeoutMs: 20 });
    await s.init();
    const other = rawConnection();
    other.exec('BEGIN IMMEDIATE');
    const results = await settleAll([s.leads.insertLead(lead(1)), s.leads.insertLead(lead(2)), s.leads.insertLead(lead(3))]);
    expect(results.every((r) => r.status === 'rejected')).toBe(true);
    expect(String((results[0] as PromiseRejectedResult).reason)).toMatch(/locked|busy/i);
    other.exec('ROLLBACK');
    expect(await s.leads.listLeads()).toEqual([]);

    const stored = await Promise.all([s.leads.insertLead(lead(1)), s.leads.insertLead(lead(2)), s.leads.insertLead(lead(3))]);
    expect(stored.map((l) => l.idempotencyKey)).toEqual(['key-1', 'key-2', 'key-3']);
    expect(await s.leads.listLeads()).toHaveLength(3);
  });

  it('a failed batch does not affect the batch after it', async () => {
    const s = store({ busyTimeoutMs: 20 });
    await s.init();
    const other = rawConnection();
    other.exec('BEGIN IMMEDIATE');
    const failed = settleAll([s.leads.insertLead(lead(1)), s.leads.insertLead(lead(2))]);
    // Queued in a later turn of the event loop, after the lock is released.
    const later = new Promise<void>((done) => setImmediate(() => done())).then(() => {
      other.exec('ROLLBACK');
      return s.leads.insertLead(lead(3));
    });
    expect((await failed).map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect((await later).idempotencyKey).toBe('key-3');
    expect((await s.leads.listLeads()).map((l) => l.idempotencyKey)).toEqual(['key-3']);
  });

  it('closing the store writes the leads still queued before the connection closes', async () => {
    const s = store();
    await s.init();
    const pending = [s.leads.insertLead(lead(1)), s.leads.insertLead(lead(2))];
    await s.close();
    const stored = await Promise.all(pending);
    const reopened = store();
    await reopened.init();
    expect(await reopened.leads.listLeads()).toEqual(stored);
  });

  it('an insert on a closed store is refused at once', async () => {
    const s = store();
    await s.init();
    await s.close();
    await expect(s.leads.insertLead(lead(1))).rejects.toThrow(/not open/);
  });
});
