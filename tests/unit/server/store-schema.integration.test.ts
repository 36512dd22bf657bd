/**
 * The hand-written `Schema` (server/store/schema.ts), which types every query, against the tables
 * the migrations really make, on both backends: a column added by a migration and not typed, or
 * typed and never made, fails here rather than in a query at run time.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { backends, useFreshStores } from './store-backends';

const SCHEMA_FILE = join(import.meta.dirname, '../../../server/store/schema.ts');

/** Each table of `interface Schema` with its column names, read from the source as the compiler sees it. */
function typedTables(): Record<string, string[]> {
  const source = ts.createSourceFile(SCHEMA_FILE, readFileSync(SCHEMA_FILE, 'utf8'), ts.ScriptTarget.Latest, true);
  const interfaces = new Map<string, ts.InterfaceDeclaration>();
  source.forEachChild((node) => {
    if (ts.isInterfaceDeclaration(node)) interfaces.set(node.name.text, node);
  });
  const names = (members: ts.NodeArray<ts.TypeElement>) =>
    members.flatMap((m) => (ts.isPropertySignature(m) && m.name && ts.isIdentifier(m.name) ? [m.name.text] : [])).sort();
  const tables: Record<string, string[]> = {};
  for (const member of interfaces.get('Schema')!.members) {
    if (!ts.isPropertySignature(member) || !member.type || !ts.isIdentifier(member.name)) continue;
    const type = member.type;
    if (ts.isTypeLiteralNode(type)) tables[member.name.text] = names(type.members);
    else if (ts.isTypeReferenceNode(type) && ts.isIdentifier(type.typeName)) {
      const declared = interfaces.get(type.typeName.text);
      if (!declared) throw new Error(`Schema.${member.name.text} names ${type.typeName.text}, which schema.ts does not declare`);
      tables[member.name.text] = names(declared.members);
    } else throw new Error(`Schema.${member.name.text} is neither a type literal nor an interface of schema.ts`);
  }
  return tables;
}

/**
 * What each backend has that queries never name through Schema, on purpose: SQLite's FTS5 table and
 * its shadow tables (kept by triggers); PostgreSQL's generated tsvector (read only in raw SQL) and
 * `seq`, its insertion order, named through StoreDialect.insertionOrder as SQLite's rowid is.
 */
const UNTYPED: Record<string, { tables: RegExp | null; columns: Record<string, string[]> }> = {
  SQLite: { tables: /^leads_search(_\w+)?$/, columns: {} },
  PostgreSQL: { tables: null, columns: { leads: ['search', 'seq'] } },
};

describe.each(backends)('%s: the typed Schema and the migrated database', (name, backend) => {
  describe.skipIf(backend.skipReason !== null)(backend.where, { timeout: 30_000 }, () => {
    const fresh = useFreshStores(backend);

    it('have the same tables with the same columns', async () => {
      await fresh.store();
      const untyped = UNTYPED[name]!;
      const made = Object.fromEntries(
        Object.entries(await (await fresh.target()).columns())
          .filter(([table]) => !untyped.tables?.test(table))
          .map(([table, columns]) => [table, columns.filter((c) => !untyped.columns[table]?.includes(c)).sort()]),
      );
      expect(made).toEqual(typedTables());
    });
  });
});
