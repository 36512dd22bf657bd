import type { AliasedRawBuilder, ColumnType, Expression, Kysely, SqlBool, Transaction } from 'kysely';
import type { AuditEntry, LeadStatus } from '../../contracts/inbox-contract';
import type { NoticeStatus } from '../../contracts/notice-contract';
import type { Channel, JobStatus } from './types';

/** An instant: ISO text from SQLite, a Date from PostgreSQL; always written as ISO text. */
type Time = ColumnType<string | Date, string, string>;
/** SQLite's 0/1, PostgreSQL's boolean; written as a boolean (the SQLite edge binds 0/1). */
type Bool = ColumnType<number | boolean, boolean | undefined, boolean>;
/** JSON text from SQLite, parsed by pg from PostgreSQL's json; written as text. */
type Json = ColumnType<string | Record<string, unknown>, string, string>;
/** An id numbered by the database: SQLite's integer, PostgreSQL's BIGINT (which pg reads as text). */
type Serial = ColumnType<number | string, never, never>;

export interface LeadsTable {
  id: string;
  created_at: Time;
  endpoint: string;
  form_type: string;
  form_id: string | null;
  payload: Json;
  idempotency_key: string | null;
  idempotency_fingerprint: string | null;
  ip_hash: string | null;
  user_agent: string | null;
  spam: Bool;
  status: ColumnType<LeadStatus, LeadStatus | undefined, LeadStatus>;
  search_text: string;
  erased_at: ColumnType<string | Date | null, string | null | undefined, string | null>;
  erased_by: ColumnType<string | null, string | null | undefined, string | null>;
  due_at: ColumnType<string | Date | null, string | null | undefined, string | null>;
  first_answered_at: ColumnType<string | Date | null, string | null | undefined, string | null>;
  assignee: ColumnType<string | null, string | null | undefined, string | null>;
  page_path: ColumnType<string | null, string | null | undefined, string | null>;
  utm_source: ColumnType<string | null, string | null | undefined, string | null>;
  utm_medium: ColumnType<string | null, string | null | undefined, string | null>;
  utm_campaign: ColumnType<string | null, string | null | undefined, string | null>;
  referrer_host: ColumnType<string | null, string | null | undefined, string | null>;
  /** The random id in the Reply-To address of the team's replies; null until the first reply, and after erasure. */
  reply_token: ColumnType<string | null, string | null | undefined, string | null>;
  /** Set while the lead is in quarantine (it scored as likely spam); cleared when released. */
  quarantined_at: ColumnType<string | Date | null, string | null | undefined, string | null>;
  /** JSON text: the score and its reasons (server/spam), while in quarantine; or those of a grey lead that passed the proof-of-work step. */
  quarantine: ColumnType<string | null, string | null | undefined, string | null>;
  /** JSON text: the notifications planned when it arrived, held until it is released. */
  held_notifications: ColumnType<string | null, string | null | undefined, string | null>;
  /** Hashes of the lead's message (as words) and sender's address: copies of one message from many addresses are counted. */
  message_hash: ColumnType<string | null, string | null | undefined, string | null>;
  sender_hash: ColumnType<string | null, string | null | undefined, string | null>;
  /** What the team's last mark trained the spam filter with this lead as ('spam' or 'ham'); null while untrained. */
  trained_as: ColumnType<'spam' | 'ham' | null, 'spam' | 'ham' | null | undefined, 'spam' | 'ham' | null>;
}

