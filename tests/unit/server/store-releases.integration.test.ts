/** The releases a publish records, on both stores: one live at a time, newest first, pruned ones forgotten. */
import { describe, expect, it } from 'vitest';
import { backends, useFreshStores } from './store-backends';

describe.each(backends)('releases on the %s store', (_name, backend) => {
  describe.skipIf(backend.skipReason !== null)('', () => {
    const fresh = useFreshStores(backend);

    it('keeps exactly one release live, lists them newest first and forgets pruned ones but never the live one', async () => {
      const store = await fresh.store();
      expect(await store.releases.liveRelease()).toBeNull();
      await store.releases.addLiveRelease({
        id: '20261126T100000Z-aaaaaa',
        publishedAt: '2026-11-26T10:00:00.000Z',
        by: 'cy@example.com',
        commit: 'abc123',
      });
      await store.releases.addLiveRelease({
        id: '20261126T110000Z-bbbbbb',
        publishedAt: '2026-11-26T11:00:00.000Z',
        by: 'dee@example.com',
      });
      expect(await store.releases.liveRelease()).toBe('20261126T110000Z-bbbbbb');
      expect(await store.releases.listReleases()).toEqual([
        { id: '20261126T110000Z-bbbbbb', publishedAt: '2026-11-26T11:00:00.000Z', by: 'dee@example.com', live: true },
        { id: '20261126T100000Z-aaaaaa', publishedAt: '2026-11-26T10:00:00.000Z', by: 'cy@example.com', commit: 'abc123', live: false },
      ]);
      expect(await store.releases.setLiveRelease('20261126T100000Z-aaaaaa')).toBe(true);
      expect(await store.releases.liveRelease()).toBe('20261126T100000Z-aaaaaa');
      expect((await store.releases.listReleases()).filter((r) => r.live)).toHaveLength(1);
      expect(await store.releases.setLiveRelease('20261126T120000Z-cccccc')).toBe(false);
      expect(await store.releases.liveRelease()).toBe('20261126T100000Z-aaaaaa');
      await store.releases.removeReleases(['20261126T100000Z-aaaaaa', '20261126T110000Z-bbbbbb']);
      expect((await store.releases.listReleases()).map((r) => r.id)).toEqual(['20261126T100000Z-aaaaaa']);
      // The database itself refuses a second live release, whatever code writes it.
      await store.releases.addLiveRelease({ id: '20261126T130000Z-dddddd', publishedAt: '2026-11-26T13:00:00.000Z', by: 'cy@example.com' });
      const target = await fresh.target();
      const on = backend.name === 'SQLite' ? '1' : 'TRUE';
      await expect(target.exec(`UPDATE releases SET live = ${on} WHERE id = '20261126T100000Z-aaaaaa'`)).rejects.toThrow();
      expect(await target.count(`SELECT count(*) FROM releases WHERE live = ${on}`)).toBe(1);
    });
  });
});
