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
  ipHash?: string | null;
  userAgent?: string | null;
  spam?: boolean;
}

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
}

/** The idempotency key was first used on this endpoint with another form or payload; nothing was stored. */
export class IdempotencyKeyReused extends Error {
  constructor(readonly endpoint: string) {
    super(`This Idempotency-Key was already used on ${endpoint} with a different submission.`);
    this.name = 'IdempotencyKeyReused';
  }
}

export interface ListLeadsOptions {
  /** Only leads created at or after this instant. */
  since?: Date;
}

export interface LeadStore {
  init(): Promise<void>;
  /** Resolves once the lead is committed; rejects with IdempotencyKeyReused when its key belongs to another submission. */
  insertLead(lead: NewLead): Promise<StoredLead>;
  listLeads(opts?: ListLeadsOptions): Promise<StoredLead[]>;
  /** Resolves when the store can serve queries; throws otherwise. */
  ping(): Promise<void>;
  close(): Promise<void>;
}
