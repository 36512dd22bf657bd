import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { migrations as defaultMigrations, type Migration } from './migrations';
import type { LeadStore, ListLeadsOptions, NewLead, StoredLead } from './types';

export interface SqliteStoreOptions {
  /** Database file path, or `:memory:`. */
  file: string;
  busyTimeoutMs?: number;
  migrations?: readonly Migration[];
  /** Clock for `createdAt`; injectable so tests can control time. */
  now?: () => Date;
}

export interface SqliteLeadStore extends LeadStore {
  /** Reads a connection pragma, e.g. `journal_mode`; for diagnostics and tests. */
  pragma(name: string): unknown;
}

interface LeadRow {
  id: string;
  created_at: string;
  endpoint: string;
  form_type: string;
  payload: string;
  idempotency_key: string | null;
  ip_hash: string | null;
  user_agent: string | null;
  spam: number;
}

function toLead(row: LeadRow): StoredLead {
  return {
    id: row.id,
    createdAt: row.created_at,
    endpoint: row.endpoint,
    formType: row.form_type,
    payload: JSON.parse(row.payload) as StoredLead['payload'],
    idempotencyKey: row.idempotency_key,
    ipHash: row.ip_hash,
    userAgent: row.user_agent,
    spam: row.spam === 1,
  };
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
    const applied = new Set(
      db.prepare('SELECT version FROM schema_migrations').pluck().all() as number[],
    );
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

export function createSqliteStore(options: SqliteStoreOptions): SqliteLeadStore {
  const { file, busyTimeoutMs = 5000, migrations = defaultMigrations, now = () => new Date() } = options;
  let db: Database.Database | null = null;

  function open(): Database.Database {
    if (!db) throw new Error('The lead store is not open. Call init() first.');
    return db;
  }

  return {
    async init() {
      if (db) {
        runMigrations(db, migrations);
        return;
      }
      if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
      const conn = new Database(file);
      try {
        // Set before migrating so a concurrent starter waits instead of failing with SQLITE_BUSY.
        conn.pragma(`busy_timeout = ${Math.trunc(busyTimeoutMs)}`);
        conn.pragma('journal_mode = WAL');
        // FULL: a lead acknowledged to a visitor must survive a power cut.
        conn.pragma('synchronous = FULL');
        conn.pragma('foreign_keys = ON');
        runMigrations(conn, migrations);
      } catch (err) {
        conn.close();
        throw err;
      }
      db = conn;
    },

    async insertLead(lead: NewLead) {
      const conn = open();
      const row: LeadRow = {
        id: randomUUID(),
        created_at: now().toISOString(),
        endpoint: lead.endpoint,
        form_type: lead.formType,
        payload: JSON.stringify(lead.payload),
        idempotency_key: lead.idempotencyKey ?? null,
        ip_hash: lead.ipHash ?? null,
        user_agent: lead.userAgent ?? null,
        spam: lead.spam ? 1 : 0,
      };
      return conn.transaction(() => {
        const inserted = conn
          .prepare(
            `INSERT INTO leads (id, created_at, endpoint, form_type, payload, idempotency_key, ip_hash, user_agent, spam)
             VALUES (@id, @created_at, @endpoint, @form_type, @payload, @idempotency_key, @ip_hash, @user_agent, @spam)
             ON CONFLICT (idempotency_key) DO NOTHING`,
          )
          .run(row);
        if (inserted.changes === 1) return toLead(row);
        // A retried submission: hand back what the first attempt stored.
        const first = conn.prepare('SELECT * FROM leads WHERE idempotency_key = ?').get(row.idempotency_key) as LeadRow;
        return toLead(first);
      }).immediate();
    },

    async listLeads(opts: ListLeadsOptions = {}) {
      const conn = open();
      const rows = opts.since
        ? conn.prepare('SELECT * FROM leads WHERE created_at >= ? ORDER BY created_at, rowid').all(opts.since.toISOString())
        : conn.prepare('SELECT * FROM leads ORDER BY created_at, rowid').all();
      return (rows as LeadRow[]).map(toLead);
    },

    async ping() {
      open().prepare('SELECT 1').get();
    },

    async close() {
      db?.close();
      db = null;
    },

    pragma(name: string) {
      return open().pragma(name, { simple: true });
    },
  };
}
