import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import { dirname, resolve as resolvePath } from 'node:path';
import Database from 'better-sqlite3';
import { CompiledQuery, Kysely, SqliteDialect, sql, type DatabaseConnection, type Driver, type QueryResult } from 'kysely';
import { insertLead, leadRow, type LeadRow } from './leads';
import { migrationsFor, runMigrations, type Migration } from './migrations';
import type { Schema, StoreDialect } from './schema';
import { sharedStore } from './store';
import { FormTokenSpent, IdempotencyKeyReused } from './types';
import type { LeadStore, NewLead, PlannedNotification, StoredLead } from './types';

export interface SqliteStoreOptions {
  /** Database file path, or `:memory:`. */
  file: string;
  busyTimeoutMs?: number;
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
/** Statements kept prepared: every query the store makes, with room for the list's filter combinations. */
const STATEMENT_CACHE = 256;

/**
 * The one connection, its statements prepared once and kept (Kysely's own SQLite driver prepares
 * every query anew, which costs more than running it), values bound as SQLite takes them (booleans
 * as 0/1, dates as ISO text), and every transaction IMMEDIATE: it takes the write lock up front,
 * so a busy database fails before any row is written and a read never has to be upgraded.
 */
class SqliteConnection implements DatabaseConnection {
  private readonly statements = new Map<string, Database.Statement>();
  constructor(readonly db: Database.Database) {}

  private prepare(text: string): Database.Statement {
    let statement = this.statements.get(text);
    if (statement) return statement;
    statement = this.db.prepare(text);
    if (this.statements.size >= STATEMENT_CACHE) this.statements.delete(this.statements.keys().next().value!);
    this.statements.set(text, statement);
    return statement;
  }

  async executeQuery<R>({ sql: text, parameters }: CompiledQuery): Promise<QueryResult<R>> {
    const statement = this.prepare(text);
    const values = parameters.map((v) => (typeof v === 'boolean' ? Number(v) : v instanceof Date ? v.toISOString() : v));
    if (statement.reader) return { rows: statement.all(values) as R[] };
    const { changes } = statement.run(values);
    return { numAffectedRows: BigInt(changes), rows: [] };
  }

  // eslint-disable-next-line require-yield
  async *streamQuery(): AsyncIterableIterator<QueryResult<never>> {
    throw new Error('The lead store does not stream from SQLite.');
  }
}

/** Hands the one connection to one caller at a time, in the order they asked. */
class Turns {
  private last: Promise<void> = Promise.resolve();
  private release: () => void = () => {};

  async take(): Promise<void> {
    const before = this.last;
    let release!: () => void;
    this.last = new Promise((resolve) => (release = resolve));
    await before;
    this.release = release;
  }

  give(): void {
    this.release();
  }
}

/**
 * Every store in this process on one file takes turns. A transaction holds SQLite's write lock
 * across awaits; another connection of the same process asking for it would wait (busy_timeout)
 * synchronously, blocking the very thread that would finish the first transaction.
 */
const turnsByFile = new Map<string, Turns>();

class SqliteDriver implements Driver {
  private readonly connection: SqliteConnection;
  private readonly turns: Turns;

  constructor(db: Database.Database, file: string) {
    this.connection = new SqliteConnection(db);
    const key = resolvePath(file);
    this.turns = (file !== ':memory:' && turnsByFile.get(key)) || new Turns();
    if (file !== ':memory:') turnsByFile.set(key, this.turns);
  }

  async init() {}

  async acquireConnection() {
    await this.turns.take();
    return this.connection;
  }

  async releaseConnection() {
    this.turns.give();
  }

  async beginTransaction(c: DatabaseConnection) {
    await c.executeQuery(CompiledQuery.raw('BEGIN IMMEDIATE'));
  }

  async commitTransaction(c: DatabaseConnection) {
    await c.executeQuery(CompiledQuery.raw('COMMIT'));
  }

