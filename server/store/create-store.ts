import { createPostgresStore } from './postgres';
import { createSqliteStore } from './sqlite';
import { chooseStore, type StoreConfig } from './store-choice';
import type { LeadStore } from './types';

/** The lead store the server and scripts use; call init() before use. */
export function createStore(config: StoreConfig): LeadStore {
  const choice = chooseStore(config);
  if (choice.kind === 'postgres') return createPostgresStore({ connectionString: config.databaseUrl!.trim(), log: config.log });
  return createSqliteStore({ file: choice.file! });
}
