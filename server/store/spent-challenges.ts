import type { Kysely } from 'kysely';
import { pruneSpentTokens } from './leads';
import type { Schema } from './schema';

/**
 * `store.tokens`: the one-use tokens already spent, shared by every process on the store: form
 * tokens (spent_form_tokens, migration 18) and proof-of-work challenges (spent_challenges,
 * migration 20), both spent in the lead's own transaction by insertLead (NewLead.formToken,
 * NewLead.challenge).
 */
export interface TokensSlice {
  /** Forgets the spent form tokens and challenges that expired before `before`; how many. */
  pruneSpentTokens(before: Date): Promise<number>;
}

export function tokensSlice(db: () => Kysely<Schema>): TokensSlice {
  return {
    pruneSpentTokens: async (before) => pruneSpentTokens(db(), before),
  };
}
