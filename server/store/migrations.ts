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
  {
    version: 4,
    name: 'leads_inbox',
    sql: `
      -- Triage state, the text the inbox searches (lower-case words, computed when a lead is stored)
      -- and the tombstone an erasure leaves.
      ALTER TABLE leads ADD COLUMN status TEXT NOT NULL DEFAULT 'new' CHECK (status IN ('new', 'in_progress', 'done'));
      ALTER TABLE leads ADD COLUMN search_text TEXT NOT NULL DEFAULT '';
      ALTER TABLE leads ADD COLUMN erased_at TEXT;
      ALTER TABLE leads ADD COLUMN erased_by TEXT;
      -- Leads stored before this version: their values, punctuation and all, are good enough to search.
      UPDATE leads SET search_text = lower(coalesce((SELECT group_concat(value, ' ') FROM json_tree(leads.payload) WHERE type = 'text'), ''));
      -- One index per filter the list offers, each ending in the list's order (newest first, id breaks ties).
      CREATE INDEX leads_inbox_recent ON leads (spam, created_at, id);
      CREATE INDEX leads_inbox_status ON leads (status, spam, created_at, id);
      CREATE INDEX leads_inbox_form ON leads (form_id, spam, created_at, id);
      -- Full-text search. The lead's id is carried, not indexed: a search joins back on leads' primary key.
      CREATE VIRTUAL TABLE leads_search USING fts5 (lead_id UNINDEXED, words, tokenize = 'unicode61 remove_diacritics 2');
      INSERT INTO leads_search (lead_id, words) SELECT id, search_text FROM leads;
      CREATE TRIGGER leads_search_insert AFTER INSERT ON leads BEGIN
        INSERT INTO leads_search (lead_id, words) VALUES (new.id, new.search_text);
      END;
      CREATE TRIGGER leads_search_update AFTER UPDATE OF search_text ON leads BEGIN
        DELETE FROM leads_search WHERE lead_id = old.id;
        INSERT INTO leads_search (lead_id, words) VALUES (new.id, new.search_text);
      END;
      -- Erasing a lead removes its jobs, and a lead's notifications are listed on its page.
      CREATE INDEX outbox_lead ON outbox (lead_id);
      CREATE TABLE accounts (
        id TEXT PRIMARY KEY,
        email TEXT NOT NULL UNIQUE,
        password_hash TEXT NOT NULL,
        created_at TEXT NOT NULL,
        password_changed_at TEXT NOT NULL
      ) STRICT;
      -- Only a hash of each session token is kept, so a copy of the database signs nobody in.
      CREATE TABLE sessions (
        token_hash TEXT PRIMARY KEY,
        account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        created_at TEXT NOT NULL,
        last_seen_at TEXT NOT NULL
      ) STRICT;
      CREATE INDEX sessions_account ON sessions (account_id);
      -- Failed sign-ins per account and per address (each key a hash), across processes.
      CREATE TABLE sign_in_failures (
        key TEXT PRIMARY KEY,
        failures INTEGER NOT NULL,
        first_at TEXT NOT NULL,
        locked_until TEXT
      ) STRICT;
      CREATE TABLE lead_notes (
        id INTEGER PRIMARY KEY,
        lead_id TEXT NOT NULL REFERENCES leads (id) ON DELETE CASCADE,
        author TEXT NOT NULL,
        body TEXT NOT NULL,
        created_at TEXT NOT NULL
      ) STRICT;
      CREATE INDEX lead_notes_lead ON lead_notes (lead_id);
      -- Who did what, and when. No foreign keys: entries outlive the accounts and the erased fields they mention.
      CREATE TABLE audit_log (
        id INTEGER PRIMARY KEY,
        at TEXT NOT NULL,
        actor TEXT NOT NULL,
        action TEXT NOT NULL,
        lead_id TEXT,
        detail TEXT NOT NULL
      ) STRICT;
    `,
  },
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
  {
    version: 6,
    name: 'two_step_sign_in',
    sql: `
      -- Two-step sign-in: the confirmed TOTP secret, one offered but not yet confirmed, the last time
      -- step a code was accepted in (so a code is never accepted twice) and the per-account requirement.
      ALTER TABLE accounts ADD COLUMN totp_secret TEXT;
      ALTER TABLE accounts ADD COLUMN totp_pending TEXT;
      ALTER TABLE accounts ADD COLUMN totp_last_step INTEGER;
      ALTER TABLE accounts ADD COLUMN require_two_step INTEGER NOT NULL DEFAULT 0 CHECK (require_two_step IN (0, 1));
      -- Single-use recovery codes, each kept as a hash only.
      CREATE TABLE recovery_codes (
        account_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        code_hash TEXT NOT NULL,
        used_at TEXT,
        PRIMARY KEY (account_id, code_hash)
      ) STRICT;
      -- Sessions made before this version had passed every step there was.
      ALTER TABLE sessions ADD COLUMN two_step_done INTEGER NOT NULL DEFAULT 1 CHECK (two_step_done IN (0, 1));
      ALTER TABLE sessions ADD COLUMN browser TEXT NOT NULL DEFAULT '';
      ALTER TABLE sessions ADD COLUMN address_hash TEXT NOT NULL DEFAULT '';
    `,
  },
  {
    version: 7,
    name: 'erasure_leaves_nothing',
    // The old throttle keys were unkeyed hashes of addresses, kept forever: they go (at worst one
    // extra auto-reply), and new rows expire, are keyed (server/notify/plan.ts) and name the lead
    // that set them, so erasing it removes them. FTS5's secure-delete takes an erased lead's words
    // out of the search index itself, not only from its row.
    sql: `
      DROP TABLE notification_throttle;
      CREATE TABLE notification_throttle (
        key TEXT PRIMARY KEY,
        expires_at TEXT NOT NULL,
        lead_id TEXT
      ) STRICT;
      CREATE INDEX notification_throttle_expires ON notification_throttle (expires_at);
      CREATE INDEX notification_throttle_lead ON notification_throttle (lead_id);
      INSERT INTO leads_search (leads_search, rank) VALUES ('secure-delete', 1);
    `,
  },
];
