import type pg from 'pg';
import { jobFromRow, type JobRow } from './job-row';
import type { Channel, ClaimedJob, JobOutcome, JobStatus, OutboxJob, PlannedNotification, StoredLead } from './types';

const JOB_COLUMNS = 'id, lead_id, channel, rule, data, status, attempts, created_at, next_attempt_at, last_error, finished_at';

/** Queues a new lead's notifications; call inside the transaction that inserted the lead. */
export async function enqueueJobs(
  client: pg.ClientBase,
  leadId: string,
  createdAt: string,
  notifications: readonly PlannedNotification[],
): Promise<void> {
  for (const n of notifications) {
    if (n.throttle) {
      // The row lock on the key makes concurrent submissions from several processes take turns here.
      const passed = await client.query(
        `INSERT INTO notification_throttle (key, expires_at, lead_id) VALUES ($1, $2::timestamptz + make_interval(secs => $3), $4)
         ON CONFLICT (key) DO UPDATE SET expires_at = excluded.expires_at, lead_id = excluded.lead_id
         WHERE notification_throttle.expires_at <= $2::timestamptz`,
        [n.throttle.key, createdAt, n.throttle.seconds, leadId],
      );
      if (passed.rowCount === 0) continue;
    }
    await client.query(
      `INSERT INTO outbox (lead_id, channel, rule, data, created_at, next_attempt_at)
       VALUES ($1, $2, $3, $4::json, $5::timestamptz, $5::timestamptz)`,
      [leadId, n.channel, n.rule, JSON.stringify(n.data), createdAt],
    );
  }
}

/**
 * SKIP LOCKED: workers in several processes each take different due jobs and never wait on each
 * other; the lease keeps a claimed job from being taken again until its worker finishes or dies.
 */
export async function claimJobs(
  pool: pg.Pool,
  now: Date,
  limit: number,
  leaseMs: number,
  leadsById: (ids: string[]) => Promise<Map<string, StoredLead>>,
  channels?: readonly Channel[],
): Promise<ClaimedJob[]> {
  // UPDATE … RETURNING has no order of its own; the outer query gives the queue's.
  const claimed = await pool.query<JobRow>(
    // The first statement drops throttle keys whose window has passed (a data-modifying WITH always runs).
    `WITH pruned AS (DELETE FROM notification_throttle WHERE expires_at <= $2::timestamptz),
     claimed AS (
       UPDATE outbox SET lease_until = $1::timestamptz, attempts = attempts + 1
       WHERE id IN (
         SELECT id FROM outbox
         WHERE status = 'pending' AND next_attempt_at <= $2::timestamptz AND (lease_until IS NULL OR lease_until <= $2::timestamptz)
           AND ($4::text[] IS NULL OR channel = ANY($4::text[]))
         ORDER BY next_attempt_at, id LIMIT $3
         FOR UPDATE SKIP LOCKED
       )
       RETURNING ${JOB_COLUMNS}
     )
     SELECT ${JOB_COLUMNS} FROM claimed ORDER BY next_attempt_at, id`,
    [new Date(now.getTime() + leaseMs).toISOString(), now.toISOString(), limit, channels ?? null],
  );
  if (claimed.rows.length === 0) return [];
  const leads = await leadsById(claimed.rows.map((r) => r.lead_id));
  return claimed.rows.map((row) => ({ ...jobFromRow(row), lead: leads.get(row.lead_id)! }));
}

export async function finishJobs(pool: pg.Pool, now: Date, outcomes: readonly JobOutcome[]): Promise<void> {
  if (outcomes.length === 0) return;
  // One statement for the whole batch: it commits at once, like the SQLite transaction.
  await pool.query(
    `UPDATE outbox AS o SET
       status = CASE WHEN u.outcome = 'retry' THEN o.status ELSE u.outcome END,
       next_attempt_at = COALESCE(u.retry_at, o.next_attempt_at),
       lease_until = NULL,
       last_error = u.error,
       finished_at = CASE WHEN u.outcome = 'retry' THEN NULL ELSE $4::timestamptz END
     FROM unnest($1::bigint[], $2::text[], $3::timestamptz[], $5::text[]) AS u(id, outcome, retry_at, error)
     WHERE o.id = u.id AND o.status = 'pending'`,
    [
      outcomes.map((o) => o.id),
      outcomes.map((o) => o.status),
      outcomes.map((o) => (o.status === 'retry' ? o.at.toISOString() : null)),
      now.toISOString(),
      outcomes.map((o) => (o.status === 'done' ? null : o.error)),
    ],
  );
}

export async function listJobs(pool: pg.Pool, statuses: readonly JobStatus[]): Promise<OutboxJob[]> {
  const result = await pool.query<JobRow>(`SELECT ${JOB_COLUMNS} FROM outbox WHERE status = ANY($1::text[]) ORDER BY id`, [statuses]);
  return result.rows.map(jobFromRow);
}

export async function requeueJob(pool: pg.Pool, now: Date, id: string): Promise<boolean> {
  if (!/^[1-9][0-9]{0,17}$/.test(id)) return false;
  const result = await pool.query(
    `UPDATE outbox SET status = 'pending', next_attempt_at = $1::timestamptz, lease_until = NULL, finished_at = NULL WHERE id = $2::bigint AND status = 'dead'`,
    [now.toISOString(), id],
  );
  return result.rowCount === 1;
}
