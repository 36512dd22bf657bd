import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { Migration } from './migrations';
import { postgresMigrations } from './postgres-migrations';
import { isSameRequest, requestFingerprint } from './fingerprint';
import { searchText } from './inbox-queries';
import type { InboxLead } from './inbox-types';
import { createPostgresInbox } from './postgres-inbox';
import * as outbox from './postgres-outbox';
import { IdempotencyKeyReused } from './types';
import type { LeadStore, ListLeadsOptions, NewLead, PlannedNotification, StoredLead } from './types';

export interface PostgresStoreOptions {
  /** e.g. `postgresql://user:password@db.internal:5432/leads?sslmode=require` */
  connectionString: string;
  /** Most connections the pool opens; each server process has its own pool. */
  maxConnections?: number;
  /** How long a query waits for a connection before failing, so an outage answers 503 instead of hanging. */
  connectionTimeoutMs?: number;
  /** Server-side limit per statement; a stuck query must not hold a visitor's request forever. */
  statementTimeoutMs?: number;
  migrations?: readonly Migration[];
  /** Clock for `createdAt`; injectable so tests can control time. */
  now?: () => Date;
  /** Where pool problems are reported; defaults to console.error. */
  log?: (message: string, err: unknown) => void;
}

export interface PostgresLeadStore extends LeadStore {
  /** The versions recorded in schema_migrations; for diagnostics and tests. */
  appliedMigrations(): Promise<number[]>;
}

interface LeadRow {
  id: string;
  created_at: Date;
  endpoint: string;
  form_type: string;
  form_id: string | null;
  payload: StoredLead['payload'];
  idempotency_key: string | null;
  ip_hash: string | null;
  user_agent: string | null;
  spam: boolean;
  erased_at?: Date | null;
}

const COLUMNS = 'id, created_at, endpoint, form_type, form_id, payload, idempotency_key, ip_hash, user_agent, spam';
/** What exports read: a lead and whether it was erased. */
const LIST_COLUMNS = `${COLUMNS}, erased_at`;

// One key for every process migrating this database; hashing a name keeps it readable in pg_locks
// and unlikely to collide with locks taken by other applications sharing the database.
const MIGRATION_LOCK = `hashtextextended('takedown-site:lead-store:migrations', 0)`;

interface InboxRow extends LeadRow {
  status: InboxLead['status'];
  erased_at: Date | null;
  erased_by: string | null;
}

function toInboxLead(row: unknown): InboxLead {
  const r = row as InboxRow;
  return { ...toLead(r), status: r.status, erasedAt: r.erased_at?.toISOString() ?? null, erasedBy: r.erased_by };
}

function toLead(row: LeadRow): StoredLead {
  return {
    id: row.id,
    createdAt: row.created_at.toISOString(),
    endpoint: row.endpoint,
    formType: row.form_type,
    formId: row.form_id,
    payload: row.payload,
    idempotencyKey: row.idempotency_key,
    ipHash: row.ip_hash,
    userAgent: row.user_agent,
    spam: row.spam,
    ...(row.erased_at ? { erasedAt: row.erased_at.toISOString() } : {}),
  };
}

/** Where the store points, without the password: safe for logs and error messages. */
export function describePostgresUrl(connectionString: string): string {
  try {
    const url = new URL(connectionString);
    return `${url.hostname || 'localhost'}:${url.port || '5432'}${url.pathname || '/'}`;
  } catch {
    return 'PostgreSQL (unparsable DATABASE_URL)';
  }
}

