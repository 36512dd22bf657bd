import type { LeadSource } from '../../contracts/api-contract';
import type { ConversionReport, Quarantine } from '../../contracts/inbox-contract';
import type { ViewCounts } from './page-views';
import type { AccountsSlice, AuditSlice, InboxSlice, SpamSlice } from './inbox-types';
import type { LimitsSlice } from './rate-limits';
import type { TokensSlice } from './spent-challenges';
import type { ReleasesSlice } from './releases';
import type { EvidenceSlice } from './evidence';
import type { NoticesSlice } from './notices';

import type { InboxLead } from './inbox-types';

export type LeadPayload = Record<string, unknown>;

export interface NewLead {
  /** API path that received the submission, e.g. `/api/leads`. */
  endpoint: string;
  formType: string;
  /** The site form that sent it (its X-Form-Id), when known. */
  formId?: string | null;
  payload: LeadPayload;
  /**
   * Client-supplied key, unique per endpoint. A retry with the same key and the same form and
   * payload returns the first stored lead; the same key with anything else is refused with
   * IdempotencyKeyReused and nothing is stored.
   */
  idempotencyKey?: string | null;
  /** When the answer is due by the site's reply promise (ISO 8601); none for spam. */
  dueAt?: string | null;
  ipHash?: string | null;
  userAgent?: string | null;
  spam?: boolean;
  /** Where the visitor came from: the form's page, its campaign and the referring host. */
  source?: LeadSource | null;
  /** Queued in the same transaction as the lead, and only if the lead is new (not a retry); held in the lead's row when it is quarantined. */
  notifications?: readonly PlannedNotification[];
  /** The lead scored as likely spam: it is stored in quarantine with these reasons, its notifications held. */
  quarantine?: Pick<Quarantine, 'score' | 'reasons'> | null;
  /** A doubtful (grey) score the lead was let through with, since its browser passed the proof-of-work step: kept with it, not held. */
  scored?: Pick<Quarantine, 'score' | 'reasons'> | null;
  /** Hashes of the message (as words) and of the sender's address, to count one message sent from many addresses. */
  messageHash?: string | null;
  senderHash?: string | null;
  /** The form token the submission came with: its nonce is spent in the lead's transaction, so the token stores one lead. */
  formToken?: { nonce: string; expiresAt: string } | null;
  /**
   * The proof-of-work challenge the submission's browser answered (its answer already checked): spent
   * in the lead's transaction, so it passes one submission. When another submission spent it
   * first, the lead is stored in quarantine with `ifSpent` instead (a resend of the same
   * submission, by its idempotency key, is not another one).
   */
  challenge?: { id: string; expiresAt: string; ifSpent: Pick<Quarantine, 'score' | 'reasons'> } | null;
}

/** `reply`: the team's answer to the visitor, written in the inbox. */
export type Channel = 'email' | 'auto-reply' | 'webhook' | 'reply';

/** A notification decided when a lead is stored, delivered later by the outbox worker. */
export interface PlannedNotification {
  channel: Channel;
  /** What asked for it: a rule id from site/notifications.yaml, or the channel's own name. */
  rule: string;
  /** What the channel needs, frozen at submit time (recipients, subject). */
  data: Record<string, unknown>;
  /** Queued only if nothing with the same key was queued in the last `seconds` (auto-replies: one per address per hour). */
  throttle?: { key: string; seconds: number };
}

/** What the digest counts: open leads, those overdue, and those waiting in quarantine. */
export interface DigestCounts {
  open: number;
  overdue: number;
  quarantined: number;
}

export type JobStatus = 'pending' | 'done' | 'dead';

export interface OutboxJob {
  /** The store's number for the job, as `npm run leads -- outbox` lists it. Receivers drop repeats by the lead id and rule instead. */
  id: string;
  /** Null for a team e-mail about no one lead: the morning digest. */
  leadId: string | null;
  channel: Channel;
  rule: string;
  data: Record<string, unknown>;
  status: JobStatus;
  /** Delivery attempts started so far. */
  attempts: number;
  createdAt: string;
  nextAttemptAt: string;
  lastError: string | null;
  finishedAt: string | null;
}

/** A job about one lead, taken for delivery, with that lead. */
export type LeadJob = OutboxJob & { leadId: string; lead: StoredLead };
/** A job taken for delivery; a team e-mail about no one lead (the digest) has no lead. */
export type ClaimedJob = LeadJob | (OutboxJob & { leadId: null; lead: null });

export type JobOutcome =
  { id: string; status: 'done' } | { id: string; status: 'retry'; at: Date; error: string } | { id: string; status: 'dead'; error: string };

export interface StoredLead {
  id: string;
  /** ISO 8601 timestamp in UTC. */
  createdAt: string;
  endpoint: string;
  formType: string;
  /** Null for leads stored before the form was recorded. */
  formId: string | null;
  payload: LeadPayload;
  idempotencyKey: string | null;
  ipHash: string | null;
  userAgent: string | null;
  spam: boolean;
  /** Where the visitor came from; null when nothing of it is known (API clients, leads stored before it was recorded, erased leads). */
  source: LeadSource | null;
  /** Set (only) on an erased lead, whose payload is then `{}`: exports mark it as erased. */
  erasedAt?: string | null;
}

