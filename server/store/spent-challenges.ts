import type { Kysely } from 'kysely';
import { pruneSpentFormTokens } from './leads';
import { prepared } from './prepared';
import type { Schema } from './schema';

/**
 * `store.tokens`: the one-use tokens already spent, shared by every process on the store: proof-of-work
 * challenges (spent_challenges, migration 20) and form tokens (spent_form_tokens, migration 18, spent
 * in the lead's own transaction by insertLead).
 */
export interface TokensSlice {
  /**
   * Records challenge `id` as answered by the submission `by` until `expiresAt`, first deleting
   * the records of challenges that have expired. True when this is its first use, or a resend of
   * the same submission; false when another submission used it (a replay).
   */
  spendChallenge(spent: { id: string; expiresAt: Date; by: string }): Promise<boolean>;
  /** Forgets the spent form tokens that expired before `before`; how many. */
  pruneSpentFormTokens(before: Date): Promise<number>;
}

// Asked for every answered challenge: built and compiled once (prepared), not on each call.
const forgetExpired = prepared((db, v: { now: string }) => db.deleteFrom('spent_challenges').where('expires_at', '<', v.now));
const spend = prepared((db, v: { id: string; by: string; expires: string }) =>
  db
    .insertInto('spent_challenges')
    .values({ id: v.id, spent_by: v.by, expires_at: v.expires })
    .onConflict((oc) => oc.column('id').doNothing()),
);
const spentBy = prepared((db, v: { id: string }) => db.selectFrom('spent_challenges').select('spent_by').where('id', '=', v.id));

export function tokensSlice(db: () => Kysely<Schema>, now: () => Date): TokensSlice {
  return {
    pruneSpentFormTokens: async (before) => pruneSpentFormTokens(db(), before),
    spendChallenge: async ({ id, expiresAt, by }) => {
      await forgetExpired(db(), { now: now().toISOString() });
      const inserted = await spend(db(), { id, by, expires: expiresAt.toISOString() });
      if (inserted.numAffectedRows === 1n) return true;
      const [first] = (await spentBy(db(), { id })).rows;
      return first?.spent_by === by;
    },
  };
}
