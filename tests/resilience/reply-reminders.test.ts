/**
 * Reply reminders across crashes: the compiled server (as `npm start` runs it) in its own process,
 * a real SMTP server on loopback, and a reply promise of a few seconds, so a lead falls due while
 * the test watches. The server is killed with SIGKILL around each due time and started again; every
 * lead must get exactly one reminder, whoever sweeps and however often; the morning digest, on
 * from the start of the day, must arrive once a day. While a kill may land, the
 * mail server refuses for a moment (451), so no reminder is half-delivered when the process dies:
 * a kill between a mail server's acceptance and the outbox's record of it sends the same message
 * again (delivery is at least once, with a stable Message-ID; notification-faults.test.ts covers it).
 */
import { copyFileSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../scripts/build-server';
import { startMailbox, type Mailbox } from '../support/mailbox';
import { findPostgres, startLocalPostgres } from '../support/postgres';
import { postgresReader, sqliteReader, type LeadReader } from './support/lead-reader';
import { byMode } from './support/mode';
import { startServer, type ServerProcess } from './support/server-process';
import { submitVisitor } from './support/submitters';
import { BUILT_SERVER, CLIENT_DIR, DIST_DIR, readBuiltModel, ROOT } from './support/site-build';

/** The urgent promise, around the clock: a lead is due this long after it arrives. */
const PROMISE_MS = 2_500;
const SWEEP_MS = 100;
/** A killed process's claimed e-mails go out again after this. */
const LEASE_MS = 1_500;
const LEADS_PER_CYCLE = byMode(4, 10);
const REMINDER = 'reminder';

const found = await findPostgres();
if (!found.available) console.warn(`Skipping the two-process reminder run on PostgreSQL: ${found.reason}`);

let compiled: string;
let distDir: string;
const cleanups: Array<() => Promise<void> | void> = [];

/**
 * The resilience build with a reply promise of PROMISE_MS for urgent leads, as a build of a
 * site.yaml saying `urgent: { replyWithinHours: 0.000694…, allHours: true }` would write it (the
 * schema takes any positive number of hours). The pages are the build's own, linked, not copied.
 */
function shortPromiseBuild(): string {
  const dir = mkdtempSync(join(tmpdir(), 'reminder-dist-'));
  symlinkSync(CLIENT_DIR, join(dir, 'client'), 'dir');
  for (const file of ['page-assets.json', 'search-index.json']) copyFileSync(join(DIST_DIR, file), join(dir, file));
  const model = readBuiltModel();
  const promise = model.site.replyPromise!;
  promise.urgent = { ...promise.urgent!, replyWithinHours: PROMISE_MS / 3_600_000, allHours: true };
  // Due from midnight in the team's zone: every day of the site's promise has support hours.
  model.notifications.digest = { at: '0:00' };
  writeFileSync(join(dir, 'site-model.json'), JSON.stringify(model));
  return dir;
}

beforeAll(async () => {
  // The build's compiled server when npm test has just made one, as the scale and TLS runs take it.
  compiled = BUILT_SERVER ?? (await buildServer(join(ROOT, 'node_modules', '.cache', 'reminder-server')));
  distDir = shortPromiseBuild();
}, 120_000);
afterAll(() => rmSync(distDir, { recursive: true, force: true }));
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
}, 60_000);

function env(mailbox: Mailbox): Record<string, string> {
  return {
    DIST_DIR: distDir,
    SMTP_URL: mailbox.url,
    MAIL_FROM: 'leads@takedownshield.test',
    LEADS_EMAIL_TO: 'team@takedownshield.test',
    NOTIFY_POLL_MS: '100',
    NOTIFY_RETRY_BASE_MS: '200',
    NOTIFY_RETRY_MAX_MS: '1000',
    NOTIFY_LEASE_MS: String(LEASE_MS),
    REMINDER_SWEEP_MS: String(SWEEP_MS),
  };
}

async function setUp(): Promise<{ mailbox: Mailbox; dataDir: string }> {
  const mailbox = await startMailbox();
  cleanups.push(() => mailbox.close());
  const dataDir = mkdtempSync(join(tmpdir(), 'reminders-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  return { mailbox, dataDir };
}

const model = readBuiltModel();

/** The words the contact form shows for a choice of its urgency field. */
const urgencyTitle = (value: string) =>
  (model!.forms.contact!.fields.properties as Record<string, { oneOf: Array<{ const: string; title: string }> }>).urgency!.oneOf.find(
    (o) => o.const === value,
  )!.title;
const form = model.forms.contact!;
/** Submits one urgent contact request; resolves with its id once answered 201. */
const submit = (server: ServerProcess) => submitVisitor(server.url, form, { urgency: 'urgent' });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitUntil(what: string, done: () => Promise<boolean> | boolean, timeoutMs = 15_000, everyMs = 5): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await sleep(everyMs);
  }
}

const reminderId = (leadId: string) => `<${leadId}.reminder@takedownshield.test>`;

/** Reminders queued for these leads (from the store). */
async function queued(reader: LeadReader, leadIds: readonly string[]): Promise<number> {
  return (await reader.jobs(REMINDER)).filter((j) => j.leadId !== null && leadIds.includes(j.leadId)).length;
}

/**
 * Waits until every lead's reminder has arrived, then two more sweeps and outbox polls for any
 * second one; returns, per lead, the reminder jobs queued and the reminder e-mails received.
 */
