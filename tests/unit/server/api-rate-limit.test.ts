import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { silentLogger } from '../../../server/logging';
import { rateLimitMiddleware } from '../../../server/rate-limit';
import { createFixture, fakeStore, startServer, type Fixture, type Running } from './helpers';

describe('rate-limit settings', () => {
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

  beforeAll(async () => {
    // Only the clock is faked: express-rate-limit's MemoryStore reads Date.now(); sockets keep real timers.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.UTC(2025, 0, 1));
    fixture = createFixture();
    server = await startServer({ buildDir: fixture.root, env: { RATE_LIMIT_MAX: '3', RATE_LIMIT_WINDOW_MS: '60000' } });
  });

  afterAll(async () => {
    vi.useRealTimers();
    await server.close();
    fixture.cleanup();
  });

  it('answers 429 with Retry-After once a client is over the limit, and serves it again after the window', async () => {
    // Every /api request counts, whatever its answer.
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await fetch(`${server.url}/api/contact`)).status);
    expect(statuses).toEqual([405, 405, 405]);

    vi.advanceTimersByTime(20_000);
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

    vi.advanceTimersByTime(40_000);
    expect((await fetch(`${server.url}/api/contact`)).status).toBe(405);
  });
});

describe('rate limit with a failing store', () => {
  it('lets requests through and logs why, so a store outage never takes the whole API down', async () => {
    const fixture = createFixture();
    const errors: unknown[] = [];
    // With DATABASE_URL the counts are the store's (StoredRateLimits), and here the store refuses them.
    const failing = fakeStore({
      limits: {
        hitRateLimit: async () => {
          throw new Error('connection refused');
        },
        undoRateLimitHit: async () => {},
        sweepRateLimits: async () => {},
      },
    });
    const logger = Object.assign(silentLogger.child({}), { error: (...args: unknown[]) => void errors.push(args) });
    const server = await startServer({
      buildDir: fixture.root,
      store: failing,
      logger,
      env: { RATE_LIMIT_MAX: '1', DATABASE_URL: 'postgres://127.0.0.1:1/leads' },
    });
    try {
      expect([(await fetch(`${server.url}/api/contact`)).status, (await fetch(`${server.url}/api/contact`)).status]).toEqual([405, 405]);
      expect(errors.length).toBeGreaterThanOrEqual(2);
    } finally {
      await server.close();
      fixture.cleanup();
    }
  });
});
