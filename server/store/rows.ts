import type { Selectable } from 'kysely';
import type { LeadSource } from '../../contracts/api-contract';
import type { Quarantine, SpamChecks } from '../../contracts/inbox-contract';
import type { InboxLead, StoredAuditEntry, StoredMessage, StoredNote } from './inbox-types';
import type { LeadsTable, OutboxTable, Schema } from './schema';
import type { OutboxJob, StoredLead } from './types';

/** A time as the stores hand it on: SQLite's text as it is, PostgreSQL's Date as ISO text. */
export const isoTime = (t: string | Date) => (typeof t === 'string' ? t : t.toISOString());
export const ms = (t: string | Date) => (typeof t === 'string' ? Date.parse(t) : t.getTime());
/** SQLite's 1, PostgreSQL's true. */
export const truthy = (v: number | boolean) => v === true || v === 1;
/** SQLite's JSON text, or the value pg already parsed from PostgreSQL's json. */
export const parsed = (v: string | Record<string, unknown>) => (typeof v === 'string' ? (JSON.parse(v) as Record<string, unknown>) : v);
/** Numbered ids (jobs, notes, audit entries) as the API gives them; text that is none names nothing. */
export const rowNumber = (id: string | undefined): number | null => (id !== undefined && /^[1-9][0-9]{0,15}$/.test(id) ? Number(id) : null);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Lead and account ids are UUIDs: text that is none names no lead (rather than failing PostgreSQL's cast). */
export const isUuid = (id: string) => UUID.test(id);

/** What a lead is read with everywhere; never PostgreSQL's tsvector or the search text. */
export const LEAD_COLUMNS = [
  'id',
  'created_at',
  'endpoint',
  'form_type',
  'form_id',
  'payload',
  'idempotency_key',
  'ip_hash',
  'user_agent',
  'spam',
  'erased_at',
  'page_path',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'referrer_host',
] as const;
export const INBOX_COLUMNS = [
  ...LEAD_COLUMNS,
  'status',
  'erased_by',
  'due_at',
  'first_answered_at',
  'assignee',
  'quarantined_at',
  'quarantine',
] as const;

type LeadRow = Pick<Selectable<LeadsTable>, (typeof LEAD_COLUMNS)[number]>;
type InboxRow = Pick<Selectable<LeadsTable>, (typeof INBOX_COLUMNS)[number]>;

/** The lead's source columns; all null when nothing is known. */
export function sourceColumns(source: LeadSource | null) {
  return {
    page_path: source?.page ?? null,
    utm_source: source?.utmSource ?? null,
    utm_medium: source?.utmMedium ?? null,
    utm_campaign: source?.utmCampaign ?? null,
    referrer_host: source?.referrerHost ?? null,
  };
}

function sourceFromRow(row: LeadRow): LeadSource | null {
  const source: LeadSource = {
    page: row.page_path,
    utmSource: row.utm_source,
    utmMedium: row.utm_medium,
    utmCampaign: row.utm_campaign,
    referrerHost: row.referrer_host,
  };
  return Object.values(source).every((v) => v === null) ? null : source;
}

export function leadFromRow(row: LeadRow): StoredLead {
  return {
    id: row.id,
    createdAt: isoTime(row.created_at),
    endpoint: row.endpoint,
    formType: row.form_type,
    formId: row.form_id,
    payload: parsed(row.payload),
    idempotencyKey: row.idempotency_key,
    ipHash: row.ip_hash,
    userAgent: row.user_agent,
    spam: truthy(row.spam),
    source: sourceFromRow(row),
    ...(row.erased_at ? { erasedAt: isoTime(row.erased_at) } : {}),
  };
}

export function inboxLeadFromRow(row: InboxRow): InboxLead {
  return {
    ...leadFromRow(row),
    status: row.status,
    erasedAt: row.erased_at === null ? null : isoTime(row.erased_at),
    erasedBy: row.erased_by,
    dueAt: row.due_at === null ? null : isoTime(row.due_at),
    firstAnsweredAt: row.first_answered_at === null ? null : isoTime(row.first_answered_at),
    assignee: row.assignee,
    quarantine: quarantineFromRow(row),
    spamChecks: spamChecksFromRow(row),
  };
}

/** What a lead let through with a doubtful score was found to hold: kept in the same column, never quarantined. */
function spamChecksFromRow(row: InboxRow): SpamChecks | null {
  if (row.quarantined_at !== null || row.quarantine === null) return null;
  const kept = JSON.parse(row.quarantine) as Partial<SpamChecks>;
  return { score: kept.score ?? 0, reasons: kept.reasons ?? [] };
}

/** Why the lead is held, while it is in quarantine. */
function quarantineFromRow(row: InboxRow): Quarantine | null {
  if (row.quarantined_at === null) return null;
  const held = (row.quarantine === null ? {} : JSON.parse(row.quarantine)) as Partial<Quarantine>;
  return { at: isoTime(row.quarantined_at), score: held.score ?? 0, reasons: held.reasons ?? [] };
}

export const JOB_COLUMNS = [
  'id',
  'lead_id',
  'channel',
  'rule',
  'data',
  'status',
  'attempts',
  'created_at',
  'next_attempt_at',
  'last_error',
  'finished_at',
] as const;

export function jobFromRow(row: Pick<Selectable<OutboxTable>, (typeof JOB_COLUMNS)[number]>): OutboxJob {
  return {
    id: String(row.id),
    leadId: row.lead_id,
    channel: row.channel,
    rule: row.rule,
    data: parsed(row.data),
    status: row.status,
    attempts: row.attempts,
    createdAt: isoTime(row.created_at),
    nextAttemptAt: isoTime(row.next_attempt_at),
    lastError: row.last_error,
    finishedAt: row.finished_at === null ? null : isoTime(row.finished_at),
  };
}

export const noteFromRow = (r: Selectable<Schema['lead_notes']>): StoredNote => ({
  id: String(r.id),
  leadId: r.lead_id,
  author: r.author,
  body: r.body,
  createdAt: isoTime(r.created_at),
});

export const messageFromRow = (r: Selectable<Schema['lead_messages']>): StoredMessage => ({
  id: String(r.id),
  leadId: r.lead_id,
  direction: r.direction,
  author: r.author,
  subject: r.subject,
  body: r.body,
  messageId: r.message_id,
  createdAt: isoTime(r.created_at),
});

export const auditFromRow = (r: Selectable<Schema['audit_log']>): StoredAuditEntry => ({
  id: String(r.id),
  at: isoTime(r.at),
  actor: r.actor,
  action: r.action,
  leadId: r.lead_id,
  detail: r.detail,
});
