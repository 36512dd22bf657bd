import { sql } from 'kysely';
import { classifierTokens, tokenKey, TOTALS_KEY, type TokenCounts, type TrainedAs } from '../spam/classifier';
import { parsed } from './rows';
import type { Db } from './schema';

/**
 * Trains the spam filter with the lead as `as`, in the caller's transaction (which holds the lead's
 * row): what an earlier mark trained is taken off first, so a wrong call is undone by the next one,
 * and the same mark again changes nothing. An erased lead has no words left and trains nothing.
 */
export async function trainLead(trx: Db, id: string, as: TrainedAs): Promise<void> {
  const row = await trx.selectFrom('leads').select(['payload', 'trained_as', 'erased_at']).where('id', '=', id).executeTakeFirst();
  if (!row || row.erased_at !== null || row.trained_as === as) return;
  const delta = { spam: as === 'spam' ? 1 : row.trained_as === 'spam' ? -1 : 0, ham: as === 'ham' ? 1 : row.trained_as === 'ham' ? -1 : 0 };
  // Sorted, the totals row first: every training takes the rows' locks in one order, so two at once wait instead of deadlocking.
  const keys = [TOTALS_KEY, ...new Set(classifierTokens(parsed(row.payload)).map(tokenKey))].sort();
  await addCounts(trx, keys, delta);
  await trx.updateTable('leads').set({ trained_as: as }).where('id', '=', id).execute();
}

/** Adds `delta` to each key's counts (a count never goes below 0); rows left at 0 and 0 are deleted. */
export async function addCounts(trx: Db, keys: readonly string[], delta: TokenCounts): Promise<void> {
  if (keys.length === 0) return;
  const after = (column: 'spam' | 'ham') => {
    const sum = sql<number>`${sql.ref(`spam_tokens.${column}`)} + ${delta[column]}`;
    return sql<number>`CASE WHEN ${sum} < 0 THEN 0 ELSE ${sum} END`;
  };
  await trx
    .insertInto('spam_tokens')
    .values(keys.map((token) => ({ token, spam: Math.max(delta.spam, 0), ham: Math.max(delta.ham, 0) })))
    .onConflict((oc) => oc.column('token').doUpdateSet({ spam: after('spam'), ham: after('ham') }))
    .execute();
  if (delta.spam < 0 || delta.ham < 0)
    await trx
      .deleteFrom('spam_tokens')
      .where('token', 'in', [...keys])
      .where('spam', '=', 0)
      .where('ham', '=', 0)
      .execute();
}

/** The stored counts of these keys (TOTALS_KEY among them for the marks), in one query; a key never counted is absent. */
export async function tokenCounts(db: Db, keys: readonly string[]): Promise<Map<string, TokenCounts>> {
  if (keys.length === 0) return new Map();
  const rows = await db
    .selectFrom('spam_tokens')
    .select(['token', 'spam', 'ham'])
    .where('token', 'in', [...keys])
    .execute();
  return new Map(rows.map((r) => [r.token, { spam: Number(r.spam), ham: Number(r.ham) }]));
}

/** How many spam and not-spam marks the filter has learned from. */
export async function marksSeen(db: Db): Promise<TokenCounts> {
  return (await tokenCounts(db, [TOTALS_KEY])).get(TOTALS_KEY) ?? { spam: 0, ham: 0 };
}
