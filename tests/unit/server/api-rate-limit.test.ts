import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../server/app';
import { silentLogger } from '../../../server/logging';
import { MemoryRateLimitStore, rateLimitMiddleware } from '../../../server/rate-limit';
import { createFixture, fakeStore, listen, type Fixture, type Running } from './helpers';

/** A clock the test moves by hand. */
function manualClock(start = Date.UTC(2025, 0, 1)) {
  let t = start;
  return { now: () => new Date(t), advance: (ms: number) => void (t += ms) };
}

describe('rate-limit memory store', () => {
  const storeWith = (windowMs: number, now: () => Date, maxClients?: number) => {
    const store = new MemoryRateLimitStore(now, maxClients);
    store.init({ windowMs } as never);
    return store;
  };

  it('counts hits per window and says when the window ends', () => {
    const clock = manualClock();
    const store = storeWith(60_000, clock.now);
    expect([1, 2, 3].map(() => store.increment('a').totalHits)).toEqual([1, 2, 3]);
    clock.advance(15_500);
    expect(store.increment('a')).toEqual({ totalHits: 4, resetTime: new Date(Date.UTC(2025, 0, 1) + 60_000) });
  });

  it('counts each client on its own', () => {
    const store = storeWith(1_000, manualClock().now);
    expect(store.increment('a').totalHits).toBe(1);
    expect(store.increment('b').totalHits).toBe(1);
    expect(store.increment('a').totalHits).toBe(2);
  });

  it('starts a new window once the last one has passed', () => {
    const clock = manualClock();
    const store = storeWith(1_000, clock.now);
    store.increment('a');
    expect(store.increment('a').totalHits).toBe(2);
    clock.advance(1_000);
    expect(store.increment('a').totalHits).toBe(1);
  });

  it('forgets clients whose window has expired, so memory does not grow with past visitors', () => {
    const clock = manualClock();
    const store = storeWith(1_000, clock.now);
    for (let i = 0; i < 1_000; i++) store.increment(`10.0.${i >> 8}.${i & 255}`);
    expect(store.size).toBe(1_000);
    clock.advance(1_000);
    store.increment('new');
    expect(store.size).toBe(1);
  });

  it('never tracks more than maxClients at once', () => {
    const store = storeWith(60_000, manualClock().now, 100);
    for (let i = 0; i < 1_000; i++) store.increment(`client-${i}`);
    expect(store.size).toBe(100);
  });

  it.each([
    { windowMs: 0, max: 1 },
    { windowMs: 1_000, max: 0 },
    { windowMs: 1_000, max: 1.5 },
  ])('refuses a nonsensical setting %o', (opts) => {
    expect(() => rateLimitMiddleware(opts)).toThrow(/windowMs > 0 and max >= 1/);
  });
});

describe('rate limit on /api', () => {
  let fixture: Fixture;
  let server: Running;
  const clock = manualClock();

  beforeAll(async () => {
    fixture = createFixture();
    server = await listen(
      createApp({
        clientDir: fixture.clientDir,
        store: fakeStore(),
        siteUrl: 'https://example.com',
        rateLimit: { windowMs: 60_000, max: 3 },
        now: clock.now,
      }),
    );
  });

  afterAll(async () => {
    await server.close();
    fixture.cleanup();
  });

  it('answers 429 with Retry-After once a client is over the limit, and serves it again after the window', async () => {
    // Every /api request counts, whatever its answer.
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await fetch(`${server.url}/api/contact`)).status);
    expect(statuses).toEqual([405, 405, 405]);

    clock.advance(20_000);
    const limited = await fetch(`${server.url}/api/contact`, { method: 'POST' });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('40');
    expect(limited.headers.get('cache-control')).toBe('no-store');
    expect(await limited.json()).toEqual({
      success: false,
      message: 'Too many requests. Please wait a minute and try again.',
      error: 'RATE_LIMITED',
    });

    // Pages and the health check are not limited.
    expect((await fetch(`${server.url}/`)).status).toBe(200);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);

    clock.advance(40_000);
    expect((await fetch(`${server.url}/api/contact`)).status).toBe(405);
  });
});

describe('rate limit with a failing store', () => {
  it('lets requests through and logs why, so a store outage never takes the whole API down', async () => {
    const fixture = createFixture();
    const errors: unknown[] = [];
    const failing = {
      increment: async () => {
        throw new Error('connection refused');
      },
      decrement: async () => {},
      resetKey: async () => {},
    };
    const logger = Object.assign(silentLogger.child({}), { error: (...args: unknown[]) => void errors.push(args) });
    const server = await listen(
      createApp({
        clientDir: fixture.clientDir,
        store: fakeStore(),
        siteUrl: 'https://example.com',
        rateLimit: { windowMs: 60_000, max: 1 },
        rateLimitStore: failing,
        logger,
      }),
    );
    try {
      expect([(await fetch(`${server.url}/api/contact`)).status, (await fetch(`${server.url}/api/contact`)).status]).toEqual([405, 405]);
      expect(errors.length).toBeGreaterThanOrEqual(2);
    } finally {
      await server.close();
      fixture.cleanup();
    }
  });
});