  async rollbackTransaction(c: DatabaseConnection) {
    await c.executeQuery(CompiledQuery.raw('ROLLBACK'));
  }

  async destroy() {
    this.connection.db.close();
  }
}

class StoreSqliteDialect extends SqliteDialect {
  constructor(
    private readonly db: Database.Database,
    private readonly file: string,
  ) {
    super({ database: db });
  }

  override createDriver(): Driver {
    return new SqliteDriver(this.db, this.file);
  }
}

/** SQLite's spelling of what differs between the backends (see StoreDialect). */
function sqliteDialect(open: () => { raw: Database.Database; db: Kysely<Schema> } | null): StoreDialect {
  /**
   * Copies the WAL into the database and empties it. A reader (a backup, say) holding an older
   * snapshot makes it stop short; it is tried again a few times, a second apart.
   */
  const checkpoint = async (triesLeft: number): Promise<void> => {
    const current = open();
    if (!current) return;
    const { rows } = await sql<{ busy: number }>`PRAGMA wal_checkpoint(TRUNCATE)`.execute(current.db);
    if (rows[0]?.busy && triesLeft > 1) setTimeout(() => void checkpoint(triesLeft - 1).catch(() => {}), 1000).unref();
  };
  return {
    kind: 'sqlite',
    ddl: {
      time: 'TEXT',
      uuid: 'TEXT',
      bigint: 'INTEGER',
      bytes: 'BLOB',
      json: (column) => `TEXT NOT NULL CHECK (json_valid(${column}))`,
      bool: (column, fallback) => `INTEGER NOT NULL DEFAULT ${fallback ? 1 : 0} CHECK (${column} IN (0, 1))`,
      serial: 'INTEGER PRIMARY KEY',
      table: ' STRICT',
      scratchTable: 'TABLE',
    },
    // Called inside the migration's transaction, which holds the one connection; better-sqlite3's
    // exec runs a script of several statements (Kysely's prepare takes one).
    async execScript(_trx, script) {
      open()!.raw.exec(script);
    },
    // The migration's IMMEDIATE transaction holds the database's one write lock.
    async holdLock() {},
    lockRows: (qb) => qb,
    skipLocked: (qb) => qb,
    insertionOrder: 'rowid',
    // Each term is letters and digits only (see words()), so quoting it is all FTS5 needs.
    searchQuery: (terms) => terms.map((t) => `"${t}"*`).join(' '),
    matches: (query) => sql<boolean>`id IN (SELECT lead_id FROM leads_search WHERE leads_search MATCH ${query})`,
    fieldIs: (field, value) => sql<boolean>`json_extract(payload, ${sql.lit(`$.${field}`)}) = ${value}`,
    textList: (values) => JSON.stringify(values),
    textRows: (list) => sql<{ value: string }>`(SELECT value FROM json_each(${list}))`.as('k'),
    // The pages as they were before the erasure are still in the -wal file until it is checkpointed.
    afterErase: () => checkpoint(5),
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

/** The SQLite spelling of the migrations. */
export const sqliteMigrations = migrationsFor('sqlite', sqliteDialect(() => null).ddl);

/** Opens the file with the store's settings: the Kysely instance and the connection under it. */
function openDatabase(file: string, busyTimeoutMs: number) {
  if (file !== ':memory:') createPrivateFile(file);
  const raw = new Database(file);
  try {
    // Set before migrating so a concurrent starter waits instead of failing with SQLITE_BUSY.
    raw.pragma(`busy_timeout = ${Math.trunc(busyTimeoutMs)}`);
    raw.pragma('journal_mode = WAL');
    // FULL: a lead acknowledged to a visitor must survive a power cut.
    raw.pragma('synchronous = FULL');
    raw.pragma('foreign_keys = ON');
    // Deleted and overwritten content is zeroed on its page, so an erased lead leaves no bytes behind.
    raw.pragma('secure_delete = ON');
  } catch (err) {
    raw.close();
    throw err;
  }
  return { raw, db: new Kysely<Schema>({ dialect: new StoreSqliteDialect(raw, file) }) };
}

/** Brings a database file to `version` (all migrations by default): the file as that release left it. */
export async function migrateSqliteFile(
  file: string,
  version = Infinity,
  migrations: readonly Migration[] = sqliteMigrations,
): Promise<void> {
  const opened = openDatabase(file, 5000);
  try {
    await runMigrations(
      opened.db,
      sqliteDialect(() => opened),
      migrations.filter((m) => m.version <= version),
    );
  } finally {
    await opened.db.destroy();
  }
}

/** One queued lead's outcome inside a batch. */
type Written = StoredLead | IdempotencyKeyReused | FormTokenSpent;

interface Waiter {
  row: LeadRow;
  notifications: readonly PlannedNotification[];
  token: NewLead['formToken'];
  challenge: NewLead['challenge'];
  resolve(lead: StoredLead): void;
  reject(err: unknown): void;
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
  const { file, busyTimeoutMs = 5000, now = () => new Date(), maxBatch = DEFAULT_MAX_BATCH } = options;
  let opened: { raw: Database.Database; db: Kysely<Schema> } | null = null;
  let queue: Waiter[] = [];
  let flushing: Promise<void> | null = null;
  let batches = 0;
  const dialect = sqliteDialect(() => opened);

  function open() {
    if (!opened) throw new Error('The lead store is not open. Call init() first.');
    return opened;
  }

  /** Writes everything queued so far, maxBatch leads per transaction. */
  async function flush(): Promise<void> {
    for (;;) {
      // Cleared in the same turn as the queue is found empty: an insert made after it schedules a new flush.
      if (queue.length === 0) {
        flushing = null;
        return;
      }
      const batch = queue.slice(0, maxBatch);
      queue = queue.slice(batch.length);
      let stored: Written[];
      try {
        const { db } = open();
        batches += 1;
        stored = await db.transaction().execute(async (trx) => {
          const written: Written[] = [];
          // The write lock makes the key's first lead visible here: insertLead never loses a race on SQLite.
          for (const w of batch) written.push((await insertLead(trx, w.row, w.notifications, w.token, w.challenge))!);
          return written;
        });
      } catch (err) {
        // The transaction rolled back: none of these leads is stored, so none may be acknowledged.
        for (const w of batch) w.reject(err);
        continue;
      }
      batch.forEach((w, i) => {
        const written = stored[i]!;
        if (written instanceof IdempotencyKeyReused || written instanceof FormTokenSpent) w.reject(written);
        else w.resolve(written);
      });
    }
  }

  const shared = sharedStore(() => open().db, dialect, now);

  return {
    ...shared,

    async init() {
      const current = opened ?? openDatabase(file, busyTimeoutMs);
      try {
        await runMigrations(
          current.db,
          sqliteDialect(() => current),
          sqliteMigrations,
        );
      } catch (err) {
        if (!opened) await current.db.destroy();
        throw err;
      }
      opened = current;
    },

    leads: {
      ...shared.leads,
      insertLead: async (lead: NewLead) => {
        open();
        const row = leadRow(lead, now);
        return new Promise<StoredLead>((resolve, reject) => {
          queue.push({
            row,
            notifications: lead.notifications ?? [],
            token: lead.formToken ?? null,
            challenge: lead.challenge ?? null,
            resolve,
            reject,
          });
          // After the current turn's I/O callbacks, so every request that arrived with this one joins its batch.
          flushing ??= new Promise<void>((resolve) => setImmediate(resolve)).then(flush);
        });
      },
    },

    async close() {
      // Leads already accepted are written (or rejected) before the connection goes away.
      await flushing;
      const current = opened;
      opened = null;
      await current?.db.destroy();
    },

    pragma(name: string) {
      return open().raw.pragma(name, { simple: true });
    },

    get batches() {
      return batches;
    },
  };
}
