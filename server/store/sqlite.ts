import { randomUUID } from 'node:crypto';
import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { migrations as defaultMigrations, type Migration } from './migrations';
import { isSameRequest, requestFingerprint } from './fingerprint';
import { searchText } from './inbox-queries';
import { forwardInbox, type InboxLead } from './inbox-types';
import { prepareSqliteInbox } from './sqlite-inbox';
import { prepareSqliteOutbox } from './sqlite-outbox';
import { IdempotencyKeyReused } from './types';
import type { LeadStore, ListLeadsOptions, NewLead, PlannedNotification, StoredLead } from './types';

export interface SqliteStoreOptions {
  /** Database file path, or `:memory:`. */
  file: string;
  busyTimeoutMs?: number;
  migrations?: readonly Migration[];
  /** Clock for `createdAt`; injectable so tests can control time. */
  now?: () => Date;
  /** Most leads committed in one transaction; a longer queue is written as several. */
  maxBatch?: number;
}

export interface SqliteLeadStore extends LeadStore {
  /** Reads a connection pragma, e.g. `journal_mode`; for diagnostics and tests. */
  pragma(name: string): unknown;
  /** Transactions that wrote leads since the store was created (committed or not); for diagnostics and tests. */
  readonly batches: number;
}

const DEFAULT_MAX_BATCH = 500;
const OPEN_JOBS = ['pending', 'dead'] as const;

/** One queued lead's outcome inside a batch. */
type Written = StoredLead | IdempotencyKeyReused;

interface Queued {
  row: LeadRow;
  notifications: readonly PlannedNotification[];
}

interface Waiter extends Queued {
  resolve(lead: StoredLead): void;
  reject(err: unknown): void;
}

interface LeadRow {
  id: string;
  created_at: string;
  endpoint: string;
  form_type: string;
  form_id: string | null;
  payload: string;
  idempotency_key: string | null;
  idempotency_fingerprint: string | null;
  ip_hash: string | null;
  user_agent: string | null;
  spam: number;
  search_text: string;
  erased_at?: string | null;
}

interface InboxRow extends LeadRow {
  status: InboxLead['status'];
  erased_at: string | null;
  erased_by: string | null;
}

function toInboxLead(row: unknown): InboxLead {
  const r = row as InboxRow;
  return { ...toLead(r), status: r.status, erasedAt: r.erased_at, erasedBy: r.erased_by };
}

function toLead(row: LeadRow): StoredLead {
  return {
    id: row.id,
    createdAt: row.created_at,
    endpoint: row.endpoint,
    formType: row.form_type,
    formId: row.form_id,
    payload: JSON.parse(row.payload) as StoredLead['payload'],
    idempotencyKey: row.idempotency_key,
    ipHash: row.ip_hash,
    userAgent: row.user_agent,
    spam: row.spam === 1,
    ...(row.erased_at ? { erasedAt: row.erased_at } : {}),
  };
}

const PRIVATE_MODE = 0o600;

/**
 * The database file is created readable by its owner only; SQLite gives its -wal and -shm files the
 * same mode. A file from an earlier release is tightened too.
 */
