import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeOutbox, requeue, testNotify } from '../../../scripts/leads-outbox';
import { readScriptConfig, type Env } from '../../../server/config';
import { createSqliteStore, type SqliteLeadStore } from '../../../server/store/sqlite';
import { startMailbox, type Mailbox } from '../../support/mailbox';
import { startWebhookReceiver, type WebhookReceiver } from '../../support/webhook-receiver';

let dir: string;
let store: SqliteLeadStore;

/** What `npm run leads -- test-notify` reads from these variables, the site's address set by SITE_URL. */
function settingsOf(env: Env): Parameters<typeof testNotify>[0] {
  const config = readScriptConfig({ SITE_URL: 'https://leads.example.org', ...env });
  return { notify: config.notify, siteUrl: config.siteUrlSetting };
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'leads-outbox-'));
  store = createSqliteStore({ file: join(dir, 'leads.sqlite'), now: () => new Date('2026-03-01T10:00:00.000Z') });
  await store.init();
});

afterAll(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('npm run leads -- outbox and retry', () => {
  it('says so when nothing waits', async () => {
    expect(await describeOutbox(store.outbox)).toBe('The outbox is empty: every notification has been delivered.\n');
  });

  it('lists pending and dead jobs with their last error, and retry requeues a dead one', async () => {
    const lead = await store.leads.insertLead({
      endpoint: '/api/contact',
      formType: 'contact',
      payload: { email: 'a@example.org' },
      notifications: [
        { channel: 'email', rule: 'default', data: { to: ['team@example.org'], subject: 'New lead' } },
        { channel: 'webhook', rule: 'webhook', data: {} },
      ],
    });
    const [email, hook] = await store.outbox.claimJobs({ limit: 10, leaseMs: 1_000 });
    await store.outbox.finishJobs([
      { id: email!.id, status: 'retry', at: new Date('2026-03-01T10:05:00.000Z'), error: 'mail server: 451 busy' },
      { id: hook!.id, status: 'dead', error: 'webhook answered 410 Gone' },
    ]);
    const listing = await describeOutbox(store.outbox);
    expect(listing.split('\n').slice(0, 2)).toEqual([
      `${email!.id}  pending  email       default           lead ${lead.id}  1 attempt(s), next try 2026-03-01T10:05:00.000Z — mail server: 451 busy`,
      `${hook!.id}  dead     webhook     webhook           lead ${lead.id}  1 attempt(s), dead since 2026-03-01T10:00:00.000Z — webhook answered 410 Gone`,
    ]);
    expect(listing).toContain('1 pending, 1 dead.');

    expect(await requeue(store.outbox, hook!.id)).toMatch(/^Requeued/);
    expect((await store.outbox.listJobs({ status: ['dead'] })).length).toBe(0);
    await expect(requeue(store.outbox, hook!.id)).rejects.toThrow(`There is no dead job ${hook!.id}.`);
  });
});

describe('npm run leads -- test-notify', () => {
  let mailbox: Mailbox;
  let receiver: WebhookReceiver;
  const secret = `whsec_${randomBytes(24).toString('base64')}`;

  beforeAll(async () => {
    mailbox = await startMailbox();
    receiver = await startWebhookReceiver(secret);
  });

  afterAll(async () => {
    await mailbox.close();
    await receiver.close();
  });

  it('sends through every configured channel and prints what each answered', async () => {
    const { ok, report } = await testNotify(
      settingsOf({
        SMTP_URL: mailbox.url,
        MAIL_FROM: 'leads@example.org',
        LEADS_EMAIL_TO: 'team@example.org',
        WEBHOOK_URL: receiver.url,
        WEBHOOK_SECRET: secret,
      }),
      { defaultSubject: 'New lead', rules: [{ id: 'sales', to: ['sales@example.org'], subject: 'x' }] },
      'TakedownShield',
    );
    expect(ok).toBe(true);
    expect(report).toMatch(/^E-mail to team@example.org, sales@example.org: accepted by the mail server: 250/m);
    expect(report).toMatch(/^Webhook http:\/\/127\.0\.0\.1:\d+: webhook answered 200$/m);
    expect(mailbox.messages[0]!.parsed.subject).toBe('Test notification from TakedownShield');
    expect(mailbox.messages[0]!.envelopeTo).toEqual(['team@example.org', 'sales@example.org']);
    expect(receiver.calls[0]).toMatchObject({ verified: true, body: { type: 'lead.test' } });
  });

  it('a refusing receiver is reported as failed', async () => {
    receiver.script = [500];
    const { ok, report } = await testNotify(settingsOf({ WEBHOOK_URL: receiver.url, WEBHOOK_SECRET: secret }), undefined, 'TakedownShield');
    expect(ok).toBe(false);
    expect(report).toMatch(/Webhook .*: FAILED, webhook answered 500/);
  });

  it("is refused, saying what to do, when the site's address is not known for the inbox link", async () => {
    const { notify } = settingsOf({ WEBHOOK_URL: receiver.url, WEBHOOK_SECRET: secret });
    const calls = receiver.calls.length;
    const { ok, report } = await testNotify({ notify, siteUrl: null }, undefined, 'TakedownShield');
    expect(ok).toBe(false);
    expect(report).toContain('run `npm run build` first, or set SITE_URL');
    expect(receiver.calls.length).toBe(calls);
  });

  it.each([
    [{}, 'No channel is configured: set SMTP_URL and MAIL_FROM, or WEBHOOK_URL and WEBHOOK_SECRET.'],
    [{ SMTP_URL: 'smtp://127.0.0.1:1' }, 'MAIL_FROM is needed with SMTP_URL: it is the From address of every e-mail.'],
    [
      { WEBHOOK_URL: 'https://hooks.example.org/x', WEBHOOK_SECRET: 'hunter2' },
      'WEBHOOK_SECRET must be a Standard Webhooks secret: whsec_ followed by base64.',
    ],
  ])('%j is refused with a message saying what to set', async (env, message) => {
    const { ok, report } = await testNotify(settingsOf(env), undefined, 'TakedownShield');
    expect(ok).toBe(false);
    expect(report).toContain(message);
    expect(report).not.toContain('hunter2');
  });
});
