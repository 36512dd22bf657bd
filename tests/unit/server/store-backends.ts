/**
 * The two store backends as the contract tests use them: a fresh database per test, raw access for
 * checks the store's API cannot express, and the real PostgreSQL server started once per file.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';
import { createPostgresStore, migratePostgres } from '../../../server/store/postgres';
import { createSqliteStore, migrateSqliteFile } from '../../../server/store/sqlite';
import type { LeadStore } from '../../../server/store/types';
import { findPostgres, startLocalPostgres, type LocalPostgres } from '../../support/postgres';
import { MIGRATED_DATABASE } from '../../support/postgres-template';

/** One empty database of a backend, plus raw access for checks the LeadStore API cannot express. */
export interface Target {
  open(now?: () => Date): LeadStore;
  /** Applies the migrations up to `version` only: the database as an earlier release left it. */
  migrateTo(version: number): Promise<void>;
  appliedVersions(): Promise<number[]>;
  /** Runs SQL directly; used to fake a database migrated by newer code. */
  exec(sql: string): Promise<void>;
  /** The first column of the first row of a query, as a number: a count the store's API does not give. */
  count(sql: string): Promise<number>;
  /** Every table the database has, with its column names. */
  columns(): Promise<Record<string, string[]>>;
  dispose(): Promise<void>;
}

export interface Backend {
  name: string;
  /** Where each test's database lives, for the test names. */
  where: string;
  /** Why this backend cannot run here; the suite is skipped with this reason printed. */
  skipReason: string | null;
  setUp(): Promise<void>;
  tearDown(): Promise<void>;
  /**
   * A new database: empty, or (`migrated`) as the store's `init()` leaves an empty one. PostgreSQL
   * copies the run's migrated template database; SQLite's migrations take milliseconds, so its
   * store migrates a new file either way.
   */
  freshTarget(options?: { migrated?: boolean }): Promise<Target>;
}

export const sqliteBackend: Backend = {
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
      migrateTo: (version) => migrateSqliteFile(file, version),
      appliedVersions: async () =>
        withDb((db) => db.prepare('SELECT version FROM schema_migrations ORDER BY version').pluck().all() as number[]),
      exec: async (sql) => withDb((db) => void db.exec(sql)),
      count: async (sql) => withDb((db) => Number(db.prepare(sql).pluck().get())),
      columns: async () =>
        withDb((db) => {
          const tables = db
            .prepare("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
            .pluck()
            .all() as string[];
          return Object.fromEntries(
            tables.map((t) => [t, (db.prepare('SELECT name FROM pragma_table_info(?)').pluck().all(t) as string[]).sort()]),
          );
        }),
      dispose: async () => rmSync(dir, { recursive: true, force: true }),
    };
  },
};

// Found (and installed if need be) at collection time, so the skip decision and reason are known up front.
const found = await findPostgres();
let server: LocalPostgres | undefined;

export const postgresBackend: Backend = {
  name: 'PostgreSQL',
  where: 'on a throwaway local server',
  skipReason: found.available ? null : found.reason,
  async setUp() {
    // The integration run's global setup made the data directory, with a migrated database in it.
    const dataTemplate = inject('postgresDataTemplate');
    if (!dataTemplate)
      throw new Error("No PostgreSQL template: tests/support/postgres-template.ts runs as the integration project's global setup.");
    server = await startLocalPostgres(found, { dataTemplate });
  },
  async tearDown() {
    await server?.destroy();
  },
  async freshTarget({ migrated = false } = {}) {
    const url = await server!.createDatabase('contract', migrated ? MIGRATED_DATABASE : undefined);
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
      migrateTo: (version) => migratePostgres(url, version),
      appliedVersions: () =>
        withClient(async (c) =>
          (await c.query<{ version: number }>('SELECT version FROM schema_migrations ORDER BY version')).rows.map((r) => r.version),
        ),
      exec: (sql) => withClient(async (c) => void (await c.query(sql))),
      count: (sql) => withClient(async (c) => Number(Object.values((await c.query(sql)).rows[0] as object)[0])),
      columns: () =>
        withClient(async (c) => {
          const { rows } = await c.query<{ table_name: string; column_name: string }>(
            "SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = 'public' ORDER BY table_name, column_name",
          );
          const tables: Record<string, string[]> = {};
          for (const r of rows) (tables[r.table_name] ??= []).push(r.column_name);
          return tables;
        }),
      dispose: async () => {},
    };
  },
};

export const backends = [sqliteBackend, postgresBackend].map((b) => [b.name, b] as const);

/**
 * Inside a describe: starts the backend for the file and gives each test a new database, so no
 * test sees another's leads. `store()` opens (and initialises) a store on the test's database: a
 * migrated one when the test asks for a store first, an empty one when it asks for `target()` first
 * (to run the migrations itself).
 */
export function useFreshStores(backend: Backend) {
  const state: { target?: Target; opened: LeadStore[] } = { opened: [] };
  // Starting a real PostgreSQL server (initdb + start) takes a second or two.
  beforeAll(() => backend.setUp(), 60_000);
  afterAll(() => backend.tearDown(), 30_000);
  afterEach(async () => {
    await Promise.all(state.opened.splice(0).map((s) => s.close()));
    await state.target?.dispose();
    state.target = undefined;
  });
  return {
    async store(now?: () => Date): Promise<LeadStore> {
      state.target ??= await backend.freshTarget({ migrated: true });
      const s = state.target.open(now);
      state.opened.push(s);
      await s.init();
      return s;
    },
    /** The test's database, for raw access; created on first use. */
    async target(): Promise<Target> {
      state.target ??= await backend.freshTarget();
      return state.target;
    },
    /** Hands the test's database over to the test (which disposes of it); the next store() opens a new one. */
    detach(): Target | undefined {
      const target = state.target;
      state.target = undefined;
      return target;
    },
    /** Stores opened by hand on the test's database, closed after the test. */
    track(...stores: LeadStore[]): void {
      state.opened.push(...stores);
    },
  };
}
