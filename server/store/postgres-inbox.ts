import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { describeChange, leadListSql, type InboxDialect } from './inbox-queries';
import type { AccountStore, InboxLead, InboxStore, NewAuditEntry } from './inbox-types';
import { auditFromRow, noteFromRow, type AuditRow, type NoteRow } from './inbox-rows';
import { isoTime, jobFromRow, type JobRow } from './job-row';

const postgres: InboxDialect = {
  param: (n) => `$${n}`,
  spam: (value) => value,
  // Each term is letters and digits only (see words()), so it cannot carry a tsquery operator.
  matches: (terms, param) => ({ sql: `search @@ to_tsquery('simple', ${param})`, value: terms.map((t) => `${t}:*`).join(' & ') }),
  position: (createdAt, id) => `(${createdAt}::timestamptz, ${id}::uuid)`,
};

export const INBOX_COLUMNS =
  'id, created_at, endpoint, form_type, form_id, payload, idempotency_key, ip_hash, user_agent, spam, status, erased_at, erased_by';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Transact = <T>(work: (client: pg.ClientBase) => Promise<T>) => Promise<T>;

/**
 * The inbox's and the accounts' queries on PostgreSQL. Lead ids are UUIDs here: text that is none
 * is no lead (instead of an error from the cast).
 */
