import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createStore } from '../../../server/store/create-store';
import { chooseStore } from '../../../server/store/store-choice';
import { createSqliteStore } from '../../../server/store/sqlite';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('createStore', () => {
  it('uses SQLite at DATA_DIR/leads.sqlite when DATABASE_URL is unset or blank', () => {
    for (const databaseUrl of [undefined, null, '', '   ']) {
      expect(chooseStore({ databaseUrl, dataDir: '/srv/data' })).toEqual({
        kind: 'sqlite',
        description: 'SQLite at /srv/data/leads.sqlite',
        file: '/srv/data/leads.sqlite',
      });
    }
  });

  it('uses PostgreSQL when DATABASE_URL is a postgres address, and never prints the password', () => {
    for (const databaseUrl of ['postgresql://app:s3cret@db:5432/leads', 'postgres://app:s3cret@db/leads']) {
      const choice = chooseStore({ databaseUrl, dataDir: '/srv/data' });
      expect(choice.kind).toBe('postgres');
      expect(choice.description).toBe('PostgreSQL at db:5432/leads');
    }
  });

  it('rejects a DATABASE_URL that is not PostgreSQL instead of silently using SQLite', () => {
    expect(() => createStore({ databaseUrl: 'mysql://db/leads', dataDir: '/srv/data' })).toThrow(
      /DATABASE_URL must be a PostgreSQL address/,
    );
  });

  it('the SQLite store it creates reads the same file the server writes', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'store-factory-'));
    dirs.push(dataDir);
    const writer = createSqliteStore({ file: join(dataDir, 'leads.sqlite') });
    await writer.init();
    const stored = await writer.leads.insertLead({ endpoint: '/api/contact', formType: 'contact', payload: { a: 1 } });
    await writer.close();

    const store = createStore({ dataDir });
    await store.init();
    expect(await store.leads.listLeads()).toEqual([stored]);
    await store.close();
  });
});
