// Where each host of a takedown notice request stands (migration 22's notice_hosts): to send (no
// row), sent, removed, refused, counter-notice received. Each change is written with its audit line
// in one transaction that holds the lead's row, as the inbox's other changes are; a notice is sent
// by queueing it in the outbox in that same transaction, so it is queued once however often asked.
import { sql, type Kysely } from 'kysely';
import {
  isDone,
  NOTICE_FORM_TYPE,
  NOTICE_RULE_PREFIX,
  NOTICE_STATUS_LABELS,
  removalBand,
  REMOVAL_BANDS,
  type NoticeConversion,
  type NoticeProgress,
  type NoticeStatus,
} from '../../contracts/notice-contract';
import { noticeHosts } from '../../engine/notices/notice-request';
import { audit } from './inbox';
import { inboxLead } from './leads';
import { isoTime, isUuid, ms } from './rows';
import type { Db, Schema, StoreDialect } from './schema';

/** A host the team has acted on. */
export interface NoticeHostRecord {
  host: string;
  status: NoticeStatus;
  statusAt: string;
  changedBy: string;
  sentAt: string | null;
  /** `email`: sent from the inbox through the outbox; `manual`: the team sent it elsewhere (a web form) and marked it sent. */
  sentVia: 'email' | 'manual' | null;
  sentTo: string | null;
  counterNoticeOn: string | null;
}

/** The notice e-mails of one host: one per part, to the recipient's address. */
export interface NoticeMail {
  to: string;
  messages: ReadonlyArray<{ subject: string; text: string; messageId: string }>;
}

export type NoticeChangeResult =
  | { kind: 'missing' }
  | { kind: 'erased' }
  | { kind: 'not-a-notice' }
  | { kind: 'no-such-host' }
  | { kind: 'unchanged'; record: NoticeHostRecord | null }
  | { kind: 'already-sent'; record: NoticeHostRecord }
  | { kind: 'changed'; record: NoticeHostRecord };

export interface NoticesSlice {
  /** The hosts of a lead that have a record, in no particular order; a host without one is to send. */
  listNoticeHosts(leadId: string): Promise<NoticeHostRecord[]>;
  /** Per lead id, its hosts' progress; `leads` give each lead's payload, which names its hosts. */
  noticeProgress(leads: ReadonlyArray<{ id: string; payload: unknown }>): Promise<Record<string, NoticeProgress>>;
  /**
   * Sets a host's status (a counter-notice with the day it was received), audited as `label` ("notice
   * 2 of 4 (YouTube)": never the lead's values) by `actor`. Marking a host sent here records it as
   * sent by hand; "to send" forgets when it was sent.
   */
  changeNoticeHost(
    leadId: string,
    host: string,
    change: { status: NoticeStatus; counterNoticeOn?: string },
    actor: string,
    label: string,
  ): Promise<NoticeChangeResult>;
  /**
   * Queues the host's notice e-mails in the outbox and marks the host sent to `mail.to`, only while
   * the host is to send: a second call (a double click, a second tab) finds it sent and queues nothing.
   */
  sendNotice(leadId: string, host: string, mail: NoticeMail, actor: string, label: string): Promise<NoticeChangeResult>;
}

function recordOf(r: {
  host: string;
  status: NoticeStatus;
  status_at: string | Date;
  changed_by: string;
  sent_at: string | Date | null;
  sent_via: 'email' | 'manual' | null;
  sent_to: string | null;
  counter_notice_on: string | null;
}): NoticeHostRecord {
  return {
    host: r.host,
    status: r.status,
    statusAt: isoTime(r.status_at),
    changedBy: r.changed_by,
    sentAt: r.sent_at === null ? null : isoTime(r.sent_at),
    sentVia: r.sent_via,
    sentTo: r.sent_to,
    counterNoticeOn: r.counter_notice_on,
  };
}

const word = (status: NoticeStatus) => NOTICE_STATUS_LABELS[status].toLowerCase();

async function readRecord(db: Db, leadId: string, host: string): Promise<NoticeHostRecord | null> {
  const row = await db.selectFrom('notice_hosts').selectAll().where('lead_id', '=', leadId).where('host', '=', host).executeTakeFirst();
  return row ? recordOf(row) : null;
}

