import type { RequestHandler, Response } from 'express';
import { ipKeyGenerator, rateLimit, type Store } from 'express-rate-limit';
import { sendApiError } from './api/router';
import type { Logger } from './logging';

export interface RateLimitOptions {
  windowMs: number;
  /** Requests allowed per client in one window. */
  max: number;
  /** Where counts live: express-rate-limit's MemoryStore in this process (the default), or shared, e.g. PostgresRateLimitStore. */
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
