/**
 * The inbox's notice screens over HTTP: a notice request's hosts with their notices split at 250,
 * the plain-text download, status changes with their audit lines, sending through the outbox on
 * an explicit call only, and who may do any of it.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_ROUTES, type AuditPage, type ConversionReport, type LeadDetail, type LeadPage } from '../../../contracts/inbox-contract';
import { NOTICE_ROUTES, type NoticeBoard } from '../../../contracts/notice-contract';
import { URLS_PER_NOTICE } from '../../../engine/notices/notice-text';
import { loadSite } from '../../../engine/content/load-site';
import { recipientFor } from '../../../engine/notices/recipients';
import { readSchemas, readSiteFiles } from '../../../scripts/read-project';
import { hashPassword, type ScryptCost } from '../../../server/admin/passwords';
import type { Delivery } from '../../../server/notify/deliver';
import { replyEmail } from '../../../server/notify/messages';
import type { ClaimedJob, LeadJob, LeadStore } from '../../../server/store/types';
import { HOST_COUNTS, NOTICE_FACTS, noticeLead, noticeRequest } from '../../support/notice-request';
import { createFixture, startServer, type Fixture, type Running } from './helpers';
import { sqliteBackend, useFreshStores } from './store-backends';

const { model } = loadSite(readSiteFiles(), readSchemas());
if (!model?.noticeTemplate) throw new Error('site/ has no notice template; run npm run validate');
const template = model.noticeTemplate;
const directory = model.noticeRecipients;

const TEST_COST: ScryptCost = { log2N: 10, r: 8, p: 1 };
const PASSWORD = 'correct horse battery staple';
const JSON_CHANGE = { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' };

/** The hosts of the test list as the directory takes them: one it e-mails, one it takes only by its form, one it does not know. */
const byEmail = HOST_COUNTS.map(([h]) => h).find((h) => {
  const r = recipientFor(h, directory);
  return r !== 'unknown' && r.email;
})!;
const byFormOnly = HOST_COUNTS.map(([h]) => h).find((h) => {
  const r = recipientFor(h, directory);
  return r !== 'unknown' && !r.email && r.webForm;
})!;
const unknown = HOST_COUNTS.map(([h]) => h).find((h) => recipientFor(h, directory) === 'unknown')!;
const emailOf = (host: string) => (recipientFor(host, directory) as { email: string }).email;

function browser(base: string) {
  let cookie = '';
  const call = async (path: string, init: RequestInit = {}) => {
    const reads: Record<string, string> = (init.method ?? 'GET') === 'GET' ? { 'X-Requested-With': 'XMLHttpRequest' } : {};
    const res = await fetch(base + path, {
      ...init,
      headers: { ...reads, ...(cookie ? { Cookie: cookie } : {}), ...((init.headers ?? {}) as Record<string, string>) },
    });
    for (const c of res.headers.getSetCookie()) cookie = c.split(';')[0]!.endsWith('=') ? '' : c.split(';')[0]!;
    return res;
  };
  return {
    call,
    get cookie() {
      return cookie;
    },
    signIn: (email: string) =>
      call(ADMIN_ROUTES.signIn, { method: 'POST', headers: JSON_CHANGE, body: JSON.stringify({ email, password: PASSWORD }) }),
    json: async <T>(path: string) => {
      const res = await call(path);
      expect(res.status, `${path} answered ${res.status}`).toBe(200);
      return (await res.json()) as T;
    },
    change: (path: string, method: string, body?: unknown) =>
      call(path, { method, headers: JSON_CHANGE, body: body === undefined ? undefined : JSON.stringify(body) }),
  };
}

