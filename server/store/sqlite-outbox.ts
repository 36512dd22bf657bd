import type Database from 'better-sqlite3';
import { jobFromRow, type JobRow } from './job-row';
import type { Channel, ClaimedJob, JobOutcome, JobStatus, OutboxJob, PlannedNotification, StoredLead } from './types';

/** A job's id as the store keys it; null for text that is no job id. */
function jobNumber(id: string): number | null {
  return /^[1-9][0-9]{0,15}$/.test(id) ? Number(id) : null;
}

/** The outbox's statements on one SQLite connection; `enqueue` runs inside the lead's transaction. */
export function prepareSqliteOutbox(conn: Database.Database, now: () => Date, leadById: (id: string) => StoredLead) {
  const insertJob = conn.prepare(
    `INSERT INTO outbox (lead_id, channel, rule, data, created_at, next_attempt_at)
     VALUES (?, ?, ?, ?, ?, ?)`,
  );
  // Takes the key only when it is free or its window has passed; the row names the lead that took it.
  const throttle = conn.prepare(
    `INSERT INTO notification_throttle (key, expires_at, lead_id) VALUES (@key, @expires, @lead)
     ON CONFLICT (key) DO UPDATE SET expires_at = excluded.expires_at, lead_id = excluded.lead_id
     WHERE notification_throttle.expires_at <= @at`,
  );
  const pruneThrottle = conn.prepare('DELETE FROM notification_throttle WHERE expires_at <= ?');
  const claim = conn.prepare(
    `UPDATE outbox SET lease_until = ?, attempts = attempts + 1
     WHERE id IN (
       SELECT id FROM outbox
       WHERE status = 'pending' AND next_attempt_at <= ? AND (lease_until IS NULL OR lease_until <= ?)
         AND (? IS NULL OR channel IN (SELECT value FROM json_each(?)))
       ORDER BY next_attempt_at, id LIMIT ?
     )
     RETURNING *`,
  );
  const done = conn.prepare(`UPDATE outbox SET status = 'done', lease_until = NULL, last_error = NULL, finished_at = ? WHERE id = ?`);
  const retry = conn.prepare(
    `UPDATE outbox SET next_attempt_at = ?, lease_until = NULL, last_error = ? WHERE id = ? AND status = 'pending'`,
  );
  const dead = conn.prepare(`UPDATE outbox SET status = 'dead', lease_until = NULL, last_error = ?, finished_at = ? WHERE id = ?`);
  const requeue = conn.prepare(
    `UPDATE outbox SET status = 'pending', next_attempt_at = ?, lease_until = NULL, finished_at = NULL WHERE id = ? AND status = 'dead'`,
  );

  const finish = conn.transaction((outcomes: readonly JobOutcome[]) => {
    const at = now().toISOString();
    for (const o of outcomes) {
      const id = jobNumber(o.id);
      if (o.status === 'done') done.run(at, id);
      else if (o.status === 'retry') retry.run(o.at.toISOString(), o.error, id);
      else dead.run(o.error, at, id);
    }
  });

  return {
    /** Call inside the transaction that inserts the lead. */
    enqueue(leadId: string, createdAt: string, notifications: readonly PlannedNotification[]): void {
      for (const n of notifications) {
        if (n.throttle) {
          const expires = new Date(Date.parse(createdAt) + n.throttle.seconds * 1000).toISOString();
          if (throttle.run({ key: n.throttle.key, expires, lead: leadId, at: createdAt }).changes === 0) continue;
        }
        insertJob.run(leadId, n.channel, n.rule, JSON.stringify(n.data), createdAt, createdAt);
      }
    },

    claim(limit: number, leaseMs: number, channels?: readonly Channel[]): ClaimedJob[] {
      const at = now();
      const rows = conn
        .transaction(() => {
          // Each poll also drops throttle keys whose window has passed: none outlives its hour.
          pruneThrottle.run(at.toISOString());
          const only = channels ? JSON.stringify(channels) : null;
          return claim.all(
            new Date(at.getTime() + leaseMs).toISOString(),
            at.toISOString(),
            at.toISOString(),
            only,
            only,
            limit,
          ) as JobRow[];
        })
        .immediate();
      return rows.map((row) => ({ ...jobFromRow(row), lead: leadById(row.lead_id) }));
    },

    finish(outcomes: readonly JobOutcome[]): void {
      finish.immediate(outcomes);
    },

    list(statuses: readonly JobStatus[]): OutboxJob[] {
      const marks = statuses.map(() => '?').join(', ');
      const rows = conn.prepare(`SELECT * FROM outbox WHERE status IN (${marks}) ORDER BY id`).all(...statuses) as JobRow[];
      return rows.map(jobFromRow);
    },

    requeue(id: string): boolean {
      const number = jobNumber(id);
      return number !== null && requeue.run(now().toISOString(), number).changes === 1;
    },
  };
}
