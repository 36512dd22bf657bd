import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { describeChange, leadListSql, type InboxDialect } from './inbox-queries';
import type { AccountStore, InboxLead, InboxStore, NewAuditEntry } from './inbox-types';
import { judgeAttempt, type AttemptRow } from './sign-in-attempts';
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
      const result = await pool().query<{
        id: string;
        email: string;
        password_hash: string;
        created_at: Date;
        totp_secret: string | null;
        totp_pending: string | null;
        require_two_step: boolean;
      }>('SELECT id, email, password_hash, created_at, totp_secret, totp_pending, require_two_step FROM accounts WHERE email = $1', [
        email,
      ]);
      const row = result.rows[0];
      return row
        ? {
            id: row.id,
            email: row.email,
            passwordHash: row.password_hash,
            createdAt: isoTime(row.created_at),
            totpSecret: row.totp_secret,
            totpPending: row.totp_pending,
            requireTwoStep: row.require_two_step,
          }
        : null;
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
    async createSession(tokenHash, accountId, { replacing, idleMs, twoStepDone = true, browser = '', addressHash = '' } = {}) {
      await transact(async (c) => {
        const at = now();
        if (replacing) await c.query('DELETE FROM sessions WHERE token_hash = $1', [replacing]);
        if (idleMs !== undefined) await c.query('DELETE FROM sessions WHERE last_seen_at < $1', [new Date(at.getTime() - idleMs)]);
        await c.query(
          `INSERT INTO sessions (token_hash, account_id, created_at, last_seen_at, two_step_done, browser, address_hash)
           VALUES ($1, $2, $3, $3, $4, $5, $6)`,
          [tokenHash, accountId, at, twoStepDone, browser, addressHash],
        );
      });
    },
    async findSession(tokenHash, idleMs, maxAgeMs) {
      const result = await pool().query<{
        account_id: string;
        created_at: Date;
        last_seen_at: Date;
        two_step_done: boolean;
        email: string;
        totp: boolean;
        require_two_step: boolean;
      }>(
        `SELECT s.account_id, s.created_at, s.last_seen_at, s.two_step_done, a.email, a.totp_secret IS NOT NULL AS totp, a.require_two_step
         FROM sessions s JOIN accounts a ON a.id = s.account_id WHERE s.token_hash = $1`,
        [tokenHash],
      );
      const row = result.rows[0];
      if (!row) return null;
      const at = now();
      if (row.last_seen_at.getTime() + idleMs <= at.getTime()) {
        await pool().query('DELETE FROM sessions WHERE last_seen_at < $1', [new Date(at.getTime() - idleMs)]);
        return null;
      }
      if (maxAgeMs !== undefined && row.created_at.getTime() + maxAgeMs <= at.getTime()) {
        await pool().query('DELETE FROM sessions WHERE created_at <= $1', [new Date(at.getTime() - maxAgeMs)]);
        return null;
      }
      if (at.getTime() - row.last_seen_at.getTime() > 60_000)
        await pool().query('UPDATE sessions SET last_seen_at = $1 WHERE token_hash = $2', [at, tokenHash]);
      return {
        accountId: row.account_id,
        email: row.email,
        twoStepDone: row.two_step_done,
        totpEnabled: row.totp,
        requireTwoStep: row.require_two_step,
      };
    },
    async deleteSession(tokenHash) {
      await pool().query('DELETE FROM sessions WHERE token_hash = $1', [tokenHash]);
    },
    async listSessions(accountId) {
      const result = await pool().query<{
        token_hash: string;
        created_at: Date;
        last_seen_at: Date;
        browser: string;
        address_hash: string;
      }>(
        `SELECT token_hash, created_at, last_seen_at, browser, address_hash FROM sessions WHERE account_id = $1
         ORDER BY last_seen_at DESC, created_at DESC`,
        [accountId],
      );
      return result.rows.map((r) => ({
        tokenHash: r.token_hash,
        createdAt: isoTime(r.created_at),
        lastSeenAt: isoTime(r.last_seen_at),
        browser: r.browser,
        addressHash: r.address_hash,
      }));
    },
    async endOtherSessions(accountId, keep) {
      const result = await pool().query('DELETE FROM sessions WHERE account_id = $1 AND token_hash <> $2', [accountId, keep]);
      return result.rowCount ?? 0;
    },
    async countAttempt(rules) {
      const keys = [...new Set(rules.map((r) => r.key))].sort();
      return transact(async (c) => {
        // Rows made first, then locked in key order: concurrent attempts from any process wait their turn, never deadlock.
        await c.query(
          `INSERT INTO sign_in_failures (key, failures, first_at) SELECT k, 0, 'epoch' FROM unnest($1::text[]) AS k ON CONFLICT (key) DO NOTHING`,
          [keys],
        );
        const found = await c.query<{ key: string; failures: number; first_at: Date; locked_until: Date | null }>(
          'SELECT key, failures, first_at, locked_until FROM sign_in_failures WHERE key = ANY($1::text[]) ORDER BY key FOR UPDATE',
          [keys],
        );
        const rows = new Map<string, AttemptRow>(
          found.rows.map((r) => [
            r.key,
            { failures: r.failures, firstAt: r.first_at.getTime(), lockedUntil: r.locked_until?.getTime() ?? null },
          ]),
        );
        const { verdict, writes } = judgeAttempt(rules, rows, now().getTime());
        for (const { key, row } of writes)
          await c.query('UPDATE sign_in_failures SET failures = $2, first_at = $3, locked_until = $4 WHERE key = $1', [
            key,
            row.failures,
            new Date(row.firstAt),
            row.lockedUntil === null ? null : new Date(row.lockedUntil),
          ]);
        return verdict;
      });
    },
    async settleAttempt(clear, refund) {
      await transact(async (c) => {
        await c.query('DELETE FROM sign_in_failures WHERE key = ANY($1::text[])', [[...clear]]);
        await c.query('UPDATE sign_in_failures SET failures = GREATEST(failures - 1, 0) WHERE key = ANY($1::text[])', [[...refund]]);
      });
    },
    async offerTotp(accountId, secret) {
      await pool().query('UPDATE accounts SET totp_pending = $1 WHERE id = $2', [secret, accountId]);
    },
    async confirmTotp(accountId, secret, step, recoveryHashes) {
      return transact(async (c) => {
        const result = await c.query(
          'UPDATE accounts SET totp_secret = totp_pending, totp_pending = NULL, totp_last_step = $1 WHERE id = $2 AND totp_pending = $3',
          [step, accountId, secret],
        );
        if (result.rowCount !== 1) return false;
        await c.query('DELETE FROM recovery_codes WHERE account_id = $1', [accountId]);
        await c.query('INSERT INTO recovery_codes (account_id, code_hash) SELECT $1, h FROM unnest($2::text[]) AS h', [
          accountId,
          [...recoveryHashes],
        ]);
        return true;
      });
    },
    async useTotpStep(accountId, step) {
      const result = await pool().query(
        `UPDATE accounts SET totp_last_step = $1
         WHERE id = $2 AND totp_secret IS NOT NULL AND (totp_last_step IS NULL OR totp_last_step < $1)`,
        [step, accountId],
      );
      return result.rowCount === 1;
    },
    async useRecoveryCode(accountId, codeHash) {
      const result = await pool().query(
        'UPDATE recovery_codes SET used_at = $1 WHERE account_id = $2 AND code_hash = $3 AND used_at IS NULL',
        [now(), accountId, codeHash],
      );
      return result.rowCount === 1;
    },
    async unusedRecoveryCodes(accountId) {
      const result = await pool().query<{ n: number }>(
        'SELECT count(*)::int AS n FROM recovery_codes WHERE account_id = $1 AND used_at IS NULL',
        [accountId],
      );
      return result.rows[0]!.n;
    },
    async removeTotp(accountId) {
      await transact(async (c) => {
        await c.query('UPDATE accounts SET totp_secret = NULL, totp_pending = NULL, totp_last_step = NULL WHERE id = $1', [accountId]);
        await c.query('DELETE FROM recovery_codes WHERE account_id = $1', [accountId]);
      });
    },
    async setRequireTwoStep(email, required) {
      const result = await pool().query('UPDATE accounts SET require_two_step = $1 WHERE email = $2', [required, email]);
      return result.rowCount === 1;
    },
  };
}
