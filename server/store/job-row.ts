import type { JobStatus, OutboxJob } from './types';

/** An outbox row as either store reads it: SQLite gives text for times and data, PostgreSQL dates and parsed JSON. */
export interface JobRow {
  /** SQLite's rowid, PostgreSQL's identity: a number (pg reads BIGINT as text). */
  id: number | string;
  lead_id: string;
  channel: OutboxJob['channel'];
  rule: string;
  data: string | Record<string, unknown>;
  status: JobStatus;
  attempts: number;
  created_at: string | Date;
  next_attempt_at: string | Date;
  last_error: string | null;
  finished_at: string | Date | null;
}

/** A time as the stores hand it on: SQLite's text as it is, PostgreSQL's Date as ISO text. */
export const isoTime = (t: string | Date) => (typeof t === 'string' ? t : t.toISOString());

export function jobFromRow(row: JobRow): OutboxJob {
  return {
    id: String(row.id),
    leadId: row.lead_id,
    channel: row.channel,
    rule: row.rule,
    data: typeof row.data === 'string' ? (JSON.parse(row.data) as Record<string, unknown>) : row.data,
    status: row.status,
    attempts: row.attempts,
    createdAt: isoTime(row.created_at),
    nextAttemptAt: isoTime(row.next_attempt_at),
    lastError: row.last_error,
    finishedAt: row.finished_at === null ? null : isoTime(row.finished_at),
  };
}
