import { ADMIN_PATH, INBOX_VIEWS } from '../../contracts/inbox-contract';
import { formatTeamTime } from '../../engine/content/reply-promise';
import { escapeMarkup } from '../../engine/render/escape-markup';
import type { LeadJob, StoredLead } from '../store/types';
import { describeSource } from '../leads/lead-source';
import { isPlainAddress } from './config';
import { hostLines, noticeFields, noticeRequestOfLead } from './notice-fields';
import { optionsOf, optionTitle, type Described } from './plan';
import { oneLine, visibleLines } from './text';

export interface MailMessage {
  from: string;
  to: string[];
  replyTo?: string;
  subject: string;
  text: string;
  html?: string;
  /** Derived from the lead and the rule, so a repeated delivery carries the same id and can be dropped. */
  messageId: string;
}

/** Labels for the keys /api/contact posts when the form has no field of that name (spec 000 §7). */
const PAYLOAD_LABELS: Record<string, string> = {
  name: 'Name',
  email: 'Email',
  subject: 'Subject',
  message: 'Message',
  serviceInterest: 'Service interest',
};

/** Where the team reads and answers one lead. */
export interface TeamPlace {
  /** The public origin, SITE_URL. */
  siteUrl: string;
  /** The team's IANA time zone, from the site's reply promise. */
  timeZone: string;
}

/** The lead's page in the inbox, as an absolute address for e-mails and webhooks. */
export function inboxUrl(siteUrl: string, leadId: string): string {
  return new URL(`${ADMIN_PATH}/leads/${encodeURIComponent(leadId)}`, siteUrl).href;
}

/** The inbox's Quarantine view. */
export function quarantineUrl(siteUrl: string): string {
  const view = INBOX_VIEWS.find((v) => v.id === 'quarantine')!;
  return new URL(`${ADMIN_PATH}?${view.params}`, siteUrl).href;
}

export function messageIdFor(leadId: string, rule: string, mailFrom: string): string {
  return `<${leadId}.${rule}@${mailFrom.split('@')[1]}>`;
}

/**
 * The lead's answers in form order, labelled as the form labels them, as plain (not yet escaped) text;
 * a takedown notice request's elements in a notice's order (notice-fields.ts), not its nested JSON.
 */
export function leadFields(lead: StoredLead, form: Described | undefined): Array<{ name: string; label: string; value: string }> {
  const notice = noticeRequestOfLead(lead, form);
  if (notice) return noticeFields(notice, form);
  const properties = (form?.fields.properties ?? {}) as Record<string, { title?: string }>;
  const uiOrder = ((form?.ui as Record<string, unknown> | undefined)?.['ui:order'] as string[] | undefined) ?? [];
  const keys = Object.keys(lead.payload);
  const order = [...new Set([...uiOrder, ...Object.keys(properties), ...keys])].filter((k) => keys.includes(k));
  return order.map((key) => {
    const value = lead.payload[key];
    const text = typeof value === 'string' ? optionTitle(form, key, value) : JSON.stringify(value);
    return { name: key, label: oneLine(properties[key]?.title ?? PAYLOAD_LABELS[key] ?? key, 100), value: visibleLines(text ?? '') };
  });
}

