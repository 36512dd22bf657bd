import { randomUUID } from 'node:crypto';
import { sql, type SelectQueryBuilder } from 'kysely';
import { DUE_SOON_MS, type LeadFilter, type LeadStatus, type Quarantine } from '../../contracts/inbox-contract';
import { isSameRequest, requestFingerprint } from './fingerprint';
import { searchTerms, searchText } from './inbox-queries';
import type { InboxLead, LeadPosition } from './inbox-types';
import { enqueueJobs } from './outbox';
import { prepared } from './prepared';
import { INBOX_COLUMNS, LEAD_COLUMNS, inboxLeadFromRow, isUuid, leadFromRow, sourceColumns } from './rows';
import type { Db, Schema, StoreDialect } from './schema';
import {
  FormTokenSpent,
  IdempotencyKeyReused,
  type ListLeadsOptions,
  type NewLead,
  type PlannedNotification,
  type StoredLead,
} from './types';

/** A submission (new id, received now) or an exported lead (as it was). */
type LeadInput = NewLead & { id?: string; createdAt?: string; erasedAt?: string | null };

/** A lead as it is written, by a submission or an import. */
export function leadRow(lead: LeadInput, now: () => Date): LeadRow {
  const row = plainRow(lead, now);
  return lead.quarantine ? heldRow(row, lead.quarantine, lead.notifications ?? []) : row;
}

function plainRow(lead: LeadInput, now: () => Date) {
  const createdAt = lead.createdAt ? new Date(lead.createdAt).toISOString() : now().toISOString();
  return {
    id: lead.id ?? randomUUID(),
    created_at: createdAt,
    endpoint: lead.endpoint,
    form_type: lead.formType,
    form_id: lead.formId ?? null,
    payload: JSON.stringify(lead.payload),
    idempotency_key: lead.idempotencyKey ?? null,
    idempotency_fingerprint: lead.idempotencyKey ? requestFingerprint(lead.endpoint, lead.formId ?? null, lead.payload) : null,
    ip_hash: lead.ipHash ?? null,
    user_agent: lead.userAgent ?? null,
    spam: lead.spam === true,
    search_text: searchText(lead.payload),
    erased_at: lead.erasedAt ?? null,
    due_at: lead.dueAt ?? null,
    ...sourceColumns(lead.source ?? null),
    // Set by heldRow for a lead in quarantine.
    quarantined_at: null as string | null,
    // A grey lead let through keeps what it scored in the same column, never in quarantine (quarantined_at stays null).
    quarantine: lead.scored ? JSON.stringify({ score: lead.scored.score, reasons: lead.scored.reasons }) : (null as string | null),
    held_notifications: null as string | null,
    message_hash: lead.messageHash ?? null,
    sender_hash: lead.senderHash ?? null,
  };
}

export type LeadRow = ReturnType<typeof plainRow>;

/** The row in quarantine with these reasons: its notifications wait in the row, nothing is queued until it is released. */
function heldRow(row: LeadRow, held: Pick<Quarantine, 'score' | 'reasons'>, notifications: readonly PlannedNotification[]): LeadRow {
  return {
    ...row,
    quarantined_at: row.created_at,
    quarantine: JSON.stringify({ score: held.score, reasons: held.reasons }),
    held_notifications: JSON.stringify(notifications),
  };
}

/**
 * Inserts a lead and queues its notifications (give a transaction when there are any), or finds
 * the lead that first used its idempotency key: a retry of the same request gets that lead back,
 * anything else IdempotencyKeyReused. Null: that first lead's transaction was rolled back between
 * our conflict and our read, so there is nothing to return and the caller tries again.
 */
const insertRow = prepared((db, row: LeadRow) =>
  db
    .insertInto('leads')
    .values(row)
    .onConflict((oc) => oc.columns(['endpoint', 'idempotency_key']).doNothing()),
);

