import type { RequestHandler } from 'express';
import { ipKeyGenerator, rateLimit, type ClientRateLimitInfo, type Options, type Store } from 'express-rate-limit';
import { sendApiError } from './api/router';
import { DEFAULT_RATE_LIMIT } from './config';
import type { Logger } from './logging';

export interface RateLimitOptions {
  windowMs: number;
  /** Requests allowed per client in one window. */
  max: number;
  now?: () => Date;
  /** Where counts live: in this process (the default) or shared, e.g. createPostgresRateLimitStore. */
  store?: Store;
  /** Keeps these counts apart from other limiters' in a shared store. */
  prefix?: string;
  /** Told when the store fails (the request is then let through). */
  logger?: Pick<Logger, 'warn' | 'error'>;
}

const DEFAULT_MAX_CLIENTS = 50_000;

export const RATE_LIMITED_MESSAGE = 'Too many requests. Please wait a minute and try again.';

export function checkRateLimit(windowMs: number, max: number): void {
  if (!(windowMs > 0) || !Number.isInteger(max) || max < 1) throw new Error('Rate limit needs windowMs > 0 and max >= 1.');
}

interface Window {
  resetAt: number;
  hits: number;
}

/**
 * Fixed windows in this process, for express-rate-limit. Its own MemoryStore reads Date.now(), so
 * tests could not move its clock; this one takes `now`. Windows are (re)inserted when they start,
 * so the Map stays ordered by expiry and dropping expired ones only looks at its oldest end.
 */
export class MemoryRateLimitStore implements Store {
  readonly localKeys = true;
  private readonly windows = new Map<string, Window>();
  private windowMs = DEFAULT_RATE_LIMIT.windowMs as number;

  constructor(
    private readonly now: () => Date = () => new Date(),
    private readonly maxClients = DEFAULT_MAX_CLIENTS,
  ) {}

  init(options: Options): void {
    this.windowMs = options.windowMs;
  }

  /** Clients currently tracked; for tests and diagnostics. */
  get size(): number {
    return this.windows.size;
  }

  private dropExpired(at: number): void {
    for (const [key, w] of this.windows) {
      if (w.resetAt > at) break;
      this.windows.delete(key);
    }
  }

  get(key: string): ClientRateLimitInfo | undefined {
    const w = this.windows.get(key);
    return w && w.resetAt > this.now().getTime() ? { totalHits: w.hits, resetTime: new Date(w.resetAt) } : undefined;
  }

  increment(key: string): ClientRateLimitInfo {
    const at = this.now().getTime();
    this.dropExpired(at);
    let w = this.windows.get(key);
    if (!w) {
      // Forgetting the oldest client is lenient to it but keeps memory bounded under an address flood.
      if (this.windows.size >= this.maxClients) this.windows.delete(this.windows.keys().next().value!);
      w = { resetAt: at + this.windowMs, hits: 0 };
      this.windows.set(key, w);
    }
    w.hits += 1;
    return { totalHits: w.hits, resetTime: new Date(w.resetAt) };
  }

  decrement(key: string): void {
    const w = this.windows.get(key);
    if (w && w.hits > 0) w.hits -= 1;
  }

  resetKey(key: string): void {
    this.windows.delete(key);
  }

  resetAll(): void {
    this.windows.clear();
  }
}

/**
 * express-rate-limit on /api: `max` requests per client address per window, whatever their answer;
 * past it 429 with our JSON error body and Retry-After in whole seconds until the window ends.
 */
export function rateLimitMiddleware(options: RateLimitOptions): RequestHandler {
  const { windowMs, max, now = () => new Date() } = options;
  checkRateLimit(windowMs, max);
  return rateLimit({
    windowMs,
    limit: max,
    store: options.store ?? new MemoryRateLimitStore(now),
    standardHeaders: false,
    legacyHeaders: false,
    // A store that is down must not take the API down with it; the submission then meets the store error itself.
    passOnStoreError: true,
    ...(options.logger ? { logger: options.logger } : {}),
    // Its checks print to the console about settings index.ts already checks (TRUST_PROXY).
    validate: false,
    ...(options.prefix ? { keyGenerator: (req) => `${options.prefix}${ipKeyGenerator(req.ip ?? '')}` } : {}),
    handler: (req, res) => {
      const resetAt =
        (req as typeof req & { rateLimit?: { resetTime?: Date } }).rateLimit?.resetTime?.getTime() ?? now().getTime() + windowMs;
      res.set('Retry-After', String(Math.max(1, Math.ceil((resetAt - now().getTime()) / 1000))));
      sendApiError(res, 429, 'RATE_LIMITED', RATE_LIMITED_MESSAGE);
    },
  });
}
