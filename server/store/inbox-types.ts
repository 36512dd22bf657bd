import type { Role } from '../../contracts/editor-contract';
import type {
  AuditEntry,
  LeadChange,
  LeadFilter,
  LeadMessage,
  LeadNote,
  LeadStatus,
  Quarantine,
  SpamChecks,
} from '../../contracts/inbox-contract';
import type { StoredLead } from './types';
import type { TokenCounts } from '../spam/classifier';

/** A lead as the inbox sees it: what was submitted, plus the team's triage and any erasure. */
export interface InboxLead extends StoredLead {
  status: LeadStatus;
  /** Set when the lead was erased: its payload is then `{}` and its other personal data gone. */
  erasedAt: string | null;
  erasedBy: string | null;
  /** When the answer is due by the site's reply promise; null for spam and for leads stored before due times. */
  dueAt: string | null;
  /** When the team first sent the visitor a reply from the inbox: its clock stopped then. */
  firstAnsweredAt: string | null;
  /** The team member who owns the lead (an account's e-mail address); null when nobody does. */
  assignee: string | null;
  /** Set while the lead is in quarantine: its score and reasons. */
  quarantine: Quarantine | null;
  /** A lead let through with a doubtful score (it passed the proof-of-work step): its score and reasons. */
  spamChecks: SpamChecks | null;
}

/**
 * Where the list stands: the last lead of the page before, in the list's order (newest first, id
 * breaks ties); `createdAt` is that lead's due time when the list is sorted by due time.
 */
export interface LeadPosition {
  createdAt: string;
  id: string;
  /** Set in the due half of the default order: the list stands at this due time. */
  dueAt?: string;
}

export interface LeadQuery {
  filter: LeadFilter;
  /** The time `filter.due` is judged at. */
  now?: Date;
  /** Who `filter.owner: 'mine'` means (the signed-in account's address). */
  viewer?: string;
  after?: LeadPosition;
  limit: number;
}

/** A note as the store keeps it: the inbox's note, and the lead it belongs to. */
export interface StoredNote extends LeadNote {
  leadId: string;
}

/** A reply or an answer as the store keeps it, with its lead and the Message-ID of its e-mail. */
export interface StoredMessage extends LeadMessage {
  leadId: string;
  messageId: string;
}

/** A reply the team sends to the visitor; the store picks (or keeps) the lead's reply token. */
export interface NewReply {
  /** The team member's address. */
  author: string;
  /** The visitor's address. */
  to: string;
  subject: string;
  body: string;
  /** The e-mail's Message-ID, `<random@domain>`: an answer's In-Reply-To names it. */
  messageId: string;
  /** The Reply-To address that carries the lead's token. */
  replyAddress: (token: string) => string;
}

/** A visitor's answer to a reply, as the inbound listener read it (text only). */
export interface NewAnswer {
  /** The token in the address it was sent to, when it was a reply address. */
  token: string | null;
  /** The Message-IDs its In-Reply-To and References name. */
  inReplyTo: readonly string[];
  /** The address it was sent to, for the unmatched list. */
  recipient: string;
  /** Its From address. */
  from: string;
  subject: string;
  body: string;
  /** Its own Message-ID, so the same answer delivered twice is kept once; a random one when it had none. */
  messageId: string;
  /** The e-mail telling the lead's owner (or the team) of the answer: its recipients and subject; null to send none. */
  tell: (lead: InboxLead) => { to: readonly string[]; subject: string } | null;
}

export type AnswerResult = { kind: 'matched'; leadId: string; repeated: boolean } | { kind: 'unmatched' };

export type ReplyResult = { kind: 'sent'; lead: InboxLead; message: StoredMessage } | { kind: 'missing' } | { kind: 'erased' };

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
  /** Base32; set once two-step sign-in is confirmed. */
  totpSecret: string | null;
  /** Offered at enrolment and not yet confirmed with a code. */
  totpPending: string | null;
  /** Two-step sign-in is required of this account even without INBOX_REQUIRE_2FA. */
  requireTwoStep: boolean;
  /** What the account may do, in ROLES order. */
  roles: Role[];
}