const keyHolder = prepared((db, v: { endpoint: string; key: string | null }) =>
  db
    .selectFrom('leads')
    .select([...LEAD_COLUMNS, 'idempotency_fingerprint'])
    .where('endpoint', '=', v.endpoint)
    .where('idempotency_key', '=', v.key),
);

const spendToken = prepared((db, v: { nonce: string; expires: string }) =>
  db
    .insertInto('spent_form_tokens')
    .values({ nonce: v.nonce, expires_at: v.expires })
    .onConflict((oc) => oc.column('nonce').doNothing()),
);

const spendChallenge = prepared((db, v: { id: string; by: string; expires: string }) =>
  db
    .insertInto('spent_challenges')
    .values({ id: v.id, spent_by: v.by, expires_at: v.expires })
    .onConflict((oc) => oc.column('id').doNothing()),
);
const challengeSpender = prepared((db, v: { id: string }) => db.selectFrom('spent_challenges').select('spent_by').where('id', '=', v.id));

/**
 * Spends the row's proof-of-work challenge in the caller's transaction; true when another submission
 * spent it first. A submission is its endpoint and idempotency key (a resend of it spends nothing
 * new), or the lead alone without a key.
 */
async function challengeSpentElsewhere(db: Db, row: LeadRow, challenge: { id: string; expiresAt: string }): Promise<boolean> {
  const by = row.idempotency_key === null ? row.id : `${row.endpoint} ${row.idempotency_key}`;
  const inserted = await spendChallenge(db, { id: challenge.id, by, expires: challenge.expiresAt });
  if (inserted.numAffectedRows === 1n) return false;
  const [first] = (await challengeSpender(db, { id: challenge.id })).rows;
  return first?.spent_by !== by;
}

/** The lead that first used the row's idempotency key, if this row is a retry of that very request. */
async function retried(db: Db, row: LeadRow): Promise<StoredLead | IdempotencyKeyReused | null> {
  const [first] = (await keyHolder(db, { endpoint: row.endpoint, key: row.idempotency_key })).rows;
  if (!first) return null;
  const holder = {
    endpoint: first.endpoint,
    formId: first.form_id,
    payload: leadFromRow(first).payload,
    fingerprint: first.idempotency_fingerprint,
  };
  return isSameRequest(holder, row.idempotency_fingerprint!, row.form_id) ? leadFromRow(first) : new IdempotencyKeyReused(row.endpoint);
}

/**
 * With a form token, its nonce is spent first, in the caller's transaction: a token already spent
 * stores nothing (FormTokenSpent), unless the request is a retry of the lead that spent it (the
 * same idempotency key, form and payload), which gets that lead back as any retry does. Then the
 * proof-of-work challenge, if any (NewLead.challenge): one another submission spent holds the lead.
 */
export async function insertLead(
  db: Db,
  given: LeadRow,
  notifications: readonly PlannedNotification[],
  token: NewLead['formToken'] = null,
  challenge: NewLead['challenge'] = null,
): Promise<StoredLead | IdempotencyKeyReused | FormTokenSpent | null> {
  let row = given;
  if (token) {
    const spent = await spendToken(db, { nonce: token.nonce, expires: token.expiresAt });
    if (spent.numAffectedRows !== 1n) {
      const first = row.idempotency_key === null ? null : await retried(db, row);
      return first && !(first instanceof IdempotencyKeyReused) ? first : new FormTokenSpent();
    }
  }
  if (challenge && (await challengeSpentElsewhere(db, row, challenge))) row = heldRow(row, challenge.ifSpent, notifications);
  const inserted = await insertRow(db, row);
  if (inserted.numAffectedRows === 1n) {
    if (row.quarantined_at === null) await enqueueJobs(db, row.id, row.created_at, notifications);
    return leadFromRow(row);
  }
  return retried(db, row);
}

/**
 * Forgets the spent form tokens and proof-of-work challenges that expired before `before`: an
 * expired token is refused as expired anyway, and an expired challenge's answer fails its check.
 */
