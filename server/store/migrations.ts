export interface Migration {
  version: number;
  name: string;
  sql: string;
}

// Append only: a released migration is never edited, a change gets a new version.
export const migrations: readonly Migration[] = [
  {
    version: 1,
    name: 'create_leads',
    sql: `
      CREATE TABLE leads (
        id TEXT PRIMARY KEY,
        created_at TEXT NOT NULL,
        endpoint TEXT NOT NULL,
        form_type TEXT NOT NULL,
        payload TEXT NOT NULL CHECK (json_valid(payload)),
        idempotency_key TEXT UNIQUE,
        ip_hash TEXT,
        user_agent TEXT,
        spam INTEGER NOT NULL DEFAULT 0 CHECK (spam IN (0, 1))
      ) STRICT;
      CREATE INDEX leads_created_at ON leads (created_at);
    `,
  },
  {
    version: 2,
    name: 'idempotency_per_endpoint',
    // SQLite cannot drop a column's UNIQUE constraint, so the table is rebuilt (in the migration's
    // transaction: a crash leaves the old table as it was). Rows are copied in insertion order,
    // which listing uses to order leads created in the same millisecond.
    sql: `
      CREATE TABLE leads_v2 (
        id TEXT PRIMARY KEY,
        created_at TEXT NOT NULL,
        endpoint TEXT NOT NULL,
        form_type TEXT NOT NULL,
        form_id TEXT,
        payload TEXT NOT NULL CHECK (json_valid(payload)),
        idempotency_key TEXT,
        idempotency_fingerprint TEXT,
        ip_hash TEXT,
        user_agent TEXT,
        spam INTEGER NOT NULL DEFAULT 0 CHECK (spam IN (0, 1)),
        UNIQUE (endpoint, idempotency_key)
      ) STRICT;
      INSERT INTO leads_v2 (id, created_at, endpoint, form_type, payload, idempotency_key, ip_hash, user_agent, spam)
        SELECT id, created_at, endpoint, form_type, payload, idempotency_key, ip_hash, user_agent, spam FROM leads ORDER BY rowid;
      DROP TABLE leads;
      ALTER TABLE leads_v2 RENAME TO leads;
      CREATE INDEX leads_created_at ON leads (created_at);
    `,
  },
  {
    version: 3,
    name: 'outbox',
    sql: `
      -- An integer key: rows go in in order, so queuing a lead's notifications costs little per lead.
      CREATE TABLE outbox (
        id INTEGER PRIMARY KEY,
        lead_id TEXT NOT NULL REFERENCES leads (id) ON DELETE CASCADE,
        channel TEXT NOT NULL,
        rule TEXT NOT NULL,
        data TEXT NOT NULL CHECK (json_valid(data)),
        status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'done', 'dead')),
        attempts INTEGER NOT NULL DEFAULT 0,
        created_at TEXT NOT NULL,
        next_attempt_at TEXT NOT NULL,
        lease_until TEXT,
        last_error TEXT,
        finished_at TEXT
      ) STRICT;
      CREATE INDEX outbox_due ON outbox (status, next_attempt_at);
      -- One row per throttle key (a hash, never an address): when something was last queued under it.
      CREATE TABLE notification_throttle (
        key TEXT PRIMARY KEY,
        last_at TEXT NOT NULL
      ) STRICT;
    `,
  },
  // Version 4 is taken by another change (admin users, sessions and audit); this follows it.
  {
    version: 5,
    name: 'rate_limit_hits',
    // Kept in step with PostgreSQL; a single SQLite process counts in memory and leaves it empty.
    sql: `
      CREATE TABLE rate_limit_hits (
        key TEXT PRIMARY KEY,
        hits INTEGER NOT NULL,
        reset_at TEXT NOT NULL
      ) STRICT;
    `,
  },
];
