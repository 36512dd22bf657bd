import type { Migration } from './migrations';

// The PostgreSQL spelling of migrations.ts. Versions and names stay in step with the SQLite list,
// so "schema version N" means the same tables on both backends; the contract test checks this.
// Append only: a released migration is never edited, a change gets a new version.
export const postgresMigrations: readonly Migration[] = [
  {
    version: 1,
    name: 'create_leads',
    sql: `
      CREATE TABLE leads (
        -- Insertion order breaks ties between leads created in the same millisecond, like SQLite's rowid.
        seq BIGINT GENERATED ALWAYS AS IDENTITY UNIQUE,
        id UUID PRIMARY KEY,
        created_at TIMESTAMPTZ NOT NULL,
        endpoint TEXT NOT NULL,
        form_type TEXT NOT NULL,
        -- json, not jsonb: it keeps the submitted text as is, and jsonb rejects "\\u0000", which a
        -- visitor can send and SQLite stores; both backends must accept the same payloads.
        payload JSON NOT NULL,
        idempotency_key TEXT UNIQUE,
        ip_hash TEXT,
        user_agent TEXT,
        spam BOOLEAN NOT NULL DEFAULT FALSE
      );
      CREATE INDEX leads_created_at ON leads (created_at, seq);
    `,
  },
  {
    version: 2,
    name: 'idempotency_per_endpoint',
    // Keys were unique store-wide, so no (endpoint, key) pair repeats and the new constraint always holds.
    sql: `
      ALTER TABLE leads ADD COLUMN form_id TEXT;
      ALTER TABLE leads ADD COLUMN idempotency_fingerprint TEXT;
      ALTER TABLE leads DROP CONSTRAINT leads_idempotency_key_key;
      ALTER TABLE leads ADD CONSTRAINT leads_endpoint_idempotency_key_key UNIQUE (endpoint, idempotency_key);
    `,
  },
  {
    version: 3,
    name: 'outbox',
    sql: `
      CREATE TABLE outbox (
        id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        lead_id UUID NOT NULL REFERENCES leads (id) ON DELETE CASCADE,
        channel TEXT NOT NULL,
        rule TEXT NOT NULL,
        data JSON NOT NULL,
        status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'done', 'dead')),
        attempts INTEGER NOT NULL DEFAULT 0,
        created_at TIMESTAMPTZ NOT NULL,
        next_attempt_at TIMESTAMPTZ NOT NULL,
        lease_until TIMESTAMPTZ,
        last_error TEXT,
        finished_at TIMESTAMPTZ
      );
      CREATE INDEX outbox_due ON outbox (status, next_attempt_at);
      CREATE TABLE notification_throttle (
        key TEXT PRIMARY KEY,
        last_at TIMESTAMPTZ NOT NULL
      );
    `,
  },
  {
    version: 4,
    name: 'leads_inbox',
    sql: `
      ALTER TABLE leads ADD COLUMN status TEXT NOT NULL DEFAULT 'new' CHECK (status IN ('new', 'in_progress', 'done'));
      ALTER TABLE leads ADD COLUMN search_text TEXT NOT NULL DEFAULT '';
      ALTER TABLE leads ADD COLUMN erased_at TIMESTAMPTZ;
      ALTER TABLE leads ADD COLUMN erased_by TEXT;
      -- Leads stored before this version: their JSON text, keys and all, is good enough to search.
      UPDATE leads SET search_text = lower(translate(payload::text, '{}[]":,\\', '         '));
      ALTER TABLE leads ADD COLUMN search tsvector GENERATED ALWAYS AS (to_tsvector('simple', search_text)) STORED;
      CREATE INDEX leads_search ON leads USING GIN (search);
      CREATE INDEX leads_inbox_recent ON leads (spam, created_at, id);
      CREATE INDEX leads_inbox_status ON leads (status, spam, created_at, id);
      CREATE INDEX leads_inbox_form ON leads (form_id, spam, created_at, id);
      CREATE INDEX outbox_lead ON outbox (lead_id);
      CREATE TABLE accounts (
        id UUID PRIMARY KEY,
        email TEXT NOT NULL UNIQUE,
        password_hash TEXT NOT NULL,
        created_at TIMESTAMPTZ NOT NULL,
        password_changed_at TIMESTAMPTZ NOT NULL
      );
      CREATE TABLE sessions (
        token_hash TEXT PRIMARY KEY,
        account_id UUID NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        created_at TIMESTAMPTZ NOT NULL,
        last_seen_at TIMESTAMPTZ NOT NULL
      );
      CREATE INDEX sessions_account ON sessions (account_id);
      CREATE TABLE sign_in_failures (
        key TEXT PRIMARY KEY,
        failures INTEGER NOT NULL,
        first_at TIMESTAMPTZ NOT NULL,
        locked_until TIMESTAMPTZ
      );
      CREATE TABLE lead_notes (
        id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        lead_id UUID NOT NULL REFERENCES leads (id) ON DELETE CASCADE,
        author TEXT NOT NULL,
        body TEXT NOT NULL,
        created_at TIMESTAMPTZ NOT NULL
      );
      CREATE INDEX lead_notes_lead ON lead_notes (lead_id);
      CREATE TABLE audit_log (
        id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        at TIMESTAMPTZ NOT NULL,
        actor TEXT NOT NULL,
        action TEXT NOT NULL,
        lead_id UUID,
        detail TEXT NOT NULL
      );
    `,
  },
  {
    version: 5,
    name: 'rate_limit_hits',
    // One row per client address and window; every server process on this database counts in it.
    // Unlogged: no WAL and no flush per hit; after a database crash the counts start again from zero.
    sql: `
      CREATE UNLOGGED TABLE rate_limit_hits (
        key TEXT PRIMARY KEY,
        hits INTEGER NOT NULL,
        reset_at TIMESTAMPTZ NOT NULL
      );
      CREATE INDEX rate_limit_hits_reset_at ON rate_limit_hits (reset_at);
    `,
  },
  {
    version: 6,
    name: 'two_step_sign_in',
    sql: `
      ALTER TABLE accounts ADD COLUMN totp_secret TEXT;
      ALTER TABLE accounts ADD COLUMN totp_pending TEXT;
      ALTER TABLE accounts ADD COLUMN totp_last_step BIGINT;
      ALTER TABLE accounts ADD COLUMN require_two_step BOOLEAN NOT NULL DEFAULT FALSE;
      CREATE TABLE recovery_codes (
        account_id UUID NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        code_hash TEXT NOT NULL,
        used_at TIMESTAMPTZ,
        PRIMARY KEY (account_id, code_hash)
      );
      ALTER TABLE sessions ADD COLUMN two_step_done BOOLEAN NOT NULL DEFAULT TRUE;
      ALTER TABLE sessions ADD COLUMN browser TEXT NOT NULL DEFAULT '';
      ALTER TABLE sessions ADD COLUMN address_hash TEXT NOT NULL DEFAULT '';
    `,
  },
  {
    version: 7,
    name: 'erasure_leaves_nothing',
    // As in SQLite's version 7: unkeyed address hashes go; new throttle rows expire and name their lead.
    sql: `
      DROP TABLE notification_throttle;
      CREATE TABLE notification_throttle (
        key TEXT PRIMARY KEY,
        expires_at TIMESTAMPTZ NOT NULL,
        lead_id UUID
      );
      CREATE INDEX notification_throttle_expires ON notification_throttle (expires_at);
      CREATE INDEX notification_throttle_lead ON notification_throttle (lead_id);
    `,
  },
];
