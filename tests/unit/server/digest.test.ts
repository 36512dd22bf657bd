/**
 * The morning digest on a clock the test moves: due once the configured time has passed on a
 * support day in the team's zone, queued once per day across restarts and processes, delivered to
 * the team through the outbox with every value a visitor typed escaped.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSite } from '../../../engine/content/load-site';
import { formatTeamTime, type ReplyPromise } from '../../../engine/content/reply-promise';
import { readSchemas, readSiteFiles } from '../../../scripts/read-project';
import { readNotifyConfig } from '../../../server/config';
import { createDelivery, type Delivery } from '../../../server/notify/deliver';
import { createDigestSweep, digestDay, digestSubject, type DigestSettings } from '../../../server/notify/digest';
import { DEFAULT_REMINDER_SUBJECT, reminderFor } from '../../../server/notify/reminders';
import { createOutboxWorker, type OutboxWorker } from '../../../server/notify/worker';
import { createSqliteStore, type SqliteLeadStore } from '../../../server/store/sqlite';
import { startMailbox, type Mailbox } from '../../support/mailbox';

const { model } = loadSite(readSiteFiles(), readSchemas());
if (!model) throw new Error('site/ does not load; run npm run validate');

/** The words the contact form shows for a choice of its urgency field. */
const urgencyTitle = (value: string) =>
  (model!.forms.contact!.fields.properties as Record<string, { oneOf: Array<{ const: string; title: string }> }>).urgency!.oneOf.find(
    (o) => o.const === value,
  )!.title;

const ZONE = 'America/Los_Angeles';
/** Support on weekdays only, so a weekend has no digest. */
const PROMISE: ReplyPromise = {
  replyWithinHours: 2,
  timeZone: ZONE,
  timeZoneName: 'Pacific time',
  supportHours: [{ id: 'weekdays', label: 'Monday to Friday', days: ['mon', 'tue', 'wed', 'thu', 'fri'], opens: '6:00', closes: '22:00' }],
};
const SETTINGS: DigestSettings = { at: '8:00' };
const TEAM = ['team@takedownshield.test', 'desk@takedownshield.test'];
const PLACE = { siteUrl: 'https://leads.example.test', timeZone: ZONE };
const HOSTILE = '<script>alert("x")</script> & <b>Co</b>';

/** Friday 27 November 2026 in Los Angeles (PST, UTC−8). */
const friday = (time: string) => new Date(`2026-11-27T${time}-08:00`);

describe('when the digest is due', () => {
  it('from the configured time to the end of a support day, in the team’s zone, daylight saving time or not', () => {
    expect(digestDay(friday('07:59:59'), PROMISE, '8:00')).toBeNull();
    expect(digestDay(friday('08:00:00'), PROMISE, '8:00')).toBe('2026-11-27');
    expect(digestDay(friday('23:59:00'), PROMISE, '8:00')).toBe('2026-11-27');
    // Saturday: no support hours, so no digest.
    expect(digestDay(new Date('2026-11-28T09:00:00-08:00'), PROMISE, '8:00')).toBeNull();
    // Monday 9 March 2026, the day after clocks went forward: 8:00 is UTC−7.
    expect(digestDay(new Date('2026-03-09T07:30:00-07:00'), PROMISE, '8:00')).toBeNull();
    expect(digestDay(new Date('2026-03-09T08:00:00-07:00'), PROMISE, '8:00')).toBe('2026-03-09');
    // Another zone's morning is not the team's.
    expect(digestDay(new Date('2026-11-27T08:00:00Z'), PROMISE, '8:00')).toBeNull();
  });

  it('names the counts and the day in its subject, on one line', () => {
    const data = { open: 3, overdue: 1, at: friday('08:00:00').toISOString() };
    expect(digestSubject('Open leads: {{count}}, {{overdue}} overdue', data, ZONE)).toBe('Open leads: 3, 1 overdue');
    expect(digestSubject('{{date}}: {{ count }} open{{unknown}}', data, ZONE)).toBe('Fri 27 Nov 2026: 3 open');
  });
});

