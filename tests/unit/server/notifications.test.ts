/**
 * Every lead reaches a person: the server, started as npm start starts it, stores a lead with its
 * notification jobs, its outbox worker delivers them to a real SMTP server and a real webhook receiver on loopback, and what
 * arrives is checked there: headers, labels, escaping, signatures, retries and ids.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SOURCE_KEY } from '../../../contracts/api-contract';
import { loadSite } from '../../../engine/content/load-site';
import { formatTeamTime } from '../../../engine/content/reply-promise';
import { readSchemas, readSiteFiles } from '../../../scripts/read-project';
import { readNotifyConfig, type Env } from '../../../server/config';
import { createDelivery, type Delivery } from '../../../server/notify/deliver';
import type { NotificationRules } from '../../../server/notify/plan';
import { createReminderSweep } from '../../../server/notify/reminders';
import { createOutboxWorker, type OutboxWorker } from '../../../server/notify/worker';
import { createSqliteStore, type SqliteLeadStore } from '../../../server/store/sqlite';
import { startMailbox, type Mailbox } from '../../support/mailbox';
import { startWebhookReceiver, type WebhookReceiver } from '../../support/webhook-receiver';
import { createFixture, startServer, type Fixture, type Running } from './helpers';

const { model } = loadSite(readSiteFiles(), readSchemas());
if (!model) throw new Error('site/ does not load; run npm run validate');

/** The words the contact form shows for a choice of its urgency field. */
const urgencyTitle = (value: string) =>
  (model!.forms.contact!.fields.properties as Record<string, { oneOf: Array<{ const: string; title: string }> }>).urgency!.oneOf.find(
    (o) => o.const === value,
  )!.title;

const PLACE = { siteUrl: 'https://leads.example.test', timeZone: 'America/Los_Angeles' };
const SECRET = `whsec_${randomBytes(24).toString('base64')}`;
const rules: NotificationRules = {
  defaultSubject: 'New lead: {{form}}',
  rules: [
    {
      id: 'urgent',
      forms: ['contact'],
      when: { urgency: ['urgent', 'emergency'] },
      to: ['urgent@takedownshield.test'],
      subject: 'Urgent: {{subject}} from {{name}}',
    },
    {
      id: 'commercial',
      forms: ['commercial-takedown'],
      to: ['sales@takedownshield.test'],
      subject: 'Commercial takedown from {{companyName}}',
    },
  ],
};

let fixture: Fixture;
let dataDir: string;
let store: SqliteLeadStore;
let mailbox: Mailbox;
let receiver: WebhookReceiver;
let worker: OutboxWorker;
let delivery: Delivery;
let server: Running;

beforeAll(async () => {
  fixture = createFixture();
  dataDir = mkdtempSync(join(tmpdir(), 'notify-'));
  store = createSqliteStore({ file: join(dataDir, 'leads.sqlite') });
  await store.init();
  mailbox = await startMailbox();
  receiver = await startWebhookReceiver(SECRET);
  const env: Env = {
    SMTP_URL: mailbox.url,
    MAIL_FROM: 'leads@takedownshield.test',
    LEADS_EMAIL_TO: 'team@takedownshield.test, desk@takedownshield.test',
    WEBHOOK_URL: receiver.url,
    WEBHOOK_SECRET: SECRET,
  };
  const { config, problems } = readNotifyConfig(env);
  expect(problems).toEqual([]);
  // The delivery as the server makes it, with a short timeout so a receiver that hangs is given up quickly.
  delivery = createDelivery(config, { forms: model.forms, siteName: 'TakedownShield', place: PLACE, timeoutMs: 500 });
  server = await startServer({
    buildDir: fixture.root,
    store,
    delivery,
    model: { forms: model.forms, badges: model.badges, notifications: rules },
    env: { ...env, RATE_LIMIT_MAX: '10000', NOTIFY_RETRY_BASE_MS: '50', NOTIFY_RETRY_MAX_MS: '200', NOTIFY_POLL_MS: '50' },
  });
  // Another process's worker on the same outbox: a pass of it shows what is left to send (nothing, once the server's has sent it).
  worker = createOutboxWorker({
    outbox: store.outbox,
    deliver: (job) => delivery.deliver(job),
    retry: { baseMs: 50, maxMs: 200, giveUpAfterMs: 60_000 },
    pollMs: 50,
  });
});