async function writeRecord(db: Db, leadId: string, values: NoticeRowValues) {
  await db
    .insertInto('notice_hosts')
    .values({ lead_id: leadId, ...values })
    .onConflict((oc) => oc.columns(['lead_id', 'host']).doUpdateSet({ ...values }))
    .execute();
}

interface NoticeRowValues {
  host: string;
  status: NoticeStatus;
  status_at: string;
  changed_by: string;
  sent_at: string | null;
  sent_via: 'email' | 'manual' | null;
  sent_to: string | null;
  counter_notice_on: string | null;
}

export function noticesSlice(db: () => Kysely<Schema>, d: StoreDialect, now: () => Date): NoticesSlice {
  /** The lead, locked, when it is a notice request naming `host`; otherwise why not. */
  async function lockedHost(trx: Db, leadId: string, host: string) {
    const lead = await inboxLead(trx, d, leadId, true);
    if (!lead) return { kind: 'missing' } as const;
    if (lead.erasedAt) return { kind: 'erased' } as const;
    const hosts = lead.formType === NOTICE_FORM_TYPE ? noticeHosts(lead.payload) : [];
    if (hosts.length === 0) return { kind: 'not-a-notice' } as const;
    if (!hosts.includes(host)) return { kind: 'no-such-host' } as const;
    return { kind: 'found', before: await readRecord(trx, leadId, host) } as const;
  }

  /** Runs `change` in a transaction holding the lead's lock, once the host is found on a notice lead that is not erased. */
  async function withLockedHost(
    leadId: string,
    host: string,
    change: (trx: Db, before: Extract<Awaited<ReturnType<typeof lockedHost>>, { kind: 'found' }>['before']) => Promise<NoticeChangeResult>,
  ): Promise<NoticeChangeResult> {
    if (!isUuid(leadId)) return { kind: 'missing' };
    return db()
      .transaction()
      .execute(async (trx) => {
        const found = await lockedHost(trx, leadId, host);
        return found.kind === 'found' ? change(trx, found.before) : found;
      });
  }

  return {
    async listNoticeHosts(leadId) {
      if (!isUuid(leadId)) return [];
      const rows = await db().selectFrom('notice_hosts').selectAll().where('lead_id', '=', leadId).execute();
      return rows.map(recordOf);
    },

    async noticeProgress(leads) {
      const ids = leads.map((l) => l.id).filter(isUuid);
      const rows =
        ids.length === 0
          ? []
          : await db().selectFrom('notice_hosts').select(['lead_id', 'host', 'status']).where('lead_id', 'in', ids).execute();
      const progress: Record<string, NoticeProgress> = {};
      for (const lead of leads) {
        const hosts = new Set(noticeHosts(lead.payload));
        const mine = rows.filter((r) => String(r.lead_id) === lead.id && hosts.has(r.host));
        progress[lead.id] = {
          hosts: hosts.size,
          sent: mine.filter((r) => r.status !== 'to_send').length,
          done: mine.filter((r) => isDone(r.status)).length,
        };
      }
      return progress;
    },

    async changeNoticeHost(leadId, host, change, actor, label) {
      return withLockedHost(leadId, host, async (trx, before) => {
        const from = before?.status ?? 'to_send';
        const counterNoticeOn = change.status === 'counter_notice' ? (change.counterNoticeOn ?? null) : null;
        if (from === change.status && (before?.counterNoticeOn ?? null) === counterNoticeOn) return { kind: 'unchanged', record: before };
        const at = now().toISOString();
        const sent =
          change.status === 'to_send'
            ? { sent_at: null, sent_via: null, sent_to: null }
            : change.status === 'sent'
              ? { sent_at: at, sent_via: 'manual' as const, sent_to: null }
              : { sent_at: before?.sentAt ?? null, sent_via: before?.sentVia ?? null, sent_to: before?.sentTo ?? null };
        await writeRecord(trx, leadId, {
          host,
          status: change.status,
          status_at: at,
          changed_by: actor,
          ...sent,
          counter_notice_on: counterNoticeOn,
        });
        const how = change.status === 'sent' ? ' (sent outside the inbox)' : counterNoticeOn ? ` (received ${counterNoticeOn})` : '';
        await audit(trx, now(), { actor, action: 'notice', leadId, detail: `${label}: ${word(from)} → ${word(change.status)}${how}` });
        return { kind: 'changed', record: (await readRecord(trx, leadId, host))! };
      });
    },

    async sendNotice(leadId, host, mail, actor, label) {
      return withLockedHost(leadId, host, async (trx, before) => {
        if (before && before.status !== 'to_send') return { kind: 'already-sent', record: before };
        const at = now().toISOString();
        const parts = mail.messages.length;
        for (const [i, m] of mail.messages.entries())
          await trx
            .insertInto('outbox')
            .values({
              lead_id: leadId,
              // Sent as the team's replies are: from MAIL_FROM, plain text, the address given as an address, never parsed.
              channel: 'reply',
              rule: `${NOTICE_RULE_PREFIX}${host} ${i + 1}/${parts}`,
              data: JSON.stringify({ to: [mail.to], subject: m.subject, text: m.text, messageId: m.messageId }),
              created_at: at,
              next_attempt_at: at,
            })
            .execute();
        await writeRecord(trx, leadId, {
          host,
          status: 'sent',
          status_at: at,
          changed_by: actor,
          sent_at: at,
          sent_via: 'email',
          sent_to: mail.to,
          counter_notice_on: null,
        });
        await audit(trx, now(), {
          actor,
          action: 'notice',
          leadId,
          detail: `${label}: ${word('to_send')} → ${word('sent')}, ${parts} e-mail${parts === 1 ? '' : 's'} queued to ${mail.to}`,
        });
        return { kind: 'changed', record: (await readRecord(trx, leadId, host))! };
      });
    },
  };
}

