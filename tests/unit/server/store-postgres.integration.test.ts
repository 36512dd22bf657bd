/** PostgreSQL-only behaviour: what happens when the database goes away and comes back. */
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { createPostgresStore, type PostgresLeadStore } from '../../../server/store/postgres';
import { describePostgresUrl } from '../../../server/store/store-choice';
import { findPostgres, freePort, startLocalPostgres, type LocalPostgres } from '../../support/postgres';

const found = await findPostgres();
if (!found.available) console.warn(`Skipping the PostgreSQL outage tests: ${found.reason}`);

describe('describePostgresUrl', () => {
  it('names host, port and database but never the password', () => {
    expect(describePostgresUrl('postgresql://app:s3cret@db.internal:6543/leads?sslmode=require')).toBe('db.internal:6543/leads');
    expect(describePostgresUrl('postgres://app:s3cret@db.internal/leads')).toBe('db.internal:5432/leads');
    expect(describePostgresUrl('not a url')).not.toContain('not a url');
  });
});

describe('PostgreSQL store when the database is unreachable', () => {
  it('init rejects quickly with where it tried to connect, without the password', async () => {
    const port = await freePort();
    const store = createPostgresStore({ connectionString: `postgresql://app:s3cret@127.0.0.1:${port}/leads`, connectionTimeoutMs: 2000 });
    const error = await store.init().then(
      () => null,
      (err: Error) => err,
    );
    expect(error?.message).toMatch(new RegExp(`127\\.0\\.0\\.1:${port}/leads`));
    expect(error?.message).not.toContain('s3cret');
    await expect(store.ping()).rejects.toThrow(/not open/);
  });
});

describe.skipIf(!found.available)('PostgreSQL store across a server restart', { timeout: 20_000 }, () => {
  let server: LocalPostgres;
  let store: PostgresLeadStore;
  const logged: string[] = [];

  beforeAll(async () => {
    server = await startLocalPostgres(found, { dataTemplate: inject('postgresDataTemplate') });
  }, 60_000);
  afterAll(() => server?.destroy(), 30_000);
  afterEach(() => store?.close());

  it('survives idle connections being killed, rejects while down, and recovers once the server is back', async () => {
    store = createPostgresStore({
      connectionString: await server.createDatabase('restart'),
      connectionTimeoutMs: 2000,
      log: (message) => logged.push(message),
    });
    await store.init();
    // Open several pooled connections so some sit idle when the server goes away.
    await Promise.all(Array.from({ length: 5 }, () => store.ping()));
    const before = await store.leads.insertLead({
      endpoint: '/api/leads',
      formType: 'contact',
      payload: { n: 1 },
      idempotencyKey: 'before',
    });

    await server.stop('fast');
    // The idle connections were terminated: reported through the log, not as an uncaught 'error'.
    await expect.poll(() => logged.length, { timeout: 5000 }).toBeGreaterThan(0);
    expect(logged[0]).toMatch(/failed while idle/);

    const started = Date.now();
    await expect(store.leads.insertLead({ endpoint: '/api/leads', formType: 'contact', payload: { n: 2 } })).rejects.toThrow();
    await expect(store.ping()).rejects.toThrow();
    // Fails fast (connection refused), so the API can answer 503 promptly.
    expect(Date.now() - started).toBeLessThan(5000);

    await server.start();
    await expect(store.ping()).resolves.toBeUndefined();
    const after = await store.leads.insertLead({ endpoint: '/api/leads', formType: 'contact', payload: { n: 3 }, idempotencyKey: 'after' });
    expect(await store.leads.listLeads()).toEqual([before, after]);
  });

  it('committed leads survive a crash (immediate stop) of the database', async () => {
    store = createPostgresStore({ connectionString: await server.createDatabase('crash'), log: () => {} });
    await store.init();
    const stored = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        store.leads.insertLead({ endpoint: '/api/leads', formType: 'contact', payload: { i }, idempotencyKey: `c-${i}` }),
      ),
    );
    await server.restart('immediate');
    const listed = await store.leads.listLeads();
    expect(listed).toHaveLength(20);
    expect(new Set(listed.map((l) => l.id))).toEqual(new Set(stored.map((l) => l.id)));
  });
});

describe.skipIf(!found.available)('PostgreSQL store after an erasure', { timeout: 30_000 }, () => {
  let server: LocalPostgres;
  let store: PostgresLeadStore;
  beforeAll(async () => {
    server = await startLocalPostgres(found, { dataTemplate: inject('postgresDataTemplate') });
  }, 60_000);
  afterAll(() => server?.destroy(), 30_000);
  afterEach(() => store?.close());

  it('vacuums the tables it touched, so no row version holding what was erased can still be read', async () => {
    const url = await server.createDatabase('erasure');
    store = createPostgresStore({ connectionString: url });
    await store.init();
    const email = 'ottoline.quarzwyck@mailbox.example';
    const lead = await store.leads.insertLead({
      endpoint: '/api/contact',
      formType: 'contact',
      payload: { name: 'Ottoline Quarzwyck', email },
      idempotencyKey: 'idem-kjhgfdsa-4711',
      notifications: [
        { channel: 'auto-reply', rule: 'auto-reply', data: { to: email }, throttle: { key: 'auto-reply:k9f8e7', seconds: 3600 } },
      ],
    });
    await store.inbox.addNote(lead.id, 'ann@example.com', 'Called back, xylocarp');
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query('CREATE EXTENSION IF NOT EXISTS pageinspect');
      /** Every tuple on the table's pages, dead ones included, as text. */
      const tuples = async (table: string) => {
        const pages = (await client.query(`SELECT pg_relation_size('${table}') / current_setting('block_size')::int AS n`)).rows[0].n;
        const seen: string[] = [];
        for (let p = 0; p < pages; p++) {
          const rows = await client.query(`SELECT t_data FROM heap_page_items(get_raw_page('${table}', ${p})) WHERE t_data IS NOT NULL`);
          for (const r of rows.rows) seen.push((r.t_data as Buffer).toString('latin1'));
        }
        return seen.join('\n');
      };
      expect(await tuples('leads')).toContain(email);
      await store.inbox.eraseLead(lead.id, 'ann@example.com');
      await store.close();
      for (const [table, value] of [
        ['leads', email],
        ['leads', 'quarzwyck'],
        ['leads', 'idem-kjhgfdsa-4711'],
        ['lead_notes', 'xylocarp'],
        ['outbox', email],
        ['notification_throttle', 'auto-reply:k9f8e7'],
      ] as const) {
        expect(await tuples(table), `${value} in ${table}`).not.toContain(value);
      }
    } finally {
      await client.end();
    }
  });
});
