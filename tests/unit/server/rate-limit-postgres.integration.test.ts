/**
 * The rate limit shared by every server process on one PostgreSQL: counts from several pools (as
 * from several processes) add up exactly, windows end on the clock, and two apps enforce one limit.
 */
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../../server/app';
import { createPostgresStore } from '../../../server/store/postgres';
import { PostgresRateLimitStore } from '../../../server/store/postgres-rate-limit';
import { findPostgres, startLocalPostgres, type LocalPostgres } from '../../support/postgres';
import { createFixture, fakeStore, listen, type Fixture } from './helpers';

const found = await findPostgres();
let server: LocalPostgres | undefined;
let url: string;
const pools: pg.Pool[] = [];
// An idle connection's error with no listener would crash the worker. pool.end() resolves before its
// connections have closed, so stopping the server right after can still reach them: errors are kept
// and checked after each test, and only the teardown's are let go.
const poolErrors: Error[] = [];

function manualClock(start = Date.UTC(2025, 0, 1)) {
  let t = start;
  return { now: () => new Date(t), advance: (ms: number) => void (t += ms) };
}

function storeOn(now: () => Date, windowMs = 60_000): PostgresRateLimitStore {
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  pool.on('error', (err) => poolErrors.push(err));
  pools.push(pool);
  const store = new PostgresRateLimitStore({ pool, now, sweepMs: 3_600_000 });
  store.init({ windowMs } as never);
  return store;
}

describe.skipIf(!found.available)(`rate limit in PostgreSQL${found.available ? '' : ` (skipped: ${found.reason})`}`, () => {
  beforeAll(async () => {
    server = await startLocalPostgres(found);
    url = await server.createDatabase('ratelimit');
    // The table comes with the lead store's migrations (version 5).
    const leads = createPostgresStore({ connectionString: url });
    await leads.init();
    await leads.close();
  }, 120_000);

  afterEach(() => {
    expect(poolErrors).toEqual([]);
  });

  afterAll(async () => {
    await Promise.all(pools.map((p) => p.end()));
    await server?.destroy();
  });

  it('counts every hit once when several processes increment the same client at once', async () => {
    const clock = manualClock();
    const stores = [storeOn(clock.now), storeOn(clock.now), storeOn(clock.now)];
    const results = await Promise.all(Array.from({ length: 90 }, (_, i) => stores[i % 3]!.increment('10.0.0.1')));
    expect(results.map((r) => r.totalHits).sort((a, b) => a - b)).toEqual(Array.from({ length: 90 }, (_, i) => i + 1));
    expect(new Set(results.map((r) => r.resetTime!.getTime()))).toEqual(new Set([clock.now().getTime() + 60_000]));
    expect((await stores[1]!.get('10.0.0.1'))?.totalHits).toBe(90);
  });

  it('starts a new window once the last has ended, and keeps clients apart', async () => {
    const clock = manualClock(Date.UTC(2025, 1, 1));
    const store = storeOn(clock.now, 1_000);
    expect((await store.increment('a')).totalHits).toBe(1);
    expect((await store.increment('a')).totalHits).toBe(2);
    expect((await store.increment('b')).totalHits).toBe(1);
    clock.advance(1_000);
    expect(await store.get('a')).toBeUndefined();
    expect((await store.increment('a')).totalHits).toBe(1);
    await store.decrement('a');
    expect((await store.get('a'))?.totalHits).toBe(0);
    await store.resetKey('b');
    expect(await store.get('b')).toBeUndefined();
  });

  it('holds one limit across two apps, with the same 429 answer and Retry-After', async () => {
    // The limiter's Retry-After reads Date.now(); only the clock is faked, so sockets and the pool keep real timers.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.UTC(2025, 2, 1));
    const fixture: Fixture = createFixture();
    const apps = await Promise.all(
      [0, 1].map(() =>
        listen(
          createApp({
            clientDir: fixture.clientDir,
            store: fakeStore(),
            siteUrl: 'https://example.com',
            rateLimit: { windowMs: 60_000, max: 4 },
            rateLimitStore: storeOn(() => new Date()),
          }),
        ),
      ),
    );
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) statuses.push((await fetch(`${apps[i % 2]!.url}/api/contact`)).status);
      expect(statuses).toEqual([405, 405, 405, 405]);
      vi.advanceTimersByTime(20_000);
      const limited = await fetch(`${apps[0]!.url}/api/contact`);
      expect(limited.status).toBe(429);
      expect(limited.headers.get('retry-after')).toBe('40');
      expect(await limited.json()).toEqual({
        success: false,
        message: 'Too many requests. Please wait a minute and try again.',
        error: 'RATE_LIMITED',
      });
      expect((await fetch(`${apps[1]!.url}/api/contact`)).status).toBe(429);
    } finally {
      vi.useRealTimers();
      await Promise.all(apps.map((a) => a.close()));
      fixture.cleanup();
    }
  });
});
