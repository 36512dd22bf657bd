/**
 * Notifications under faults, with the real server in its own process, a real SMTP server and a
 * real webhook receiver on loopback. Delivery is at least once with stable ids, so the receivers
 * count distinct ids: every lead's e-mails and webhook must arrive (0 lost), and repeats beyond
 * those ids are reported (the receiver would drop them).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startMailbox, type Mailbox } from '../support/mailbox';
import { findPostgres, startLocalPostgres } from '../support/postgres';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver';
import { byMode } from './support/mode';
import { startServer, type ServerProcess } from './support/server-process';
import { submitVisitor } from './support/submitters';
import { readBuiltModel } from './support/site-build';

const KILL_CYCLES = byMode(3, 10);
const LEADS_PER_CYCLE = 20;
const SMTP_OUTAGE_MS = byMode(5_000, 120_000);
const DELIVERY_TIMEOUT_MS = 60_000;
/** Just over the 10 s one delivery may take (the server refuses less). */
const LEASE_MS = 11_000;

const model = readBuiltModel();
const form = model.forms['contact-us']!;
const found = await findPostgres();
if (!found.available) console.warn(`Skipping the two-process notification run on PostgreSQL: ${found.reason}`);

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
}, 60_000);

const SECRET = `whsec_${randomBytes(24).toString('base64')}`;

function notifyEnv(mailbox: Mailbox, receiver: WebhookReceiver): Record<string, string> {
  return {
    SMTP_URL: mailbox.url,
    MAIL_FROM: 'leads@takedownshield.test',
    LEADS_EMAIL_TO: 'team@takedownshield.test',
    WEBHOOK_URL: receiver.url,
    WEBHOOK_SECRET: SECRET,
    NOTIFY_RETRY_BASE_MS: '200',
    NOTIFY_RETRY_MAX_MS: '1000',
    NOTIFY_POLL_MS: '100',
    RATE_LIMIT_MAX: '100000',
  };
}

async function setUp(): Promise<{ mailbox: Mailbox; receiver: WebhookReceiver; dataDir: string }> {
  const mailbox = await startMailbox();
  cleanups.push(() => mailbox.close());
  const receiver = await startWebhookReceiver(SECRET);
  cleanups.push(() => receiver.close());
  const dataDir = mkdtempSync(join(tmpdir(), 'notify-faults-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  return { mailbox, receiver, dataDir };
}

/** Submits one lead with its own address; resolves with its id once answered 201. */
const submit = (server: ServerProcess) => submitVisitor(server.url, form);

/** Per lead: a team e-mail, an auto-reply and a webhook, each counted by its id at the receiver. */
async function delivered(mailbox: Mailbox, receiver: WebhookReceiver, leadIds: readonly string[]) {
  const deadline = Date.now() + DELIVERY_TIMEOUT_MS;
  const expected = leadIds.length * 3;
  const count = () => {
    const mailIds = new Set(mailbox.messages.map((m) => m.messageId));
    const hookLeads = new Set(receiver.calls.filter((c) => c.answered === 200).map((c) => c.body.data.id));
    const missing = leadIds.flatMap((id) => [
      ...(mailIds.has(`<${id}.default@takedownshield.test>`) ? [] : [`${id} team e-mail`]),
      ...(mailIds.has(`<${id}.auto-reply@takedownshield.test>`) ? [] : [`${id} auto-reply`]),
      ...(hookLeads.has(id) ? [] : [`${id} webhook`]),
    ]);
    return { missing, mailIds, hookLeads };
  };
  let state = count();
  while (state.missing.length > 0 && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 100));
    state = count();
  }
  const distinctMail = state.mailIds.size;
  const distinctHooks = new Set(receiver.calls.filter((c) => c.answered === 200).map((c) => c.id)).size;
  return {
    expected,
    lost: state.missing,
    repeatedMail: mailbox.messages.length - distinctMail,
    repeatedHooks: receiver.calls.filter((c) => c.answered === 200).length - distinctHooks,
    unsigned: receiver.calls.filter((c) => !c.verified).length,
    distinctHooks,
  };
}

