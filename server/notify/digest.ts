import type { LeadSummary } from '../../contracts/inbox-contract';
import { zonedInstant } from '../leads/due-time';
import { formatTeamTime, minutesOf, zonedParts, type ReplyPromise } from '../../engine/content/reply-promise';
import type { Notifications } from '../../engine/generated/content';
import { escapeMarkup } from '../../engine/render/escape-markup';
import { leadSummary, type FormsById } from '../admin/inbox-view';
import type { InboxLead } from '../store/inbox-types';
import { DIGEST_RULE } from '../store/outbox';
import type { ClaimedJob, DigestCounts, OutboxSlice } from '../store/types';
import { inboxUrl, quarantineUrl, type MailMessage, type TeamPlace } from './messages';
import { createSweep, REMINDER_SWEEP_MS } from './reminders';
import { oneLine } from './text';

/** The subject when site/notifications.yaml's digest names none (its schema's default). */
export const DEFAULT_DIGEST_SUBJECT = 'Open leads: {{count}}, {{overdue}} overdue';
/** Most leads one digest lists (New first, soonest due first); the rest are counted. */
export const DIGEST_LIMIT = 200;

/** site/notifications.yaml's `digest`. */
export type DigestSettings = NonNullable<Notifications['digest']>;

/** What a digest job holds: the open leads as they stood when it was queued. */
export interface DigestData {
  to: string[];
  subject: string;
  /** The team's day, YYYY-MM-DD in its zone. */
  day: string;
  /** When the list was taken (ISO). */
  at: string;
  open: number;
  overdue: number;
  /** Leads waiting in quarantine (not open, held from the team's e-mail); 0 in digests queued before it was counted. */
  quarantined?: number;
  leads: Array<Pick<LeadSummary, 'id' | 'createdAt' | 'formTitle' | 'name' | 'urgency' | 'status' | 'dueAt' | 'assignee'>>;
}

const DATE_PARTS: Intl.DateTimeFormatOptions = { year: 'numeric', month: '2-digit', day: '2-digit', weekday: 'short' };

/**
 * The team's day whose digest is due at `now`: a day the promise has support hours, from `at` on
 * its clock to its end; null before `at` and on days without support.
 */
export function digestDay(now: Date, promise: ReplyPromise, at: string): string | null {
  const p = zonedParts(now, promise.timeZone, DATE_PARTS);
  const weekday = p.weekday!.toLowerCase();
  if (!promise.supportHours.some((h) => (h.days as readonly string[]).includes(weekday))) return null;
  const sendAt = zonedInstant(Number(p.year), Number(p.month), Number(p.day), minutesOf(at), promise.timeZone);
  return now.getTime() >= sendAt ? `${p.year}-${p.month}-${p.day}` : null;
}

/** `{{count}}`, `{{overdue}}` and `{{date}}` put in; an unknown name is left out. */
export function digestSubject(template: string, data: Pick<DigestData, 'open' | 'overdue' | 'at'>, timeZone: string): string {
  const date = formatTeamTime(new Date(data.at), timeZone).split(',')[0]!;
  const values: Record<string, string> = { count: String(data.open), overdue: String(data.overdue), date };
  return oneLine(
    template.replace(/\{\{\s*([A-Za-z0-9_-]+)\s*\}\}/g, (_m, name: string) => values[name] ?? ''),
    250,
  );
}

export interface DigestSweepOptions {
  outbox: Pick<OutboxSlice, 'queueDigest'>;
  forms: FormsById;
  promise: ReplyPromise;
  settings: DigestSettings;
  /** LEADS_EMAIL_TO. */
  teamAddresses: readonly string[];
  now?: () => Date;
  everyMs?: number;
  onQueued?: (count: number) => void;
  onError?: (err: unknown) => void;
}

/** The digest's job from the open leads the store found. */
export function digestData(
  leads: readonly InboxLead[],
  counts: DigestCounts,
  day: string,
  at: Date,
  options: Pick<DigestSweepOptions, 'forms' | 'promise' | 'settings' | 'teamAddresses'>,
): DigestData {
  const listed = leads.map((lead) => {
    const { id, createdAt, formTitle, name, urgency, status, dueAt, assignee } = leadSummary(lead, options.forms);
    return { id, createdAt, formTitle, name, urgency, status, dueAt, assignee };
  });
  const facts = { ...counts, at: at.toISOString() };
  const subject = digestSubject(options.settings.subject ?? DEFAULT_DIGEST_SUBJECT, facts, options.promise.timeZone);
  return { to: [...options.teamAddresses], subject, day, ...facts, leads: listed };
}