export interface OutboxTable {
  id: Serial;
  /** Null for a team e-mail about no one lead (the morning digest). */
  lead_id: string | null;
  channel: Channel;
  rule: string;
  data: Json;
  status: ColumnType<JobStatus, undefined, JobStatus>;
  attempts: ColumnType<number, undefined, number>;
  created_at: Time;
  next_attempt_at: Time;
  lease_until: ColumnType<string | Date | null, undefined, string | null>;
  last_error: ColumnType<string | null, undefined, string | null>;
  finished_at: ColumnType<string | Date | null, undefined, string | null>;
  job_key: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface NoticeHostsTable {
  lead_id: string;
  host: string;
  status: NoticeStatus;
  status_at: Time;
  changed_by: string;
  sent_at: ColumnType<string | Date | null, string | null | undefined, string | null>;
  sent_via: ColumnType<'email' | 'manual' | null, 'email' | 'manual' | null | undefined, 'email' | 'manual' | null>;
  sent_to: ColumnType<string | null, string | null | undefined, string | null>;
  /** YYYY-MM-DD: the day a counter-notice was received. */
  counter_notice_on: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface Schema {
  schema_migrations: { version: number; name: string; applied_at: Time };
  leads: LeadsTable;
  outbox: OutboxTable;
  notification_throttle: { key: string; expires_at: Time; lead_id: string | null };
  spent_form_tokens: { nonce: string; expires_at: Time };
  lead_notes: { id: Serial; lead_id: string; author: string; body: string; created_at: Time };
  lead_messages: {
    id: Serial;
    lead_id: string;
    direction: 'out' | 'in';
    author: string;
    subject: string;
    body: string;
    message_id: string;
    created_at: Time;
  };
  unmatched_mail: { id: Serial; received_at: Time; recipient: string; sender: string; subject: string; body: string };
  audit_log: { id: Serial; at: Time; actor: string; action: AuditEntry['action']; lead_id: string | null; detail: string };
  accounts: {
    id: string;
    email: string;
    password_hash: string;
    created_at: Time;
    password_changed_at: Time;
    totp_secret: ColumnType<string | null, undefined, string | null>;
    totp_pending: ColumnType<string | null, undefined, string | null>;
    totp_last_step: ColumnType<number | string | null, undefined, number | null>;
    require_two_step: Bool;
    /** A comma list of roles (server/store/roles.ts); `leads` unless given. */
    roles: ColumnType<string, string | undefined, string>;
  };
  sessions: {
    token_hash: string;
    account_id: string;
    created_at: Time;
    last_seen_at: Time;
    two_step_done: Bool;
    browser: string;
    address_hash: string;
  };
  sign_in_failures: { key: string; failures: number; first_at: Time; locked_until: Time | ColumnType<null, null, null> };
  recovery_codes: { account_id: string; code_hash: string; used_at: ColumnType<string | Date | null, undefined, string> };
  rate_limit_hits: { key: string; hits: number; reset_at: Time };
  releases: { id: string; published_at: Time; published_by: string; commit_sha: string | null; live: Bool };
  page_views: { day: string; path: string; views: number };
  campaign_arrivals: { day: string; utm_source: string; utm_medium: string; utm_campaign: string; arrivals: number };
  referrer_arrivals: { day: string; host: string; arrivals: number };
  /** Proof-of-work challenges answered (by the submission `spent_by`), kept until they expire. */
  spent_challenges: { id: string; spent_by: string; expires_at: Time };
  /** A takedown notice request's hosts that the team has acted on (server/store/notices.ts); a host with no row is to send. */
  notice_hosts: NoticeHostsTable;
  /** The spam filter's counts (server/spam/classifier.ts): per token key, the spam and not-spam leads that held it; '' holds the marks. */
  spam_tokens: {
    token: string;
    spam: ColumnType<number | string, number, number>;
    ham: ColumnType<number | string, number, number>;
  };
  /** A takedown request's evidence files (server/store/evidence.ts), by lead and place (1–5). */
  evidence_files: {
    lead_id: string;
    position: number;
    file_name: string;
    media_type: string;
    size: ColumnType<number | string, number, number>;
    sha256: string;
    bytes: Buffer;
    created_at: Time;
  };
}

export type Db = Kysely<Schema> | Transaction<Schema>;

/** Column types a migration is written with; each backend spells them its own way. */
export interface Ddl {
  /** ISO 8601 text in SQLite (a STRICT table has no time type), TIMESTAMPTZ in PostgreSQL. */
  time: string;
  uuid: string;
  /** A 64-bit integer. */
  bigint: string;
  /** Bytes as they were sent: BLOB in SQLite, BYTEA in PostgreSQL. */
  bytes: string;
  /** A JSON document kept as sent: SQLite checks its text, PostgreSQL's json type does. */
  json(column: string): string;
  /** NOT NULL with a default; SQLite keeps 0/1 under a CHECK. */
  bool(column: string, fallback: boolean): string;
  /** An integer key numbered in insertion order. */
  serial: string;
  /** Ends CREATE TABLE (…): SQLite's STRICT enforces the declared types. */
  table: string;
  /** Starts CREATE … for a table whose rows may be lost in a crash (PostgreSQL's UNLOGGED: no WAL, no flush). */
  scratchTable: string;
}

/** A select that can lock what it reads. */
export interface Lockable<QB> {
  forUpdate(): QB;
  skipLocked(): QB;
}

/**
 * What differs between the backends, and nothing else: the repositories are written once against
 * Kysely and ask the edge only for these.
 */
/** The kinds of work that take turns across processes (StoreDialect.holdLock). */
export type StoreLock = 'migrations' | 'page-views';

export interface StoreDialect {
  kind: 'sqlite' | 'postgres';
  ddl: Ddl;
  /** Runs a migration's statements (several, triggers included) in the migration's transaction. */
  execScript(trx: Transaction<Schema>, script: string): Promise<void>;
  /**
   * Held until the transaction ends, so work of one kind from several processes takes turns:
   * migrations at start, page-view flushes (whose rows several processes add to at once). Nothing
   * on SQLite, whose IMMEDIATE transactions already hold the one write lock.
   */
  holdLock(trx: Transaction<Schema>, lock: StoreLock): Promise<void>;
  /**
   * Locks the rows a transaction reads and then writes: FOR UPDATE on PostgreSQL; nothing on SQLite,
   * whose transactions start IMMEDIATE and so already hold the one write lock.
   */
  lockRows<QB extends Lockable<QB>>(qb: QB): QB;
  /** As lockRows, but rows another worker holds are passed over (PostgreSQL's SKIP LOCKED) instead of waited for. */
  skipLocked<QB extends Lockable<QB>>(qb: QB): QB;
  /** The column that orders leads by insertion: SQLite's rowid, PostgreSQL's seq identity. */
  insertionOrder: 'rowid' | 'seq';
  /** The full-text query for terms (each letters and digits only), every one matched as a word's start. */
  searchQuery(terms: readonly string[]): string;
  /** True when the lead matches a query made by searchQuery. */
  matches(query: string): Expression<SqlBool>;
  /** True when the lead's payload holds this text under `field` (a field name written in the code, never typed). */
  fieldIs(field: 'urgency', value: string): Expression<SqlBool>;
  /**
   * Texts as one value bound to one parameter (JSON text for SQLite, an array for PostgreSQL), for
   * textRows: a query over a list of any length is one statement, prepared once.
   */
  textList(values: readonly string[]): unknown;
  /** The texts of a textList value as rows of one column, `k.value` (SQLite's json_each, PostgreSQL's unnest). */
  textRows(list: unknown): AliasedRawBuilder<{ value: string }, 'k'>;
  /** Called once an erasure has committed: clears the old row versions off the disk (or starts to). */
  afterErase(): Promise<void>;
}