export async function runPostgresMigrations(client: pg.ClientBase, migrations: readonly Migration[]): Promise<void> {
  migrations.forEach((m, i) => {
    if (i > 0 && m.version <= migrations[i - 1]!.version) throw new Error('Migrations must have increasing version numbers.');
  });
  await client.query('BEGIN');
  try {
    // Transaction-scoped: released by COMMIT or ROLLBACK, and by the server if this process dies.
    // A second process starting at the same moment waits here, then finds everything applied.
    await client.query(`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`);
    // Created under the lock: two concurrent CREATE TABLE IF NOT EXISTS can still collide.
    await client.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version INTEGER PRIMARY KEY,
      name TEXT NOT NULL,
      applied_at TIMESTAMPTZ NOT NULL
    )`);
    const result = await client.query<{ version: number }>('SELECT version FROM schema_migrations');
    const applied = new Set(result.rows.map((r) => r.version));
    const newest = Math.max(0, ...applied);
    const known = migrations[migrations.length - 1]?.version ?? 0;
    if (newest > known) throw new Error(`Database schema version ${newest} is newer than this code (${known}).`);
    for (const m of migrations) {
      if (applied.has(m.version)) continue;
      await client.query(m.sql);
      await client.query('INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, now())', [m.version, m.name]);
    }
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  }
}

type Insertion = { stored: StoredLead } | { stored?: undefined; first: LeadRow & { idempotency_fingerprint: string | null } } | 'lost-race';

/**
 * Inserts a lead (and queues its notifications, given a transaction), or finds the lead that first
 * used its idempotency key. 'lost-race': that first attempt was rolled back between our conflict
 * and our read, so there is nothing to return and the caller tries again.
 */
async function insertOnce(
  db: pg.Pool | pg.ClientBase,
  values: unknown[],
  notifications: readonly PlannedNotification[] | null,
): Promise<Insertion> {
  const inserted = await db.query<LeadRow>(
    `INSERT INTO leads (${COLUMNS}, idempotency_fingerprint, search_text)
     VALUES ($1, $2::timestamptz, $3, $4, $5, $6::json, $7, $8, $9, $10, $11, $12)
     ON CONFLICT (endpoint, idempotency_key) DO NOTHING
     RETURNING ${COLUMNS}`,
    values,
  );
  const row = inserted.rows[0];
  if (row) {
    if (notifications) await outbox.enqueueJobs(db as pg.ClientBase, row.id, row.created_at.toISOString(), notifications);
    return { stored: toLead(row) };
  }
  const first = await db.query<LeadRow & { idempotency_fingerprint: string | null }>(
    `SELECT ${COLUMNS}, idempotency_fingerprint FROM leads WHERE endpoint = $1 AND idempotency_key = $2`,
    [values[2], values[6]],
  );
  return first.rows[0] ? { first: first.rows[0] } : 'lost-race';
}

async function inTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (err) {
    await client.query('ROLLBACK').catch((rollbackErr: Error) => {
      broken = rollbackErr;
    });
    throw err;
  } finally {
    // A connection whose rollback failed is dropped, not handed to the next caller mid-transaction.
    client.release(broken);
  }
}

export function createPostgresStore(options: PostgresStoreOptions): PostgresLeadStore {
  const {
    connectionString,
    maxConnections = 10,
    connectionTimeoutMs = 5000,
    statementTimeoutMs = 10_000,
    migrations = postgresMigrations,
    now = () => new Date(),
    log = (message, err) => console.error(message, err),
  } = options;
  const where = describePostgresUrl(connectionString);
  let pool: pg.Pool | null = null;
  let opening: Promise<void> | null = null;
  // One VACUUM at a time; close() waits for it.
  let vacuuming: Promise<void> = Promise.resolve();

  function open(): pg.Pool {
    if (!pool) throw new Error('The lead store is not open. Call init() first.');
    return pool;
  }

  function createPool(): pg.Pool {
    const p = new pg.Pool({
      connectionString,
      max: maxConnections,
      // pg waits forever for a connection by default; an unreachable database must fail fast.
      connectionTimeoutMillis: connectionTimeoutMs,
      idleTimeoutMillis: 30_000,
      statement_timeout: statementTimeoutMs,
      // Notices a silently dropped connection (failover, NAT timeout) instead of hanging on it.
      keepAlive: true,
      application_name: 'takedown-site',
    });
    // A database restart kills idle connections; without a listener the 'error' event would crash
    // the process. The pool has already discarded the client, the next query opens a fresh one.
    p.on('error', (err) => log(`PostgreSQL connection to ${where} failed while idle:`, err));
    return p;
  }

  async function migrate(p: pg.Pool): Promise<void> {
    const client = await p.connect();
    let broken: Error | undefined;
    try {
      await runPostgresMigrations(client, migrations);
    } catch (err) {
      // A connection that failed mid-transaction is not handed back to the pool for reuse.
      if (!(err instanceof pg.DatabaseError)) broken = err as Error;
      throw err;
    } finally {
      client.release(broken);
    }
  }

  /**
   * An erasure leaves the row's old version as a dead tuple (and its notes and jobs deleted but in
   * place) until VACUUM: run on the tables it touched, in the background, so the erased values are
   * unreachable soon rather than whenever autovacuum comes. docs/operators/security.md says what stays.
   */
  function vacuumAfterErase(): void {
    const p = pool;
    if (!p) return;
    vacuuming = vacuuming
      .then(() => p.query('VACUUM leads, lead_notes, outbox, notification_throttle'))
      .then(
        () => {},
        (err: unknown) => log(`VACUUM after an erasure failed on ${where}; autovacuum will clear the erased rows later:`, err),
      );
  }

  return {
    ...createPostgresInbox(open, (work) => inTransaction(open(), work), now, toInboxLead, vacuumAfterErase),

    async init() {
      if (pool) {
        await migrate(pool);
        return;
      }
      // Two overlapping init() calls share one pool instead of leaking the first.
      opening ??= (async () => {
        const p = createPool();
        try {
          await migrate(p);
        } catch (err) {
          await p.end().catch(() => {});
          if (err instanceof pg.DatabaseError) throw err;
          throw new Error(`Could not prepare the lead database at ${where}: ${(err as Error).message}`, { cause: err });
        }
        pool = p;
      })().finally(() => {
        opening = null;
      });
      await opening;
    },

    async insertLead(lead: NewLead) {
      const p = open();
      const formId = lead.formId ?? null;
      const key = lead.idempotencyKey ?? null;
      const fingerprint = key ? requestFingerprint(lead.endpoint, formId, lead.payload) : null;
      const values = [
        randomUUID(),
        now().toISOString(),
        lead.endpoint,
        lead.formType,
        formId,
        // Stringified here: pg would turn a top-level array into a PostgreSQL array, not JSON.
        JSON.stringify(lead.payload),
        key,
        lead.ipHash ?? null,
        lead.userAgent ?? null,
        lead.spam === true,
        fingerprint,
        searchText(lead.payload),
      ];
      // Each statement commits on its own (autocommit): once it returns, the lead is on disk. A
      // concurrent insert with the same key waits on the unique index until the first commits.
      // Normally one round trip; the loop only repeats if a concurrent first attempt with the
      // same key was rolled back between our conflict and our read, so there is nothing to return.
      const notifications = lead.notifications ?? [];
      for (let attempt = 0; attempt < 3; attempt++) {
        const outcome =
          notifications.length === 0
            ? await insertOnce(p, values, null)
            : await inTransaction(p, (c) => insertOnce(c, values, notifications));
        if (outcome === 'lost-race') continue;
        if (outcome.stored) return outcome.stored;
        const row = outcome.first;
        const holder = { endpoint: row.endpoint, formId: row.form_id, payload: row.payload, fingerprint: row.idempotency_fingerprint };
        if (isSameRequest(holder, fingerprint!, formId)) return toLead(row);
        throw new IdempotencyKeyReused(lead.endpoint);
      }
      throw new Error(`Could not store the lead with idempotency key "${key}".`);
    },

    async importLeads(leads) {
      return inTransaction(open(), async (client) => {
        let added = 0;
        for (const lead of leads) {
          const result = await client.query(
            `INSERT INTO leads (${COLUMNS}, idempotency_fingerprint, search_text, erased_at)
             VALUES ($1, $2::timestamptz, $3, $4, $5, $6::json, $7, $8, $9, $10, $11, $12, $13::timestamptz)
             ON CONFLICT DO NOTHING`,
            [
              lead.id,
              lead.createdAt,
              lead.endpoint,
              lead.formType,
              lead.formId,
              JSON.stringify(lead.payload),
              lead.idempotencyKey,
              lead.ipHash,
              lead.userAgent,
              lead.spam,
              lead.idempotencyKey ? requestFingerprint(lead.endpoint, lead.formId, lead.payload) : null,
              searchText(lead.payload),
              lead.erasedAt ?? null,
            ],
          );
          added += result.rowCount ?? 0;
        }
        return added;
      });
    },

    async listLeads(opts: ListLeadsOptions = {}) {
      const p = open();
      const result = opts.since
        ? await p.query<LeadRow>(`SELECT ${LIST_COLUMNS} FROM leads WHERE created_at >= $1::timestamptz ORDER BY created_at, seq`, [
            opts.since.toISOString(),
          ])
        : await p.query<LeadRow>(`SELECT ${LIST_COLUMNS} FROM leads ORDER BY created_at, seq`);
      return result.rows.map(toLead);
    },

    async claimJobs({ limit, leaseMs, channels }) {
      const p = open();
      return outbox.claimJobs(
        p,
        now(),
        limit,
        leaseMs,
        async (ids) => {
          const result = await p.query<LeadRow>(`SELECT ${COLUMNS} FROM leads WHERE id = ANY($1::uuid[])`, [ids]);
          return new Map(result.rows.map((r) => [r.id, toLead(r)]));
        },
        channels,
      );
    },

    async finishJobs(outcomes) {
      await outbox.finishJobs(open(), now(), outcomes);
    },

    async listJobs(opts = {}) {
      return outbox.listJobs(open(), opts.status ?? ['pending', 'dead']);
    },

    async requeueJob(id) {
      return outbox.requeueJob(open(), now(), id);
    },

    async ping() {
      await open().query('SELECT 1');
    },

    async close() {
      const p = pool;
      await vacuuming;
      pool = null;
      // Waits for queries in flight, so a graceful shutdown does not cut off a lead being stored.
      await p?.end();
    },

    async appliedMigrations() {
      const result = await open().query<{ version: number }>('SELECT version FROM schema_migrations ORDER BY version');
      return result.rows.map((r) => r.version);
    },
  };
}
