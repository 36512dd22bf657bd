// A takedown notice request as the team reads it in the new-lead e-mail and the CSV export: its
// elements in a notice's order under the form's labels, the hosts with their counts and a link to
// the lead instead of every address, plain text with nothing the requester typed in a header, and
// the CSV's formula guard applied to its cells.
import { describe, expect, it } from 'vitest';
import { loadSite } from '../../../engine/content/load-site';
import { isNoticeForm } from '../../../engine/notices/notice-form';
import type { NoticeRequest } from '../../../engine/notices/notice-text';
import { readSchemas, readSiteFiles } from '../../../scripts/read-project';
import { formsById } from '../../../server/admin/inbox-view';
import { csvCells, csvLayout } from '../../../server/admin/lead-csv';
import { csvRow } from '../../../server/leads/csv';
import { inboxUrl, teamEmail } from '../../../server/notify/messages';
import { noticeFields } from '../../../server/notify/notice-fields';
import type { InboxLead } from '../../../server/store/inbox-types';
import type { LeadJob } from '../../../server/store/types';
import { HOST_COUNTS, noticeRequest } from '../../support/notice-request';

const { model } = loadSite(readSiteFiles(), readSchemas());
const forms = formsById(model!.forms);
const form = Object.values(forms).find((f) => isNoticeForm(f))!;
const template = model!.noticeTemplate!;
const ZONE = 'America/Los_Angeles';
const SITE = 'https://takedowns.example';
const ID = '3f0e4c1a-0000-4000-8000-0000000000aa';

/** What the notice form stores: the request, with the name and address every lead has. */
function payloadOf(request: NoticeRequest): Record<string, unknown> {
  return { ...request, name: request.requester.name, email: request.requester.email };
}

function lead(payload: Record<string, unknown>): InboxLead {
  return {
    id: ID,
    createdAt: '2026-11-24T13:37:58.000Z',
    endpoint: form.submit.endpoint,
    formType: form.submit.formType,
    formId: form.id,
    payload,
    idempotencyKey: null,
    userAgent: null,
    spam: false,
    source: null,
    status: 'new',
    erasedAt: null,
    erasedBy: null,
    dueAt: null,
    firstAnsweredAt: null,
    assignee: null,
  } as unknown as InboxLead;
}

function mailFor(payload: Record<string, unknown>) {
  const job = {
    id: 1,
    leadId: ID,
    lead: lead(payload),
    rule: 'default',
    channel: 'email',
    data: { to: ['team@x.test'], subject: 'New lead' },
  };
  return teamEmail(job as unknown as LeadJob, form, 'leads@takedowns.example', 'TakedownShield', { siteUrl: SITE, timeZone: ZONE });
}

const request = noticeRequest(template, {
  requesterName: 'Riverside Press',
  fullName: 'Dana Writer',
  // A requester's text that tries to start a header and a spreadsheet formula.
  description: '=HYPERLINK("https://evil.example","open")\r\nBcc: victim@example.com',
});
const titles = form.fields.properties as Record<string, { title?: string }>;