/**
 * An attempt counter: the attempt that makes `max` within `windowMs` locks the key, for `lockMs`,
 * or with `stepMs` for a wait that starts at stepMs and doubles with each further attempt, up to lockMs.
 */
export interface FailureRule {
  key: string;
  max: number;
  windowMs: number;
  lockMs: number;
  stepMs?: number;
}

/** Admitted (counted; `locked` names the plain-lock keys this attempt locked), or refused until a time. */
export type AttemptVerdict = { admitted: true; locked: string[] } | { admitted: false; until: Date };

export interface SignedInSession {
  accountId: string;
  email: string;
  /** False until the second step (a code) was passed in this session. */
  twoStepDone: boolean;
  totpEnabled: boolean;
  requireTwoStep: boolean;
  /** What the account may do, in ROLES order. */
  roles: Role[];
}

/** A session as its owner sees it in "Your sessions". */
export interface SessionInfo {
  tokenHash: string;
  createdAt: string;
  lastSeenAt: string;
  browser: string;
  addressHash: string;
}

/**
 * `store.inbox`: the team's work on the leads (finding, triage, notes, replies, answers, erasure,
 * quarantine). Every change is written with its audit entry in one transaction, so the log never
 * misses a change and never records one that did not happen.
 */
export interface InboxSlice {
  /** Leads matching the filter, in its order (reply due first, then newest, by default), after `after`; up to `limit`. */
  findLeads(query: LeadQuery): Promise<InboxLead[]>;
  /** How many leads the filter selects. */
  countLeads(query: Omit<LeadQuery, 'after' | 'limit'>): Promise<number>;
  getLead(id: string): Promise<InboxLead | null>;
  /** Applies the change and audits it as `actor`; null when there is no such lead. Erased leads keep their tombstone. */
  changeLead(id: string, change: LeadChange, actor: string): Promise<LeadChangeResult | null>;
  /** Null when there is no such lead, or it was erased. */
  addNote(leadId: string, author: string, body: string): Promise<StoredNote | null>;
  listNotes(leadId: string): Promise<StoredNote[]>;
  /**
   * Records the reply on the lead, queues its e-mail in the outbox and audits it, in one
   * transaction; the first reply stops the lead's clock (firstAnsweredAt).
   */
  replyToLead(leadId: string, reply: NewReply): Promise<ReplyResult>;
  /** The lead's replies and answers, oldest first. */
  listMessages(leadId: string): Promise<StoredMessage[]>;
  /**
   * Adds a visitor's answer to the lead its token (or In-Reply-To) names, puts the lead back in New,
   * audits it and queues `tell`'s e-mail, in one transaction. An answer naming no lead that is not
   * erased is kept aside (unmatched), never attached to one.
   */
  receiveAnswer(answer: NewAnswer): Promise<AnswerResult>;
  /** Mail kept aside, newest first. */
  listUnmatchedMail(limit: number): Promise<Array<{ id: string; receivedAt: string; recipient: string; sender: string; subject: string }>>;
  /**
   * Deletes everything the visitor sent (payload, search words, address hash, user agent,
   * idempotency key), the lead's notes and its queued notifications; keeps a tombstone saying who
   * erased it and when. Null when there is no such lead; an erased lead is returned as it is.
   */
  eraseLead(id: string, actor: string): Promise<InboxLead | null>;
  /**
   * Takes the lead out of quarantine and queues the notifications held for it, with its audit
   * entry, in one transaction: asked twice (or after a crash), they are queued once. `changed` is
   * false when it was not in quarantine (released already, erased); null when there is no such lead.
   */
  releaseLead(id: string, actor: string): Promise<LeadChangeResult | null>;
  /**
   * Erases, as `actor`, up to `limit` leads put in quarantine before `before` and never released,
   * oldest first, each as eraseLead does; resolves with how many it erased.
   */
  eraseQuarantined(opts: { before: Date; limit: number; actor: string }): Promise<number>;
}

