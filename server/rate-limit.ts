import type { RequestHandler, Response } from 'express';
import { ipKeyGenerator, rateLimit, type ClientRateLimitInfo, type Options, type Store } from 'express-rate-limit';
import { sendApiError } from './api/router';
import type { Logger } from './logging';
import type { LimitsSlice, RateLimitCount } from './store/rate-limits';

export interface RateLimitOptions {
  windowMs: number;
  /** Requests allowed per client in one window. */
  max: number;
  /** Where counts live: express-rate-limit's MemoryStore in this process (the default), or the lead store's (StoredRateLimits). */
  store?: Store;
  /** Keeps these counts apart from other limiters' in a shared store. */
  prefix?: string;
  /** Told when the store fails (the request is then let through). */
  logger?: Pick<Logger, 'warn' | 'error'>;
  /** The 429's body: the API's JSON error unless given (a page answers in words). */
  refuse?: (res: Response) => void;
}

export const RATE_LIMITED_MESSAGE = 'Too many requests. Please wait a minute and try again.';

export function checkRateLimit(windowMs: number, max: number): void {
  if (!(windowMs > 0) || !Number.isInteger(max) || max < 1) throw new Error('Rate limit needs windowMs > 0 and max >= 1.');
}

/**
 * express-rate-limit on /api: `max` requests per client address per window, whatever their answer;
 * past it 429 with our JSON error body and Retry-After in whole seconds until the window ends.
 */
export function rateLimitMiddleware(options: RateLimitOptions): RequestHandler {
  const { windowMs, max } = options;
  checkRateLimit(windowMs, max);
  return rateLimit({
    windowMs,
    limit: max,
    ...(options.store ? { store: options.store } : {}),
    standardHeaders: false,
    legacyHeaders: false,
    // A store that is down must not take the API down with it; the submission then meets the store error itself.
    passOnStoreError: true,
    ...(options.logger ? { logger: options.logger } : {}),
    // Its checks print to the console about settings index.ts already checks (TRUST_PROXY).
    validate: false,
    ...(options.prefix ? { keyGenerator: (req) => `${options.prefix}${ipKeyGenerator(req.ip ?? '')}` } : {}),
    handler: (req, res) => {
      const resetAt = (req as typeof req & { rateLimit?: { resetTime?: Date } }).rateLimit?.resetTime?.getTime() ?? Date.now() + windowMs;
      res.set('Retry-After', String(Math.max(1, Math.ceil((resetAt - Date.now()) / 1000))));
      if (options.refuse) options.refuse(res.status(429));
      else sendApiError(res, 429, 'RATE_LIMITED', RATE_LIMITED_MESSAGE);
    },
  });
}

const info = (count: RateLimitCount): ClientRateLimitInfo => ({ totalHits: count.hits, resetTime: count.resetAt });

/**
 * express-rate-limit's counts kept in the lead store, so every server process on one PostgreSQL
 * database enforces one limit per client. One object per limiter: express-rate-limit tells each
 * its window.
 */
export class StoredRateLimits implements Store {
  readonly localKeys = false;
  private windowMs = 60_000;
  private sweep: NodeJS.Timeout | null = null;

  constructor(
    private readonly counts: LimitsSlice,
    /** How often windows that have ended are deleted; defaults to the window's length. */
    private readonly sweepMs?: number,
  ) {}

  init(options: Options): void {
    this.windowMs = options.windowMs;
    // express-rate-limit calls init once per middleware; a second call replaces the sweep, never adds one.
    this.shutdown();
    this.sweep = setInterval(() => void this.counts.sweepRateLimits().catch(() => {}), this.sweepMs ?? this.windowMs);
    this.sweep.unref();
  }

  async get(key: string): Promise<ClientRateLimitInfo | undefined> {
    const count = await this.counts.rateLimitCount(key);
    return count && info(count);
  }

  async increment(key: string): Promise<ClientRateLimitInfo> {
    return info(await this.counts.hitRateLimit(key, this.windowMs));
  }

  async decrement(key: string): Promise<void> {
    await this.counts.undoRateLimitHit(key);
  }

  async resetKey(key: string): Promise<void> {
    await this.counts.resetRateLimit(key);
  }

  async resetAll(): Promise<void> {
    await this.counts.resetRateLimit();
  }

  shutdown(): void {
    if (this.sweep) clearInterval(this.sweep);
  }
}
