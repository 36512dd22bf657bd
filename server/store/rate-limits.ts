import type { Kysely } from 'kysely';
import type { Schema } from './schema';

/** A client's count in its current window. */
export interface RateLimitCount {
  hits: number;
  resetAt: Date;
}

/**
 * `store.limits`: rate-limit counts kept in the store (rate_limit_hits, migration 5), so every server process on
 * one PostgreSQL database shares one count per client. A single SQLite process counts in memory
 * and does not use them.
 */
export interface LimitsSlice {
  /** Counts one hit: starts a window of `windowMs` when none is running, else adds to it; atomically, under the row's lock. */
  hitRateLimit(key: string, windowMs: number): Promise<RateLimitCount>;
  /** The count of the running window, if any. */
  rateLimitCount(key: string): Promise<RateLimitCount | undefined>;
  /** Takes one hit back (a request the limiter decided not to count after all). */
  undoRateLimitHit(key: string): Promise<void>;
  /** Forgets one client's count, or every count when no key is given. */
  resetRateLimit(key?: string): Promise<void>;
  /** Deletes the windows that have ended. */
  sweepRateLimits(): Promise<void>;
}

const toDate = (value: string | Date) => (value instanceof Date ? value : new Date(value));

export function limitsSlice(db: () => Kysely<Schema>, now: () => Date): LimitsSlice {
  return {
    hitRateLimit: async (key, windowMs) => {
      const at = now().toISOString();
      const resetAt = new Date(now().getTime() + windowMs).toISOString();
      const row = await db()
        .insertInto('rate_limit_hits')
        .values({ key, hits: 1, reset_at: resetAt })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet((eb) => {
            const ended = eb('rate_limit_hits.reset_at', '<=', at);
            return {
              hits: eb
                .case()
                .when(ended)
                .then(1)
                .else(eb('rate_limit_hits.hits', '+', 1))
                .end(),
              reset_at: eb.case().when(ended).then(eb.ref('excluded.reset_at')).else(eb.ref('rate_limit_hits.reset_at')).end(),
            };
          }),
        )
        .returning(['hits', 'reset_at'])
        .executeTakeFirstOrThrow();
      return { hits: Number(row.hits), resetAt: toDate(row.reset_at) };
    },
    rateLimitCount: async (key) => {
      const row = await db()
        .selectFrom('rate_limit_hits')
        .select(['hits', 'reset_at'])
        .where('key', '=', key)
        .where('reset_at', '>', now().toISOString())
        .executeTakeFirst();
      return row && { hits: Number(row.hits), resetAt: toDate(row.reset_at) };
    },
    undoRateLimitHit: async (key) => {
      await db()
        .updateTable('rate_limit_hits')
        .set((eb) => ({
          hits: eb
            .case()
            .when('hits', '>', 0)
            .then(eb('hits', '-', 1))
            .else(0)
            .end(),
        }))
        .where('key', '=', key)
        .execute();
    },
    resetRateLimit: async (key) => {
      let query = db().deleteFrom('rate_limit_hits');
      if (key !== undefined) query = query.where('key', '=', key);
      await query.execute();
    },
    sweepRateLimits: async () => {
      await db().deleteFrom('rate_limit_hits').where('reset_at', '<=', now().toISOString()).execute();
    },
  };
}