/** The idempotency key was first used on this endpoint with another form or payload; nothing was stored. */
export class IdempotencyKeyReused extends Error {
  constructor(readonly endpoint: string) {
    super(`This Idempotency-Key was already used on ${endpoint} with a different submission.`);
    this.name = 'IdempotencyKeyReused';
  }
}

/** The submission's form token was spent by an earlier lead (a replay): nothing was stored. */
export class FormTokenSpent extends Error {
  constructor() {
    super('This form token was already used for a lead.');
    this.name = 'FormTokenSpent';
  }
}

export interface ListLeadsOptions {
  /** Only leads created at or after this instant. */
  since?: Date;
}

/** `store.leads`: the leads as submitted: storing a submission, exports and imports. */
export interface LeadsSlice {
  /** Resolves once the lead is committed; rejects with IdempotencyKeyReused when its key belongs to another submission. */
  insertLead(lead: NewLead): Promise<StoredLead>;
  listLeads(opts?: ListLeadsOptions): Promise<StoredLead[]>;
  /**
   * Copies leads from another store (an export) as they were, ids and times included, in one
   * transaction; a lead whose id or idempotency key is already here is skipped. No notifications
   * are queued. Resolves with how many were new.
   */
  importLeads(leads: readonly StoredLead[]): Promise<number>;
}

/** `store.outbox`: the notifications queued with the leads, and the workers' claims on them. */
export interface OutboxSlice {
  /**
   * Takes up to `limit` due jobs for `leaseMs`: no other worker (in this or another process) gets
   * them until they are finished or the lease runs out, as it does when their worker dies. With
   * `channels`, only jobs of those channels.
   */
  claimJobs(opts: { limit: number; leaseMs: number; channels?: readonly Channel[] }): Promise<ClaimedJob[]>;
  /** Records how each claimed job ended, in one transaction. */
  finishJobs(outcomes: readonly JobOutcome[]): Promise<void>;
  /**
   * Queues one reminder e-mail for each New lead (not spam, not erased, not in quarantine) past its due time, made by
   * `plan`; exactly once per lead and due time, however many processes sweep at once. Resolves with
   * how many it queued.
   */
  queueReminders(opts: {
    now: Date;
    limit: number;
    plan: (lead: InboxLead) => { to: readonly string[]; subject: string };
  }): Promise<number>;
  /**
   * Queues one team e-mail about the open leads (New and In progress, not spam, not erased, not in quarantine) under
   * `key`, made by `plan` from up to `limit` of them (New before In progress, soonest due first) and their counts; exactly
   * once per key, however many processes try at once. Resolves with whether it queued it.
   */
  queueDigest(opts: {
    now: Date;
    key: string;
    limit: number;
    plan: (leads: readonly InboxLead[], counts: DigestCounts) => object;
  }): Promise<boolean>;
  /** Jobs by status, oldest first (all pending and dead ones when no status is given). */
  listJobs(opts?: { status?: readonly JobStatus[] }): Promise<OutboxJob[]>;
  /** Puts a dead job back in the queue, due now; false when there is no dead job with that id. */
  requeueJob(id: string): Promise<boolean>;
  /** The lead's notifications, oldest first, whatever their status. */
  listLeadJobs(leadId: string): Promise<OutboxJob[]>;
}

/** `store.views`: the page-view counts and the conversion view built on them. */
export interface ViewsSlice {
  /** Adds a process's page-view counts to the stored ones (count = count + ?), in one transaction. */
  addViewCounts(counts: ViewCounts): Promise<void>;
  /** The conversion view for the days from..to (UTC, both included); `now` decides which reply promises are past. */
  conversionReport(range: { from: string; to: string; now: Date }): Promise<ConversionReport>;
}

/**
 * The lead store: one slice per thing it keeps, each typed by its own interface, so a consumer
 * takes only the slices it uses (`Pick<LeadStore, 'inbox' | 'audit'>`, or one slice's interface).
 * Opening, closing and storing a submission are each backend's own; every other query is written
 * once (store.ts).
 */
export interface LeadStore {
  leads: LeadsSlice;
  outbox: OutboxSlice;
  inbox: InboxSlice;
  audit: AuditSlice;
  spam: SpamSlice;
  tokens: TokensSlice;
  accounts: AccountsSlice;
  releases: ReleasesSlice;
  views: ViewsSlice;
  limits: LimitsSlice;
  /** A takedown request's evidence files. */
  evidence: EvidenceSlice;
  /** Where each host of a takedown notice request stands. */
  notices: NoticesSlice;
  /** Opens the database (once) and brings it to the latest migration. */
  init(): Promise<void>;
  /** Resolves when the store can serve queries; throws otherwise. */
  ping(): Promise<void>;
  close(): Promise<void>;
}
