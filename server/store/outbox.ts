import { sql, type Kysely } from 'kysely';
import { leadsById } from './leads';
import { prepared } from './prepared';
import { INBOX_COLUMNS, inboxLeadFromRow, JOB_COLUMNS, jobFromRow, parsed, rowNumber } from './rows';
import type { InboxLead } from './inbox-types';
import type { Db, Schema, StoreDialect } from './schema';
import type { Channel, ClaimedJob, DigestCounts, JobOutcome, JobStatus, OutboxJob, PlannedNotification } from './types';

// Takes the key only when it is free or its window has passed; the row names the lead that took it.
// On PostgreSQL the row lock on the key makes concurrent submissions from several processes take turns.
const takeThrottleKey = prepared((db, v: { key: string; expires: string; lead: string; at: string }) =>
  db
    .insertInto('notification_throttle')
    .values({ key: v.key, expires_at: v.expires, lead_id: v.lead })
    .onConflict((oc) =>
      oc
        .column('key')
        .doUpdateSet((eb) => ({ expires_at: eb.ref('excluded.expires_at'), lead_id: eb.ref('excluded.lead_id') }))
        .where('notification_throttle.expires_at', '<=', v.at),
    ),
);

const queueJob = prepared((db, v: { lead: string; channel: Channel; rule: string; data: string; at: string }) =>
  db
    .insertInto('outbox')
    .values({ lead_id: v.lead, channel: v.channel, rule: v.rule, data: v.data, created_at: v.at, next_attempt_at: v.at }),
);

/** The rule a reminder is sent under; its Message-ID is `<lead.reminder@…>`. */
export const REMINDER_RULE = 'reminder';
/** The rule the morning digest is sent under; its job key and Message-ID name the team's day. */
export const DIGEST_RULE = 'digest';

/** See LeadStore.queueReminders. */
export async function queueReminders(
  db: Db,
  now: Date,
  limit: number,
  plan: (lead: InboxLead) => { to: readonly string[]; subject: string },
): Promise<number> {
  const at = now.toISOString();
  const rows = await db
    .selectFrom('leads')
    .select(INBOX_COLUMNS)
    .where('status', '=', 'new')
    .where('spam', '=', false)
    .where('erased_at', 'is', null)
    .where('quarantined_at', 'is', null)
    .where('due_at', '<', at)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('outbox').select('outbox.id').whereRef('outbox.lead_id', '=', 'leads.id').where('outbox.rule', '=', REMINDER_RULE),
        ),
      ),
    )
    .orderBy('due_at')
    .limit(limit)
    .execute();
  let queued = 0;
  for (const lead of rows.map(inboxLeadFromRow)) {
    const { to, subject } = plan(lead);
    const result = await db
      .insertInto('outbox')
      .values({
        lead_id: lead.id,
        channel: 'email',
        rule: REMINDER_RULE,
        data: JSON.stringify({ to, subject, reminder: { dueAt: lead.dueAt } }),
        created_at: at,
        next_attempt_at: at,
        job_key: `${REMINDER_RULE}:${lead.id}:${lead.dueAt}`,
      })
      .onConflict((oc) => oc.column('job_key').doNothing())
      .executeTakeFirst();
    queued += Number(result.numInsertedOrUpdatedRows ?? 0n);
  }
  return queued;
}

