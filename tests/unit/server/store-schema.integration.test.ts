/**
 * The hand-written `Schema` (server/store/schema.ts), which types every query, says what the
 * migrations make: the same tables, the same columns, and NULL allowed exactly where the type
 * lets a query read null. Checked on both dialects, from the migrated databases themselves.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createPostgresStore } from '../../../server/store/postgres';
import { createSqliteStore } from '../../../server/store/sqlite';
import { findPostgres, startLocalPostgres, type LocalPostgres } from '../../support/postgres';

const SCHEMA_FILE = join(import.meta.dirname, '../../../server/store/schema.ts');

/** table → column → whether a select can read null */
type Shape = Record<string, Record<string, boolean>>;

/** Reads `interface Schema` with the type checker: each table's columns, and whether each one's select type holds null. */
function declaredShape(): Shape {
  const program = ts.createProgram([SCHEMA_FILE], { strict: true, noEmit: true, skipLibCheck: true });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(SCHEMA_FILE)!;
  const schema = source.statements.find((s): s is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(s) && s.name.text === 'Schema');
  if (!schema) throw new Error('server/store/schema.ts declares no interface Schema');
  // Kysely's ColumnType<Select, Insert, Update> keeps the select type in `__select__`; a plain type is its own.
  const selectable = (type: ts.Type): ts.Type[] =>
    type.isUnion()
      ? type.types.flatMap(selectable)
      : type.getProperty('__select__')
        ? selectable(checker.getTypeOfSymbol(type.getProperty('__select__')!))
        : [type];
  const shape: Shape = {};
  for (const table of checker.getTypeAtLocation(schema).getProperties()) {
    const columns: Record<string, boolean> = {};
    for (const column of checker.getTypeOfSymbol(table).getProperties()) {
      columns[column.name] = selectable(checker.getTypeOfSymbol(column)).some((t) => (t.flags & ts.TypeFlags.Null) !== 0);
    }
    shape[table.name] = columns;
  }
  return shape;
}

const sorted = (shape: Shape): Shape =>
  Object.fromEntries(
    Object.keys(shape)
      .sort()
      .map((t) => [
        t,
        Object.fromEntries(
          Object.keys(shape[t]!)
            .sort()
            .map((c) => [c, shape[t]![c]!]),
        ),
      ]),
  );

/**
 * What a dialect keeps for itself, reached only through its StoreDialect (raw SQL) and so not typed
 * by Schema: SQLite's full-text index of leads (an FTS5 table and the shadow tables FTS5 makes for
 * it), PostgreSQL's text-search column and the identity that orders leads (SQLite uses its rowid).
 */
const DIALECT_ONLY = {
  sqlite: { tables: ['leads_search', ...['config', 'content', 'data', 'docsize', 'idx'].map((s) => `leads_search_${s}`)], columns: [] },
  postgres: { tables: [], columns: ['leads.search', 'leads.seq'] },
} as const;

/** The shape less what the dialect keeps for itself; each of those must be there, or the list is stale. */
function withoutDialectOnly(shape: Shape, only: { tables: readonly string[]; columns: readonly string[] }): Shape {
  const rest = structuredClone(shape);
  for (const table of only.tables) {
    expect(rest, `the migrations no longer make ${table}`).toHaveProperty([table]);
    delete rest[table];
  }
  for (const column of only.columns) {
    const [table, name] = column.split('.') as [string, string];
    expect(rest[table], `the migrations no longer make ${column}`).toHaveProperty([name]);
    delete rest[table]![name];
  }
  return rest;
}

let declared: Shape;
// The type checker reads schema.ts and Kysely's types: seconds on a busy machine, not a hang.
beforeAll(() => {
  declared = declaredShape();
}, 120_000);

describe('the store Schema against the migrated SQLite database', () => {
  let dir: string;
  beforeAll(() => void (dir = mkdtempSync(join(tmpdir(), 'store-schema-'))));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('names every table and column the migrations make, each nullable exactly where its type reads null', async () => {
    const file = join(dir, 'leads.sqlite');
    const store = createSqliteStore({ file });
    await store.init();
    await store.close();
    const db = new Database(file, { readonly: true });
    const tables = db
      .prepare("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
      .all()
      .map((r) => (r as { name: string }).name);
    const actual: Shape = {};
    for (const table of tables) {
      const columns = db.prepare(`SELECT name, "notnull", pk FROM pragma_table_info(?)`).all(table) as {
        name: string;
        notnull: number;
        pk: number;
      }[];
      // SQLite lets a non-integer PRIMARY KEY hold NULL unless it says NOT NULL; our keys are never written null.
      actual[table] = Object.fromEntries(columns.map((c) => [c.name, c.notnull === 0 && c.pk === 0]));
    }
    db.close();
    expect(tables.length).toBeGreaterThan(10);
    expect(sorted(withoutDialectOnly(actual, DIALECT_ONLY.sqlite))).toEqual(sorted(declared));
  });
});

const found = await findPostgres();

describe.skipIf(!found.available)('the store Schema against the migrated PostgreSQL database', { timeout: 60_000 }, () => {
  let server: LocalPostgres;
  beforeAll(async () => {
    server = await startLocalPostgres(found, { dataTemplate: inject('postgresDataTemplate') });
  }, 60_000);
  afterAll(() => server?.destroy(), 30_000);

  it('names every table and column the migrations make, each nullable exactly where its type reads null', async () => {
    const url = await server.createDatabase('schema');
    const store = createPostgresStore({ connectionString: url });
    await store.init();
    await store.close();
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query<{ table_name: string; column_name: string; is_nullable: 'YES' | 'NO' }>(
        "SELECT table_name, column_name, is_nullable FROM information_schema.columns WHERE table_schema = 'public'",
      );
      const actual: Shape = {};
      for (const row of rows) (actual[row.table_name] ??= {})[row.column_name] = row.is_nullable === 'YES';
      expect(Object.keys(actual).length).toBeGreaterThan(10);
      expect(sorted(withoutDialectOnly(actual, DIALECT_ONLY.postgres))).toEqual(sorted(declared));
    } finally {
      await client.end();
    }
  });
});
