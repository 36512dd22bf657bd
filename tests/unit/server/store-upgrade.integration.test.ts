/**
 * Databases made by the release before the store moved to Kysely (tests/fixtures/store-v7: a SQLite
 * file and a PostgreSQL dump, schema version 7) open with today's store: everything reads back as
 * that release read it, and new leads, retries, sessions and jobs work on them.
 */
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { migrations } from '../../../server/store/migrations';
import { createPostgresStore } from '../../../server/store/postgres';
import { createSqliteStore } from '../../../server/store/sqlite';
import { IdempotencyKeyReused, type LeadStore } from '../../../server/store/types';
import { SESSION_TOKEN_HASH, clock, readBack } from '../../fixtures/store-v7/scenario';
import { findPostgres, startLocalPostgres, type LocalPostgres } from '../../support/postgres';

const FIXTURES = join(import.meta.dirname, '../../fixtures/store-v7');
const expected = JSON.parse(readFileSync(join(FIXTURES, 'read-back.json'), 'utf8')) as Record<
  'sqlite' | 'postgres',
  Awaited<ReturnType<typeof readBack>>
>;

/** The same checks on either backend, given a store opened on the old database. */
async function checkUpgraded(store: LeadStore, before: Awaited<ReturnType<typeof readBack>>, versions: () => Promise<number[]>) {
  await store.init();
  expect(await versions()).toEqual(migrations.map((m) => m.version));
  // Leads stored before due times, owners, sources and quarantine have none, and no first answer recorded; the account made before roles keeps the leads.
  const withoutDueTimes = {
    ...before,
    leads: before.leads.map((l) => ({ ...l, source: null })),
    inbox: before.inbox.map((l) => ({
      ...l,
      dueAt: null,
      firstAnsweredAt: null,
      assignee: null,
      source: null,
      quarantine: null,
      spamChecks: null,
    })),
    account: { ...before.account, roles: ['leads'] },
  };
  expect(JSON.parse(JSON.stringify(await readBack(store)))).toEqual(withoutDueTimes);

  // A retry of the first lead, fingerprinted by the old release, gets that lead back; other answers under its key are refused.
  const first = before.leads[0]!;
  const retry = {
    endpoint: first.endpoint,
    formType: first.formType,
    formId: first.formId,
    payload: first.payload,
    idempotencyKey: 'key-a',
  };
  expect((await store.leads.insertLead(retry)).id).toBe(first.id);
  await expect(store.leads.insertLead({ ...retry, payload: { name: 'Someone else' } })).rejects.toBeInstanceOf(IdempotencyKeyReused);
  const added = await store.leads.insertLead({
    endpoint: '/api/contact',
    formType: 'contact',
    formId: 'contact-us',
    payload: { name: 'New Visitor' },
  });
  expect((await store.leads.listLeads()).map((l) => l.id)).toEqual([...before.leads.map((l) => l.id), added.id]);

  // The search index built by the old release still finds its leads; the erased one stays out of it.
  expect((await store.inbox.findLeads({ filter: { spam: 'include', q: 'zoe' }, limit: 10 })).map((l) => l.id)).toEqual([first.id]);
  expect(await store.inbox.findLeads({ filter: { spam: 'include', q: 'erin' }, limit: 10 })).toEqual([]);

  // The old session signs in, its account keeping what it could do before roles: the leads; the pending jobs are claimed, the dead one is not.
  expect(await store.accounts.findSession(SESSION_TOKEN_HASH, 3_600_000)).toMatchObject({
    email: 'ann@example.com',
    totpEnabled: true,
    twoStepDone: true,
    roles: ['leads'],
  });
  const claimed = await store.outbox.claimJobs({ limit: 10, leaseMs: 60_000 });
  expect(claimed.map((j) => j.id).sort()).toEqual(
    before.jobs
      .filter((j) => j.status === 'pending')
      .map((j) => j.id)
      .sort(),
  );
  expect(await store.outbox.requeueJob(before.jobs.find((j) => j.status === 'dead')!.id)).toBe(true);
  // The counter the old release kept for ann: one attempt counted, four left before the lock.
  const rule = { key: 'account:ann', max: 5, windowMs: 900_000, lockMs: 900_000 };
  for (let i = 0; i < 3; i++) expect(await store.accounts.countAttempt([rule])).toEqual({ admitted: true, locked: [] });
  expect(await store.accounts.countAttempt([rule])).toEqual({ admitted: true, locked: ['account:ann'] });
  await store.close();
}

/** A moment after the fixtures were made, so their sessions and counters are still current. */
const later = () => {
  const c = clock('2026-03-01T09:10:00.000Z');
  return c.now;
};

describe('a SQLite file made by the previous release', () => {
  let dir: string;
  beforeAll(() => void (dir = mkdtempSync(join(tmpdir(), 'store-upgrade-'))));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('opens with every row as it was, and takes new leads, retries, sign-ins and jobs', async () => {
    const file = join(dir, 'leads.sqlite');
    copyFileSync(join(FIXTURES, 'leads.sqlite'), file);
    const store = createSqliteStore({ file, now: later() });
    const versions = async () => {
      const db = new (await import('better-sqlite3')).default(file, { readonly: true });
      try {
        return db.prepare('SELECT version FROM schema_migrations ORDER BY version').pluck().all() as number[];
      } finally {
        db.close();
      }
    };
    await checkUpgraded(store, expected.sqlite, versions);
  });
});

const found = await findPostgres();

describe.skipIf(!found.available)('a PostgreSQL database made by the previous release', () => {
  let server: LocalPostgres;
  beforeAll(async () => void (server = await startLocalPostgres(found, { dataTemplate: inject('postgresDataTemplate') })), 60_000);
  afterAll(() => server?.destroy(), 30_000);

  it('opens with every row as it was, and takes new leads, retries, sign-ins and jobs', { timeout: 30_000 }, async () => {
    const url = await server.createDatabase('upgrade');
    // The dump sets an empty search_path for its session: it gets a client of its own.
    const restore = new pg.Client({ connectionString: url });
    await restore.connect();
    await restore.query(readFileSync(join(FIXTURES, 'postgres.sql'), 'utf8'));
    await restore.end();
    const store = createPostgresStore({ connectionString: url, now: later() });
    await checkUpgraded(store, expected.postgres, () => store.appliedMigrations());
  });
});
