import type { Kysely } from 'kysely';
import { pruneSpentFormTokens } from './leads';
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

export function tokensSlice(db: () => Kysely<Schema>, now: () => Date): TokensSlice {
  return {
    pruneSpentFormTokens: async (before) => pruneSpentFormTokens(db(), before),
    spendChallenge: async ({ id, expiresAt, by }) => {
      await db().deleteFrom('spent_challenges').where('expires_at', '<', now().toISOString()).execute();
      const inserted = await db()
        .insertInto('spent_challenges')
        .values({ id, spent_by: by, expires_at: expiresAt.toISOString() })
        .onConflict((oc) => oc.column('id').doNothing())
        .executeTakeFirst();
      if (inserted.numInsertedOrUpdatedRows === 1n) return true;
      const first = await db().selectFrom('spent_challenges').select('spent_by').where('id', '=', id).executeTakeFirst();
      return first?.spent_by === by;
    },
  };
}
