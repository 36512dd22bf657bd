import type pg from 'pg';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { insertLead, leadRow } from './leads';
import { migrationsFor, runMigrations, type Migration } from './migrations';
import type { Schema, StoreDialect } from './schema';
import { sharedStore } from './store';
import { describePostgresUrl } from './store-choice';
import type { LeadStore, NewLead } from './types';

export interface PostgresStoreOptions {
  /** e.g. `postgresql://user:password@db.internal:5432/leads?sslmode=require` */
  connectionString: string;
  /** Most connections the pool opens; each server process has its own pool. */
  maxConnections?: number;
  /** How long a query waits for a connection before failing, so an outage answers 503 instead of hanging. */
  connectionTimeoutMs?: number;
  /** Server-side limit per statement; a stuck query must not hold a visitor's request forever. */
  statementTimeoutMs?: number;
  /** Clock for `createdAt`; injectable so tests can control time. */
  now?: () => Date;
  /** Where pool problems are reported; defaults to console.error. */
  log?: (message: string, err: unknown) => void;
}

export interface PostgresLeadStore extends LeadStore {
  /** The versions recorded in schema_migrations; for diagnostics and tests. */
  appliedMigrations(): Promise<number[]>;
}

// One key per kind of work (see StoreLock); hashing a name keeps it readable in pg_locks and
// unlikely to collide with locks taken by other applications sharing the database.
/** The key's first lead was rolled back between our conflict and our read: try again. */
class RetryInsert extends Error {}

const LOCK_PREFIX = 'takedown-site:lead-store:';

