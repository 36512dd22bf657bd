import { join } from 'node:path';
import { createPostgresStore, describePostgresUrl } from './postgres';
import { createSqliteStore } from './sqlite';
import type { LeadStore } from './types';

export interface StoreConfig {
  /** DATABASE_URL: when set, leads go to PostgreSQL (needed once more than one server process writes). */
  databaseUrl?: string | null;
  /** DATA_DIR: where the SQLite file lives when there is no DATABASE_URL. */
  dataDir: string;
  /** Where PostgreSQL pool problems are reported; the console without it. */
  log?: (message: string, err: unknown) => void;
}

export type StoreKind = 'postgres' | 'sqlite';

export interface StoreChoice {
  kind: StoreKind;
  /** For the startup log line; never contains a password. */
  description: string;
  /** The SQLite file, when kind is sqlite. */
  file?: string;
}

const POSTGRES_URL = /^postgres(ql)?:\/\//i;

/** Which backend a configuration selects; throws on a DATABASE_URL that is not a PostgreSQL address. */
export function chooseStore(config: StoreConfig): StoreChoice {
  // An empty DATABASE_URL= line in an env file means "not set", not "connect to nothing".
  const url = config.databaseUrl?.trim();
  if (url) {
    if (!POSTGRES_URL.test(url)) {
      throw new Error(
        'DATABASE_URL must be a PostgreSQL address such as postgresql://user:password@host:5432/dbname. Unset it to use SQLite in DATA_DIR.',
      );
    }
    return { kind: 'postgres', description: `PostgreSQL at ${describePostgresUrl(url)}` };
  }
  const file = join(config.dataDir, 'leads.sqlite');
  return { kind: 'sqlite', description: `SQLite at ${file}`, file };
}

/** The lead store the server and scripts use; call init() before use. */
export function createStore(config: StoreConfig): LeadStore {
  const choice = chooseStore(config);
  if (choice.kind === 'postgres') return createPostgresStore({ connectionString: config.databaseUrl!.trim(), log: config.log });
  return createSqliteStore({ file: choice.file! });
}
