import { randomUUID } from 'node:crypto';
import type Database from 'better-sqlite3';
import type { LeadChange } from '../../contracts/inbox-contract';
import { describeChange, leadListSql, type InboxDialect } from './inbox-queries';
import type {
  Account,
  AccountStore,
  FailureRule,
  InboxLead,
  InboxStore,
  LeadQuery,
  NewAuditEntry,
  SessionInfo,
  SessionStart,
} from './inbox-types';
import { judgeAttempt, type AttemptRow } from './sign-in-attempts';
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

  const accountByEmail = conn.prepare(
    'SELECT id, email, password_hash, created_at, totp_secret, totp_pending, require_two_step FROM accounts WHERE email = ?',
  );
  const insertAccount = conn.prepare(
    `INSERT INTO accounts (id, email, password_hash, created_at, password_changed_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT (email) DO NOTHING`,
  );
  const updatePassword = conn.prepare('UPDATE accounts SET password_hash = ?, password_changed_at = ? WHERE email = ? RETURNING id');
  const deleteSessionsOf = conn.prepare('DELETE FROM sessions WHERE account_id = ?');
  const deleteAccount = conn.prepare('DELETE FROM accounts WHERE email = ?');
  const countAccounts = conn.prepare('SELECT count(*) FROM accounts').pluck();
  const insertSession = conn.prepare(
    'INSERT INTO sessions (token_hash, account_id, created_at, last_seen_at, two_step_done, browser, address_hash) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  const deleteSession = conn.prepare('DELETE FROM sessions WHERE token_hash = ?');
  const deleteIdle = conn.prepare('DELETE FROM sessions WHERE last_seen_at < ?');
  const sessionByHash = conn.prepare(
    `SELECT s.account_id, s.created_at, s.last_seen_at, s.two_step_done, a.email, a.totp_secret IS NOT NULL AS totp, a.require_two_step
     FROM sessions s JOIN accounts a ON a.id = s.account_id WHERE s.token_hash = ?`,
  );
  const sessionsOf = conn.prepare(
    'SELECT token_hash, created_at, last_seen_at, browser, address_hash FROM sessions WHERE account_id = ? ORDER BY last_seen_at DESC, created_at DESC',
  );
  const deleteOthers = conn.prepare('DELETE FROM sessions WHERE account_id = ? AND token_hash <> ?');
  const deleteOld = conn.prepare('DELETE FROM sessions WHERE created_at <= ?');
  const offer = conn.prepare('UPDATE accounts SET totp_pending = ? WHERE id = ?');
  const confirm = conn.prepare(
    'UPDATE accounts SET totp_secret = totp_pending, totp_pending = NULL, totp_last_step = ? WHERE id = ? AND totp_pending = ?',
  );
  const deleteCodes = conn.prepare('DELETE FROM recovery_codes WHERE account_id = ?');
  const insertCode = conn.prepare('INSERT INTO recovery_codes (account_id, code_hash) VALUES (?, ?)');
  const useStep = conn.prepare(
    'UPDATE accounts SET totp_last_step = ? WHERE id = ? AND totp_secret IS NOT NULL AND (totp_last_step IS NULL OR totp_last_step < ?)',
  );
  const useCode = conn.prepare('UPDATE recovery_codes SET used_at = ? WHERE account_id = ? AND code_hash = ? AND used_at IS NULL');
  const countCodes = conn.prepare('SELECT count(*) FROM recovery_codes WHERE account_id = ? AND used_at IS NULL').pluck();
  const clearTotp = conn.prepare('UPDATE accounts SET totp_secret = NULL, totp_pending = NULL, totp_last_step = NULL WHERE id = ?');
  const setRequire = conn.prepare('UPDATE accounts SET require_two_step = ? WHERE email = ?');
  const touchSession = conn.prepare('UPDATE sessions SET last_seen_at = ? WHERE token_hash = ?');
  const failureRow = conn.prepare('SELECT failures, first_at, locked_until FROM sign_in_failures WHERE key = ?');
  const refundFailure = conn.prepare('UPDATE sign_in_failures SET failures = max(failures - 1, 0) WHERE key = ?');
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
  const startSession = conn.transaction((tokenHash: string, accountId: string, options: SessionStart) => {
    const at = now();
    if (options.replacing) deleteSession.run(options.replacing);
    if (options.idleMs !== undefined) deleteIdle.run(new Date(at.getTime() - options.idleMs).toISOString());
    const { twoStepDone = true, browser = '', addressHash = '' } = options;
    insertSession.run(tokenHash, accountId, at.toISOString(), at.toISOString(), twoStepDone ? 1 : 0, browser, addressHash);
  });
  // Read, decide and write in one IMMEDIATE transaction: SQLite's write lock serialises every process on the file.
  const countAttempt = conn.transaction((rules: readonly FailureRule[]) => {
    const at = now().getTime();
    const rows = new Map<string, AttemptRow>();
    for (const rule of rules) {
      const row = failureRow.get(rule.key) as { failures: number; first_at: string; locked_until: string | null } | undefined;
      if (row)
        rows.set(rule.key, {
          failures: row.failures,
          firstAt: Date.parse(row.first_at),
          lockedUntil: row.locked_until === null ? null : Date.parse(row.locked_until),
        });
    }
    const { verdict, writes } = judgeAttempt(rules, rows, at);
    for (const { key, row } of writes)
      upsertFailure.run(
        key,
        row.failures,
        new Date(row.firstAt).toISOString(),
        row.lockedUntil === null ? null : new Date(row.lockedUntil).toISOString(),
      );
    return verdict;
  });
  const settleAttempt = conn.transaction((clear: readonly string[], refund: readonly string[]) => {
    for (const key of clear) clearFailure.run(key);
    for (const key of refund) refundFailure.run(key);
  });
  const confirmTotp = conn.transaction((accountId: string, secret: string, step: number, hashes: readonly string[]) => {
    if (confirm.run(step, accountId, secret).changes !== 1) return false;
    deleteCodes.run(accountId);
    for (const hash of hashes) insertCode.run(accountId, hash);
    return true;
  });
  const removeTotp = conn.transaction((accountId: string) => {
    clearTotp.run(accountId);
    deleteCodes.run(accountId);
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
      const row = accountByEmail.get(email) as
        | {
            id: string;
            email: string;
            password_hash: string;
            created_at: string;
            totp_secret: string | null;
            totp_pending: string | null;
            require_two_step: number;
          }
        | undefined;
      return row
        ? ({
            id: row.id,
            email: row.email,
            passwordHash: row.password_hash,
            createdAt: row.created_at,
            totpSecret: row.totp_secret,
            totpPending: row.totp_pending,
            requireTwoStep: row.require_two_step === 1,
          } satisfies Account)
        : null;
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
    async findSession(tokenHash, idleMs, maxAgeMs) {
      const row = sessionByHash.get(tokenHash) as
        | {
            account_id: string;
            created_at: string;
            last_seen_at: string;
            two_step_done: number;
            email: string;
            totp: number;
            require_two_step: number;
          }
        | undefined;
      if (!row) return null;
      const at = now();
      if (Date.parse(row.last_seen_at) + idleMs <= at.getTime()) {
        // Every idle session goes, not only this one: nothing else ever reads them.
        deleteIdle.run(new Date(at.getTime() - idleMs).toISOString());
        return null;
      }
      if (maxAgeMs !== undefined && Date.parse(row.created_at) + maxAgeMs <= at.getTime()) {
        deleteOld.run(new Date(at.getTime() - maxAgeMs).toISOString());
        return null;
      }
      // A write per minute of use at most, not one per request.
      if (at.getTime() - Date.parse(row.last_seen_at) > 60_000) touchSession.run(at.toISOString(), tokenHash);
      return {
        accountId: row.account_id,
        email: row.email,
        twoStepDone: row.two_step_done === 1,
        totpEnabled: row.totp === 1,
        requireTwoStep: row.require_two_step === 1,
      };
    },
    async deleteSession(tokenHash) {
      deleteSession.run(tokenHash);
    },
    async listSessions(accountId) {
      const rows = sessionsOf.all(accountId) as Array<{
        token_hash: string;
        created_at: string;
        last_seen_at: string;
        browser: string;
        address_hash: string;
      }>;
      return rows.map((r): SessionInfo => ({
        tokenHash: r.token_hash,
        createdAt: r.created_at,
        lastSeenAt: r.last_seen_at,
        browser: r.browser,
        addressHash: r.address_hash,
      }));
    },
    async endOtherSessions(accountId, keep) {
      return deleteOthers.run(accountId, keep).changes;
    },
    async countAttempt(rules) {
      return countAttempt.immediate(rules);
    },
    async settleAttempt(clear, refund) {
      settleAttempt.immediate(clear, refund);
    },
    async offerTotp(accountId, secret) {
      offer.run(secret, accountId);
    },
    async confirmTotp(accountId, secret, step, recoveryHashes) {
      return confirmTotp.immediate(accountId, secret, step, recoveryHashes);
    },
    async useTotpStep(accountId, step) {
      return useStep.run(step, accountId, step).changes === 1;
    },
    async useRecoveryCode(accountId, codeHash) {
      return useCode.run(now().toISOString(), accountId, codeHash).changes === 1;
    },
    async unusedRecoveryCodes(accountId) {
      return countCodes.get(accountId) as number;
    },
    async removeTotp(accountId) {
      removeTotp.immediate(accountId);
    },
    async setRequireTwoStep(email, required) {
      return setRequire.run(required ? 1 : 0, email).changes === 1;
    },
  };
}
