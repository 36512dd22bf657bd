import type { RequestHandler } from 'express';
import { sendApiError } from './api/router';

export interface RateLimitOptions {
  windowMs: number;
  /** Requests allowed per client in one window. */
  max: number;
  now?: () => Date;
  /** Most clients tracked at once; past it the oldest window is forgotten rather than memory growing. */
  maxClients?: number;
}

export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export interface RateLimiter {
  take(client: string): RateDecision;
  /** Clients currently tracked; for tests and diagnostics. */
  readonly size: number;
}

export const DEFAULT_RATE_LIMIT = { windowMs: 60_000, max: 30 } as const;
const DEFAULT_MAX_CLIENTS = 50_000;

export const RATE_LIMITED_MESSAGE = 'Too many requests. Please wait a minute and try again.';

interface Window {
  resetAt: number;
  count: number;
}

/**
 * Fixed window per client. Windows are (re)inserted when they start, so the Map stays ordered by
 * expiry and dropping expired entries only ever looks at its oldest end.
 */
export function createRateLimiter(options: RateLimitOptions): RateLimiter {
  const { windowMs, max, now = () => new Date(), maxClients = DEFAULT_MAX_CLIENTS } = options;
  if (!(windowMs > 0) || !Number.isInteger(max) || max < 1) throw new Error('Rate limit needs windowMs > 0 and max >= 1.');
  const windows = new Map<string, Window>();

  function dropExpired(at: number): void {
    for (const [client, w] of windows) {
      if (w.resetAt > at) break;
      windows.delete(client);
    }
  }

  return {
    take(client) {
      const at = now().getTime();
      dropExpired(at);
      let w = windows.get(client);
      if (!w) {
        // Forgetting the oldest client is lenient to it but keeps memory bounded under an address flood.
        if (windows.size >= maxClients) windows.delete(windows.keys().next().value!);
        w = { resetAt: at + windowMs, count: 0 };
        windows.set(client, w);
      }
      w.count += 1;
      if (w.count <= max) return { allowed: true };
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((w.resetAt - at) / 1000)) };
    },
    get size() {
      return windows.size;
    },
  };
}

export function rateLimitMiddleware(limiter: RateLimiter): RequestHandler {
  return (req, res, next) => {
    const decision = limiter.take(req.ip ?? req.socket.remoteAddress ?? 'unknown');
    if (decision.allowed) {
      next();
      return;
    }
    res.set('Retry-After', String(decision.retryAfterSeconds));
    sendApiError(res, 429, 'RATE_LIMITED', RATE_LIMITED_MESSAGE);
  };
}
