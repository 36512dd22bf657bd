import type { AuditEntry, LeadChange, LeadFilter, LeadNote, LeadStatus } from '../../engine/admin/inbox-contract';
import type { OutboxJob, StoredLead } from './types';

/** A lead as the inbox sees it: what was submitted, plus the team's triage and any erasure. */
export interface InboxLead extends StoredLead {
  status: LeadStatus;
  /** Set when the lead was erased: its payload is then `{}` and its other personal data gone. */
  erasedAt: string | null;
  erasedBy: string | null;
}

/** Where the list stands: the last lead of the page before, in the list's order (newest first, id breaks ties). */
export interface LeadPosition {
  createdAt: string;
  id: string;
}

export interface LeadQuery {
  filter: LeadFilter;
  after?: LeadPosition;
  limit: number;
}

/** A note as the store keeps it: the inbox's note, and the lead it belongs to. */
export interface StoredNote extends LeadNote {
  leadId: string;
}

/** An audit entry is stored exactly as the inbox shows it. */
export type StoredAuditEntry = AuditEntry;

export type NewAuditEntry = Omit<StoredAuditEntry, 'id' | 'at'>;

/** What changed, for the audit log; null when nothing did. */
export type LeadChangeResult = { lead: InboxLead; changed: boolean };

export interface Account {
  id: string;
  /** Lower case; an account is found by it. */
  email: string;
  /** `scrypt$…`, parameters and salt included (server/admin/passwords.ts). */
  passwordHash: string;
  createdAt: string;
}

/** A failure counter: `max` failures within `windowMs` lock the key for `lockMs`. */
export interface FailureRule {
  key: string;
  max: number;
  windowMs: number;
  lockMs: number;
}

/**
 * The inbox's half of the store. Every change is written with its audit entry in one transaction,
 * so the log never misses a change and never records one that did not happen.
 */
export interface InboxStore {
  /** Leads matching the filter, newest first, after `after`; up to `limit`. */
  findLeads(query: LeadQuery): Promise<InboxLead[]>;
  getLead(id: string): Promise<InboxLead | null>;
  /** Applies the change and audits it as `actor`; null when there is no such lead. Erased leads keep their tombstone. */
  changeLead(id: string, change: LeadChange, actor: string): Promise<LeadChangeResult | null>;
  /** Null when there is no such lead, or it was erased. */
  addNote(leadId: string, author: string, body: string): Promise<StoredNote | null>;
  listNotes(leadId: string): Promise<StoredNote[]>;
  /** The lead's notifications, oldest first, whatever their status. */
  listLeadJobs(leadId: string): Promise<OutboxJob[]>;
  /**
   * Deletes everything the visitor sent (payload, search words, address hash, user agent,
   * idempotency key), the lead's notes and its queued notifications; keeps a tombstone saying who
   * erased it and when. Null when there is no such lead; an erased lead is returned as it is.
   */
  eraseLead(id: string, actor: string): Promise<InboxLead | null>;
  audit(entry: NewAuditEntry): Promise<void>;
  /** Newest first, entries older than `before` (an entry id) when given. */
  listAudit(opts: { before?: string; limit: number }): Promise<StoredAuditEntry[]>;
}

export interface SessionStart {
  replacing?: string;
  idleMs?: number;
}

/** Accounts, their sessions and the sign-in failure counters. */
export interface AccountStore {
  /** False when an account with that e-mail exists already. */
  createAccount(email: string, passwordHash: string): Promise<boolean>;
  findAccount(email: string): Promise<Account | null>;
  /** Also ends every session of the account and clears its failed sign-ins. False when there is no such account. */
  setPassword(email: string, passwordHash: string, failureKey: string): Promise<boolean>;
  /** Its sessions go with it. False when there is no such account. */
  removeAccount(email: string): Promise<boolean>;
  countAccounts(): Promise<number>;
  /**
   * Starts a session. In the same transaction `replacing` (the token hash of the session the browser
   * had) ends, and so does every session idle for longer than `idleMs`: a browser that never comes
   * back never looks its session up, so sign-ins are what clear those away.
   */
  createSession(tokenHash: string, accountId: string, options?: SessionStart): Promise<void>;
  /**
   * The signed-in account, when the session exists and was used within `idleMs`; the session's
   * last use moves to now. An idle session is deleted and gives null.
   */
  findSession(tokenHash: string, idleMs: number): Promise<{ accountId: string; email: string } | null>;
  deleteSession(tokenHash: string): Promise<void>;
  /** The latest time until which any of the keys is locked, or null when none is. */
  lockedUntil(keys: readonly string[]): Promise<Date | null>;
  /** Counts one failure against each rule's key, locking it once it reaches `max` within its window. */
  recordFailure(rules: readonly FailureRule[]): Promise<void>;
  clearFailures(key: string): Promise<void>;
}

const INBOX_METHODS = [
  'findLeads',
  'getLead',
  'changeLead',
  'addNote',
  'listNotes',
  'listLeadJobs',
  'eraseLead',
  'audit',
  'listAudit',
  'createAccount',
  'findAccount',
  'setPassword',
  'removeAccount',
  'countAccounts',
  'createSession',
  'findSession',
  'deleteSession',
  'lockedUntil',
  'recordFailure',
  'clearFailures',
] as const satisfies ReadonlyArray<keyof (InboxStore & AccountStore)>;

// Fails to compile when a method is added to the interfaces but not to the list above.
const everyMethodListed: Exclude<keyof (InboxStore & AccountStore), (typeof INBOX_METHODS)[number]> extends never ? true : never = true;
void everyMethodListed;

/** The inbox and account methods, each calling the implementation `target` gives at the time of the call (one opened by init()). */
export function forwardInbox(target: () => InboxStore & AccountStore): InboxStore & AccountStore {
  return Object.fromEntries(
    INBOX_METHODS.map((name) => [name, (...args: unknown[]) => (target()[name] as (...a: unknown[]) => unknown)(...args)]),
  ) as unknown as InboxStore & AccountStore;
}
