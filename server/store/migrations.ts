import type { Kysely } from 'kysely';
import type { Ddl, Schema, StoreDialect } from './schema';

/**
 * A schema change, declared once for both backends. `sql` is written with the column types of
 * `Ddl`; `sqlite` and `postgres` hold what only one backend has (its full-text search, SQLite's
 * table rebuilds, PostgreSQL's unlogged table), run after `sql`.
 */
export interface MigrationDeclaration {
  version: number;
  name: string;
  sql?: (t: Ddl) => string;
  sqlite?: string;
  postgres?: string;
}

/** A migration as one backend runs it. */
export interface Migration {
  version: number;
  name: string;
  sql: string;
}

/**
 * A table of things spent once and kept until they expire (a form token's nonce, a challenge), with
 * the index the sweep deletes them by. It writes the same text the migrations that use it first
 * shipped with, so a database migrated before it and one migrated after hold the same schema.
 */
const spentUntilExpiry =
  (table: string, columns: readonly string[], index: string) =>
  (t: Ddl): string => `
      CREATE TABLE ${table} (
${[...columns, `expires_at ${t.time} NOT NULL`].map((column) => `        ${column}`).join(',\n')}
      )${t.table};
      CREATE INDEX ${index} ON ${table} (expires_at);
    `;

// Append only: a released migration is never edited, a change gets a new version. Versions and
// names are the same on both backends, so "schema version N" means the same tables on either.
export const migrations: readonly MigrationDeclaration[] = [
  {
    version: 1,
    name: 'create_leads',
    // PostgreSQL has no rowid: seq keeps insertion order, which breaks ties between leads created in the same millisecond.
    sqlite: `
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
    postgres: `
      CREATE TABLE leads (
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
    // SQLite cannot drop a column's UNIQUE constraint, so the table is rebuilt (in the migration's
    // transaction: a crash leaves the old table as it was). Rows are copied in insertion order,
    // which listing uses to order leads created in the same millisecond. PostgreSQL alters in place;
    // keys were unique store-wide, so no (endpoint, key) pair repeats and the new constraint holds.
    sqlite: `
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
    postgres: `
      ALTER TABLE leads ADD COLUMN form_id TEXT;
      ALTER TABLE leads ADD COLUMN idempotency_fingerprint TEXT;
      ALTER TABLE leads DROP CONSTRAINT leads_idempotency_key_key;
      ALTER TABLE leads ADD CONSTRAINT leads_endpoint_idempotency_key_key UNIQUE (endpoint, idempotency_key);
    `,
  },
  {
    version: 3,
    name: 'outbox',
    sql: (t) => `
      -- An integer key: rows go in in order, so queuing a lead's notifications costs little per lead.
      CREATE TABLE outbox (
        id ${t.serial},
        lead_id ${t.uuid} NOT NULL REFERENCES leads (id) ON DELETE CASCADE,
        channel TEXT NOT NULL,
        rule TEXT NOT NULL,
        data ${t.json('data')},
        status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'done', 'dead')),
        attempts INTEGER NOT NULL DEFAULT 0,
        created_at ${t.time} NOT NULL,
        next_attempt_at ${t.time} NOT NULL,
        lease_until ${t.time},
        last_error TEXT,
        finished_at ${t.time}
      )${t.table};
      CREATE INDEX outbox_due ON outbox (status, next_attempt_at);
      -- One row per throttle key (a hash, never an address): when something was last queued under it.
      CREATE TABLE notification_throttle (
        key TEXT PRIMARY KEY,
        last_at ${t.time} NOT NULL
      )${t.table};
    `,
  },
  {
    version: 4,
    name: 'leads_inbox',
    sql: (t) => `
      -- Triage state, the text the inbox searches (lower-case words, computed when a lead is stored)
      -- and the tombstone an erasure leaves.
      ALTER TABLE leads ADD COLUMN status TEXT NOT NULL DEFAULT 'new' CHECK (status IN ('new', 'in_progress', 'done'));
      ALTER TABLE leads ADD COLUMN search_text TEXT NOT NULL DEFAULT '';
      ALTER TABLE leads ADD COLUMN erased_at ${t.time};
      ALTER TABLE leads ADD COLUMN erased_by TEXT;
      -- One index per filter the list offers, each ending in the list's order (newest first, id breaks ties).
      CREATE INDEX leads_inbox_recent ON leads (spam, created_at, id);
      CREATE INDEX leads_inbox_status ON leads (status, spam, created_at, id);
      CREATE INDEX leads_inbox_form ON leads (form_id, spam, created_at, id);
      -- Erasing a lead removes its jobs, and a lead's notifications are listed on its page.
      CREATE INDEX outbox_lead ON outbox (lead_id);
      CREATE TABLE accounts (
        id ${t.uuid} PRIMARY KEY,
        email TEXT NOT NULL UNIQUE,
        password_hash TEXT NOT NULL,
        created_at ${t.time} NOT NULL,
        password_changed_at ${t.time} NOT NULL
      )${t.table};
      -- Only a hash of each session token is kept, so a copy of the database signs nobody in.
      CREATE TABLE sessions (
        token_hash TEXT PRIMARY KEY,
        account_id ${t.uuid} NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        created_at ${t.time} NOT NULL,
        last_seen_at ${t.time} NOT NULL
      )${t.table};
      CREATE INDEX sessions_account ON sessions (account_id);
      -- Failed sign-ins per account and per address (each key a hash), across processes.
      CREATE TABLE sign_in_failures (
        key TEXT PRIMARY KEY,
        failures INTEGER NOT NULL,
        first_at ${t.time} NOT NULL,
        locked_until ${t.time}
      )${t.table};
      CREATE TABLE lead_notes (
        id ${t.serial},
        lead_id ${t.uuid} NOT NULL REFERENCES leads (id) ON DELETE CASCADE,
        author TEXT NOT NULL,
        body TEXT NOT NULL,
        created_at ${t.time} NOT NULL
      )${t.table};
      CREATE INDEX lead_notes_lead ON lead_notes (lead_id);
      -- Who did what, and when. No foreign keys: entries outlive the accounts and the erased fields they mention.
      CREATE TABLE audit_log (
        id ${t.serial},
        at ${t.time} NOT NULL,
        actor TEXT NOT NULL,
        action TEXT NOT NULL,
        lead_id ${t.uuid},
        detail TEXT NOT NULL
      )${t.table};
    `,
    // Full-text search differs: SQLite's FTS5 table, kept by triggers, which carries the lead's id
    // (a search joins back on leads' primary key); PostgreSQL's generated tsvector under a GIN index.
    // Leads stored before this version get their values (SQLite) or their JSON text (PostgreSQL) as search text.
    sqlite: `
      UPDATE leads SET search_text = lower(coalesce((SELECT group_concat(value, ' ') FROM json_tree(leads.payload) WHERE type = 'text'), ''));
      CREATE VIRTUAL TABLE leads_search USING fts5 (lead_id UNINDEXED, words, tokenize = 'unicode61 remove_diacritics 2');
      INSERT INTO leads_search (lead_id, words) SELECT id, search_text FROM leads;
      CREATE TRIGGER leads_search_insert AFTER INSERT ON leads BEGIN
        INSERT INTO leads_search (lead_id, words) VALUES (new.id, new.search_text);
      END;
      CREATE TRIGGER leads_search_update AFTER UPDATE OF search_text ON leads BEGIN
        DELETE FROM leads_search WHERE lead_id = old.id;
        INSERT INTO leads_search (lead_id, words) VALUES (new.id, new.search_text);
      END;
    `,
    postgres: `
      UPDATE leads SET search_text = lower(translate(payload::text, '{}[]":,\\', '         '));
      ALTER TABLE leads ADD COLUMN search tsvector GENERATED ALWAYS AS (to_tsvector('simple', search_text)) STORED;
      CREATE INDEX leads_search ON leads USING GIN (search);
    `,
  },
  {
    version: 5,
    name: 'rate_limit_hits',
    // One row per client address and window; every server process on a PostgreSQL database counts in
    // it. A single SQLite process counts in memory and leaves it empty.
    sql: (t) => `
      CREATE ${t.scratchTable} rate_limit_hits (
        key TEXT PRIMARY KEY,
        hits INTEGER NOT NULL,
        reset_at ${t.time} NOT NULL
      )${t.table};
    `,
    // Unlogged on PostgreSQL: after a database crash the counts start again from zero.
    postgres: `CREATE INDEX rate_limit_hits_reset_at ON rate_limit_hits (reset_at);`,
  },
  {
    version: 6,
    name: 'two_step_sign_in',
    sql: (t) => `
      -- Two-step sign-in: the confirmed TOTP secret, one offered but not yet confirmed, the last time
      -- step a code was accepted in (so a code is never accepted twice) and the per-account requirement.
      ALTER TABLE accounts ADD COLUMN totp_secret TEXT;
      ALTER TABLE accounts ADD COLUMN totp_pending TEXT;
      ALTER TABLE accounts ADD COLUMN totp_last_step ${t.bigint};
      ALTER TABLE accounts ADD COLUMN require_two_step ${t.bool('require_two_step', false)};
      -- Single-use recovery codes, each kept as a hash only.
      CREATE TABLE recovery_codes (
        account_id ${t.uuid} NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        code_hash TEXT NOT NULL,
        used_at ${t.time},
        PRIMARY KEY (account_id, code_hash)
      )${t.table};
      -- Sessions made before this version had passed every step there was.
      ALTER TABLE sessions ADD COLUMN two_step_done ${t.bool('two_step_done', true)};
      ALTER TABLE sessions ADD COLUMN browser TEXT NOT NULL DEFAULT '';
      ALTER TABLE sessions ADD COLUMN address_hash TEXT NOT NULL DEFAULT '';
    `,
  },
  {
    version: 7,
    name: 'erasure_leaves_nothing',
    // The old throttle keys were unkeyed hashes of addresses, kept forever: they go (at worst one
    // extra auto-reply), and new rows expire, are keyed (server/notify/plan.ts) and name the lead
    // that set them, so erasing it removes them.
    sql: (t) => `
      DROP TABLE notification_throttle;
      CREATE TABLE notification_throttle (
        key TEXT PRIMARY KEY,
        expires_at ${t.time} NOT NULL,
        lead_id ${t.uuid}
      )${t.table};
      CREATE INDEX notification_throttle_expires ON notification_throttle (expires_at);
      CREATE INDEX notification_throttle_lead ON notification_throttle (lead_id);
    `,
    // FTS5's secure-delete takes an erased lead's words out of SQLite's search index itself, not only from its row.
    sqlite: `INSERT INTO leads_search (leads_search, rank) VALUES ('secure-delete', 1);`,
  },
  {
    version: 8,
    name: 'reply_promise',
    // When each lead's answer is due (by the site's promise when it was stored) and when the team
    // first moved it on; leads stored before this version have no due time.
    sql: (t) => `
      ALTER TABLE leads ADD COLUMN due_at ${t.time};
      ALTER TABLE leads ADD COLUMN first_answered_at ${t.time};
      CREATE INDEX leads_inbox_due ON leads (status, due_at, id);
    `,
  },
  {
    version: 9,
    name: 'lead_owner',
    // The team member who owns a lead, by the account's e-mail address as the audit log names people.
    sql: () => `
      ALTER TABLE leads ADD COLUMN assignee TEXT;
      CREATE INDEX leads_inbox_assignee ON leads (assignee, spam, created_at, id);
    `,
  },
  {
    version: 10,
    name: 'outbox_job_key',
    // A job that must be queued once whoever queues it (an overdue lead's reminder): its key is
    // unique, so two processes sweeping at once queue it once. Other jobs have none.
    sql: () => `
      ALTER TABLE outbox ADD COLUMN job_key TEXT;
      CREATE UNIQUE INDEX outbox_job_key ON outbox (job_key);
    `,
  },
  {
    version: 11,
    name: 'lead_source_and_page_views',
    // Where each lead came from (its form's page, campaign and referring host), and page views
    // counted per day as counts only: each process adds its counts with count = count + ?, so
    // several processes never overwrite one another. Days are UTC, as the inbox's date filter.
    sql: (t) => `
      ALTER TABLE leads ADD COLUMN page_path TEXT;
      ALTER TABLE leads ADD COLUMN utm_source TEXT;
      ALTER TABLE leads ADD COLUMN utm_medium TEXT;
      ALTER TABLE leads ADD COLUMN utm_campaign TEXT;
      ALTER TABLE leads ADD COLUMN referrer_host TEXT;
      CREATE TABLE page_views (
        day TEXT NOT NULL,
        path TEXT NOT NULL,
        views INTEGER NOT NULL,
        PRIMARY KEY (day, path)
      )${t.table};
      -- Campaign parameters missing from an address are stored as '' so the key stays unique.
      CREATE TABLE campaign_arrivals (
        day TEXT NOT NULL,
        utm_source TEXT NOT NULL,
        utm_medium TEXT NOT NULL,
        utm_campaign TEXT NOT NULL,
        arrivals INTEGER NOT NULL,
        PRIMARY KEY (day, utm_source, utm_medium, utm_campaign)
      )${t.table};
      CREATE TABLE referrer_arrivals (
        day TEXT NOT NULL,
        host TEXT NOT NULL,
        arrivals INTEGER NOT NULL,
        PRIMARY KEY (day, host)
      )${t.table};
    `,
  },
  {
    version: 12,
    name: 'account_roles',
    // What each account may do, as a comma list of contracts/editor-contract.ts's ROLES; accounts
    // made before roles existed keep what they had: the leads.
    sql: () => `ALTER TABLE accounts ADD COLUMN roles TEXT NOT NULL DEFAULT 'leads';`,
  },
  {
    version: 13,
    name: 'releases',
    // Each publish of the site: its folder under RELEASES_DIR is named by its id. Exactly one is live
    // (the partial unique index); every server process serves the one marked live.
    sql: (t) => `
      CREATE TABLE releases (
        id TEXT PRIMARY KEY,
        published_at ${t.time} NOT NULL,
        published_by TEXT NOT NULL,
        commit_sha TEXT,
        live ${t.bool('live', false)}
      )${t.table};
      CREATE UNIQUE INDEX releases_one_live ON releases (live) WHERE live;
      CREATE INDEX releases_published ON releases (published_at);
    `,
  },
  {
    version: 14,
    name: 'outbox_team_jobs',
    // A team e-mail about no one lead (the morning digest) has no lead: lead_id may be null. SQLite
    // cannot drop a NOT NULL, so its outbox is copied into a new table, indexes and all.
    sqlite: `
      CREATE TABLE outbox_next (
        id INTEGER PRIMARY KEY,
        lead_id TEXT REFERENCES leads (id) ON DELETE CASCADE,
        channel TEXT NOT NULL,
        rule TEXT NOT NULL,
        data TEXT NOT NULL CHECK (json_valid(data)),
        status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'done', 'dead')),
        attempts INTEGER NOT NULL DEFAULT 0,
        created_at TEXT NOT NULL,
        next_attempt_at TEXT NOT NULL,
        lease_until TEXT,
        last_error TEXT,
        finished_at TEXT,
        job_key TEXT
      ) STRICT;
      INSERT INTO outbox_next (id, lead_id, channel, rule, data, status, attempts, created_at, next_attempt_at, lease_until, last_error, finished_at, job_key)
        SELECT id, lead_id, channel, rule, data, status, attempts, created_at, next_attempt_at, lease_until, last_error, finished_at, job_key FROM outbox;
      DROP TABLE outbox;
      ALTER TABLE outbox_next RENAME TO outbox;
      CREATE INDEX outbox_due ON outbox (status, next_attempt_at);
      CREATE INDEX outbox_lead ON outbox (lead_id);
      CREATE UNIQUE INDEX outbox_job_key ON outbox (job_key);
    `,
    postgres: `ALTER TABLE outbox ALTER COLUMN lead_id DROP NOT NULL;`,
  },
  {
    version: 15,
    name: 'lead_conversation',
    // The team's replies to a lead and the visitor's answers, in the order they happened. A lead's
    // reply token is a random id (never derived from the lead id): replies carry it in their
    // Reply-To address, and an answer sent to it finds its lead. Erasing a lead clears it.
    sql: (t) => `
      ALTER TABLE leads ADD COLUMN reply_token TEXT;
      CREATE UNIQUE INDEX leads_reply_token ON leads (reply_token);
      CREATE TABLE lead_messages (
        id ${t.serial},
        lead_id ${t.uuid} NOT NULL REFERENCES leads (id) ON DELETE CASCADE,
        direction TEXT NOT NULL CHECK (direction IN ('out', 'in')),
        author TEXT NOT NULL,
        subject TEXT NOT NULL,
        body TEXT NOT NULL,
        message_id TEXT NOT NULL,
        created_at ${t.time} NOT NULL
      )${t.table};
      CREATE INDEX lead_messages_lead ON lead_messages (lead_id, id);
      CREATE UNIQUE INDEX lead_messages_message_id ON lead_messages (message_id);
    `,
  },
  {
    version: 16,
    name: 'unmatched_mail',
    // Mail that came to a reply address naming no lead (a forged, mistyped or erased lead's token):
    // kept aside for the operator, never attached to a lead.
    sql: (t) => `
      CREATE TABLE unmatched_mail (
        id ${t.serial},
        received_at ${t.time} NOT NULL,
        recipient TEXT NOT NULL,
        sender TEXT NOT NULL,
        subject TEXT NOT NULL,
        body TEXT NOT NULL
      )${t.table};
      CREATE INDEX unmatched_mail_received ON unmatched_mail (received_at);
    `,
  },
  {
    version: 17,
    name: 'lead_quarantine',
    // A lead that scored as likely spam is kept, with its reasons, in quarantine: its notifications
    // are held in its own row until someone releases it, which queues them in the same transaction.
    // The message and sender hashes count copies of one message sent from many addresses.
    sql: (t) => `
      ALTER TABLE leads ADD COLUMN quarantined_at ${t.time};
      ALTER TABLE leads ADD COLUMN quarantine TEXT;
      ALTER TABLE leads ADD COLUMN held_notifications TEXT;
      ALTER TABLE leads ADD COLUMN message_hash TEXT;
      ALTER TABLE leads ADD COLUMN sender_hash TEXT;
      CREATE INDEX leads_quarantined ON leads (quarantined_at);
      CREATE INDEX leads_message_hash ON leads (message_hash, created_at);
    `,
  },
  {
    version: 18,
    name: 'spent_form_tokens',
    // The nonce of each form token a stored lead used, so a token is good for one lead in every
    // process; a row is of no use once its token has expired, and is deleted by the sweep then.
    sql: spentUntilExpiry('spent_form_tokens', ['nonce TEXT PRIMARY KEY'], 'spent_form_tokens_expires'),
  },
  {
    version: 19,
    name: 'spam_classifier',
    // The spam filter the team's marks train: per token (a hash of a word or word pair), how many
    // spam and not-spam leads held it; the row with the empty key counts the marks themselves. A
    // lead records what it was trained as, so the next mark undoes it before training again.
    sql: (t) => `
      ALTER TABLE leads ADD COLUMN trained_as TEXT CHECK (trained_as IN ('spam', 'ham'));
      CREATE TABLE spam_tokens (
        token TEXT PRIMARY KEY,
        spam ${t.bigint} NOT NULL DEFAULT 0 CHECK (spam >= 0),
        ham ${t.bigint} NOT NULL DEFAULT 0 CHECK (ham >= 0)
      )${t.table};
    `,
  },
  {
    version: 20,
    name: 'spent_challenges',
    // Each proof-of-work challenge a grey submission answered, until it expires: a second submission
    // with the same answer is a replay. Every process on one PostgreSQL database sees the same list.
    sql: spentUntilExpiry('spent_challenges', ['id TEXT PRIMARY KEY', 'spent_by TEXT NOT NULL'], 'spent_challenges_expires_at'),
  },
  {
    version: 22,
    name: 'notice_hosts',
    // Where each host of a takedown notice request stands. No row: the notice is still to send. The
    // lead's payload names the hosts; a row is written with the first change and goes with an erasure.
    sql: (t) => `
      CREATE TABLE notice_hosts (
        lead_id ${t.uuid} NOT NULL REFERENCES leads (id) ON DELETE CASCADE,
        host TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('to_send', 'sent', 'removed', 'refused', 'counter_notice')),
        status_at ${t.time} NOT NULL,
        changed_by TEXT NOT NULL,
        sent_at ${t.time},
        sent_via TEXT CHECK (sent_via IN ('email', 'manual')),
        sent_to TEXT,
        counter_notice_on TEXT,
        PRIMARY KEY (lead_id, host)
      )${t.table};
    `,
  },
  {
    version: 23,
    name: 'evidence_files',
    // The files a takedown request came with (server/notices/evidence.ts), kept in the lead store so
    // every process sees them: the name as given (shown only), the type found in the bytes, the size
    // and SHA-256, the bytes. One row per place in the request (1 to 5), so a resent request stores
    // nothing twice; an erasure deletes them (eraseIn in inbox.ts).
    sql: (t) => `
      CREATE TABLE evidence_files (
        lead_id ${t.uuid} NOT NULL REFERENCES leads (id) ON DELETE CASCADE,
        position INTEGER NOT NULL CHECK (position BETWEEN 1 AND 5),
        file_name TEXT NOT NULL,
        media_type TEXT NOT NULL CHECK (media_type IN ('image/png', 'image/jpeg', 'image/webp', 'application/pdf')),
        size INTEGER NOT NULL CHECK (size > 0),
        sha256 TEXT NOT NULL,
        bytes ${t.bytes} NOT NULL,
        created_at ${t.time} NOT NULL,
        PRIMARY KEY (lead_id, position)
      )${t.table};
    `,
  },
];

/** The migrations as one backend runs them. */
export function migrationsFor(kind: StoreDialect['kind'], ddl: Ddl): Migration[] {
  return migrations.map((m) => ({ version: m.version, name: m.name, sql: [m.sql?.(ddl), m[kind]].filter(Boolean).join('\n') }));
}

/**
 * Applies the migrations not yet applied, in one transaction that holds the backend's migration
 * lock: a second process starting at the same moment waits, then finds everything applied.
 */
export async function runMigrations(db: Kysely<Schema>, d: StoreDialect, migrations: readonly Migration[]): Promise<void> {
  migrations.forEach((m, i) => {
    if (i > 0 && m.version <= migrations[i - 1]!.version) throw new Error('Migrations must have increasing version numbers.');
  });
  await db.transaction().execute(async (trx) => {
    await d.holdLock(trx, 'migrations');
    // Created under the lock: two concurrent CREATE TABLE IF NOT EXISTS can still collide.
    await d.execScript(
      trx,
      `CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at ${d.ddl.time} NOT NULL)`,
    );
    const applied = new Set((await trx.selectFrom('schema_migrations').select('version').execute()).map((r) => r.version));
    const newest = Math.max(0, ...applied);
    const known = migrations[migrations.length - 1]?.version ?? 0;
    if (newest > known) throw new Error(`Database schema version ${newest} is newer than this code (${known}).`);
    for (const m of migrations) {
      if (applied.has(m.version)) continue;
      await d.execScript(trx, m.sql);
      await trx
        .insertInto('schema_migrations')
        .values({ version: m.version, name: m.name, applied_at: new Date().toISOString() })
        .execute();
    }
  });
}
