/**
 * Which lead store a configuration selects, and how to name it in a log line. Kept apart from the
 * stores themselves, so reading the configuration (every script's start) loads no database driver.
 */
import { join } from 'node:path';
import { parseUrl } from '../../engine/parse-url';

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

/** Where the store points, without the password: safe for logs and error messages. */
export function describePostgresUrl(connectionString: string): string {
  const url = parseUrl(connectionString);
  return url ? `${url.hostname || 'localhost'}:${url.port || '5432'}${url.pathname || '/'}` : 'PostgreSQL (unparsable DATABASE_URL)';
}

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