async function settle(mailbox: Mailbox, reader: LeadReader, leadIds: readonly string[]) {
  const arrived = () => new Set(mailbox.messages.map((m) => m.messageId));
  await waitUntil('every lead has its reminder', () => leadIds.every((id) => arrived().has(reminderId(id))), LEASE_MS + 15_000, 50);
  await waitUntil('the digest has arrived', () => mailbox.messages.some((m) => m.messageId.startsWith('<digest.')), LEASE_MS + 5_000, 50);
  await sleep(4 * SWEEP_MS + 300);
  const jobs = await reader.jobs(REMINDER);
  const perLead = leadIds.map((id) => ({
    id,
    jobs: jobs.filter((j) => j.leadId === id).length,
    mails: mailbox.messages.filter((m) => m.messageId === reminderId(id)).length,
  }));
  const digests = mailbox.messages.filter((m) => m.messageId.startsWith('<digest.')).map((m) => m.messageId);
  return { perLead, digests, reminders: mailbox.messages.filter((m) => m.messageId.endsWith('.reminder@takedownshield.test>')) };
}

function expectOnePerLead(result: Awaited<ReturnType<typeof settle>>, leadIds: readonly string[]) {
  expect(result.perLead.filter((l) => l.jobs !== 1)).toEqual([]);
  expect(result.perLead.filter((l) => l.mails !== 1)).toEqual([]);
  // Every reminder that arrived is one of these leads' (no stray or second reminder under another id).
  expect(new Set(result.reminders.map((m) => m.messageId))).toEqual(new Set(leadIds.map(reminderId)));
  for (const m of result.reminders)
    expect(m.parsed.subject).toBe(`[${urgencyTitle('urgent')}] Reply overdue: ${model.forms.contact!.title}`);
  // One per team day (two only when the run crosses midnight in the team's zone).
  expect(result.digests.length).toBeGreaterThanOrEqual(1);
  expect(new Set(result.digests).size).toBe(result.digests.length);
}

describe('reply reminders and the digest across SIGKILL', () => {
  it('one process on SQLite, killed before the due time, during the sweep and just after queueing: one reminder per lead, one digest a day', async () => {
    const started = Date.now();
    const { mailbox, dataDir } = await setUp();
    const reader = sqliteReader(join(dataDir, 'leads.sqlite'));
    const start = (port?: number) => startServer({ dataDir, env: env(mailbox), port, nodeArgs: ['--enable-source-maps', compiled] });
    let server = await start();
    cleanups.push(() => server.kill('SIGKILL'));
    const restart = async () => {
      await server.kill('SIGKILL');
      server = await start(server.port);
    };
    const all: string[] = [];
    const moments: string[] = [];

    // 1. Killed shortly before the leads fall due: the process started again reminds them.
    let batch = await Promise.all(Array.from({ length: LEADS_PER_CYCLE }, () => submit(server)));
    all.push(...batch);
    await sleep(PROMISE_MS - 700);
    await server.kill('SIGKILL');
    // On a loaded machine the kill can come late; the run is then one more kill during the sweep.
    moments.push(`before the due time (${await queued(reader, batch)} of ${batch.length} queued)`);
    server = await start(server.port);

    // 2. Killed as the sweep starts queueing: the first reminder is in, the others may not be.
    mailbox.refusing = true;
    batch = await Promise.all(Array.from({ length: LEADS_PER_CYCLE }, () => submit(server)));
    all.push(...batch);
    const partOf = batch;
    await waitUntil('a first reminder is queued', async () => (await queued(reader, partOf)) >= 1);
    moments.push(`during the sweep (${await queued(reader, partOf)} of ${partOf.length} queued)`);
    await restart();

    // 3. Killed once every reminder is queued, while the outbox is sending them.
    batch = await Promise.all(Array.from({ length: LEADS_PER_CYCLE }, () => submit(server)));
    all.push(...batch);
    const sent = batch;
    await waitUntil('every reminder is queued', async () => (await queued(reader, sent)) === sent.length);
    moments.push('just after queueing');
    await restart();
    mailbox.refusing = false;

    const result = await settle(mailbox, reader, all);
    console.log(
      `Reminders on SQLite, killed ${moments.join('; ')}: ${result.reminders.length} e-mails for ${all.length} leads, ` +
        `${result.digests.length} digest, in ${Date.now() - started} ms`,
    );
    expectOnePerLead(result, all);
  });

  it.skipIf(!found.available)(
    'two processes on one PostgreSQL, both sweeping, one killed during the sweep: one reminder per lead, one digest a day',
    async () => {
      const started = Date.now();
      const { mailbox, dataDir } = await setUp();
      const postgres = await startLocalPostgres(found);
      cleanups.push(() => postgres.destroy());
      const databaseUrl = await postgres.createDatabase('reminders');
      const reader = postgresReader(databaseUrl);
      cleanups.push(() => reader.close());
      const start = (port?: number) =>
        startServer({ dataDir, databaseUrl, env: env(mailbox), port, nodeArgs: ['--enable-source-maps', compiled] });
      const servers = await Promise.all([start(), start()]);
      cleanups.push(() => Promise.all(servers.map((s) => s.kill('SIGKILL'))).then(() => {}));

      mailbox.refusing = true;
      const all = await Promise.all(Array.from({ length: 2 * LEADS_PER_CYCLE }, (_, i) => submit(servers[i % 2]!)));
      await waitUntil('a first reminder is queued', async () => (await queued(reader, all)) >= 1);
      const atKill = await queued(reader, all);
      await servers[0]!.kill('SIGKILL');
      servers[0] = await start(servers[0]!.port);
      mailbox.refusing = false;

      const result = await settle(mailbox, reader, all);
      console.log(
        `Reminders from two processes on PostgreSQL, one killed with ${atKill} of ${all.length} queued: ` +
          `${result.reminders.length} e-mails, ${result.digests.length} digest, in ${Date.now() - started} ms`,
      );
      expectOnePerLead(result, all);
    },
  );
});
