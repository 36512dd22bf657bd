/**
 * The rate limit shared by every server process on one PostgreSQL, counted in the lead store:
 * counts from several stores (as from several processes, each with its own pool) add up exactly,
 * windows end on the clock, and two apps enforce one limit. The same queries count on SQLite.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { StoredRateLimits } from '../../../server/rate-limit';
import { createPostgresStore } from '../../../server/store/postgres';
import { createSqliteStore } from '../../../server/store/sqlite';
import type { LeadStore } from '../../../server/store/types';
import { findPostgres, startLocalPostgres, type LocalPostgres } from '../../support/postgres';
import { createFixture, startServer, type Fixture } from './helpers';

const found = await findPostgres();
let server: LocalPostgres | undefined;
let url: string;
const stores: LeadStore[] = [];
// An idle connection's error with no listener would crash the worker: the stores' pools report
// theirs here, checked after each test.
const poolErrors: unknown[] = [];

function manualClock(start = Date.UTC(2025, 0, 1)) {
  let t = start;
  return { now: () => new Date(t), advance: (ms: number) => void (t += ms) };
}

async function limitsOn(store: LeadStore, windowMs = 60_000): Promise<StoredRateLimits> {
  await store.init();
  stores.push(store);
  const limits = new StoredRateLimits(store.limits, 3_600_000);
  limits.init({ windowMs } as never);
  return limits;
}

const postgresLimits = (now: () => Date, windowMs?: number) =>
  limitsOn(createPostgresStore({ connectionString: url, maxConnections: 4, now, log: (_m, err) => poolErrors.push(err) }), windowMs);

describe('rate-limit counts in the SQLite store', () => {
  let dir: string;
  beforeAll(() => void (dir = mkdtempSync(join(tmpdir(), 'rate-limits-'))));
  afterAll(async () => {
    await Promise.all(stores.splice(0).map((s) => s.close()));
    rmSync(dir, { recursive: true, force: true });
  });

  it('starts a window, adds to it, ends it on the clock, takes a hit back and forgets a client', async () => {
    const clock = manualClock(Date.UTC(2025, 1, 1));
    const limits = await limitsOn(createSqliteStore({ file: join(dir, 'leads.sqlite'), now: clock.now }), 1_000);
    expect(await limits.increment('a')).toEqual({ totalHits: 1, resetTime: new Date(clock.now().getTime() + 1_000) });
    expect((await limits.increment('a')).totalHits).toBe(2);
    expect((await limits.increment('b')).totalHits).toBe(1);
    clock.advance(1_000);
    expect(await limits.get('a')).toBeUndefined();
    expect((await limits.increment('a')).totalHits).toBe(1);
    await limits.decrement('a');
    expect((await limits.get('a'))?.totalHits).toBe(0);
    await limits.resetKey('b');
    expect(await limits.get('b')).toBeUndefined();
  });
});

describe.skipIf(!found.available)(`rate limit in PostgreSQL${found.available ? '' : ` (skipped: ${found.reason})`}`, () => {
  beforeAll(async () => {
    server = await startLocalPostgres(found, { dataTemplate: inject('postgresDataTemplate') });
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
    await Promise.all(stores.splice(0).map((s) => s.close()));
    await server?.destroy();
  });

  it('counts every hit once when several processes increment the same client at once', async () => {
    const clock = manualClock();
    const processes = await Promise.all([0, 1, 2].map(() => postgresLimits(clock.now)));
    const results = await Promise.all(Array.from({ length: 90 }, (_, i) => processes[i % 3]!.increment('10.0.0.1')));
    expect(results.map((r) => r.totalHits).sort((a, b) => a - b)).toEqual(Array.from({ length: 90 }, (_, i) => i + 1));
    expect(new Set(results.map((r) => r.resetTime!.getTime()))).toEqual(new Set([clock.now().getTime() + 60_000]));
    expect((await processes[1]!.get('10.0.0.1'))?.totalHits).toBe(90);
  });

  it('starts a new window once the last has ended, and keeps clients apart', async () => {
    const clock = manualClock(Date.UTC(2025, 1, 1));
    const store = await postgresLimits(clock.now, 1_000);
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
    // Two servers as two processes start them: each with its own pool on the one database.
    const apps = await Promise.all(
      [0, 1].map(async () => {
        const store = createPostgresStore({ connectionString: url, maxConnections: 4, log: (_m, err) => poolErrors.push(err) });
        await store.init();
        stores.push(store);
        return startServer({
          buildDir: fixture.root,
          store,
          env: { DATABASE_URL: url, RATE_LIMIT_MAX: '4', RATE_LIMIT_WINDOW_MS: '60000' },
        });
      }),
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