export async function pruneSpentTokens(db: Db, before: Date): Promise<number> {
  let pruned = 0;
  for (const table of ['spent_form_tokens', 'spent_challenges'] as const) {
    const result = await db.deleteFrom(table).where('expires_at', '<', before.toISOString()).executeTakeFirst();
    pruned += Number(result.numDeletedRows);
  }
  return pruned;
}

/** Leads as they were (an export), in one transaction; one whose id or key is here already is skipped. */
export async function importLeads(db: Db, leads: readonly StoredLead[], now: () => Date): Promise<number> {
  let added = 0;
  for (const lead of leads) {
    const result = await db
      .insertInto('leads')
      .values(leadRow(lead, now))
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    added += Number(result.numInsertedOrUpdatedRows ?? 0n);
  }
  return added;
}

export async function listLeads(db: Db, d: StoreDialect, opts: ListLeadsOptions = {}): Promise<StoredLead[]> {
  const rows = await db
    .selectFrom('leads')
    .select(LEAD_COLUMNS)
    .$if(opts.since !== undefined, (qb) => qb.where('created_at', '>=', opts.since!.toISOString()))
    .orderBy('created_at')
    .orderBy(sql.ref(d.insertionOrder))
    .execute();
  return rows.map(leadFromRow);
}

export async function leadsById(db: Db, ids: readonly string[]): Promise<Map<string, StoredLead>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('leads')
    .select(LEAD_COLUMNS)
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((r) => [r.id, leadFromRow(r)]));
}

/** A lead with its triage columns; `lock` holds its row until the transaction ends. */
export async function inboxLead(db: Db, d: StoreDialect, id: string, lock = false): Promise<InboxLead | null> {
  if (!isUuid(id)) return null;
  const row = await db
    .selectFrom('leads')
    .select(INBOX_COLUMNS)
    .where('id', '=', id)
    .$if(lock, (qb) => d.lockRows(qb))
    .executeTakeFirst();
  return row ? inboxLeadFromRow(row) : null;
}

