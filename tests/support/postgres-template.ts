/**
 * Once before the integration files start: a PostgreSQL data directory made by initdb, holding a
 * database migrated by the store's own `init()` (MIGRATED_DATABASE). Each test file still starts a
 * server of its own, from a copy of this directory instead of its own initdb, and each test's
 * database is a copy of the migrated one (`CREATE DATABASE … TEMPLATE`) instead of a migration run.
 * Tests that need an empty database (the migrations' own tests) still create one.
 */
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createPostgresStore } from '../../server/store/postgres';
import { findPostgres, startLocalPostgres } from './postgres';

/** The database in the template directory that the store's migrations have been run on. */
export const MIGRATED_DATABASE = 'migrated';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The template data directory; absent when PostgreSQL cannot run here. */
    postgresDataTemplate?: string;
  }
}

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const found = await findPostgres();
  if (!found.available) return undefined;
  const server = await startLocalPostgres(found);
  try {
    const client = new pg.Client({ connectionString: server.url() });
    await client.connect();
    try {
      await client.query(`CREATE DATABASE "${MIGRATED_DATABASE}"`);
    } finally {
      await client.end();
    }
    const store = createPostgresStore({ connectionString: server.url(MIGRATED_DATABASE) });
    await store.init();
    await store.close();
    await server.stop('fast');
  } catch (err) {
    await server.destroy();
    throw err;
  }
  project.provide('postgresDataTemplate', `${server.dir}/data`);
  return () => server.destroy();
}