describe('notifications under faults', () => {
  it(`SIGKILL right after ${LEADS_PER_CYCLE} leads are acknowledged, ${KILL_CYCLES} times: every notification arrives after restart`, async () => {
    const { mailbox, receiver, dataDir } = await setUp();
    // What a killed process held waits out its lease before it is sent again: the shortest allowed, not the default minute.
    const env = { ...notifyEnv(mailbox, receiver), NOTIFY_LEASE_MS: String(LEASE_MS) };
    let server = await startServer({ dataDir, env });
    cleanups.push(() => server.kill('SIGKILL'));
    const leadIds: string[] = [];
    for (let cycle = 0; cycle < KILL_CYCLES; cycle++) {
      leadIds.push(...(await Promise.all(Array.from({ length: LEADS_PER_CYCLE }, () => submit(server)))));
      // Committed and acknowledged; the worker has been poked and is mid-delivery, or not yet started.
      await server.kill('SIGKILL');
      server = await startServer({ dataDir, env, port: server.port });
    }
    const result = await delivered(mailbox, receiver, leadIds);
    console.log(`Notifications across ${KILL_CYCLES} SIGKILLs: ${JSON.stringify(result)}`);
    expect(result.lost).toEqual([]);
    expect(result.unsigned).toBe(0);
  });

  it(`the SMTP server refuses for ${SMTP_OUTAGE_MS / 1000} s, then comes back: every e-mail is delivered exactly once`, async () => {
    const { mailbox, receiver, dataDir } = await setUp();
    const server = await startServer({ dataDir, env: notifyEnv(mailbox, receiver) });
    cleanups.push(() => server.kill('SIGKILL'));
    mailbox.refusing = true;
    const leadIds: string[] = [];
    const refusedUntil = Date.now() + SMTP_OUTAGE_MS;
    while (Date.now() < refusedUntil - 500) {
      leadIds.push(...(await Promise.all(Array.from({ length: 5 }, () => submit(server)))));
      await new Promise((r) => setTimeout(r, Math.min(1_000, SMTP_OUTAGE_MS / 5)));
    }
    await new Promise((r) => setTimeout(r, Math.max(0, refusedUntil - Date.now())));
    expect(mailbox.messages).toHaveLength(0);
    mailbox.refusing = false;
    const result = await delivered(mailbox, receiver, leadIds);
    console.log(`Notifications after a ${SMTP_OUTAGE_MS / 1000} s SMTP outage: ${JSON.stringify(result)}`);
    expect(result.lost).toEqual([]);
    expect(result.repeatedMail).toBe(0);
  });

  it.skipIf(!found.available)('two server processes on one PostgreSQL: no notification is delivered by both', async () => {
    const { mailbox, receiver, dataDir } = await setUp();
    const postgres = await startLocalPostgres(found);
    cleanups.push(() => postgres.destroy());
    const databaseUrl = await postgres.createDatabase('notify');
    const env = notifyEnv(mailbox, receiver);
    const a = await startServer({ dataDir, databaseUrl, env });
    cleanups.push(() => a.kill('SIGKILL'));
    const b = await startServer({ dataDir, databaseUrl, env });
    cleanups.push(() => b.kill('SIGKILL'));
    const leadIds = await Promise.all(Array.from({ length: 100 }, (_, i) => submit(i % 2 ? a : b)));
    const result = await delivered(mailbox, receiver, leadIds);
    console.log(`Notifications from two processes on PostgreSQL: ${JSON.stringify(result)}`);
    expect(result.lost).toEqual([]);
    expect(result.repeatedMail).toBe(0);
    expect(result.repeatedHooks).toBe(0);
    expect(result.distinctHooks).toBe(100);
  });
});