export function teamEmail(job: LeadJob, form: Described | undefined, mailFrom: string, siteName: string, place: TeamPlace): MailMessage {
  const { lead } = job;
  const data = job.data as { to: string[]; subject: string };
  const fields = leadFields(lead, form);
  const notice = noticeRequestOfLead(lead, form);
  const formName = form ? `${form.title} (${form.id})` : `no form named (${lead.endpoint})`;
  const link = inboxUrl(place.siteUrl, lead.id);
  const reminder = (job.data as { reminder?: { dueAt: string } }).reminder;
  const answered = (job.data as { answer?: boolean }).answer === true;
  const intro = [
    reminder
      ? `This lead on ${siteName} is still New, and its reply was due ${formatTeamTime(new Date(reminder.dueAt), place.timeZone)}.`
      : answered
        ? `The visitor answered the team's reply about this lead on ${siteName}: the answer is on the lead, which is back in New.`
        : `A new lead came in on ${siteName}.`,
    '',
    `Open it in the inbox: ${link}`,
    '',
    `Form: ${formName}`,
    `Received: ${formatTeamTime(new Date(lead.createdAt), place.timeZone)}`,
    // Where the visitor came from: text a browser sent, so one plain line each.
    ...describeSource(lead.source).map(({ label, value }) => `${label}: ${oneLine(value, 300)}`),
  ];
  const text = [
    ...intro,
    '',
    ...fields.flatMap(({ label, value }) =>
      value.includes('\n') ? [`${label}:`, ...value.split('\n').map((l) => `  ${l}`)] : [`${label}: ${value}`],
    ),
    '',
    ...(notice ? [`The ${hostLines(notice)[0]}, and each host's notice ready to send, are on the lead in the inbox: ${link}`, ''] : []),
    typeof lead.payload.email === 'string'
      ? 'Answer the visitor from the lead in the inbox: the reply is recorded there, stops the reply clock, and their answer comes back to the lead.'
      : 'The visitor left no e-mail address.',
  ].join('\n');
  const rows = fields
    .map(
      ({ label, value }) =>
        `<tr><th align="left" valign="top" style="padding:4px 12px 4px 0">${escapeMarkup(label)}</th><td style="padding:4px 0;white-space:pre-wrap">${escapeMarkup(value)}</td></tr>`,
    )
    .join('\n');
  const html = [
    '<!doctype html><html><body style="font-family:sans-serif">',
    `<p>${escapeMarkup(intro[0])}</p>`,
    `<p><a href="${escapeMarkup(link)}">Open this lead in the inbox</a></p>`,
    `<p>${intro.slice(4).map(escapeMarkup).join('<br>')}</p>`,
    `<table role="presentation" style="border-collapse:collapse">\n${rows}\n</table>`,
    '</body></html>',
  ].join('\n');
  const messageId = messageIdFor(lead.id, job.rule, mailFrom);
  // A notice request is plain text only, and nothing its requester typed goes into a header, the
  // Reply-To included: the team answers from the lead, where the reply is recorded.
  if (notice) return { from: mailFrom, to: data.to, subject: data.subject, text, messageId };
  // Leads stored before addresses were checked this strictly get no Reply-To rather than a list.
  const replyTo = isPlainAddress(lead.payload.email) ? lead.payload.email : undefined;
  return { from: mailFrom, to: data.to, replyTo, subject: data.subject, text, html, messageId };
}

/** The visitor's confirmation: the form's own words only, never anything the visitor typed. */
export function autoReplyEmail(job: LeadJob, mailFrom: string): MailMessage {
  const data = job.data as { to: string; subject: string; text: string };
  return {
    from: mailFrom,
    to: [data.to],
    subject: oneLine(data.subject, 250),
    text: data.text,
    messageId: messageIdFor(job.lead.id, job.rule, mailFrom),
  };
}

/**
 * A reply the team wrote in the inbox: plain text from the team's address, its Reply-To the lead's
 * own token address, its Message-ID the one recorded with the reply (an answer's In-Reply-To names it).
 */
export function replyEmail(job: LeadJob, mailFrom: string): MailMessage {
  const data = job.data as { to: string[]; subject: string; text: string; replyTo: string; messageId: string };
  return {
    from: mailFrom,
    to: data.to,
    replyTo: data.replyTo,
    subject: oneLine(data.subject, 250),
    text: data.text,
    messageId: data.messageId,
  };
}

/**
 * The body of a webhook call: the lead as stored (raw values), the option labels the visitor saw,
 * its inbox address, marked as spam where the honeypot was filled; `lead.test` for a test send.
 */
export function webhookBody(lead: StoredLead, sentAt: Date, test = false, form?: Described, siteUrl?: string): string {
  return JSON.stringify({
    type: test ? 'lead.test' : 'lead.created',
    timestamp: sentAt.toISOString(),
    data: {
      id: lead.id,
      createdAt: lead.createdAt,
      endpoint: lead.endpoint,
      formId: lead.formId,
      formType: lead.formType,
      spam: lead.spam,
      payload: lead.payload,
      labels: optionLabels(lead, form),
      source: lead.source,
      ...(siteUrl ? { inboxUrl: inboxUrl(siteUrl, lead.id) } : {}),
    },
  });
}

/** Each answer that was one of the form's options, as the option's title the visitor saw. */
export function optionLabels(lead: StoredLead, form: Described | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(lead.payload)) if (optionsOf(form, key)) out[key] = optionTitle(form, key, value);
  return out;
}