describe('a notice request in the team e-mail', () => {
  const mail = mailFor(payloadOf(request));
  const lines = mail.text.split('\n');

  it('lists the elements in a notice’s order: requester, work, signature, statements, then the hosts', () => {
    const at = (value: string) => lines.findIndex((l) => l.includes(value));
    const order = [
      request.requester.name,
      request.requester.telephone,
      request.work.kind,
      request.work.authorisedCopy,
      request.work.registration!,
      request.signature.fullName,
      request.signature.date,
      request.statements.goodFaith,
      request.statements.accuracy,
      `${HOST_COUNTS[0]![0]}: `,
      `${HOST_COUNTS.at(-1)![0]}: `,
    ].map(at);
    expect(order.every((i) => i > 0)).toBe(true);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    for (const line of request.requester.postalAddress.split('\n')) expect(lines).toContain(`  ${line}`);
    expect(mail.text).toContain(`${titles.requesterName!.title}: ${request.requester.name}`);
  });

  it('gives each host its count and links to the lead instead of listing the addresses', () => {
    for (const [host, count] of HOST_COUNTS) expect(lines).toContain(`  ${host}: ${count} addresses`);
    const total = HOST_COUNTS.reduce((s, [, n]) => s + n, 0);
    expect(mail.text).toContain(`${total} addresses on ${HOST_COUNTS.length} hosts`);
    expect(lines.filter((l) => l.includes(inboxUrl(SITE, ID))).length).toBeGreaterThanOrEqual(2);
    const addresses = request.groups.flatMap((g) => g.urls);
    expect(addresses.filter((u) => mail.text.includes(u))).toEqual([]);
    // Never the stored request's JSON.
    expect(mail.text).not.toMatch(/[{[]"/);
  });

  it('is plain text, and nothing the requester typed reaches a header, the Reply-To included', () => {
    expect(mail.html).toBeUndefined();
    expect(mail.replyTo).toBeUndefined();
    const headers = JSON.stringify([mail.from, mail.to, mail.subject, mail.messageId, mail.replyTo]);
    for (const typed of [request.requester.name, request.requester.email, request.signature.fullName, 'victim@example.com'])
      expect(headers).not.toContain(typed);
    // The description's line break stays inside its indented value: no line of the body starts a header.
    expect(lines).not.toContain('Bcc: victim@example.com');
    expect(lines).toContain('  Bcc: victim@example.com');
  });

  it('leaves out what the requester did not give, and says when the Lumen copy was refused', () => {
    const bare = noticeFields({ ...request, work: { ...request.work, registration: undefined }, lumenConsent: false }, form);
    expect(bare.map((f) => f.name)).not.toContain('registration');
    const withIt = noticeFields(request, form);
    expect(bare.find((f) => f.name === 'lumenConsent')!.value).not.toBe(withIt.find((f) => f.name === 'lumenConsent')!.value);
  });

  it('keeps the other leads’ e-mail as it was: every field, with a Reply-To and an HTML part', () => {
    const contact = forms.contact!;
    const job = {
      id: 2,
      leadId: ID,
      lead: { ...lead({ name: 'Ada', email: 'ada@example.com', message: 'Hello' }), formId: 'contact', formType: 'contact' },
      rule: 'default',
      channel: 'email',
      data: { to: ['team@x.test'], subject: 'New lead' },
    };
    const plain = teamEmail(job as unknown as LeadJob, contact, 'leads@takedowns.example', 'TakedownShield', {
      siteUrl: SITE,
      timeZone: ZONE,
    });
    expect(plain.replyTo).toBe('ada@example.com');
    expect(plain.html).toBeDefined();
  });
});

describe('a notice request in the CSV export', () => {
  const layout = csvLayout(forms, [form.id], ZONE);
  const cells = csvCells(lead(payloadOf(request)), [], forms, layout, ZONE);
  const cell = (name: keyof typeof titles | 'date') => {
    const label = noticeFields(request, form).find((f) => f.name === name)!.label;
    return cells[layout.header.indexOf(label)]!;
  };

  it('has a column per element, each holding its value, and nothing left over as JSON', () => {
    expect(cell('requesterName')).toBe(request.requester.name);
    expect(cell('email')).toBe(request.requester.email);
    expect(cell('postalAddress')).toBe(request.requester.postalAddress);
    expect(cell('workKind')).toBe(request.work.kind);
    expect(cell('fullName')).toBe(request.signature.fullName);
    expect(cell('date')).toBe(request.signature.date);
    expect(cell('goodFaith')).toBe(request.statements.goodFaith);
    expect(cell('accuracy')).toBe(request.statements.accuracy);
    expect(cells[layout.header.indexOf('other fields')]).toBe('');
    expect(cells.some((c) => /[{[]"/.test(c))).toBe(false);
  });

  it('gives the hosts with their counts in one cell', () => {
    const hosts = cell('urls').split('\n');
    for (const [host, count] of HOST_COUNTS) expect(hosts).toContain(`${host}: ${count} addresses`);
    expect(hosts).toHaveLength(HOST_COUNTS.length + 1);
  });

  it('keeps the formula guard: a cell that starts a formula is written as text', () => {
    const row = csvRow(cells);
    expect(cell('workDescription').startsWith('=')).toBe(true);
    expect(row).not.toMatch(/(^|,)"?=HYPERLINK/);
    expect(row).toContain(`"'=HYPERLINK(""https://evil.example""`);
  });
});