afterAll(async () => {
  await server?.close();
  delivery?.close();
  await store?.close();
  await mailbox?.close();
  await receiver?.close();
  rmSync(dataDir, { recursive: true, force: true });
  fixture?.cleanup();
});

afterEach(() => {
  mailbox.refusing = false;
  receiver.script = [];
});

let sent = 0;
const unique = (label: string) => `${label}.${++sent}.${Date.now().toString(36)}@example.org`;

async function post(formId: string, body: Record<string, unknown>): Promise<string> {
  const endpoint = model!.forms[formId]!.submit.endpoint;
  const res = await fetch(server.url + endpoint, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest', 'X-Form-Id': formId },
    body: JSON.stringify(body),
  });
  const json = await res.json();
  expect(res.status, JSON.stringify(json)).toBe(201);
  return json.data.id;
}

const contactUs = (email: string, extra: Record<string, unknown> = {}) => ({
  name: 'Dana Whitfield',
  email,
  subject: 'Stolen photos',
  message: 'Twelve of my photos are sold as prints.',
  serviceInterest: 'takedown',
  inquiryType: 'takedown',
  ...extra,
});

const mailsFor = (leadId: string) => mailbox.messages.filter((m) => m.messageId.startsWith(`<${leadId}.`));
const callsFor = (leadId: string) => receiver.calls.filter((c) => c.body.data.id === leadId);

/** Waits for what the worker does in its own time: `read()` until `done` holds. */
function until<T>(read: () => T, done: (value: T) => boolean, timeout = 10_000): Promise<T> {
  return vi.waitFor(
    () => {
      const value = read();
      if (!done(value)) throw new Error(`condition not met: ${JSON.stringify(value)?.slice(0, 300)}`);
      return value;
    },
    { timeout, interval: 20 },
  );
}