/** PostgreSQL's spelling of what differs between the backends (see StoreDialect). */
function postgresDialect(afterErase: () => Promise<void> = async () => {}): StoreDialect {
  return {
    kind: 'postgres',
    ddl: {
      time: 'TIMESTAMPTZ',
      uuid: 'UUID',
      bigint: 'BIGINT',
      bytes: 'BYTEA',
      json: () => 'JSON NOT NULL',
      bool: (_column, fallback) => `BOOLEAN NOT NULL DEFAULT ${fallback ? 'TRUE' : 'FALSE'}`,
      serial: 'BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY',
      table: '',
      scratchTable: 'UNLOGGED TABLE',
    },
    // Without parameters pg sends the simple query protocol, which takes several statements.
    execScript: async (trx, script) => void (await sql.raw(script).execute(trx)),
    // Transaction-scoped: released by COMMIT or ROLLBACK, and by the server if this process dies.
    holdLock: async (trx, lock) =>
      void (await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`${LOCK_PREFIX}${lock}`}, 0))`.execute(trx)),
    lockRows: (qb) => qb.forUpdate(),
    skipLocked: (qb) => qb.forUpdate().skipLocked(),
    insertionOrder: 'seq',
    // Each term is letters and digits only (see words()), so it cannot carry a tsquery operator.
    searchQuery: (terms) => terms.map((t) => `${t}:*`).join(' & '),
    matches: (query) => sql<boolean>`search @@ to_tsquery('simple', ${query})`,
    fieldIs: (field, value) => sql<boolean>`payload ->> ${sql.lit(field)} = ${value}`,
    textList: (values) => [...values],
    textRows: (list) => sql<{ value: string }>`(SELECT unnest(${list}::text[]) AS value)`.as('k'),
    afterErase,
  };
}

/** The PostgreSQL spelling of the migrations. */
export const postgresMigrations = migrationsFor('postgres', postgresDialect().ddl);

/** The pg driver, imported when a PostgreSQL store first opens: a server on SQLite never loads it. */
async function postgresDriver(): Promise<typeof pg> {
  return (await import('pg')).default;
}

/** Brings a database to `version` (all migrations by default): the database as that release left it. */
export async function migratePostgres(
  connectionString: string,
  version = Infinity,
  migrations: readonly Migration[] = postgresMigrations,
): Promise<void> {
  const { Pool } = await postgresDriver();
  const db = new Kysely<Schema>({ dialect: new PostgresDialect({ pool: new Pool({ connectionString, max: 1 }) }) });
  try {
    await runMigrations(
      db,
      postgresDialect(),
      migrations.filter((m) => m.version <= version),
    );
  } finally {
    await db.destroy();
  }
}

export function createPostgresStore(options: PostgresStoreOptions): PostgresLeadStore {
  const {
    connectionString,
    maxConnections = 10,
    connectionTimeoutMs = 5000,
    statementTimeoutMs = 10_000,
    now = () => new Date(),
    log = (message, err) => console.error(message, err),
  } = options;
  const where = describePostgresUrl(connectionString);
  let opened: { pool: pg.Pool; db: Kysely<Schema> } | null = null;
  let opening: Promise<void> | null = null;
  // One VACUUM at a time; close() waits for it.
  let vacuuming: Promise<void> = Promise.resolve();

  function open() {
    if (!opened) throw new Error('The lead store is not open. Call init() first.');
    return opened;
  }

  function createPool(driver: typeof pg): pg.Pool {
    const p = new driver.Pool({
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
    // Kysely holds a connection for a whole transaction without listening on it, so a connection
    // dropped between two statements would emit an 'error' nobody hears and end the process. The
    // statement that then runs on it fails and reports the failure; the pool discards it on release.
    p.on('connect', (client) => client.on('error', () => {}));
    return p;
  }

  /**
   * An erasure leaves the row's old version as a dead tuple (and its notes and jobs deleted but in
   * place) until VACUUM: run on the tables it touched, in the background, so the erased values are
   * unreachable soon rather than whenever autovacuum comes. docs/operators/security.md says what stays.
   */
  async function vacuumAfterErase(): Promise<void> {
    const p = opened?.pool;
    if (!p) return;
    vacuuming = vacuuming
      .then(() => p.query('VACUUM leads, lead_notes, outbox, notification_throttle, evidence_files'))
      .then(
        () => {},
        (err: unknown) => log(`VACUUM after an erasure failed on ${where}; autovacuum will clear the erased rows later:`, err),
      );
  }

  const dialect = postgresDialect(vacuumAfterErase);

  const shared = sharedStore(() => open().db, dialect, now);

  return {
    ...shared,

    async init() {
      if (opened) {
        await runMigrations(opened.db, dialect, postgresMigrations);
        return;
      }
      // Two overlapping init() calls share one pool instead of leaking the first.
      opening ??= (async () => {
        const driver = await postgresDriver();
        const pool = createPool(driver);
        const db = new Kysely<Schema>({ dialect: new PostgresDialect({ pool }) });
        try {
          await runMigrations(db, dialect, postgresMigrations);
        } catch (err) {
          await db.destroy().catch(() => {});
          if (err instanceof driver.DatabaseError || (err as Error).message.includes('newer than this code')) throw err;
          throw new Error(`Could not prepare the lead database at ${where}: ${(err as Error).message}`, { cause: err });
        }
        opened = { pool, db };
      })().finally(() => {
        opening = null;
      });
      await opening;
    },

    leads: {
      ...shared.leads,
      insertLead: async (lead: NewLead) => {
        const { db } = open();
        const row = leadRow(lead, now);
        // Without notifications the insert commits on its own (autocommit): once it returns, the lead
        // is on disk. A concurrent insert with the same key waits on the unique index until the first
        // commits. Normally one round trip; the loop only repeats if a concurrent first attempt with
        // the same key was rolled back between our conflict and our read.
        // A form token and a proof-of-work challenge are spent in the lead's own transaction: a lead that fails to commit leaves them good for a retry.
        const notifications = lead.notifications ?? [];
        const token = lead.formToken ?? null;
        const challenge = lead.challenge ?? null;
        for (let attempt = 0; attempt < 3; attempt++) {
          const outcome =
            notifications.length === 0 && token === null && challenge === null
              ? await insertLead(db, row, notifications)
              : await db
                  .transaction()
                  .execute(async (trx) => {
                    const written = await insertLead(trx, row, notifications, token, challenge);
                    // Rolled back, so the token spent in it is good again for the next attempt.
                    if (written === null) throw new RetryInsert();
                    return written;
                  })
                  .catch((err: unknown) => (err instanceof RetryInsert ? null : Promise.reject(err)));
          if (outcome instanceof Error) throw outcome;
          if (outcome) return outcome;
        }
        throw new Error(`Could not store the lead with idempotency key "${row.idempotency_key}".`);
      },
    },

    async close() {
      const current = opened;
      await vacuuming;
      opened = null;
      // Waits for queries in flight, so a graceful shutdown does not cut off a lead being stored.
      await current?.db.destroy();
    },

    async appliedMigrations() {
      const rows = await open().db.selectFrom('schema_migrations').select('version').orderBy('version').execute();
      return rows.map((r) => r.version);
    },
  };
}