/** The first instant after a day (YYYY-MM-DD): "to" includes the whole day. */
function dayAfter(day: string): string {
  const next = new Date(`${day}T00:00:00.000Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString();
}

/** What a filter selects; only the conditions in use are present, each shape compiled once. */
interface Conditions extends Record<string, unknown> {
  spam?: boolean;
  /** Only leads in quarantine; without it, only leads that are not (every filter is one or the other). */
  quarantined?: true;
  notQuarantined?: true;
  status?: LeadStatus;
  /** New or In progress. */
  open?: true;
  form?: string;
  urgency?: string;
  from?: string;
  to?: string;
  search?: string;
  dueBefore?: string;
  dueFrom?: string;
  assignee?: string;
  unassigned?: true;
  /** Every lead the due order does not take (not New, no due time, or erased): the newest-first half of the default order. */
  notDue?: true;
  /** A queue (a status, a due state, an owner, due order): erased leads are in none. */
  queue?: true;
  page?: string;
  campaign?: string;
  referrer?: string;
}

/** A page of the list: the conditions, its order and where it starts. */
interface PageQuery extends Conditions {
  afterAt?: string;
  afterId?: string;
  byDue?: true;
  afterDue?: string;
  limit: number;
}

/** The filter's conditions on a query of the leads table, for a page and for a count alike. */
function leadConditions<O>(qb: SelectQueryBuilder<Schema, 'leads', O>, v: Conditions, d: StoreDialect) {
  return qb
    .$if('spam' in v, (q) => q.where('spam', '=', v.spam!))
    .$if('quarantined' in v, (q) => q.where('quarantined_at', 'is not', null))
    .$if('notQuarantined' in v, (q) => q.where('quarantined_at', 'is', null))
    .$if('status' in v, (q) => q.where('status', '=', v.status!))
    .$if('open' in v, (q) => q.where('status', 'in', ['new', 'in_progress']))
    .$if('urgency' in v, (q) => q.where(d.fieldIs('urgency', v.urgency!)))
    .$if('notDue' in v, (q) =>
      q.where((eb) => eb.or([eb('status', '<>', 'new'), eb('due_at', 'is', null), eb('erased_at', 'is not', null)])),
    )
    .$if('queue' in v, (q) => q.where('erased_at', 'is', null))
    .$if('form' in v, (q) => q.where('form_id', '=', v.form!))
    .$if('from' in v, (q) => q.where('created_at', '>=', v.from!))
    .$if('to' in v, (q) => q.where('created_at', '<', v.to!))
    .$if('search' in v, (q) => q.where(d.matches(v.search!)))
    .$if('dueBefore' in v, (q) => q.where('status', '=', 'new').where('due_at', '<', v.dueBefore!))
    .$if('dueFrom' in v, (q) => q.where('due_at', '>=', v.dueFrom!))
    .$if('unassigned' in v, (q) => q.where('assignee', 'is', null))
    .$if('assignee' in v, (q) => q.where('assignee', '=', v.assignee!))
    .$if('page' in v, (q) => q.where('page_path', '=', v.page!))
    .$if('campaign' in v, (q) => q.where('utm_campaign', '=', v.campaign!))
    .$if('referrer' in v, (q) => q.where('referrer_host', '=', v.referrer!));
}

const leadPage = prepared((db, v: PageQuery, d: StoreDialect) =>
  leadConditions(db.selectFrom('leads').select(INBOX_COLUMNS), v, d)
    .$if('afterAt' in v, (qb) => qb.where((eb) => eb(eb.refTuple('created_at', 'id'), '<', eb.tuple(v.afterAt!, v.afterId!))))
    .$if('byDue' in v, (qb) => qb.where('status', '=', 'new').where('due_at', 'is not', null).orderBy('due_at', 'asc').orderBy('id', 'asc'))
    .$if('afterDue' in v, (qb) => qb.where((eb) => eb(eb.refTuple('due_at', 'id'), '>', eb.tuple(v.afterDue!, v.afterId!))))
    .$if(!('byDue' in v), (qb) => qb.orderBy('created_at', 'desc').orderBy('id', 'desc'))
    .limit(v.limit),
);

/**
 * Where a lead stands in the list's order, for the next page's cursor: by due time in the due
 * order (and in the due half of the default order, where `dueAt` says so), else by arrival.
 */
export function positionOf(lead: InboxLead, sort: LeadFilter['sort']): LeadPosition {
  if (sort === 'due') return { createdAt: lead.dueAt!, id: lead.id };
  if (sort === undefined && inDueOrder(lead)) return { createdAt: lead.createdAt, id: lead.id, dueAt: lead.dueAt! };
  return { createdAt: lead.createdAt, id: lead.id };
}

/** The leads the due order lists: New, with a due time, not erased. */
function inDueOrder(lead: InboxLead): boolean {
  return lead.status === 'new' && lead.dueAt !== null && lead.erasedAt === null;
}

/**
 * A page of the inbox after `after`. The default order is reply due first (New leads with a due
 * time, soonest first), then every other lead newest first; `sort: 'due'` lists only the first
 * half, `sort: 'newest'` every lead newest first (id breaks ties).
 */
export async function findLeads(
  db: Db,
  d: StoreDialect,
  query: { filter: LeadFilter; after?: LeadPosition; limit: number; now?: Date; viewer?: string },
): Promise<InboxLead[]> {
  const { filter, after, limit } = query;
  const base = pageFilter(d, filter, query.now ?? new Date(), query.viewer);
  const run = async (page: PageQuery) => (await leadPage(db, page, d)).rows.map(inboxLeadFromRow);
  if (filter.sort === 'due')
    return run({ ...base, queue: true, byDue: true, ...(after && { afterDue: after.createdAt, afterId: after.id }), limit });
  if (filter.sort === 'newest') return run({ ...base, ...(after && { afterAt: after.createdAt, afterId: after.id }), limit });
  const found: InboxLead[] = [];
  if (!after || after.dueAt !== undefined)
    found.push(...(await run({ ...base, queue: true, byDue: true, ...(after && { afterDue: after.dueAt, afterId: after.id }), limit })));
  if (found.length < limit) {
    const newestAfter = after && after.dueAt === undefined ? { afterAt: after.createdAt, afterId: after.id } : {};
    found.push(...(await run({ ...base, notDue: true, ...newestAfter, limit: limit - found.length })));
  }
  return found;
}

/** The filter's conditions, without order or position. */
function pageFilter(d: StoreDialect, filter: LeadFilter, now: Date, viewer: string | undefined): Conditions {
  const terms = searchTerms(filter.q);
  return {
    ...(filter.quarantine === 'only' ? { quarantined: true as const } : { notQuarantined: true as const }),
    ...(filter.spam !== 'include' && { spam: filter.spam === 'only' }),
    ...(filter.status && filter.status !== 'open' && { status: filter.status }),
    ...(filter.status === 'open' && { open: true as const }),
    // An erased lead keeps its status as a tombstone, but nobody is to answer it: it leaves every queue.
    ...((filter.status || filter.due || filter.owner) && { queue: true as const }),
    ...(filter.form && { form: filter.form }),
    ...(filter.urgency && { urgency: filter.urgency }),
    ...(filter.from && { from: `${filter.from}T00:00:00.000Z` }),
    ...(filter.to && { to: dayAfter(filter.to) }),
    ...(terms.length > 0 && { search: d.searchQuery(terms) }),
    ...(filter.due === 'overdue' && { dueBefore: now.toISOString() }),
    ...(filter.owner === 'unassigned' && { unassigned: true as const }),
    // "Mine" with nobody signed in (the command line) matches no lead.
    ...(filter.owner === 'mine' && { assignee: viewer ?? '' }),
    ...(filter.due === 'soon' && { dueFrom: now.toISOString(), dueBefore: new Date(now.getTime() + DUE_SOON_MS).toISOString() }),
    ...(filter.page && { page: filter.page }),
    ...(filter.campaign && { campaign: filter.campaign }),
    ...(filter.referrer && { referrer: filter.referrer }),
  };
}

const leadCount = prepared((db, v: Conditions, d: StoreDialect) =>
  leadConditions(
    db.selectFrom('leads').select((eb) => eb.fn.countAll<number | string>().as('count')),
    v,
    d,
  ),
);

/** How many leads the filter selects (its order and pages aside). */
export async function countLeads(db: Db, d: StoreDialect, query: { filter: LeadFilter; now?: Date; viewer?: string }): Promise<number> {
  const { rows } = await leadCount(db, pageFilter(d, query.filter, query.now ?? new Date(), query.viewer), d);
  return Number(rows[0]?.count ?? 0);
}

const sameMessageSenders = prepared((db, v: { messageHash: string; since: string; senderHash?: string }) =>
  db
    .selectFrom('leads')
    .select((eb) => eb.fn.count<number | string>('sender_hash').distinct().as('senders'))
    .where('message_hash', '=', v.messageHash)
    .where('created_at', '>=', v.since)
    .$if('senderHash' in v, (qb) => qb.where('sender_hash', '<>', v.senderHash!)),
);

/** See InboxStore.countSameMessage. Asked for every submission scored, so it is prepared once. */
export async function countSameMessage(db: Db, query: { messageHash: string; senderHash: string | null; since: Date }): Promise<number> {
  const values = { messageHash: query.messageHash, since: query.since.toISOString() };
  const { rows } = await sameMessageSenders(db, query.senderHash === null ? values : { ...values, senderHash: query.senderHash });
  return Number(rows[0]?.senders ?? 0);
}
