import { isoTime } from './job-row';
import type { StoredAuditEntry, StoredNote } from './inbox-types';

/** A lead_notes row as either store reads it: SQLite gives text for times, PostgreSQL dates (and BIGINT ids as text). */
export interface NoteRow {
  id: number | string;
  lead_id: string;
  author: string;
  body: string;
  created_at: string | Date;
}

/** An audit_log row as either store reads it. */
export interface AuditRow {
  id: number | string;
  at: string | Date;
  actor: string;
  action: StoredAuditEntry['action'];
  lead_id: string | null;
  detail: string;
}

export const noteFromRow = (r: NoteRow): StoredNote => ({
  id: String(r.id),
  leadId: r.lead_id,
  author: r.author,
  body: r.body,
  createdAt: isoTime(r.created_at),
});

export const auditFromRow = (r: AuditRow): StoredAuditEntry => ({
  id: String(r.id),
  at: isoTime(r.at),
  actor: r.actor,
  action: r.action,
  leadId: r.lead_id,
  detail: r.detail,
});