describe('the reminder subject', () => {
  it('is written in site/notifications.yaml, with the lead’s values on one line', () => {
    expect(model.notifications.reminderSubject).toBe(DEFAULT_REMINDER_SUBJECT);
    const lead = {
      ...{ id: 'x', createdAt: '', endpoint: '/api/contact', formType: 'contact', formId: 'contact', idempotencyKey: null },
      ...{ ipHash: null, userAgent: null, spam: false, status: 'new' as const, erasedAt: null, erasedBy: null },
      ...{
        dueAt: null,
        firstAnsweredAt: null,
        assignee: null,
        quarantine: null,
        spamChecks: null,
        source: null,
        payload: { name: 'Sam\nLate' },
      },
    };
    expect(reminderFor(lead, model.forms, TEAM, 'Still waiting: {{name}} ({{form}})')).toEqual({
      to: TEAM,
      subject: `Still waiting: Sam Late (${model.forms.contact!.title})`,
    });
  });
});

describe('the morning digest', () => {
  let dataDir: string;
  let store: SqliteLeadStore;
  let mailbox: Mailbox;
  let delivery: Delivery;
  let worker: OutboxWorker;
  let now = friday('07:00:00');
  const clock = () => now;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'digest-'));
    store = createSqliteStore({ file: join(dataDir, 'leads.sqlite'), now: clock });
    await store.init();
    mailbox = await startMailbox();
    const { config, problems } = readNotifyConfig({
      SMTP_URL: mailbox.url,
      MAIL_FROM: 'leads@takedownshield.test',
      LEADS_EMAIL_TO: TEAM.join(','),
    });
    expect(problems).toEqual([]);
    delivery = createDelivery(config, { forms: model.forms, siteName: 'TakedownShield', place: PLACE, timeoutMs: 2_000 });
    worker = createOutboxWorker({ outbox: store.outbox, deliver: (job) => delivery.deliver(job), pollMs: 50, now: clock });
  });

  afterAll(async () => {
    await worker?.stop();
    delivery?.close();
    await store?.close();
    await mailbox?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** One server process's sweep; a new one is what a restart makes. */
  const sweepOfAProcess = () =>
    createDigestSweep({ outbox: store.outbox, forms: model.forms, promise: PROMISE, settings: SETTINGS, teamAddresses: TEAM, now: clock });

  it('is queued once a day however many processes sweep and restart, lists the open leads, and escapes what visitors typed', async () => {
    const contact = (name: string, dueAt: string | null, urgency = 'normal') =>
      store.leads.insertLead({
        endpoint: '/api/contact',
        formType: 'contact',
        formId: 'contact',
        payload: { name, email: 'v@example.org', inquiryType: 'takedown', urgency, subject: 'Copies', message: 'Please help.' },
        dueAt,
      });
    const late = await contact(HOSTILE, friday('07:30:00').toISOString(), 'urgent');
    const soon = await contact('Dana Soon', friday('10:00:00').toISOString());
    const working = await contact('Wes Working', friday('06:30:00').toISOString());
    const done = await contact('Dora Done', friday('06:00:00').toISOString());
    await store.inbox.changeLead(working.id, { status: 'in_progress', assignee: 'ann@takedownshield.test' }, 'ann@takedownshield.test');
    await store.inbox.changeLead(done.id, { status: 'done' }, 'ann@takedownshield.test');

    expect(await sweepOfAProcess().runOnce()).toBe(0);
    now = friday('08:00:30');
    const [a, b] = [sweepOfAProcess(), sweepOfAProcess()];
    // Two calls in one process share a run (and its answer); the other process finds the day taken.
    const queued = await Promise.all([a.runOnce(), b.runOnce(), a.runOnce(), b.runOnce()]);
    expect(queued.sort()).toEqual([0, 0, 1, 1]);
    now = friday('12:00:00');
    expect(await sweepOfAProcess().runOnce()).toBe(0);
    now = new Date('2026-11-28T08:30:00-08:00');
    expect(await sweepOfAProcess().runOnce()).toBe(0);
    now = new Date('2026-11-30T08:00:00-08:00');
    expect(await sweepOfAProcess().runOnce()).toBe(1);
    const jobs = (await store.outbox.listJobs({ status: ['pending'] })).filter((j) => j.rule === 'digest');
    expect(jobs.map((j) => [j.leadId, (j.data as { day: string }).day])).toEqual([
      [null, '2026-11-27'],
      [null, '2026-11-30'],
    ]);

    await worker.runOnce();
    await mailbox.waitFor(2);
    expect(mailbox.messages.map((m) => m.messageId).sort()).toEqual([
      '<digest.2026-11-27@takedownshield.test>',
      '<digest.2026-11-30@takedownshield.test>',
    ]);
    const friday8 = mailbox.messages.find((m) => m.messageId.includes('2026-11-27'));
    const monday8 = mailbox.messages.find((m) => m.messageId.includes('2026-11-30'));
    expect(friday8!.envelopeTo).toEqual(TEAM);
    expect(friday8!.parsed.subject).toBe('Open leads: 3, 1 overdue');
    const text = friday8!.parsed.text ?? '';
    expect(text).toContain(
      `3 leads are open on TakedownShield (New and In progress) as of ${formatTeamTime(friday('08:00:30'), ZONE)}, 1 overdue.`,
    );
    // New leads soonest due first, then those in progress (their clock stopped); the closed lead is left out.
    const link = (id: string) => `https://leads.example.test/admin/leads/${id}`;
    expect(text.indexOf(link(late.id))).toBeLessThan(text.indexOf(link(soon.id)));
    expect(text.indexOf(link(soon.id))).toBeLessThan(text.indexOf(link(working.id)));
    expect(text).not.toContain(done.id);
    expect(text).toContain(`Overdue since ${formatTeamTime(friday('07:30:00'), ZONE)}. Nobody owns it.`);
    expect(text).toContain(`  ${model.forms.contact!.title} · ${HOSTILE} · [${urgencyTitle('urgent')}]`);
    expect(text).toContain(`New, due ${formatTeamTime(friday('10:00:00'), ZONE)}. Nobody owns it.`);
    expect(text).toContain('In progress. ann@takedownshield.test.');
    const html = String(friday8!.parsed.html);
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<b>Co');
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;b&gt;Co&lt;/b&gt;');
    expect(html).toContain(`<a href="${link(late.id)}">Open</a>`);
    expect(monday8!.parsed.subject).toBe('Open leads: 3, 2 overdue');
  });

  it('counts the leads waiting in quarantine, links to their view, and lists none of them', async () => {
    const held = (name: string) =>
      store.leads.insertLead({
        endpoint: '/api/contact',
        formType: 'contact',
        formId: 'contact',
        payload: { name, email: 'offers@example.org', message: 'casino' },
        dueAt: now.toISOString(),
        quarantine: { score: 6, reasons: [{ code: 'words', weight: 6, detail: "words from the team's list: casino" }] },
      });
    const one = await held('Held One');
    await held('Held Two');
    const erased = await held('Held Erased');
    await store.inbox.eraseLead(erased.id, 'ann@takedownshield.test');
    now = new Date('2026-12-01T08:00:00-08:00');
    expect(await sweepOfAProcess().runOnce()).toBe(1);
    await worker.runOnce();
    await mailbox.waitFor(3);
    const tuesday8 = mailbox.messages.find((m) => m.messageId.includes('2026-12-01'))!;
    // The held leads, due already, are neither open nor overdue.
    expect(tuesday8.parsed.subject).toBe('Open leads: 3, 2 overdue');
    const text = tuesday8.parsed.text ?? '';
    expect(text).toContain('2 leads wait in Quarantine, held as likely spam: release any that is not.');
    expect(text).toContain('https://leads.example.test/admin?quarantine=only&spam=include');
    expect(text).not.toContain(one.id);
    expect(String(tuesday8.parsed.html)).toContain(
      '<a href="https://leads.example.test/admin?quarantine=only&amp;spam=include">Open Quarantine</a>',
    );
  });
});
