import type { Kysely } from 'kysely';
import type { Release } from '../../contracts/editor-contract';
import { isoTime, truthy } from './rows';
import type { Schema } from './schema';

/** `store.releases`: the site's releases as the store keeps them: which exist, who published each, which one is live. */
export interface ReleasesSlice {
  /** Records a finished release and makes it the live one, in one transaction. */
  addLiveRelease(release: Omit<Release, 'live'>): Promise<void>;
  /** Makes a recorded release the live one; false when there is no release with that id. */
  setLiveRelease(id: string): Promise<boolean>;
  /** The live release's id, or null before the first publish: a cheap query every process polls. */
  liveRelease(): Promise<string | null>;
  /** Every recorded release, newest first. */
  listReleases(): Promise<Release[]>;
  /** Forgets releases whose folders were pruned; never the live one. */
  removeReleases(ids: readonly string[]): Promise<void>;
}

export function releasesSlice(db: () => Kysely<Schema>): ReleasesSlice {
  /** In the caller's transaction: the release becomes the live one; false (and nothing changed) when there is no such release. */
  const makeLive = async (trx: Kysely<Schema>, id: string): Promise<boolean> => {
    if (!(await trx.selectFrom('releases').select('id').where('id', '=', id).executeTakeFirst())) return false;
    // Off first, then on: the partial unique index never sees two live rows.
    await trx.updateTable('releases').set({ live: false }).where('live', '=', true).where('id', '!=', id).execute();
    await trx.updateTable('releases').set({ live: true }).where('id', '=', id).execute();
    return true;
  };
  return {
    addLiveRelease: async (r) =>
      db()
        .transaction()
        .execute(async (trx) => {
          await trx
            .insertInto('releases')
            .values({ id: r.id, published_at: r.publishedAt, published_by: r.by, commit_sha: r.commit ?? null, live: false })
            .execute();
          await makeLive(trx, r.id);
        }),
    setLiveRelease: async (id) =>
      db()
        .transaction()
        .execute((trx) => makeLive(trx, id)),
    liveRelease: async () => (await db().selectFrom('releases').select('id').where('live', '=', true).executeTakeFirst())?.id ?? null,
    listReleases: async () =>
      (await db().selectFrom('releases').selectAll().orderBy('published_at', 'desc').orderBy('id', 'desc').execute()).map((row) => ({
        id: row.id,
        publishedAt: isoTime(row.published_at),
        by: row.published_by,
        ...(row.commit_sha ? { commit: row.commit_sha } : {}),
        live: truthy(row.live),
      })),
    removeReleases: async (ids) => {
      if (ids.length === 0) return;
      await db().deleteFrom('releases').where('id', 'in', ids).where('live', '=', false).execute();
    },
  };
}