/** See LeadStore.queueDigest. */
export async function queueDigest(
  db: Db,
  now: Date,
  key: string,
  limit: number,
  plan: (leads: readonly InboxLead[], counts: DigestCounts) => object,
): Promise<boolean> {
  // Most sweeps of the day find it queued and read nothing more.
  if (await db.selectFrom('outbox').select('id').where('job_key', '=', key).executeTakeFirst()) return false;
  const at = now.toISOString();
  const open = db
    .selectFrom('leads')
    .where('status', 'in', ['new', 'in_progress'])
    .where('spam', '=', false)
    .where('erased_at', 'is', null)
    .where('quarantined_at', 'is', null);
  // Held leads are not open, but the team is told how many wait in quarantine.
  const quarantined = await db
    .selectFrom('leads')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('quarantined_at', 'is not', null)
    .where('erased_at', 'is', null)
    .executeTakeFirstOrThrow();
  const rows = await open
    .select(INBOX_COLUMNS)
    // New leads first (their clock runs), then in progress; each soonest due first, undated last.
    .orderBy(sql`status <> 'new'`)
    .orderBy(sql`due_at IS NULL`)
    .orderBy('due_at')
    .orderBy('created_at')
    .limit(limit)
    .execute();
  const counts = await open
    .select((eb) => [
      eb.fn.countAll().as('open'),
      eb.fn
        .count(
          eb
            .case()
            .when(eb.and([eb('status', '=', 'new'), eb('due_at', '<', at)]))
            .then(1)
            .end(),
        )
        .as('overdue'),
    ])
    .executeTakeFirstOrThrow();
  const result = await db
    .insertInto('outbox')
    .values({
      lead_id: null,
      channel: 'email',
      rule: DIGEST_RULE,
      data: JSON.stringify(
        plan(rows.map(inboxLeadFromRow), {
          open: Number(counts.open),
          overdue: Number(counts.overdue),
          quarantined: Number(quarantined.count),
        }),
      ),
      created_at: at,
      next_attempt_at: at,
      job_key: key,
    })
    .onConflict((oc) => oc.column('job_key').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
}

/** Takes an erased lead out of every digest the outbox holds; each day's row (its key) stays, so it is not queued again. */
export async function dropFromDigests(db: Db, leadId: string): Promise<void> {
  const rows = await db
    .selectFrom('outbox')
    .select(['id', 'data'])
    .where('lead_id', 'is', null)
    .where('rule', '=', DIGEST_RULE)
    .where(sql<string>`CAST(data AS TEXT)`, 'like', `%${leadId}%`)
    .execute();
  for (const row of rows) {
    const data = parsed(row.data) as { leads?: Array<{ id: string }> };
    const leads = (data.leads ?? []).filter((lead) => lead.id !== leadId);
    await db
      .updateTable('outbox')
      .set({ data: JSON.stringify({ ...data, leads }) })
      .where('id', '=', row.id)
      .execute();
  }
}

/** Queues a new lead's notifications; call inside the transaction that inserted the lead. */
export async function enqueueJobs(db: Db, leadId: string, createdAt: string, notifications: readonly PlannedNotification[]): Promise<void> {
  for (const n of notifications) {
    if (n.throttle) {
      const expires = new Date(Date.parse(createdAt) + n.throttle.seconds * 1000).toISOString();
      const taken = await takeThrottleKey(db, { key: n.throttle.key, expires, lead: leadId, at: createdAt });
      if (taken.numAffectedRows === 0n) continue;
    }
    await queueJob(db, { lead: leadId, channel: n.channel, rule: n.rule, data: JSON.stringify(n.data), at: createdAt });
  }
}

/**
 * Takes due jobs for a lease: no other worker (in this or another process) gets them until they
 * are finished or the lease runs out. Each poll also drops throttle keys whose window has passed.
 */
export async function claimJobs(
  db: Kysely<Schema>,
  d: StoreDialect,
  at: Date,
  opts: { limit: number; leaseMs: number; channels?: readonly Channel[] },
): Promise<ClaimedJob[]> {
  if (opts.channels?.length === 0) return [];
  const now = at.toISOString();
  const rows = await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('notification_throttle').where('expires_at', '<=', now).execute();
    return trx
      .updateTable('outbox')
      .set((eb) => ({ lease_until: new Date(at.getTime() + opts.leaseMs).toISOString(), attempts: eb('attempts', '+', 1) }))
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('outbox')
          .select('id')
          .where('status', '=', 'pending')
          .where('next_attempt_at', '<=', now)
          .where((w) => w.or([w('lease_until', 'is', null), w('lease_until', '<=', now)]))
          .$if(opts.channels !== undefined, (qb) => qb.where('channel', 'in', [...opts.channels!]))
          .orderBy('next_attempt_at')
          .orderBy('id')
          .limit(opts.limit)
          // Workers in several processes each take different due jobs and never wait on each other.
          .$call((qb) => d.skipLocked(qb)),
      )
      .returning(JOB_COLUMNS)
      .execute();
  });
  if (rows.length === 0) return [];
  // UPDATE … RETURNING has no order of its own: the queue's is next attempt, then id.
  const jobs = rows.map(jobFromRow).sort((a, b) => a.nextAttemptAt.localeCompare(b.nextAttemptAt) || Number(a.id) - Number(b.id));
  const leads = await leadsById(
    db,
    jobs.flatMap((j) => (j.leadId === null ? [] : [j.leadId])),
  );
  return jobs.map((job) =>
    job.leadId === null ? { ...job, leadId: null, lead: null } : { ...job, leadId: job.leadId, lead: leads.get(job.leadId)! },
  );
}

/** Records how each claimed job ended, in one transaction. */
export async function finishJobs(db: Kysely<Schema>, at: Date, outcomes: readonly JobOutcome[]): Promise<void> {
  if (outcomes.length === 0) return;
  const finishedAt = at.toISOString();
  const done = outcomes.flatMap((o) => (o.status === 'done' ? [rowNumber(o.id) ?? 0] : []));
  await db.transaction().execute(async (trx) => {
    const pending = trx.updateTable('outbox').where('status', '=', 'pending');
    if (done.length)
      await pending.set({ status: 'done', lease_until: null, last_error: null, finished_at: finishedAt }).where('id', 'in', done).execute();
    for (const o of outcomes) {
      const id = rowNumber(o.id) ?? 0;
      if (o.status === 'retry')
        await pending.set({ next_attempt_at: o.at.toISOString(), lease_until: null, last_error: o.error }).where('id', '=', id).execute();
      else if (o.status === 'dead')
        await pending
          .set({ status: 'dead', lease_until: null, last_error: o.error, finished_at: finishedAt })
          .where('id', '=', id)
          .execute();
    }
  });
}

/** Jobs with these statuses, or of this lead, in the order they were queued. */
export async function listJobs(db: Db, where: { statuses: readonly JobStatus[] } | { leadId: string }): Promise<OutboxJob[]> {
  const all = db.selectFrom('outbox').select(JOB_COLUMNS).orderBy('id');
  if ('leadId' in where) return (await all.where('lead_id', '=', where.leadId).execute()).map(jobFromRow);
  if (where.statuses.length === 0) return [];
  return (await all.where('status', 'in', [...where.statuses]).execute()).map(jobFromRow);
}

/** Puts a dead job back in the queue, due now; false when there is no dead job with that id. */
export async function requeueJob(db: Db, at: Date, id: string): Promise<boolean> {
  const number = rowNumber(id);
  if (number === null) return false;
  const result = await db
    .updateTable('outbox')
    .set({ status: 'pending', next_attempt_at: at.toISOString(), lease_until: null, finished_at: null })
    .where('id', '=', number)
    .where('status', '=', 'dead')
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}
