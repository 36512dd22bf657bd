import { createHash } from 'node:crypto';
import canonicalize from 'canonicalize';
import type { LeadPayload } from './types';

/**
 * What an idempotency key was used with: the endpoint, the form and the payload, hashed. The
 * payload is serialised canonically (RFC 8785: keys sorted, numbers and strings in one spelling),
 * so the same answers sent with their fields in another order are still the same request.
 */
export function requestFingerprint(endpoint: string, formId: string | null, payload: LeadPayload): string {
  return createHash('sha256')
    .update(canonicalize([endpoint, formId, payload])!)
    .digest('base64url');
}

/** What a store knows of the lead that first used a key. */
export interface KeyHolder {
  endpoint: string;
  formId: string | null;
  payload: LeadPayload;
  /** Null for leads stored before fingerprints were kept. */
  fingerprint: string | null;
}

/**
 * Whether a key's first lead came from the same request as the one now carrying `fingerprint`.
 * A lead stored before fingerprints were kept has its fingerprint computed from what was stored;
 * its form was not recorded then, so it is taken to be the form now named.
 */
export function isSameRequest(holder: KeyHolder, fingerprint: string, formId: string | null): boolean {
  const first = holder.fingerprint ?? requestFingerprint(holder.endpoint, holder.formId ?? formId, holder.payload);
  return first === fingerprint;
}
