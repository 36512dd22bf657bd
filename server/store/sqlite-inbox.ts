import { randomUUID } from 'node:crypto';
import type Database from 'better-sqlite3';
import type { LeadChange } from '../../engine/admin/inbox-contract';
import { describeChange, leadListSql, type InboxDialect } from './inbox-queries';
import type { Account, AccountStore, FailureRule, InboxLead, InboxStore, LeadQuery, NewAuditEntry, SessionStart } from './inbox-types';
import { auditFromRow, noteFromRow, type AuditRow, type NoteRow } from './inbox-rows';
import { jobFromRow, type JobRow } from './job-row';

const sqlite: InboxDialect = {
  param: () => '?',
  spam: (value) => (value ? 1 : 0),
  // Each term is letters and digits only (see words()), so quoting it is all FTS5 needs.
  matches: (terms, param) => ({
    sql: `id IN (SELECT lead_id FROM leads_search WHERE leads_search MATCH ${param})`,
    value: terms.map((t) => `"${t}"*`).join(' '),
  }),
  position: (createdAt, id) => `(${createdAt}, ${id})`,
};

/** An entry id as the store keys it; null for text that is none. */
function rowNumber(id: string | undefined): number | null {
  return id !== undefined && /^[1-9][0-9]{0,15}$/.test(id) ? Number(id) : null;
}

/**
 * The inbox's and the accounts' statements on one SQLite connection. `leadById` reads a lead with
 * its triage columns (the store's own row mapping).
 */