/**
 * Queues the morning digest, through the outbox, once the configured time has passed on a support
 * day: once per day (the store's job key `digest:YYYY-MM-DD`), however many processes sweep.
 */
export function createDigestSweep(options: DigestSweepOptions) {
  const { outbox, promise, settings, now = () => new Date() } = options;
  return createSweep(
    async () => {
      const at = now();
      const day = digestDay(at, promise, settings.at);
      if (!day) return 0;
      const queued = await outbox.queueDigest({
        now: at,
        key: `${DIGEST_RULE}:${day}`,
        limit: DIGEST_LIMIT,
        plan: (leads, counts) => digestData(leads, counts, day, at, options),
      });
      return queued ? 1 : 0;
    },
    { everyMs: options.everyMs ?? REMINDER_SWEEP_MS, onQueued: options.onQueued, onError: options.onError },
  );
}

/** Where a lead stands, as the digest says it. */
function stateOf(lead: DigestData['leads'][number], at: string, timeZone: string): string {
  if (lead.status === 'in_progress') return 'In progress';
  if (!lead.dueAt) return 'New, no due time';
  const when = formatTeamTime(new Date(lead.dueAt), timeZone);
  return lead.dueAt < at ? `Overdue since ${when}` : `New, due ${when}`;
}

/** The digest e-mail: plain text and HTML, every value from a lead escaped. */
export function digestEmail(job: ClaimedJob, mailFrom: string, siteName: string, place: TeamPlace): MailMessage {
  const data = job.data as unknown as DigestData;
  const asOf = formatTeamTime(new Date(data.at), place.timeZone);
  const intro =
    data.open === 0
      ? `No leads are open on ${siteName} as of ${asOf}.`
      : `${data.open} ${data.open === 1 ? 'lead is' : 'leads are'} open on ${siteName} (New and In progress) as of ${asOf}, ${data.overdue} overdue.`;
  const more = data.open > data.leads.length ? `The ${data.open - data.leads.length} due last are not listed; the inbox has them all.` : '';
  const quarantined = data.quarantined ?? 0;
  const held =
    quarantined > 0
      ? `${quarantined} ${quarantined === 1 ? 'lead waits' : 'leads wait'} in Quarantine, held as likely spam: release any that is not.`
      : '';
  const heldLink = quarantineUrl(place.siteUrl);
  const rows = data.leads.map((lead) => ({
    state: stateOf(lead, data.at, place.timeZone),
    what: [lead.formTitle, lead.name, lead.urgency ? `[${lead.urgency}]` : null].filter(Boolean).join(' · '),
    owner: lead.assignee ?? 'Nobody owns it',
    link: inboxUrl(place.siteUrl, lead.id),
  }));
  const text = [
    intro,
    '',
    ...rows.flatMap((r) => [`${r.state}. ${r.owner}.`, `  ${r.what}`, `  ${r.link}`, '']),
    ...(more ? [more] : []),
    ...(held ? ['', held, `  ${heldLink}`] : []),
  ].join('\n');
  const cell = (value: string) => `<td valign="top" style="padding:4px 12px 4px 0">${escapeMarkup(value)}</td>`;
  const html = [
    '<!doctype html><html><body style="font-family:sans-serif">',
    `<p>${escapeMarkup(intro)}</p>`,
    rows.length
      ? [
          '<table style="border-collapse:collapse">',
          '<tr><th align="left">State</th><th align="left">Lead</th><th align="left">Owner</th><th align="left">Inbox</th></tr>',
          ...rows.map(
            (r) =>
              `<tr>${cell(r.state)}${cell(r.what)}${cell(r.owner)}<td valign="top"><a href="${escapeMarkup(r.link)}">Open</a></td></tr>`,
          ),
          '</table>',
        ].join('\n')
      : '',
    more ? `<p>${escapeMarkup(more)}</p>` : '',
    held ? `<p>${escapeMarkup(held)} <a href="${escapeMarkup(heldLink)}">Open Quarantine</a></p>` : '',
    '</body></html>',
  ].join('\n');
  return {
    from: mailFrom,
    to: data.to,
    subject: oneLine(data.subject, 250),
    text,
    html,
    messageId: `<${DIGEST_RULE}.${data.day}@${mailFrom.split('@')[1]}>`,
  };
}