/** `store.spam`: what the spam checks read (the filter's counts, one message sent from many addresses). */
export interface SpamSlice {
  /** How many addresses other than `senderHash` sent the message with this hash since `since`. */
  countSameMessage(query: { messageHash: string; senderHash: string | null; since: Date }): Promise<number>;
  /**
   * The spam filter's counts for these token keys (server/spam/classifier.ts), TOTALS_KEY's being
   * the marks it learned from, in one query. "Spam" and "Not spam" (changeLead) and a release train
   * it, in their own transactions.
   */
  classifierCounts(keys: readonly string[]): Promise<Map<string, TokenCounts>>;
  /** How many spam and not-spam marks the filter has learned from. */
  classifierMarks(): Promise<TokenCounts>;
}

/** `store.audit`: the audit log the inbox shows. The inbox's own changes write their entries inside their transactions. */
export interface AuditSlice {
  /** Writes one entry; server/admin/audit.ts is its one caller outside the store (a test checks). */
  add(entry: NewAuditEntry): Promise<void>;
  /** Newest first, entries older than `before` (an entry id) when given. */
  list(opts: { before?: string; limit: number }): Promise<StoredAuditEntry[]>;
  /** One lead's entries, oldest first (at most 500): its timeline. */
  listLead(leadId: string): Promise<StoredAuditEntry[]>;
}

export interface SessionStart {
  replacing?: string;
  idleMs?: number;
  /** Defaults to true: a session that needs no second step. */
  twoStepDone?: boolean;
  /** "Firefox on Linux": a label, never the whole user agent. */
  browser?: string;
  /** A keyed hash of the address it was started from. */
  addressHash?: string;
}

/** `store.accounts`: accounts, their sessions, two-step sign-in and the sign-in failure counters. */
export interface AccountsSlice {
  /** False when an account with that e-mail exists already. Roles default to `leads`. */
  createAccount(email: string, passwordHash: string, roles?: readonly Role[]): Promise<boolean>;
  /** Replaces the account's roles (at least one); false when there is no such account. */
  setRoles(email: string, roles: readonly Role[]): Promise<boolean>;
  findAccount(email: string): Promise<Account | null>;
  /** Also ends every session of the account and clears its failed sign-ins. False when there is no such account. */
  setPassword(email: string, passwordHash: string, failureKey: string): Promise<boolean>;
  /** Its sessions go with it. False when there is no such account. */
  removeAccount(email: string): Promise<boolean>;
  countAccounts(): Promise<number>;
  /** Every account's address, in alphabetical order: who a lead can be assigned to. */
  listAccountEmails(): Promise<string[]>;
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
  findSession(tokenHash: string, idleMs: number, maxAgeMs?: number): Promise<SignedInSession | null>;
  deleteSession(tokenHash: string): Promise<void>;
  /** The account's sessions, most recently used first. */
  listSessions(accountId: string): Promise<SessionInfo[]>;
  /** Ends every session of the account but `keep`; how many ended. */
  endOtherSessions(accountId: string, keep: string): Promise<number>;
  /**
   * Counts a sign-in attempt against every rule's key before the password is checked, atomically
   * (one transaction under the rows' locks, for every process on the store): N attempts at once count N.
   */
  countAttempt(rules: readonly FailureRule[]): Promise<AttemptVerdict>;
  /** A successful sign-in: the `clear` keys start again, the `refund` keys give back the attempt it counted. */
  settleAttempt(clear: readonly string[], refund: readonly string[]): Promise<void>;
  /** Keeps `secret` as offered to the account, replacing any earlier offer. */
  offerTotp(accountId: string, secret: string): Promise<void>;
  /** The offered secret becomes the account's, with new recovery codes (hashes), step `step` used. False when nothing was offered. */
  confirmTotp(accountId: string, secret: string, step: number, recoveryHashes: readonly string[]): Promise<boolean>;
  /** True once per (account, time step), and only for steps after the last one used: a code is never accepted twice. */
  useTotpStep(accountId: string, step: number): Promise<boolean>;
  /** True when the code (its hash) was unused; it is used from then on. */
  useRecoveryCode(accountId: string, codeHash: string): Promise<boolean>;
  unusedRecoveryCodes(accountId: string): Promise<number>;
  /** Turns two-step sign-in off: secret and recovery codes deleted. */
  removeTotp(accountId: string): Promise<void>;
  /** False when there is no such account. */
  setRequireTwoStep(email: string, required: boolean): Promise<boolean>;
}