describe('the inbox’s notice screens over HTTP', { timeout: 30_000 }, () => {
  const fresh = useFreshStores(sqliteBackend);
  let fixture: Fixture | undefined;
  let server: Running | undefined;

  afterEach(async () => {
    await server?.close();
    fixture?.cleanup();
    server = fixture = undefined;
  });

  async function start(opts: { mail?: boolean } = {}) {
    const now = () => new Date('2026-03-02T10:00:00.000Z');
    const store: LeadStore = await fresh.store(now);
    for (const email of ['ann@example.com', 'cy@example.com'])
      await store.accounts.createAccount(email, await hashPassword(PASSWORD, TEST_COST));
    await store.accounts.setRoles('cy@example.com', ['content']);
    fixture = createFixture();
    mkdirSync(join(fixture.clientDir, 'admin'), { recursive: true });
    writeFileSync(join(fixture.clientDir, 'admin/index.html'), '<!doctype html><title>Leads inbox</title>');
    // The jobs the outbox hands to delivery, as the server's worker takes them once a notice is queued.
    const queued: ClaimedJob[] = [];
    const delivery: Delivery = { deliver: async (job) => (queued.push(job), { ok: true, detail: 'kept by the test' }), close: () => {} };
    const { replyPromise: _noReminders, ...site } = model!.site;
    server = await startServer({
      buildDir: fixture.root,
      store,
      now,
      scryptCost: TEST_COST,
      model: {
        forms: model!.forms,
        apiPayloads: model!.apiPayloads,
        site,
        noticeTemplate: template,
        noticeRecipients: directory,
        ...(opts.mail !== false && { notifications: model!.notifications }),
      },
      ...(opts.mail !== false && { delivery }),
      env: {
        SITE_URL: 'http://example.com',
        SIGN_IN_RATE_LIMIT_MAX: '10000',
        ...(opts.mail !== false && {
          SMTP_URL: 'smtp://127.0.0.1:2525',
          MAIL_FROM: 'team@example.com',
          REPLY_DOMAIN: 'replies.example.com',
        }),
      },
    });
    const b = browser(server.url);
    expect((await b.signIn('ann@example.com')).status).toBe(204);
    return { store, b, url: server.url, queued };
  }

  it('lets only accounts with the leads role see, download, change or send a notice', async () => {
    const { store, url } = await start();
    const lead = await store.leads.insertLead(noticeLead(template));
    const cy = browser(url);
    expect((await cy.signIn('cy@example.com')).status).toBe(204);
    const answers = [
      await cy.call(NOTICE_ROUTES.board(lead.id)),
      await cy.call(NOTICE_ROUTES.text(lead.id, byEmail, 1)),
      await cy.change(NOTICE_ROUTES.host(lead.id, byEmail), 'PATCH', { status: 'removed' }),
      await cy.change(NOTICE_ROUTES.send(lead.id, byEmail), 'POST'),
    ];
    expect(answers.map((r) => r.status)).toEqual([403, 403, 403, 403]);
    const nobody = browser(url);
    expect((await nobody.call(NOTICE_ROUTES.board(lead.id))).status).toBe(401);
    expect(await store.notices.listNoticeHosts(lead.id)).toEqual([]);
    expect(await store.outbox.listLeadJobs(lead.id)).toEqual([]);
  });

  it('shows each host’s notices split at 250 addresses, each holding every element, with its recipient or "unknown"', async () => {
    const { store, b } = await start();
    const lead = await store.leads.insertLead(noticeLead(template));
    const request = noticeRequest(template);
    const board = await b.json<NoticeBoard>(NOTICE_ROUTES.board(lead.id));
    expect(board.hosts.map((h) => [h.host, h.urls, h.notices.map((n) => n.count)])).toEqual(
      HOST_COUNTS.map(([host, count]) => [
        host,
        count,
        Array.from({ length: Math.ceil(count / URLS_PER_NOTICE) }, (_, i) => Math.min(URLS_PER_NOTICE, count - i * URLS_PER_NOTICE)),
      ]),
    );
    expect(board.hosts.map((h) => h.status)).toEqual(['to_send', 'to_send', 'to_send', 'to_send']);
    expect(board.progress).toEqual({ hosts: 4, sent: 0, done: 0 });
    const tube = board.hosts.find((h) => h.host === byEmail)!;
    const entry = recipientFor(byEmail, directory);
    expect(tube.recipient).toMatchObject({ name: entry !== 'unknown' && entry.name, email: emailOf(byEmail) });
    expect(board.hosts.find((h) => h.host === unknown)!.recipient).toBeNull();

    for (const host of board.hosts) {
      const urls = request.groups.find((g) => g.host === host.host)!.urls;
      host.notices.forEach((notice, i) => {
        const mine = urls.slice(i * URLS_PER_NOTICE, (i + 1) * URLS_PER_NOTICE);
        const lines = notice.body.split('\n');
        for (const url of mine) expect(lines).toContain(url);
        for (const other of urls.filter((u) => !mine.includes(u))) expect(lines).not.toContain(other);
        for (const element of [
          NOTICE_FACTS.description,
          ...NOTICE_FACTS.postalAddress.split('\n'),
          request.requester.telephone,
          request.requester.email,
          request.work.authorisedCopy,
          request.work.registration!,
          template.checkboxes.goodFaith,
          template.checkboxes.accuracy,
          `/${NOTICE_FACTS.fullName}/`,
        ])
          expect(notice.body).toContain(element);
        expect(notice.subject).toContain(host.host);
        expect(notice.subject).not.toMatch(/[\r\n]/);
        expect([notice.part, notice.parts]).toEqual([i + 1, host.notices.length]);
      });
    }
    // The lead and the list say how far the request has got.
    expect((await b.json<LeadDetail>(ADMIN_ROUTES.lead(lead.id))).lead.notice).toEqual({ hosts: 4, sent: 0, done: 0 });
    const listed = (await b.json<LeadPage>(ADMIN_ROUTES.leads)).leads.find((l) => l.id === lead.id)!;
    expect(listed.notice).toEqual({ hosts: 4, sent: 0, done: 0 });
  });

  it('answers a notice as a plain-text download, with what the visitor typed kept as text and off lines of its own', async () => {
    const { store, b, url } = await start();
    const hostile = {
      requesterName: 'Rosa Delgado\r\nBcc: evil@example.com\u202e',
      description: '<script>alert("x")</script> Night Harbour\u0007',
    };
    const lead = await store.leads.insertLead(noticeLead(template, hostile));
    const board = await b.json<NoticeBoard>(NOTICE_ROUTES.board(lead.id));
    const tube = board.hosts.find((h) => h.host === byEmail)!;
    const res = await b.call(NOTICE_ROUTES.text(lead.id, byEmail, 2));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="notice-${byEmail}-part-2-of-2.txt"`);
    const text = await res.text();
    expect(text).toBe(`${tube.notices[1]!.subject}\n\n${tube.notices[1]!.body}`);
    expect(text).toContain('<script>alert("x")</script> Night Harbour');
    for (const char of ['\u0007', '\u202e', '\r']) expect(text).not.toContain(char);
    expect(text.split('\n').some((line) => line.startsWith('Bcc:'))).toBe(false);
    expect(text).toContain('Rosa Delgado Bcc: evil@example.com');
    expect((await b.call(NOTICE_ROUTES.text(lead.id, byEmail, 3))).status).toBe(404);
    // A picture or page elsewhere naming the address gets nothing, even with the team member's cookie.
    const elsewhere = await fetch(url + NOTICE_ROUTES.text(lead.id, byEmail, 1), {
      headers: { Cookie: b.cookie, 'Sec-Fetch-Dest': 'image', 'Sec-Fetch-Site': 'cross-site' },
    });
    expect(elsewhere.status).toBe(403);
    expect((await b.call(NOTICE_ROUTES.text(lead.id, 'vimeo.com', 1))).status).toBe(404);
  });

  it('sends a host’s notice through the outbox once, to the directory’s address, with no visitor value in a header', async () => {
    const { store, b, queued } = await start();
    const lead = await store.leads.insertLead(
      noticeLead(template, { requesterName: 'Rosa\r\nBcc: evil@example.com', fullName: 'Rosa\nTo: x@y' }),
    );
    const before = await b.json<NoticeBoard>(NOTICE_ROUTES.board(lead.id));
    expect(before.hosts.find((h) => h.host === byEmail)!.sendBlocked).toBeNull();
    // Nothing is sent until someone asks.
    expect(await store.outbox.listLeadJobs(lead.id)).toEqual([]);

    const sent = await b.change(NOTICE_ROUTES.send(lead.id, byEmail), 'POST');
    expect(sent.status).toBe(200);
    const board = (await sent.json()) as NoticeBoard;
    const host = board.hosts.find((h) => h.host === byEmail)!;
    expect(host).toMatchObject({ status: 'sent', sentTo: emailOf(byEmail), sentAt: '2026-03-02T10:00:00.000Z' });
    expect(host.sendBlocked).not.toBeNull();
    const again = await b.change(NOTICE_ROUTES.send(lead.id, byEmail), 'POST');
    expect([again.status, ((await again.json()) as { error: string }).error]).toEqual([409, 'ALREADY_SENT']);
    // Queued once: one job per notice, none more for the refused second send, each handed to delivery.
    const listed = await store.outbox.listLeadJobs(lead.id);
    expect(listed).toHaveLength(host.notices.length);
    // The server's worker looks at the outbox once a second (NOTIFY_POLL_MS), as long as waitFor's default wait.
    await vi.waitFor(() => expect(queued).toHaveLength(host.notices.length), { timeout: 5_000 });
    const order = listed.map((j) => j.id);
    const jobs = [...queued].sort((x, y) => order.indexOf(x.id) - order.indexOf(y.id));
    expect(jobs.map((j) => j.id)).toEqual(order);
    for (const [i, job] of jobs.entries()) {
      const message = replyEmail(job as LeadJob, 'team@example.com');
      expect(message.to).toEqual([emailOf(byEmail)]);
      expect(message.from).toBe('team@example.com');
      expect(message.subject).toBe(host.notices[i]!.subject);
      expect(message.subject).not.toMatch(/Rosa|Bcc|To:|[\r\n]/);
      expect(message.text).toBe(host.notices[i]!.body);
      expect(message.replyTo).toBeUndefined();
    }
    const audit = await b.json<AuditPage>(ADMIN_ROUTES.audit);
    const line = audit.entries.find((e) => e.action === 'notice')!;
    expect(line).toMatchObject({ actor: 'ann@example.com', leadId: lead.id });
    expect(line.detail).toContain(`queued to ${emailOf(byEmail)}`);
    expect(line.detail).not.toContain('Rosa');
  });

  it('refuses to send where no e-mail can go: a form-only recipient, an unknown host, a server without e-mail', async () => {
    const { store, b } = await start();
    const lead = await store.leads.insertLead(noticeLead(template));
    for (const host of [byFormOnly, unknown]) {
      const res = await b.change(NOTICE_ROUTES.send(lead.id, host), 'POST');
      expect([res.status, ((await res.json()) as { error: string }).error]).toEqual([409, 'CANNOT_SEND']);
    }
    await server!.close();
    const off = await start({ mail: false });
    const other = await off.store.leads.insertLead(noticeLead(template));
    const res = await off.b.change(NOTICE_ROUTES.send(other.id, byEmail), 'POST');
    expect(res.status).toBe(409);
    expect(await off.store.outbox.listLeadJobs(other.id)).toEqual([]);
    expect(await store.outbox.listLeadJobs(lead.id)).toEqual([]);
  });

  it('changes a host’s status, checks a counter-notice’s day and shows its restore window, and audits each change', async () => {
    const { store, b } = await start();
    const lead = await store.leads.insertLead(noticeLead(template));
    const contact = await store.leads.insertLead({
      endpoint: '/api/contact',
      formType: 'contact',
      formId: 'contact',
      payload: { name: 'Ann' },
    });
    const patch = (body: unknown, host = byFormOnly, id = lead.id) => b.change(NOTICE_ROUTES.host(id, host), 'PATCH', body);

    expect((await patch({ status: 'gone' })).status).toBe(400);
    expect((await patch({ status: 'removed', note: 'x' })).status).toBe(400);
    expect((await patch({ status: 'counter_notice' })).status).toBe(400);
    expect((await patch({ status: 'removed', counterNoticeOn: '2026-03-02' })).status).toBe(400);
    expect((await patch({ status: 'counter_notice', counterNoticeOn: '2026-03-03' })).status).toBe(400);
    expect((await patch({ status: 'counter_notice', counterNoticeOn: '2026-03-01' })).status).toBe(400);
    expect((await patch({ status: 'removed' }, 'vimeo.com')).status).toBe(404);
    expect((await patch({ status: 'removed' }, byEmail, contact.id)).status).toBe(409);
    expect(await store.notices.listNoticeHosts(lead.id)).toEqual([]);

    // Monday 2 March 2026: ten business days later is Monday 16 March, fourteen is Friday 20 March.
    const counter = await patch({ status: 'counter_notice', counterNoticeOn: '2026-03-02' });
    expect(counter.status).toBe(200);
    const host = ((await counter.json()) as NoticeBoard).hosts.find((h) => h.host === byFormOnly)!;
    expect(host).toMatchObject({
      status: 'counter_notice',
      counterNoticeOn: '2026-03-02',
      restoreWindow: { earliest: '2026-03-16', latest: '2026-03-20' },
      changedBy: 'ann@example.com',
    });
    const removed = (await (await patch({ status: 'removed' }, unknown)).json()) as NoticeBoard;
    expect(removed.progress).toEqual({ hosts: 4, sent: 2, done: 1 });
    const refused = (await (await patch({ status: 'refused' }, byEmail)).json()) as NoticeBoard;
    expect(refused.progress).toEqual({ hosts: 4, sent: 3, done: 2 });

    const lines = (await b.json<AuditPage>(ADMIN_ROUTES.audit)).entries.filter((e) => e.action === 'notice').reverse();
    expect(lines).toHaveLength(3);
    expect(lines.map((e) => e.detail.split(': ').at(-1))).toEqual([
      'to send → counter-notice received (received 2026-03-02)',
      'to send → removed',
      'to send → refused',
    ]);
    // The audit log names a host by its place and its recipient, never by what the visitor pasted.
    for (const e of lines) for (const [h] of HOST_COUNTS) expect(e.detail).not.toContain(h);
    const timeline = (await b.json<LeadDetail>(ADMIN_ROUTES.lead(lead.id))).timeline.filter((e) => e.kind === 'notice');
    expect(timeline).toHaveLength(3);

    const report = await b.json<ConversionReport>(`${ADMIN_ROUTES.conversion}?from=2026-03-01&to=2026-03-09`);
    expect(report.notices).toMatchObject({ requests: 1, completeness: { none: 0, some: 1, all: 0 } });
  });
});
