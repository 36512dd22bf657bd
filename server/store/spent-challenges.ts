import type { Kysely } from 'kysely';
import type { Schema } from './schema';

/** Proof-of-work challenges already answered (spent_challenges, migration 20), shared by every process on the store. */
export interface SpentChallengeStore {
  /**
   * Records challenge `id` as answered by the submission `by` until `expiresAt`, first deleting
   * the records of challenges that have expired. True when this is its first use, or a resend of
   * the same submission; false when another submission used it (a replay).
   */
  spendChallenge(spent: { id: string; expiresAt: Date; by: string }): Promise<boolean>;
}

export function spentChallengeStore(db: () => Kysely<Schema>, now: () => Date): SpentChallengeStore {
  return {
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