export function prepareSqliteInbox(
  conn: Database.Database,
  now: () => Date,
  toInboxLead: (row: unknown) => InboxLead,
): InboxStore & AccountStore {
  const byId = conn.prepare('SELECT * FROM leads WHERE id = ?');
  // One statement per combination of filters the list uses (a few dozen at most), prepared once.
  const listStatements = new Map<string, Database.Statement>();
  const listStatement = (where: string) => {
    let statement = listStatements.get(where);
    if (!statement) {
      statement = conn.prepare(`SELECT * FROM leads ${where} ORDER BY created_at DESC, id DESC LIMIT ?`);
      listStatements.set(where, statement);
    }
    return statement;
  };
  const getLead = (id: string): InboxLead | null => {
    const row = byId.get(id);
    return row ? toInboxLead(row) : null;
  };
  const insertAudit = conn.prepare('INSERT INTO audit_log (at, actor, action, lead_id, detail) VALUES (?, ?, ?, ?, ?)');
  const audit = (e: NewAuditEntry) => insertAudit.run(now().toISOString(), e.actor, e.action, e.leadId, e.detail);
  const setStatus = conn.prepare('UPDATE leads SET status = ? WHERE id = ?');
  const setSpam = conn.prepare('UPDATE leads SET spam = ? WHERE id = ?');
  const insertNote = conn.prepare('INSERT INTO lead_notes (lead_id, author, body, created_at) VALUES (?, ?, ?, ?) RETURNING *');
  const notesOf = conn.prepare('SELECT * FROM lead_notes WHERE lead_id = ? ORDER BY id');
  const jobsOf = conn.prepare('SELECT * FROM outbox WHERE lead_id = ? ORDER BY id');
  const erase = conn.prepare(
    `UPDATE leads SET payload = '{}', search_text = '', ip_hash = NULL, user_agent = NULL, idempotency_key = NULL,
       idempotency_fingerprint = NULL, erased_at = ?, erased_by = ? WHERE id = ?`,
  );
  const deleteNotes = conn.prepare('DELETE FROM lead_notes WHERE lead_id = ?');
  const deleteJobs = conn.prepare('DELETE FROM outbox WHERE lead_id = ?');
  const deleteThrottle = conn.prepare('DELETE FROM notification_throttle WHERE lead_id = ?');
  const auditPage = conn.prepare('SELECT * FROM audit_log ORDER BY id DESC LIMIT ?');
  const auditBefore = conn.prepare('SELECT * FROM audit_log WHERE id < ? ORDER BY id DESC LIMIT ?');

  const accountByEmail = conn.prepare('SELECT id, email, password_hash, created_at FROM accounts WHERE email = ?');
  const insertAccount = conn.prepare(
    `INSERT INTO accounts (id, email, password_hash, created_at, password_changed_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT (email) DO NOTHING`,
  );
  const updatePassword = conn.prepare('UPDATE accounts SET password_hash = ?, password_changed_at = ? WHERE email = ? RETURNING id');
  const deleteSessionsOf = conn.prepare('DELETE FROM sessions WHERE account_id = ?');
  const deleteAccount = conn.prepare('DELETE FROM accounts WHERE email = ?');
  const countAccounts = conn.prepare('SELECT count(*) FROM accounts').pluck();
  const insertSession = conn.prepare('INSERT INTO sessions (token_hash, account_id, created_at, last_seen_at) VALUES (?, ?, ?, ?)');
  const deleteSession = conn.prepare('DELETE FROM sessions WHERE token_hash = ?');
  const deleteIdle = conn.prepare('DELETE FROM sessions WHERE last_seen_at < ?');
  const sessionByHash = conn.prepare(
    'SELECT s.account_id, s.last_seen_at, a.email FROM sessions s JOIN accounts a ON a.id = s.account_id WHERE s.token_hash = ?',
  );
  const touchSession = conn.prepare('UPDATE sessions SET last_seen_at = ? WHERE token_hash = ?');
  const failureRow = conn.prepare('SELECT failures, first_at, locked_until FROM sign_in_failures WHERE key = ?');
  const upsertFailure = conn.prepare(
    `INSERT INTO sign_in_failures (key, failures, first_at, locked_until) VALUES (?, ?, ?, ?)
     ON CONFLICT (key) DO UPDATE SET failures = excluded.failures, first_at = excluded.first_at, locked_until = excluded.locked_until`,
  );
  const clearFailure = conn.prepare('DELETE FROM sign_in_failures WHERE key = ?');

  /**
   * Copies the WAL into the database and empties it. A reader (a backup, say) holding an older
   * snapshot makes it stop short; it is tried again a few times, a second apart.
   */
  const checkpoint = (triesLeft = 5) => {
    const [result] = conn.pragma('wal_checkpoint(TRUNCATE)') as Array<{ busy: number }>;
    if (result?.busy && triesLeft > 1) setTimeout(() => conn.open && checkpoint(triesLeft - 1), 1000).unref();
  };
  const change = conn.transaction((id: string, wanted: LeadChange, actor: string) => {
    const before = getLead(id);
    if (!before) return null;
    const said = describeChange(before, wanted);
    if (said.length === 0) return { lead: before, changed: false };
    if (wanted.status !== undefined) setStatus.run(wanted.status, id);
    if (wanted.spam !== undefined) setSpam.run(wanted.spam ? 1 : 0, id);
    for (const s of said) audit({ actor, action: s.action, leadId: id, detail: s.detail });
    return { lead: getLead(id)!, changed: true };
  });
  const note = conn.transaction((leadId: string, author: string, body: string) => {
    const lead = getLead(leadId);
    if (!lead || lead.erasedAt) return null;
    const row = insertNote.get(leadId, author, body, now().toISOString()) as NoteRow;
    audit({ actor: author, action: 'note', leadId, detail: `note added (${body.length} characters)` });
    return noteFromRow(row);
  });
  const eraseLead = conn.transaction((id: string, actor: string) => {
    const lead = getLead(id);
    if (!lead || lead.erasedAt) return lead;
    erase.run(now().toISOString(), actor, id);
    deleteNotes.run(id);
    deleteJobs.run(id);
    deleteThrottle.run(id);
    audit({ actor, action: 'erase', leadId: id, detail: 'fields, notes and notifications deleted' });
    return getLead(id);
  });
  const setPassword = conn.transaction((email: string, hash: string, failureKey: string) => {
    const row = updatePassword.get(hash, now().toISOString(), email) as { id: string } | undefined;
    if (!row) return false;
    deleteSessionsOf.run(row.id);
    clearFailure.run(failureKey);
    return true;
  });
  const startSession = conn.transaction((tokenHash: string, accountId: string, { replacing, idleMs }: SessionStart) => {
    const at = now();
    if (replacing) deleteSession.run(replacing);
    if (idleMs !== undefined) deleteIdle.run(new Date(at.getTime() - idleMs).toISOString());
    insertSession.run(tokenHash, accountId, at.toISOString(), at.toISOString());
  });
  const recordFailure = conn.transaction((rules: readonly FailureRule[]) => {
    const at = now();
    for (const rule of rules) {
      const row = failureRow.get(rule.key) as { failures: number; first_at: string; locked_until: string | null } | undefined;
      // A window that has passed (or a lock that has run out) starts the count again.
      const fresh =
        !row ||
        Date.parse(row.first_at) + rule.windowMs <= at.getTime() ||
        (row.locked_until !== null && Date.parse(row.locked_until) <= at.getTime());
      const failures = fresh ? 1 : row.failures + 1;
      const lockedUntil = failures >= rule.max ? new Date(at.getTime() + rule.lockMs).toISOString() : null;
      upsertFailure.run(rule.key, failures, fresh ? at.toISOString() : row.first_at, lockedUntil);
    }
  });

  return {
    async findLeads({ filter, after, limit }: LeadQuery) {
      const { where, params } = leadListSql(filter, after, sqlite);
      return listStatement(where)
        .all(...params, limit)
        .map(toInboxLead);
    },
    async getLead(id) {
      return getLead(id);
    },
    async changeLead(id, wanted, actor) {
      return change.immediate(id, wanted, actor);
    },
    async addNote(leadId, author, body) {
      return note.immediate(leadId, author, body);
    },
    async listNotes(leadId) {
      return (notesOf.all(leadId) as NoteRow[]).map(noteFromRow);
    },
    async listLeadJobs(leadId) {
      return (jobsOf.all(leadId) as JobRow[]).map(jobFromRow);
    },
    async eraseLead(id, actor) {
      const erased = eraseLead.immediate(id, actor);
      // The pages as they were before the erasure are still in the -wal file until it is checkpointed.
      checkpoint();
      return erased;
    },
    async audit(entry) {
      audit(entry);
    },
    async listAudit({ before, limit }) {
      if (before === undefined) return (auditPage.all(limit) as AuditRow[]).map(auditFromRow);
      const number = rowNumber(before);
      return number === null ? [] : (auditBefore.all(number, limit) as AuditRow[]).map(auditFromRow);
    },

    async createAccount(email, passwordHash) {
      const at = now().toISOString();
      return insertAccount.run(randomUUID(), email, passwordHash, at, at).changes === 1;
    },
    async findAccount(email) {
      const row = accountByEmail.get(email) as { id: string; email: string; password_hash: string; created_at: string } | undefined;
      return row ? ({ id: row.id, email: row.email, passwordHash: row.password_hash, createdAt: row.created_at } satisfies Account) : null;
    },
    async setPassword(email, passwordHash, failureKey) {
      return setPassword.immediate(email, passwordHash, failureKey);
    },
    async removeAccount(email) {
      return deleteAccount.run(email).changes === 1;
    },
    async countAccounts() {
      return countAccounts.get() as number;
    },
    async createSession(tokenHash, accountId, options = {}) {
      startSession.immediate(tokenHash, accountId, options);
    },
    async findSession(tokenHash, idleMs) {
      const row = sessionByHash.get(tokenHash) as { account_id: string; last_seen_at: string; email: string } | undefined;
      if (!row) return null;
      const at = now();
      if (Date.parse(row.last_seen_at) + idleMs <= at.getTime()) {
        // Every idle session goes, not only this one: nothing else ever reads them.
        deleteIdle.run(new Date(at.getTime() - idleMs).toISOString());
        return null;
      }
      // A write per minute of use at most, not one per request.
      if (at.getTime() - Date.parse(row.last_seen_at) > 60_000) touchSession.run(at.toISOString(), tokenHash);
      return { accountId: row.account_id, email: row.email };
    },
    async deleteSession(tokenHash) {
      deleteSession.run(tokenHash);
    },
    async lockedUntil(keys) {
      const at = now().getTime();
      let latest: number | null = null;
      for (const key of keys) {
        const row = failureRow.get(key) as { locked_until: string | null } | undefined;
        const until = row?.locked_until ? Date.parse(row.locked_until) : null;
        if (until !== null && until > at && (latest === null || until > latest)) latest = until;
      }
      return latest === null ? null : new Date(latest);
    },
    async recordFailure(rules) {
      recordFailure.immediate(rules);
    },
    async clearFailures(key) {
      clearFailure.run(key);
    },
  };
}
