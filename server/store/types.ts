export type LeadPayload = Record<string, unknown>;

export interface NewLead {
  /** API path that received the submission, e.g. `/api/leads`. */
  endpoint: string;
  formType: string;
  payload: LeadPayload;
  /** Client-supplied key; a retry with the same key returns the first stored lead. */
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
  payload: LeadPayload;
  idempotencyKey: string | null;
  ipHash: string | null;
  userAgent: string | null;
  spam: boolean;
}

export interface ListLeadsOptions {
  /** Only leads created at or after this instant. */
  since?: Date;
}

export interface LeadStore {
  init(): Promise<void>;
  insertLead(lead: NewLead): Promise<StoredLead>;
  listLeads(opts?: ListLeadsOptions): Promise<StoredLead[]>;
  /** Resolves when the store can serve queries; throws otherwise. */
  ping(): Promise<void>;
  close(): Promise<void>;
}
