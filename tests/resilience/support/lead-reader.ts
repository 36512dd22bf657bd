/** Reads the leads a server process stored, straight from its database, from outside that process. */
import Database from 'better-sqlite3';
import pg from 'pg';

export interface StoredRow {
  id: string;
  idempotencyKey: string | null;
  spam: boolean;
  payload: Record<string, unknown>;
}

/** One queued notification, as the outbox holds it. */
export interface JobRow {
  leadId: string | null;
  rule: string;
  status: string;
  jobKey: string | null;
}

export interface LeadReader {
  rows(): Promise<StoredRow[]>;
  /** The outbox's jobs under one rule, oldest first. */
  jobs(rule: string): Promise<JobRow[]>;
  counts(): Promise<{ total: number; spam: number }>;
  close(): Promise<void>;
}

/** A fresh read-only connection per read: the server may have been killed and restarted since the last one. */
export function sqliteReader(file: string): LeadReader {
  const withDb = <T>(read: (db: Database.Database) => T): T => {
    const db = new Database(file, { readonly: true, fileMustExist: true });
    try {
      db.pragma('busy_timeout = 10000');
      return read(db);
    } finally {
      db.close();
    }
  };
  return {
    async rows() {
      const rows = withDb((db) => db.prepare('SELECT id, idempotency_key, spam, payload FROM leads ORDER BY rowid').all()) as Array<{
        id: string;
        idempotency_key: string | null;
        spam: number;
        payload: string;
      }>;
      return rows.map((r) => ({
        id: r.id,
        idempotencyKey: r.idempotency_key,
        spam: r.spam === 1,
        payload: JSON.parse(r.payload) as Record<string, unknown>,
      }));
    },
    async jobs(rule) {
      return withDb((db) =>
        db.prepare('SELECT lead_id AS leadId, rule, status, job_key AS jobKey FROM outbox WHERE rule = ? ORDER BY id').all(rule),
      ) as JobRow[];
    },
    async counts() {
      return withDb((db) => db.prepare('SELECT count(*) AS total, coalesce(sum(spam), 0) AS spam FROM leads').get()) as {
        total: number;
        spam: number;
      };
    },
    async close() {},
  };
}

export function postgresReader(connectionString: string): LeadReader {
  const pool = new pg.Pool({ connectionString, max: 2, connectionTimeoutMillis: 10_000 });
  // The database is stopped on purpose in some tests; an idle connection dropping then is expected.
  pool.on('error', () => {});
  return {
    async rows() {
      const result = await pool.query<{ id: string; idempotency_key: string | null; spam: boolean; payload: string }>(
        'SELECT id::text AS id, idempotency_key, spam, payload::text AS payload FROM leads ORDER BY seq',
      );
      return result.rows.map((r) => ({
        id: r.id,
        idempotencyKey: r.idempotency_key,
        spam: r.spam,
        payload: JSON.parse(r.payload) as Record<string, unknown>,
      }));
    },
    async jobs(rule) {
      const result = await pool.query<JobRow>(
        'SELECT lead_id::text AS "leadId", rule, status, job_key AS "jobKey" FROM outbox WHERE rule = $1 ORDER BY id',
        [rule],
      );
      return result.rows;
    },
    async counts() {
      const result = await pool.query<{ total: string; spam: string }>(
        'SELECT count(*) AS total, count(*) FILTER (WHERE spam) AS spam FROM leads',
      );
      return { total: Number(result.rows[0]!.total), spam: Number(result.rows[0]!.spam) };
    },
    close: () => pool.end(),
  };
}
