import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Account, AccountsSlice, AttemptVerdict, FailureRule, SessionInfo, SignedInSession } from './inbox-types';
import { prepared } from './prepared';
import { isoTime, ms, truthy } from './rows';
import type { Schema, StoreDialect } from './schema';
import { readRoles, writeRoles } from './roles';
import { judgeAttempt, type AttemptRow } from './sign-in-attempts';

const iso = (t: number) => new Date(t).toISOString();

// Every signed-in request reads its session, and moves its last use on at most once a minute.
const signedIn = prepared((db, v: { tokenHash: string }) =>
  db
    .selectFrom('sessions as s')
    .innerJoin('accounts as a', 'a.id', 's.account_id')
    .select((eb) => [
      's.account_id',
      's.created_at',
      's.last_seen_at',
      's.two_step_done',
      'a.email',
      eb('a.totp_secret', 'is not', null).as('totp'),
      'a.require_two_step',
      'a.roles',
    ])
    .where('s.token_hash', '=', v.tokenHash),
);

const touch = prepared((db, v: { at: string; tokenHash: string }) =>
  db.updateTable('sessions').set({ last_seen_at: v.at }).where('token_hash', '=', v.tokenHash),
);

/** Accounts, their sessions, two-step sign-in and the sign-in failure counters, on either backend. */
export function accountsSlice(db: () => Kysely<Schema>, d: StoreDialect, now: () => Date): AccountsSlice {
  const deleteIdle = (at: Date, idleMs: number) =>
    db()
      .deleteFrom('sessions')
      .where('last_seen_at', '<', iso(at.getTime() - idleMs))
      .execute();

  return {
    async createAccount(email, passwordHash, roles = ['leads']) {
      const at = now().toISOString();
      const result = await db()
        .insertInto('accounts')
        .values({ id: randomUUID(), email, password_hash: passwordHash, created_at: at, password_changed_at: at, roles: writeRoles(roles) })
        .onConflict((oc) => oc.column('email').doNothing())
        .executeTakeFirst();
      return result.numInsertedOrUpdatedRows === 1n;
    },

    async findAccount(email) {
      const row = await db()
        .selectFrom('accounts')
        .select(['id', 'email', 'password_hash', 'created_at', 'totp_secret', 'totp_pending', 'require_two_step', 'roles'])
        .where('email', '=', email)
        .executeTakeFirst();
      return row
        ? ({
            id: row.id,
            email: row.email,
            passwordHash: row.password_hash,
            createdAt: isoTime(row.created_at),
            totpSecret: row.totp_secret,
            totpPending: row.totp_pending,
            requireTwoStep: truthy(row.require_two_step),
            roles: readRoles(row.roles),
          } satisfies Account)
        : null;
    },

    async setPassword(email, passwordHash, failureKey) {
      return db()
        .transaction()
        .execute(async (trx) => {
          const row = await trx
            .updateTable('accounts')
            .set({ password_hash: passwordHash, password_changed_at: now().toISOString() })
            .where('email', '=', email)
            .returning('id')
            .executeTakeFirst();
          if (!row) return false;
          await trx.deleteFrom('sessions').where('account_id', '=', row.id).execute();
          await trx.deleteFrom('sign_in_failures').where('key', '=', failureKey).execute();
          return true;
        });
    },

    async setRoles(email, roles) {
      const result = await db()
        .updateTable('accounts')
        .set({ roles: writeRoles(roles) })
        .where('email', '=', email)
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },

    async removeAccount(email) {
      const result = await db().deleteFrom('accounts').where('email', '=', email).executeTakeFirst();
      return result.numDeletedRows === 1n;
    },

    async listAccountEmails() {
      const rows = await db().selectFrom('accounts').select('email').orderBy('email').execute();
      return rows.map((r) => r.email);
    },

    async countAccounts() {
      const row = await db()
        .selectFrom('accounts')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async createSession(tokenHash, accountId, { replacing, idleMs, twoStepDone = true, browser = '', addressHash = '' } = {}) {
      await db()
        .transaction()
        .execute(async (trx) => {
          const at = now();
          if (replacing) await trx.deleteFrom('sessions').where('token_hash', '=', replacing).execute();
          if (idleMs !== undefined)
            await trx
              .deleteFrom('sessions')
              .where('last_seen_at', '<', iso(at.getTime() - idleMs))
              .execute();
          await trx
            .insertInto('sessions')
            .values({
              token_hash: tokenHash,
              account_id: accountId,
              created_at: at.toISOString(),
              last_seen_at: at.toISOString(),
              two_step_done: twoStepDone,
              browser,
              address_hash: addressHash,
            })
            .execute();
        });
    },

    async findSession(tokenHash, idleMs, maxAgeMs): Promise<SignedInSession | null> {
      const [row] = (await signedIn(db(), { tokenHash })).rows;
      if (!row) return null;
      const at = now();
      const lastSeen = ms(row.last_seen_at);
      if (lastSeen + idleMs <= at.getTime()) {
        // Every idle session goes, not only this one: nothing else ever reads them.
        await deleteIdle(at, idleMs);
        return null;
      }
      if (maxAgeMs !== undefined && ms(row.created_at) + maxAgeMs <= at.getTime()) {
        await db()
          .deleteFrom('sessions')
          .where('created_at', '<=', iso(at.getTime() - maxAgeMs))
          .execute();
        return null;
      }
      // A write per minute of use at most, not one per request.
      if (at.getTime() - lastSeen > 60_000) await touch(db(), { at: at.toISOString(), tokenHash });
      return {
        accountId: row.account_id,
        email: row.email,
        twoStepDone: truthy(row.two_step_done),
        totpEnabled: truthy(row.totp as number | boolean),
        requireTwoStep: truthy(row.require_two_step),
        roles: readRoles(row.roles),
      };
    },

    async deleteSession(tokenHash) {
      await db().deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
    },

    async listSessions(accountId) {
      const rows = await db()
        .selectFrom('sessions')
        .select(['token_hash', 'created_at', 'last_seen_at', 'browser', 'address_hash'])
        .where('account_id', '=', accountId)
        .orderBy('last_seen_at', 'desc')
        .orderBy('created_at', 'desc')
        .execute();
      return rows.map((r): SessionInfo => ({
        tokenHash: r.token_hash,
        createdAt: isoTime(r.created_at),
        lastSeenAt: isoTime(r.last_seen_at),
        browser: r.browser,
        addressHash: r.address_hash,
      }));
    },

    async endOtherSessions(accountId, keep) {
      const result = await db()
        .deleteFrom('sessions')
        .where('account_id', '=', accountId)
        .where('token_hash', '<>', keep)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    async countAttempt(rules: readonly FailureRule[]): Promise<AttemptVerdict> {
      const keys = [...new Set(rules.map((r) => r.key))].sort();
      return db()
        .transaction()
        .execute(async (trx) => {
          // Rows made first, then locked in key order: concurrent attempts from any process wait their turn, never deadlock.
          await trx
            .insertInto('sign_in_failures')
            .values(keys.map((key) => ({ key, failures: 0, first_at: iso(0), locked_until: null })))
            .onConflict((oc) => oc.column('key').doNothing())
            .execute();
          const found = await trx
            .selectFrom('sign_in_failures')
            .select(['key', 'failures', 'first_at', 'locked_until'])
            .where('key', 'in', keys)
            .orderBy('key')
            .$call((qb) => d.lockRows(qb))
            .execute();
          const rows = new Map<string, AttemptRow>(
            found.map((r) => [
              r.key,
              { failures: r.failures, firstAt: ms(r.first_at), lockedUntil: r.locked_until === null ? null : ms(r.locked_until) },
            ]),
          );
          const { verdict, writes } = judgeAttempt(rules, rows, now().getTime());
          for (const { key, row } of writes)
            await trx
              .updateTable('sign_in_failures')
              .set({
                failures: row.failures,
                first_at: iso(row.firstAt),
                locked_until: row.lockedUntil === null ? null : iso(row.lockedUntil),
              })
              .where('key', '=', key)
              .execute();
          return verdict;
        });
    },

    async settleAttempt(clear, refund) {
      await db()
        .transaction()
        .execute(async (trx) => {
          if (clear.length)
            await trx
              .deleteFrom('sign_in_failures')
              .where('key', 'in', [...clear])
              .execute();
          if (refund.length)
            await trx
              .updateTable('sign_in_failures')
              .set((eb) => ({
                failures: eb
                  .case()
                  .when('failures', '>', 0)
                  .then(eb('failures', '-', 1))
                  .else(0)
                  .end(),
              }))
              .where('key', 'in', [...refund])
              .execute();
        });
    },

    async offerTotp(accountId, secret) {
      await db().updateTable('accounts').set({ totp_pending: secret }).where('id', '=', accountId).execute();
    },

    async confirmTotp(accountId, secret, step, recoveryHashes) {
      return db()
        .transaction()
        .execute(async (trx) => {
          const confirmed = await trx
            .updateTable('accounts')
            .set((eb) => ({ totp_secret: eb.ref('totp_pending'), totp_pending: null, totp_last_step: step }))
            .where('id', '=', accountId)
            .where('totp_pending', '=', secret)
            .executeTakeFirst();
          if (confirmed.numUpdatedRows !== 1n) return false;
          await trx.deleteFrom('recovery_codes').where('account_id', '=', accountId).execute();
          if (recoveryHashes.length)
            await trx
              .insertInto('recovery_codes')
              .values(recoveryHashes.map((code_hash) => ({ account_id: accountId, code_hash })))
              .execute();
          return true;
        });
    },

    async useTotpStep(accountId, step) {
      const result = await db()
        .updateTable('accounts')
        .set({ totp_last_step: step })
        .where('id', '=', accountId)
        .where('totp_secret', 'is not', null)
        .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },

    async useRecoveryCode(accountId, codeHash) {
      const result = await db()
        .updateTable('recovery_codes')
        .set({ used_at: now().toISOString() })
        .where('account_id', '=', accountId)
        .where('code_hash', '=', codeHash)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },

    async unusedRecoveryCodes(accountId) {
      const row = await db()
        .selectFrom('recovery_codes')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('account_id', '=', accountId)
        .where('used_at', 'is', null)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async removeTotp(accountId) {
      await db()
        .transaction()
        .execute(async (trx) => {
          await trx
            .updateTable('accounts')
            .set({ totp_secret: null, totp_pending: null, totp_last_step: null })
            .where('id', '=', accountId)
            .execute();
          await trx.deleteFrom('recovery_codes').where('account_id', '=', accountId).execute();
        });
    },

    async setRequireTwoStep(email, required) {
      const result = await db().updateTable('accounts').set({ require_two_step: required }).where('email', '=', email).executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },
  };
}