/** Whole days from one instant to a later one. */
const daysBetween = (from: string | Date, to: string | Date) => Math.max(0, Math.floor((ms(to) - ms(from)) / 86_400_000));

/**
 * The conversion view's notice figures for requests received in [start, end): by completeness, and
 * removals by days taken. Spam, erased and quarantined requests are not counted.
 */
export async function noticeConversion(db: Db, start: string, end: string): Promise<NoticeConversion> {
  const requests = await db
    .selectFrom('leads')
    // The hosts are counted in the database: a request's payload can hold a thousand addresses. Only an
    // array is counted (PostgreSQL's json_array_length throws on anything else); the text is the same on both backends.
    .select([
      'id',
      'created_at',
      sql<
        number | string | null
      >`CASE WHEN substr(CAST(payload -> 'groups' AS TEXT), 1, 1) = '[' THEN json_array_length(payload -> 'groups') END`.as('hosts'),
    ])
    .where('form_type', '=', NOTICE_FORM_TYPE)
    .where('created_at', '>=', start)
    .where('created_at', '<', end)
    .where('spam', '=', false)
    .where('erased_at', 'is', null)
    .where('quarantined_at', 'is', null)
    .execute();
  const rows =
    requests.length === 0
      ? []
      : await db
          .selectFrom('notice_hosts')
          .innerJoin('leads', 'leads.id', 'notice_hosts.lead_id')
          .select(['notice_hosts.lead_id', 'notice_hosts.status', 'notice_hosts.status_at', 'notice_hosts.sent_at'])
          .where('leads.form_type', '=', NOTICE_FORM_TYPE)
          .where('leads.created_at', '>=', start)
          .where('leads.created_at', '<', end)
          .execute();
  const report: NoticeConversion = {
    requests: 0,
    completeness: { none: 0, some: 0, all: 0 },
    removals: REMOVAL_BANDS.map(() => 0),
    requestsRemoved: REMOVAL_BANDS.map(() => 0),
  };
  for (const request of requests) {
    const hosts = Number(request.hosts ?? 0);
    if (hosts === 0) continue;
    report.requests += 1;
    const mine = rows.filter((r) => String(r.lead_id) === request.id);
    const done = mine.filter((r) => isDone(r.status)).length;
    report.completeness[done === 0 ? 'none' : done >= hosts ? 'all' : 'some'] += 1;
    const removed = mine.filter((r) => r.status === 'removed');
    for (const r of removed) report.removals[removalBand(daysBetween(r.sent_at ?? request.created_at, r.status_at))]! += 1;
    if (removed.length >= hosts) {
      const last = Math.max(...removed.map((r) => ms(r.status_at)));
      report.requestsRemoved[removalBand(daysBetween(request.created_at, new Date(last)))]! += 1;
    }
  }
  return report;
}