function createPrivateFile(file: string): void {
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  if (!existsSync(file)) {
    try {
      closeSync(openSync(file, 'wx', PRIVATE_MODE));
    } catch (err) {
      // Another process created it a moment ago: it is tightened below like any existing file.
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
  }
  for (const f of [file, `${file}-wal`, `${file}-shm`]) {
    try {
      chmodSync(f, PRIVATE_MODE);
    } catch (err) {
      // Gone, or another user's file: nothing this process may tighten.
      const code = (err as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT' && code !== 'EPERM') throw err;
    }
  }
}

export function runMigrations(db: Database.Database, migrations: readonly Migration[]): void {
  migrations.forEach((m, i) => {
    if (i > 0 && m.version <= migrations[i - 1]!.version) throw new Error('Migrations must have increasing version numbers.');
  });
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    applied_at TEXT NOT NULL
  )`);
  // IMMEDIATE takes the write lock up front so two starting processes cannot both apply a migration.
  db.transaction(() => {
    const applied = new Set(db.prepare('SELECT version FROM schema_migrations').pluck().all() as number[]);
    const newest = Math.max(0, ...applied);
    const known = migrations[migrations.length - 1]?.version ?? 0;
    if (newest > known) throw new Error(`Database schema version ${newest} is newer than this code (${known}).`);
    const record = db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)');
    for (const m of migrations) {
      if (applied.has(m.version)) continue;
      db.exec(m.sql);
      record.run(m.version, m.name, new Date().toISOString());
    }
  }).immediate();
}

/**
 * Group commit. With synchronous=FULL every commit waits for the disk (one fsync), which would cap
 * submissions at the disk's flush rate. Instead, inserts that arrive in the same turn of the event
 * loop queue up and are written in one transaction after it; each insert is answered only once
 * that transaction has committed, so an acknowledged lead is still on disk. A failed transaction
 * stores none of its leads and rejects every one of them: nothing is half-written, and a retry
 * with the same idempotency key is stored exactly once.
 */
export function createSqliteStore(options: SqliteStoreOptions): SqliteLeadStore {
  const { file, busyTimeoutMs = 5000, migrations = defaultMigrations, now = () => new Date(), maxBatch = DEFAULT_MAX_BATCH } = options;
  let db: Database.Database | null = null;
  let writeBatch: ((items: readonly Queued[]) => Written[]) | null = null;
  let outbox: ReturnType<typeof prepareSqliteOutbox> | null = null;
  let inbox: ReturnType<typeof prepareSqliteInbox> | null = null;
  let queue: Waiter[] = [];
  let flushScheduled = false;
  let batches = 0;

  function open(): Database.Database {
    if (!db) throw new Error('The lead store is not open. Call init() first.');
    return db;
  }

  function prepareWriter(conn: Database.Database, jobs: ReturnType<typeof prepareSqliteOutbox>): (items: readonly Queued[]) => Written[] {
    const insert = conn.prepare(
      `INSERT INTO leads (id, created_at, endpoint, form_type, form_id, payload, idempotency_key, idempotency_fingerprint, ip_hash, user_agent, spam, search_text)
       VALUES (@id, @created_at, @endpoint, @form_type, @form_id, @payload, @idempotency_key, @idempotency_fingerprint, @ip_hash, @user_agent, @spam, @search_text)
       ON CONFLICT (endpoint, idempotency_key) DO NOTHING`,
    );
    const byKey = conn.prepare('SELECT * FROM leads WHERE endpoint = ? AND idempotency_key = ?');
    // IMMEDIATE takes the write lock up front, so a busy database fails the batch before any row is written.
    const tx = conn.transaction((items: readonly Queued[]) =>
      items.map(({ row, notifications }): Written => {
        if (insert.run(row).changes === 1) {
          jobs.enqueue(row.id, row.created_at, notifications);
          return toLead(row);
        }
        // The key was used before (perhaps earlier in this same batch): a retry gets the first lead
        // back; another submission under that key is refused, and the rest of the batch goes on.
        const first = byKey.get(row.endpoint, row.idempotency_key) as LeadRow;
        const holder = {
          endpoint: first.endpoint,
          formId: first.form_id,
          payload: JSON.parse(first.payload),
          fingerprint: first.idempotency_fingerprint,
        };
        return isSameRequest(holder, row.idempotency_fingerprint!, row.form_id) ? toLead(first) : new IdempotencyKeyReused(row.endpoint);
      }),
    );
    return (rows) => tx.immediate(rows);
  }

  /** Writes everything queued so far, maxBatch leads per transaction. */
  function flush(): void {
    flushScheduled = false;
    while (queue.length > 0) {
      const batch = queue.slice(0, maxBatch);
      queue = queue.slice(batch.length);
      let stored: Written[];
      try {
        if (!writeBatch) throw new Error('The lead store is not open. Call init() first.');
        batches += 1;
        stored = writeBatch(batch);
      } catch (err) {
        // The transaction rolled back: none of these leads is stored, so none may be acknowledged.
        for (const w of batch) w.reject(err);
        continue;
      }
      batch.forEach((w, i) => {
        const written = stored[i]!;
        if (written instanceof IdempotencyKeyReused) w.reject(written);
        else w.resolve(written);
      });
    }
  }

  return {
    ...forwardInbox(() => {
      open();
      return inbox!;
    }),

    async init() {
      if (db) {
        runMigrations(db, migrations);
        return;
      }
      if (file !== ':memory:') createPrivateFile(file);
      const conn = new Database(file);
      try {
        // Set before migrating so a concurrent starter waits instead of failing with SQLITE_BUSY.
        conn.pragma(`busy_timeout = ${Math.trunc(busyTimeoutMs)}`);
        conn.pragma('journal_mode = WAL');
        // FULL: a lead acknowledged to a visitor must survive a power cut.
        conn.pragma('synchronous = FULL');
        conn.pragma('foreign_keys = ON');
        // Deleted and overwritten content is zeroed on its page, so an erased lead leaves no bytes behind.
        conn.pragma('secure_delete = ON');
        runMigrations(conn, migrations);
        const byId = conn.prepare('SELECT * FROM leads WHERE id = ?');
        outbox = prepareSqliteOutbox(conn, now, (id) => toLead(byId.get(id) as LeadRow));
        writeBatch = prepareWriter(conn, outbox);
        inbox = prepareSqliteInbox(conn, now, toInboxLead);
      } catch (err) {
        conn.close();
        throw err;
      }
      db = conn;
    },

    async insertLead(lead: NewLead) {
      open();
      const row: LeadRow = {
        id: randomUUID(),
        created_at: now().toISOString(),
        endpoint: lead.endpoint,
        form_type: lead.formType,
        form_id: lead.formId ?? null,
        payload: JSON.stringify(lead.payload),
        idempotency_key: lead.idempotencyKey ?? null,
        idempotency_fingerprint: lead.idempotencyKey ? requestFingerprint(lead.endpoint, lead.formId ?? null, lead.payload) : null,
        ip_hash: lead.ipHash ?? null,
        user_agent: lead.userAgent ?? null,
        spam: lead.spam ? 1 : 0,
        search_text: searchText(lead.payload),
      };
      return new Promise<StoredLead>((resolve, reject) => {
        queue.push({ row, notifications: lead.notifications ?? [], resolve, reject });
        if (!flushScheduled) {
          flushScheduled = true;
          // After the current turn's I/O callbacks, so every request that arrived with this one joins its batch.
          setImmediate(flush);
        }
      });
    },

    async importLeads(leads) {
      const conn = open();
      const insert = conn.prepare(
        `INSERT INTO leads (id, created_at, endpoint, form_type, form_id, payload, idempotency_key, idempotency_fingerprint, ip_hash, user_agent, spam, search_text, erased_at)
         VALUES (@id, @created_at, @endpoint, @form_type, @form_id, @payload, @idempotency_key, @idempotency_fingerprint, @ip_hash, @user_agent, @spam, @search_text, @erased_at)
         ON CONFLICT DO NOTHING`,
      );
      const rows = leads.map((lead): LeadRow => ({
        id: lead.id,
        created_at: new Date(lead.createdAt).toISOString(),
        endpoint: lead.endpoint,
        form_type: lead.formType,
        form_id: lead.formId,
        payload: JSON.stringify(lead.payload),
        idempotency_key: lead.idempotencyKey,
        idempotency_fingerprint: lead.idempotencyKey ? requestFingerprint(lead.endpoint, lead.formId, lead.payload) : null,
        ip_hash: lead.ipHash,
        user_agent: lead.userAgent,
        spam: lead.spam ? 1 : 0,
        search_text: searchText(lead.payload),
        erased_at: lead.erasedAt ?? null,
      }));
      return conn.transaction(() => rows.reduce((added, row) => added + insert.run(row).changes, 0)).immediate();
    },

    async listLeads(opts: ListLeadsOptions = {}) {
      const conn = open();
      const rows = opts.since
        ? conn.prepare('SELECT * FROM leads WHERE created_at >= ? ORDER BY created_at, rowid').all(opts.since.toISOString())
        : conn.prepare('SELECT * FROM leads ORDER BY created_at, rowid').all();
      return (rows as LeadRow[]).map(toLead);
    },

    async claimJobs({ limit, leaseMs, channels }) {
      open();
      return outbox!.claim(limit, leaseMs, channels);
    },

    async finishJobs(outcomes) {
      open();
      outbox!.finish(outcomes);
    },

    async listJobs(opts = {}) {
      open();
      return outbox!.list(opts.status ?? OPEN_JOBS);
    },

    async requeueJob(id) {
      open();
      return outbox!.requeue(id);
    },

    async ping() {
      open().prepare('SELECT 1').get();
    },

    async close() {
      // Leads already accepted are written (or rejected) before the connection goes away.
      flush();
      db?.close();
      db = null;
      writeBatch = null;
      outbox = null;
      inbox = null;
    },

    pragma(name: string) {
      return open().pragma(name, { simple: true });
    },

    get batches() {
      return batches;
    },
  };
}
