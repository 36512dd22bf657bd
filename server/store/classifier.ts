import { sql } from 'kysely';
import { classifierTokens, GENERATION_KEY, tokenKey, TOTALS_KEY, type TokenCounts, type TrainedAs } from '../spam/classifier';
import { prepared } from './prepared';
import { parsed } from './rows';
import type { Db, StoreDialect } from './schema';

// Every query here takes its keys as one parameter (StoreDialect.textRows), so a lead of 3 words and
// one of 300 run the same prepared statement, and none pushes the store's other statements out.

/**
 * Trains the spam filter with the lead as `as`, in the caller's transaction (which holds the lead's
 * row): what an earlier mark trained is taken off first, so a wrong call is undone by the next one,
 * and the same mark again changes nothing. An erased lead has no words left and trains nothing.
 */
export async function trainLead(trx: Db, d: StoreDialect, id: string, as: TrainedAs): Promise<void> {
  const row = await trx.selectFrom('leads').select(['payload', 'trained_as', 'erased_at']).where('id', '=', id).executeTakeFirst();
  if (!row || row.erased_at !== null || row.trained_as === as) return;
  const delta = { spam: as === 'spam' ? 1 : row.trained_as === 'spam' ? -1 : 0, ham: as === 'ham' ? 1 : row.trained_as === 'ham' ? -1 : 0 };
  const keys = [TOTALS_KEY, ...new Set(classifierTokens(parsed(row.payload)).map(tokenKey))];
  await addCounts(trx, d, keys, delta);
  await trx.updateTable('leads').set({ trained_as: as }).where('id', '=', id).execute();
}

/** Adds `delta` to each (distinct) key's counts; a count never goes below 0, and rows left at 0 and 0 are deleted. */
export async function addCounts(trx: Db, d: StoreDialect, keys: readonly string[], delta: TokenCounts): Promise<void> {
  if (keys.length === 0) return;
  // First, so every training takes this row's lock before any other: they queue here instead of
  // deadlocking, and a process's kept counts (keptCounts) see the generation move with the counts.
  await trx
    .insertInto('spam_tokens')
    .values({ token: GENERATION_KEY, spam: 1, ham: 0 })
    .onConflict((oc) => oc.column('token').doUpdateSet({ spam: sql<number>`${sql.ref('spam_tokens.spam')} + 1` }))
    .execute();
  const after = (column: 'spam' | 'ham') => {
    const sum = sql<number>`${sql.ref(`spam_tokens.${column}`)} + ${delta[column]}`;
    return sql<number>`CASE WHEN ${sum} < 0 THEN 0 ELSE ${sum} END`;
  };
  await trx
    .insertInto('spam_tokens')
    .columns(['token', 'spam', 'ham'])
    .expression((eb) =>
      eb
        .selectFrom(d.textRows(d.textList(keys)))
        .select(['k.value', sql.lit(Math.max(delta.spam, 0)).as('spam'), sql.lit(Math.max(delta.ham, 0)).as('ham')])
        // SQLite reads ON CONFLICT after a bare SELECT as a join's ON: the WHERE ends the SELECT.
        .where(sql<boolean>`true`)
        // In key order (the totals row, '', first): every training takes the rows' locks in one order,
        // so two at once on PostgreSQL wait for each other instead of deadlocking.
        .orderBy('k.value'),
    )
    .onConflict((oc) => oc.column('token').doUpdateSet({ spam: after('spam'), ham: after('ham') }))
    .execute();
  if (delta.spam < 0 || delta.ham < 0)
    await trx
      .deleteFrom('spam_tokens')
      .where('token', 'in', (eb) => eb.selectFrom(d.textRows(d.textList(keys))).select('k.value'))
      .where('spam', '=', 0)
      .where('ham', '=', 0)
      .execute();
}

const countsOf = prepared((db, v: { keys: unknown }, d: StoreDialect) =>
  db
    .selectFrom('spam_tokens')
    .select(['token', 'spam', 'ham'])
    .where('token', 'in', (eb) => eb.selectFrom(d.textRows(v.keys)).select('k.value')),
);

/** The stored counts of these keys (TOTALS_KEY among them for the marks), in one query; a key never counted is absent. */
export async function tokenCounts(db: Db, d: StoreDialect, keys: readonly string[]): Promise<Map<string, TokenCounts>> {
  if (keys.length === 0) return new Map();
  const { rows } = await countsOf(db, { keys: d.textList(keys) }, d);
  return new Map(rows.map((r) => [r.token, { spam: Number(r.spam), ham: Number(r.ham) }]));
}

/** How many spam and not-spam marks the filter has learned from. */
export async function marksSeen(db: Db, d: StoreDialect): Promise<TokenCounts> {
  return (await tokenCounts(db, d, [TOTALS_KEY])).get(TOTALS_KEY) ?? { spam: 0, ham: 0 };
}