describe('the e-mail to the team', () => {
  it('lists the fields in form order with their labels, replies to the lead, and has a stable Message-ID', async () => {
    const email = unique('dana');
    const id = await post('contact-us', contactUs(email, { company: 'Whitfield Studio' }));
    const [team] = await until(
      () => mailsFor(id).filter((m) => m.envelopeTo.includes('team@takedownshield.test')),
      (l) => l.length === 1,
    );
    const mail = team!.parsed;
    expect(team!.messageId).toBe(`<${id}.default@takedownshield.test>`);
    expect(mail.subject).toBe(`New lead: ${model.forms['contact-us']!.title}`);
    expect(mail.from?.text).toBe('leads@takedownshield.test');
    expect(team!.envelopeTo).toEqual(['team@takedownshield.test', 'desk@takedownshield.test']);
    expect(mail.replyTo?.value.map((a) => a.address)).toEqual([email]);
    const lines = mail.text!.split('\n');
    const labelled = lines.filter((l) => /^(Full name|Email address|Company|Inquiry type|Subject|Message|Service interest):/.test(l));
    expect(labelled).toEqual([
      'Full name: Dana Whitfield',
      `Email address: ${email}`,
      'Company: Whitfield Studio',
      'Inquiry type: DMCA Takedown',
      'Subject: Stolen photos',
      'Message: Twelve of my photos are sold as prints.',
      'Service interest: DMCA Takedown',
    ]);
    expect(mail.html).toContain('<th align="left" valign="top" style="padding:4px 12px 4px 0">Full name</th>');
  });

  it("links to the lead in the inbox and gives the time in the team's zone, named", async () => {
    const id = await post('contact-us', contactUs(unique('link')));
    const [team] = await until(
      () => mailsFor(id).filter((m) => m.envelopeTo.includes('team@takedownshield.test')),
      (l) => l.length === 1,
    );
    const link = `https://leads.example.test/admin/leads/${id}`;
    expect(team!.parsed.text).toContain(`Open it in the inbox: ${link}`);
    expect(team!.parsed.html).toContain(`<a href="${link}">Open this lead in the inbox</a>`);
    const lead = await store.inbox.getLead(id);
    const received = team!.parsed.text!.split('\n').find((l) => l.startsWith('Received: '));
    expect(received).toBe(`Received: ${formatTeamTime(new Date(lead!.createdAt), 'America/Los_Angeles')}`);
    expect(received).toMatch(/^Received: (Mon|Tue|Wed|Thu|Fri|Sat|Sun) \d{1,2} [A-Z][a-z]{2} \d{4}, \d\d:\d\d P[SD]T$/);
    expect(team!.parsed.text).not.toMatch(/\d{4}-\d\d-\d\dT/);
  });

  it('a matching rule sends to its own recipients with its subject, the urgency in front', async () => {
    const email = unique('urgent');
    const id = await post('contact', {
      name: 'Sam Okafor',
      email,
      subject: 'Leak of unreleased album',
      message: 'Our unreleased album is on a file-sharing site.',
      serviceInterest: 'takedown',
      urgency: 'urgent',
    });
    const mails = await until(
      () => mailsFor(id).filter((m) => !m.parsed.subject?.startsWith('We received')),
      (l) => l.length === 1,
    );
    expect(mails[0]!.envelopeTo).toEqual(['urgent@takedownshield.test']);
    expect(mails[0]!.parsed.subject).toBe(`[${urgencyTitle('urgent')}] Urgent: Leak of unreleased album from Sam Okafor`);
    expect(mails[0]!.messageId).toBe(`<${id}.urgent@takedownshield.test>`);
  });

  it('hostile values arrive inert: no added header, no markup, direction marks shown as escapes', async () => {
    const email = unique('hostile');
    const id = await post(
      'contact-us',
      contactUs(email, {
        name: 'Eve\r\nBcc: victim@example.net',
        subject: 'Hi\r\nX-Injected: yes',
        message: '<img src=x onerror=alert(1)> <a href="javascript:alert(2)">click</a> \u202Egnp.exe\u200B' + ' long'.repeat(900),
      }),
    );
    const [team] = await until(
      () => mailsFor(id).filter((m) => m.envelopeTo.includes('team@takedownshield.test')),
      (l) => l.length === 1,
    );
    expect(team!.envelopeTo).not.toContain('victim@example.net');
    expect(team!.parsed.headers.has('bcc')).toBe(false);
    expect(team!.parsed.headers.has('x-injected')).toBe(false);
    const headerBlock = team!.raw.split(/\r?\n\r?\n/)[0]!;
    expect(headerBlock).not.toMatch(/^(Bcc|X-Injected):/im);
    expect(team!.parsed.html).not.toContain('<img');
    expect(team!.parsed.html).not.toContain('<a href="javascript');
    // The one link is the inbox's own.
    expect((team!.parsed.html as string).match(/<a /g)).toEqual(['<a ']);
    expect(team!.parsed.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(team!.parsed.text).toContain('\\u202Egnp.exe\\u200B');
    expect(team!.parsed.text).not.toMatch(/[\u202E\u200B]/);
  });
});

describe('the auto-reply to the visitor', () => {
  it("uses the form's own words, repeats nothing typed, and goes once an hour to one address however often it is used", async () => {
    const email = unique('flood');
    const ids: string[] = [];
    for (let i = 0; i < 5; i++)
      ids.push(await post('contact-us', contactUs(email, { message: `Please call me back, attempt number ${i}.` })));
    await until(
      () => ids.flatMap(mailsFor).length,
      (n) => n >= 6,
    );
    await worker.runOnce();
    const replies = mailbox.messages.filter((m) => m.envelopeTo.includes(email));
    expect(replies).toHaveLength(1);
    const reply = replies[0]!.parsed;
    expect(reply.subject).toBe('We received your message');
    expect(reply.text).toContain('We usually reply by e-mail within 2 hours');
    expect(reply.text).not.toContain('Please call me back');
    expect(reply.text).not.toContain('Dana');
    expect(reply.html).toBe(false);
    expect(replies[0]!.messageId).toBe(`<${ids[0]}.auto-reply@takedownshield.test>`);
  });

  it('a bot (filled honeypot) gets no auto-reply and the team no e-mail; the webhook hears of it as spam', async () => {
    const email = unique('bot');
    const id = await post('contact-us', { ...contactUs(email), confirm_email: 'bot@example.com' });
    const [call] = await until(
      () => callsFor(id),
      (l) => l.length === 1,
    );
    expect(call!.body.data.spam).toBe(true);
    await worker.runOnce();
    expect(mailsFor(id)).toEqual([]);
    expect(
      (await store.outbox.listJobs({ status: ['pending', 'done', 'dead'] })).filter((j) => j.leadId === id).map((j) => j.channel),
    ).toEqual(['webhook']);
  });
});

describe('webhooks', () => {
  it('carry a valid Standard Webhooks signature and the lead; 500, then no answer, then 200: delivered with one id', async () => {
    receiver.script = [500, 'hang', 200];
    const email = unique('hook');
    const id = await post('contact-us', contactUs(email));
    const calls = await until(
      () => callsFor(id),
      (l) => l.length === 3,
    );
    expect(calls.map((c) => c.answered)).toEqual([500, 'no answer', 200]);
    expect(calls.every((c) => c.verified)).toBe(true);
    expect(new Set(calls.map((c) => c.id))).toEqual(new Set([`${id}.webhook`]));
    expect(calls[2]!.body).toMatchObject({
      type: 'lead.created',
      data: {
        id,
        formId: 'contact-us',
        endpoint: '/api/contact',
        spam: false,
        payload: { email, inquiryType: 'takedown', serviceInterest: 'takedown' },
        labels: { inquiryType: 'DMCA Takedown', serviceInterest: 'DMCA Takedown' },
        inboxUrl: `https://leads.example.test/admin/leads/${id}`,
      },
    });
    // The receiver has answered; the worker records the outcome a moment later.
    const job = await vi.waitFor(async () => {
      const done = (await store.outbox.listJobs({ status: ['done'] })).find((j) => j.leadId === id && j.channel === 'webhook');
      expect(done).toBeDefined();
      return done!;
    });
    expect(job.attempts).toBe(3);
  });

  it('and the team e-mail say where the lead came from: page, campaign and referring site', async () => {
    const email = unique('source');
    const id = await post(
      'contact-us',
      contactUs(email, {
        [SOURCE_KEY]: { page: '/contact-us?utm_source=newsletter&utm_medium=email&utm_campaign=november', referrer: 'news.example.com' },
      }),
    );
    const [call] = await until(
      () => callsFor(id),
      (l) => l.length === 1,
    );
    expect(call!.body.data.source).toEqual({
      page: '/contact-us',
      utmSource: 'newsletter',
      utmMedium: 'email',
      utmCampaign: 'november',
      referrerHost: 'news.example.com',
    });
    expect(call!.body.data.payload).not.toHaveProperty(SOURCE_KEY);
    const [mail] = await until(
      () => mailsFor(id).filter((m) => m.envelopeTo.includes('team@takedownshield.test')),
      (l) => l.length >= 1,
    );
    for (const line of [
      'Page: /contact-us',
      'Campaign source: newsletter',
      'Campaign medium: email',
      'Campaign: november',
      'Referring site: news.example.com',
    ])
      expect(mail!.parsed.text).toContain(`${line}\n`);
  });

  it('410 Gone stops retries: the job is dead after one call', async () => {
    receiver.script = [410];
    const id = await post('contact-us', contactUs(unique('gone')));
    await until(
      () => callsFor(id),
      (l) => l.length === 1,
    );
    // The event: the job is marked dead (a retry would leave it pending and this wait would time out).
    const dead = await vi.waitFor(async () => {
      const jobs = (await store.outbox.listJobs({ status: ['dead'] })).filter((j) => j.leadId === id);
      expect(jobs).toHaveLength(1);
      return jobs;
    });
    expect(dead.map((j) => [j.channel, j.lastError])).toEqual([['webhook', 'webhook answered 410 Gone']]);
    // A further pass of the worker finds nothing of this lead's left to send.
    await worker.runOnce();
    expect(callsFor(id)).toHaveLength(1);
  });
});

describe('reminders', () => {
  it("an overdue New lead gets one reminder, to its owner, with the link and the due time in the team's zone, however often the sweep runs", async () => {
    const dueAt = new Date(Date.now() - 60_000).toISOString();
    const lead = await store.leads.insertLead({
      endpoint: '/api/contact',
      formType: 'contact',
      formId: 'contact',
      payload: { name: 'Sam Late', email: unique('late'), subject: 'Leak', message: 'Our album leaked.', urgency: 'urgent' },
      dueAt,
    });
    await store.inbox.changeLead(lead.id, { assignee: 'owner@takedownshield.test' }, 'owner@takedownshield.test');
    const sweep = createReminderSweep({ outbox: store.outbox, forms: model!.forms, teamAddresses: ['team@takedownshield.test'] });
    // Two sweeps at once in one process share one run; a later one finds the reminder queued.
    expect(await Promise.all([sweep.runOnce(), sweep.runOnce()])).toEqual([1, 1]);
    expect(await sweep.runOnce()).toBe(0);
    const jobs = await store.outbox.listJobs({ status: ['pending', 'done', 'dead'] });
    expect(jobs.filter((j) => j.leadId === lead.id && j.rule === 'reminder')).toHaveLength(1);
    await worker.runOnce();
    const [reminder, ...more] = await until(
      () => mailsFor(lead.id),
      (l) => l.length >= 1,
    );
    await worker.runOnce();
    expect(more).toEqual([]);
    expect(mailsFor(lead.id)).toHaveLength(1);
    expect(reminder!.messageId).toBe(`<${lead.id}.reminder@takedownshield.test>`);
    expect(reminder!.envelopeTo).toEqual(['owner@takedownshield.test']);
    expect(reminder!.parsed.subject).toBe(`[${urgencyTitle('urgent')}] Reply overdue: ${model.forms.contact!.title}`);
    expect(reminder!.parsed.text).toContain(
      `is still New, and its reply was due ${formatTeamTime(new Date(dueAt), 'America/Los_Angeles')}.`,
    );
    expect(reminder!.parsed.text).toContain(`Open it in the inbox: https://leads.example.test/admin/leads/${lead.id}`);
  });
});

describe('an SMTP server that refuses for a while', () => {
  it('gets every notification once it accepts again, each Message-ID exactly once', async () => {
    mailbox.refusing = true;
    const ids = [
      await post('contact-us', contactUs(unique('refused-a'))),
      await post('commercial-takedown', {
        companyName: 'Northwind Prints',
        contactName: 'Ana Lima',
        email: unique('refused-b'),
        contentType: 'images',
        infringementUrls: 'https://copy.example/1',
      }),
    ];
    // Each e-mail (two to the team, two auto-replies) is tried and refused at least twice.
    const mine = await vi.waitFor(
      async () => {
        const jobs = (await store.outbox.listJobs()).filter((j) => ids.includes(j.leadId ?? '') && j.channel !== 'webhook');
        expect(jobs.length === 4 && jobs.every((j) => j.attempts >= 2)).toBe(true);
        return jobs;
      },
      { timeout: 10_000 },
    );
    expect(mine.map((j) => [j.status, j.attempts >= 2, j.lastError])).toEqual(
      mine.map(() => ['pending', true, expect.stringMatching(/451/)]),
    );
    expect(ids.flatMap(mailsFor)).toEqual([]);
    mailbox.refusing = false;
    const arrived = await until(
      () => ids.flatMap(mailsFor),
      (l) => l.length === 4,
      5_000,
    );
    expect(new Set(arrived.map((m) => m.messageId)).size).toBe(4);
    expect(arrived.find((m) => m.messageId.includes('.commercial@'))?.parsed.subject).toBe('Commercial takedown from Northwind Prints');
  });
});