export function createPostgresInbox(
  pool: () => pg.Pool,
  transact: Transact,
  now: () => Date,
  toInboxLead: (row: unknown) => InboxLead,
  afterErase: () => void = () => {},
): InboxStore & AccountStore {
  const leadIn = async (db: pg.ClientBase | pg.Pool, id: string, lock = false): Promise<InboxLead | null> => {
    if (!UUID.test(id)) return null;
    const result = await db.query(`SELECT ${INBOX_COLUMNS} FROM leads WHERE id = $1${lock ? ' FOR UPDATE' : ''}`, [id]);
    return result.rows[0] ? toInboxLead(result.rows[0]) : null;
  };
  const auditIn = (db: pg.ClientBase | pg.Pool, e: NewAuditEntry) =>
    db.query('INSERT INTO audit_log (at, actor, action, lead_id, detail) VALUES ($1, $2, $3, $4, $5)', [
      now(),
      e.actor,
      e.action,
      e.leadId,
      e.detail,
    ]);

  return {
    async findLeads({ filter, after, limit }) {
      const { where, params } = leadListSql(filter, after, postgres);
      const result = await pool().query(
        `SELECT ${INBOX_COLUMNS} FROM leads ${where} ORDER BY created_at DESC, id DESC LIMIT $${params.length + 1}`,
        [...params, limit],
      );
      return result.rows.map(toInboxLead);
    },
    async getLead(id) {
      return leadIn(pool(), id);
    },
    async changeLead(id, wanted, actor) {
      if (!UUID.test(id)) return null;
      return transact(async (c) => {
        // Locked, so two people changing one lead at once each audit what they really changed.
        const before = await leadIn(c, id, true);
        if (!before) return null;
        const said = describeChange(before, wanted);
        if (said.length === 0) return { lead: before, changed: false };
        await c.query('UPDATE leads SET status = coalesce($2, status), spam = coalesce($3, spam) WHERE id = $1', [
          id,
          wanted.status ?? null,
          wanted.spam ?? null,
        ]);
        for (const s of said) await auditIn(c, { actor, action: s.action, leadId: id, detail: s.detail });
        return { lead: (await leadIn(c, id))!, changed: true };
      });
    },
    async addNote(leadId, author, body) {
      if (!UUID.test(leadId)) return null;
      return transact(async (c) => {
        const lead = await leadIn(c, leadId, true);
        if (!lead || lead.erasedAt) return null;
        const result = await c.query<NoteRow>(
          'INSERT INTO lead_notes (lead_id, author, body, created_at) VALUES ($1, $2, $3, $4) RETURNING *',
          [leadId, author, body, now()],
        );
        await auditIn(c, { actor: author, action: 'note', leadId, detail: `note added (${body.length} characters)` });
        return noteFromRow(result.rows[0]!);
      });
    },
    async listNotes(leadId) {
      if (!UUID.test(leadId)) return [];
      const result = await pool().query<NoteRow>('SELECT * FROM lead_notes WHERE lead_id = $1 ORDER BY id', [leadId]);
      return result.rows.map(noteFromRow);
    },
    async listLeadJobs(leadId) {
      if (!UUID.test(leadId)) return [];
      const result = await pool().query<JobRow>('SELECT * FROM outbox WHERE lead_id = $1 ORDER BY id', [leadId]);
      return result.rows.map(jobFromRow);
    },
    async eraseLead(id, actor) {
      if (!UUID.test(id)) return null;
      let erasedNow = false;
      const lead = await transact(async (c) => {
        const before = await leadIn(c, id, true);
        if (!before || before.erasedAt) return before;
        await c.query(
          `UPDATE leads SET payload = '{}', search_text = '', ip_hash = NULL, user_agent = NULL, idempotency_key = NULL,
             idempotency_fingerprint = NULL, erased_at = $2, erased_by = $3 WHERE id = $1`,
          [id, now(), actor],
        );
        await c.query('DELETE FROM lead_notes WHERE lead_id = $1', [id]);
        await c.query('DELETE FROM outbox WHERE lead_id = $1', [id]);
        await c.query('DELETE FROM notification_throttle WHERE lead_id = $1', [id]);
        await auditIn(c, { actor, action: 'erase', leadId: id, detail: 'fields, notes and notifications deleted' });
        erasedNow = true;
        return leadIn(c, id);
      });
      if (erasedNow) afterErase();
      return lead;
    },
    async audit(entry) {
      await auditIn(pool(), entry);
    },
    async listAudit({ before, limit }) {
      if (before !== undefined && !/^[1-9][0-9]{0,15}$/.test(before)) return [];
      const result =
        before === undefined
          ? await pool().query<AuditRow>('SELECT * FROM audit_log ORDER BY id DESC LIMIT $1', [limit])
          : await pool().query<AuditRow>('SELECT * FROM audit_log WHERE id < $1 ORDER BY id DESC LIMIT $2', [before, limit]);
      return result.rows.map(auditFromRow);
    },

    async createAccount(email, passwordHash) {
      const result = await pool().query(
        `INSERT INTO accounts (id, email, password_hash, created_at, password_changed_at) VALUES ($1, $2, $3, $4, $4)
         ON CONFLICT (email) DO NOTHING`,
        [randomUUID(), email, passwordHash, now()],
      );
      return result.rowCount === 1;
    },
    async findAccount(email) {
      const result = await pool().query<{ id: string; email: string; password_hash: string; created_at: Date }>(
        'SELECT id, email, password_hash, created_at FROM accounts WHERE email = $1',
        [email],
      );
      const row = result.rows[0];
      return row ? { id: row.id, email: row.email, passwordHash: row.password_hash, createdAt: isoTime(row.created_at) } : null;
    },
    async setPassword(email, passwordHash, failureKey) {
      return transact(async (c) => {
        const result = await c.query<{ id: string }>(
          'UPDATE accounts SET password_hash = $1, password_changed_at = $2 WHERE email = $3 RETURNING id',
          [passwordHash, now(), email],
        );
        const row = result.rows[0];
        if (!row) return false;
        await c.query('DELETE FROM sessions WHERE account_id = $1', [row.id]);
        await c.query('DELETE FROM sign_in_failures WHERE key = $1', [failureKey]);
        return true;
      });
    },
    async removeAccount(email) {
      const result = await pool().query('DELETE FROM accounts WHERE email = $1', [email]);
      return result.rowCount === 1;
    },
    async countAccounts() {
      const result = await pool().query<{ n: number }>('SELECT count(*)::int AS n FROM accounts');
      return result.rows[0]!.n;
    },
    async createSession(tokenHash, accountId, { replacing, idleMs } = {}) {
      await transact(async (c) => {
        const at = now();
        if (replacing) await c.query('DELETE FROM sessions WHERE token_hash = $1', [replacing]);
        if (idleMs !== undefined) await c.query('DELETE FROM sessions WHERE last_seen_at < $1', [new Date(at.getTime() - idleMs)]);
        await c.query('INSERT INTO sessions (token_hash, account_id, created_at, last_seen_at) VALUES ($1, $2, $3, $3)', [
          tokenHash,
          accountId,
          at,
        ]);
      });
    },
    async findSession(tokenHash, idleMs) {
      const result = await pool().query<{ account_id: string; last_seen_at: Date; email: string }>(
        'SELECT s.account_id, s.last_seen_at, a.email FROM sessions s JOIN accounts a ON a.id = s.account_id WHERE s.token_hash = $1',
        [tokenHash],
      );
      const row = result.rows[0];
      if (!row) return null;
      const at = now();
      if (row.last_seen_at.getTime() + idleMs <= at.getTime()) {
        await pool().query('DELETE FROM sessions WHERE last_seen_at < $1', [new Date(at.getTime() - idleMs)]);
        return null;
      }
      if (at.getTime() - row.last_seen_at.getTime() > 60_000)
        await pool().query('UPDATE sessions SET last_seen_at = $1 WHERE token_hash = $2', [at, tokenHash]);
      return { accountId: row.account_id, email: row.email };
    },
    async deleteSession(tokenHash) {
      await pool().query('DELETE FROM sessions WHERE token_hash = $1', [tokenHash]);
    },
    async lockedUntil(keys) {
      const result = await pool().query<{ until: Date | null }>(
        'SELECT max(locked_until) AS until FROM sign_in_failures WHERE key = ANY($1::text[]) AND locked_until > $2',
        [keys, now()],
      );
      return result.rows[0]?.until ?? null;
    },
    async recordFailure(rules) {
      const at = now();
      // One statement per key: the row lock makes concurrent failures from several processes count one by one.
      for (const rule of rules) {
        await pool().query(
          `INSERT INTO sign_in_failures AS f (key, failures, first_at, locked_until)
             VALUES ($1, 1, $2, CASE WHEN $3::int <= 1 THEN $2::timestamptz + make_interval(secs => $5) END)
           ON CONFLICT (key) DO UPDATE SET
             failures = CASE WHEN f.first_at + make_interval(secs => $4) <= $2 OR f.locked_until <= $2 THEN 1 ELSE f.failures + 1 END,
             first_at = CASE WHEN f.first_at + make_interval(secs => $4) <= $2 OR f.locked_until <= $2 THEN $2 ELSE f.first_at END,
             locked_until = CASE
               WHEN (CASE WHEN f.first_at + make_interval(secs => $4) <= $2 OR f.locked_until <= $2 THEN 1 ELSE f.failures + 1 END) >= $3
               THEN $2::timestamptz + make_interval(secs => $5)
             END`,
          [rule.key, at, rule.max, rule.windowMs / 1000, rule.lockMs / 1000],
        );
      }
    },
    async clearFailures(key) {
      await pool().query('DELETE FROM sign_in_failures WHERE key = $1', [key]);
    },
  };
}
