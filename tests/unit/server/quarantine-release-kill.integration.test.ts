/**
 * A release killed mid-way (SIGKILL, after it changed the lead and before its notifications were
 * queued) leaves the lead in quarantine with everything it held: the next release sends each held
 * notification once. On PostgreSQL, where another process can hold the outbox and so stop the
 * release at that point; on SQLite one write lock makes the whole release one step (the store's
 * quarantine tests fail a release part-way on both).
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createPostgresStore } from '../../../server/store/postgres';
import { findPostgres, startLocalPostgres, type LocalPostgres } from '../../support/postgres';

const found = await findPostgres();
if (!found.available) console.warn(`Skipping the killed release: ${found.reason}`);
const SCRIPT = join(import.meta.dirname, '../../support/release-lead.ts');

describe.skipIf(!found.available)('a release killed mid-way on PostgreSQL', { timeout: 60_000 }, () => {
  let server: LocalPostgres;
  beforeAll(async () => {
    server = await startLocalPostgres(found, { dataTemplate: inject('postgresDataTemplate') });
  }, 60_000);
  afterAll(() => server?.destroy(), 30_000);

  it('sends nothing and loses nothing: the lead stays held, and the next release queues each notification once', async () => {
    const url = await server.createDatabase('release');
    const store = createPostgresStore({ connectionString: url });
    await store.init();
    // One connection holds the lock in a transaction; the other watches (a transaction sees one snapshot of pg_stat_activity).
    const client = new pg.Client({ connectionString: url });
    const watch = new pg.Client({ connectionString: url });
    await client.connect();
    await watch.connect();
    let cleanup = () => {};
    try {
      const lead = await store.leads.insertLead({
        endpoint: '/api/contact',
        formType: 'contact',
        formId: 'contact',
        payload: { name: 'Sam', email: 'sam@example.com' },
        notifications: [
          { channel: 'email', rule: 'default', data: { to: ['team@example.com'], subject: 'New lead' } },
          { channel: 'webhook', rule: 'webhook', data: {} },
        ],
        quarantine: { score: 9, reasons: [{ code: 'words', weight: 6, detail: "words from the team's list: casino" }] },
      });

      // Inserts into the outbox wait on this lock: the release stops right after it changed the lead.
      await client.query('BEGIN');
      await client.query('LOCK TABLE outbox IN SHARE ROW EXCLUSIVE MODE');
      const child = spawn(process.execPath, ['--import', 'tsx', SCRIPT, url, lead.id], { stdio: ['ignore', 'ignore', 'pipe'] });
      cleanup = () => child.kill('SIGKILL');
      let stderr = '';
      child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
      let status = 'running';
      const exited = new Promise<NodeJS.Signals | null>((resolve) =>
        child.on('exit', (code, signal) => {
          status = `exited ${code} ${signal}`;
          resolve(signal);
        }),
      );
      // The release's server process, once it waits on the lock to queue the first notification.
      const waiting = async () =>
        (await watch.query<{ pid: number; query: string }>("SELECT pid, query FROM pg_stat_activity WHERE wait_event_type = 'Lock'"))
          .rows[0];
      const deadline = Date.now() + 30_000;
      let stopped: { pid: number; query: string } | undefined;
      while ((stopped = await waiting()) === undefined) {
        if (Date.now() > deadline || status !== 'running') throw new Error(`the release never reached the outbox (${status})\n${stderr}`);
        await new Promise((r) => setTimeout(r, 20));
      }
      // Stopped queuing the held notifications: the lead's row is already changed in its transaction.
      expect(stopped.query).toMatch(/^insert into "outbox"/i);
      const { pid } = stopped;
      child.kill('SIGKILL');
      expect(await exited).toBe('SIGKILL');
      await client.query('COMMIT');

      // The killed process's transaction is rolled back once its server process finds the connection gone.
      const gone = Date.now() + 30_000;
      while ((await watch.query('SELECT 1 FROM pg_stat_activity WHERE pid = $1', [pid])).rowCount) {
        if (Date.now() > gone) throw new Error('the killed release’s connection stayed open');
        await new Promise((r) => setTimeout(r, 20));
      }
      expect((await store.inbox.getLead(lead.id))!.quarantine).toMatchObject({ score: 9 });
      expect(await store.outbox.listLeadJobs(lead.id)).toEqual([]);

      expect((await store.inbox.releaseLead(lead.id, 'ann@example.com'))!.changed).toBe(true);
      expect((await store.inbox.releaseLead(lead.id, 'ann@example.com'))!.changed).toBe(false);
      expect((await store.outbox.listLeadJobs(lead.id)).map((j) => j.channel)).toEqual(['email', 'webhook']);
      expect((await store.audit.listLead(lead.id)).filter((e) => e.action === 'release').map((e) => e.actor)).toEqual(['ann@example.com']);
    } finally {
      cleanup();
      await client.end().catch(() => {});
      await watch.end().catch(() => {});
      await store.close();
    }
  });
});
