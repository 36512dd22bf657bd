import type { ClientRateLimitInfo, Options, Store } from 'express-rate-limit';
import type { Pool } from 'pg';

export interface PostgresRateLimitOptions {
  /** The pool, or the promise of it while the driver loads (server/create-server.ts). */
  pool: Pool | Promise<Pool>;
  now?: () => Date;
  /** How often windows that have ended are deleted; defaults to the window's length. */
  sweepMs?: number;
}

/**
 * express-rate-limit counts in PostgreSQL's rate_limit_hits (migration 5), so every server process
 * on one database shares one count per client. One statement per hit: it starts a window, or adds
 * to the current one, atomically under the row's lock, and returns the count and the window's end.
 */
export class PostgresRateLimitStore implements Store {
  readonly localKeys = false;
  private windowMs = 60_000;
  private sweep: NodeJS.Timeout | null = null;
  private readonly pool: Promise<Pool>;
  private readonly now: () => Date;

  constructor(private readonly options: PostgresRateLimitOptions) {
    this.pool = Promise.resolve(options.pool);
    this.now = options.now ?? (() => new Date());
  }

  init(options: Options): void {
    this.windowMs = options.windowMs;
    // express-rate-limit calls init once per middleware; a second call replaces the sweep, never adds one.
    this.shutdown();
    this.sweep = setInterval(() => {
      this.pool.then((pool) => pool.query('DELETE FROM rate_limit_hits WHERE reset_at <= $1', [this.now()])).catch(() => {});
    }, this.options.sweepMs ?? this.windowMs);
    this.sweep.unref();
  }

  async get(key: string): Promise<ClientRateLimitInfo | undefined> {
    const { rows } = await (
      await this.pool
    ).query<{ hits: number; reset_at: Date }>('SELECT hits, reset_at FROM rate_limit_hits WHERE key = $1 AND reset_at > $2', [
      key,
      this.now(),
    ]);
    return rows[0] ? { totalHits: rows[0].hits, resetTime: rows[0].reset_at } : undefined;
  }

  async increment(key: string): Promise<ClientRateLimitInfo> {
    const at = this.now();
    const { rows } = await (
      await this.pool
    ).query<{ hits: number; reset_at: Date }>(
      `INSERT INTO rate_limit_hits (key, hits, reset_at) VALUES ($1, 1, $3)
       ON CONFLICT (key) DO UPDATE SET
         hits = CASE WHEN rate_limit_hits.reset_at <= $2 THEN 1 ELSE rate_limit_hits.hits + 1 END,
         reset_at = CASE WHEN rate_limit_hits.reset_at <= $2 THEN EXCLUDED.reset_at ELSE rate_limit_hits.reset_at END
       RETURNING hits, reset_at`,
      [key, at, new Date(at.getTime() + this.windowMs)],
    );
    const row = rows[0]!;
    return { totalHits: row.hits, resetTime: row.reset_at };
  }

  async decrement(key: string): Promise<void> {
    await (await this.pool).query('UPDATE rate_limit_hits SET hits = GREATEST(hits - 1, 0) WHERE key = $1', [key]);
  }

  async resetKey(key: string): Promise<void> {
    await (await this.pool).query('DELETE FROM rate_limit_hits WHERE key = $1', [key]);
  }

  async resetAll(): Promise<void> {
    await (await this.pool).query('DELETE FROM rate_limit_hits');
  }

  shutdown(): void {
    if (this.sweep) clearInterval(this.sweep);
  }
}
