/**
 * The submission API as the browser's form client and the server both speak it (spec 000 §7-§9):
 * header names, error codes, the answers' shapes and the words they carry. Both sides import this
 * module, so a renamed header or code cannot drift between them.
 */

import type { Challenge } from 'altcha-lib';

export const HEADERS = {
  requestedWith: 'X-Requested-With',
  formId: 'X-Form-Id',
  idempotencyKey: 'Idempotency-Key',
  /** The answer to a proof-of-work challenge: base64 of ALTCHA's JSON payload (challenge and solution), or PROOF_UNSOLVED. */
  proofOfWork: 'X-Altcha',
} as const;

/** Sent as the proof-of-work header when the browser could not solve its challenge: the server then holds the lead in quarantine. */
export const PROOF_UNSOLVED = 'unsolved';

/** The status of a proof-of-work answer: nothing was stored; send the same request again with the challenge solved. */
export const PROOF_OF_WORK_STATUS = 428;

/** The X-Requested-With value the site's own forms send (a cross-site page cannot set it without a preflight). */
export const REQUESTED_WITH = 'XMLHttpRequest';

/** 1 to 200 characters; a UUID fits, and so does any key a client library generates. */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_\-:.]{1,200}$/;

export const ERROR_CODES = {
  validation: 'VALIDATION',
  unknownForm: 'UNKNOWN_FORM',
  forbidden: 'FORBIDDEN',
  badIdempotencyKey: 'BAD_IDEMPOTENCY_KEY',
  /** The key was first used with another form or payload on this endpoint; nothing was stored. */
  idempotencyKeyReused: 'IDEMPOTENCY_KEY_REUSED',
  /** A request with this key is still being stored; ask again after Retry-After seconds. */
  idempotencyKeyInFlight: 'IDEMPOTENCY_KEY_IN_FLIGHT',
  storeUnavailable: 'STORE_UNAVAILABLE',
  /** A doubtful submission: nothing was stored; solve the answer's `challenge` and send it again with the same key. */
  proofOfWorkRequired: 'PROOF_OF_WORK_REQUIRED',
  /** The form's token is older than its lifetime (a tab left open): nothing was stored; the answer carries a new one. */
  formExpired: 'FORM_EXPIRED',
} as const;

export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

/** The words of the server's answers; `success` and `invalid` are also what the form shows. */
export const API_MESSAGES = {
  success: 'Form submitted successfully.',
  invalid: 'Invalid request. Please check your information and try again.',
  unavailable: 'We could not save your request right now. Please try again in a moment.',
  forbidden: 'Submissions must come from the site’s own forms (header X-Requested-With: XMLHttpRequest).',
  badIdempotencyKey: 'The Idempotency-Key header must be 1 to 200 letters, digits or the characters _ - : .',
  idempotencyKeyReused:
    'This Idempotency-Key was already used for a different submission, which was kept. Nothing was stored: send this submission with a new key.',
  idempotencyKeyInFlight: 'A request with this Idempotency-Key is still being saved. Try again in a moment with the same key.',
  proofOfWorkRequired:
    'Nothing was stored yet: solve the proof-of-work challenge in this answer and send the same request again, with the same Idempotency-Key and the solution in the X-Altcha header.',
  formExpired:
    'This page was open for a long time, so your message was not sent yet. Everything you typed is still here: please send it again.',
} as const;

/** 201 from a submission endpoint. */
export interface CreatedAnswer {
  success: true;
  message: string;
  data: {
    id: string;
    /** /api/generate-badge only: the badge's install snippet and image address. */
    snippet?: string;
    imageUrl?: string;
  };
}

/** Every 4xx and 5xx from the API. */
export interface ErrorAnswer {
  success: false;
  message: string;
  error: string;
  /** 400 VALIDATION only: a message per field, keyed by the field's name. */
  fields?: Record<string, string>;
  /** 428 PROOF_OF_WORK_REQUIRED only: the signed ALTCHA challenge to solve. */
  challenge?: Challenge;
}

export type SubmissionAnswer = CreatedAnswer | ErrorAnswer;

/**
 * Where a lead came from, recorded with it: the page its form was sent from, the campaign
 * parameters of that page's address and the referring site's host (never its full address).
 * Nothing is kept in the visitor's browser. Every value is what a visitor's browser sent: shown as
 * text, never put in a header or a log.
 */
export interface LeadSource {
  /** The path of the page the form was on, without its query: `/contact-us`. */
  page: string | null;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  /** The host of the site that linked to the page (`news.example.com`); null for the site itself or when unknown. */
  referrerHost: string | null;
}

/** The campaign parameters read from a page's address, in the order they are shown. */
export const CAMPAIGN_PARAMS = ['utm_source', 'utm_medium', 'utm_campaign'] as const;

/**
 * The key of a JSON submission's body that carries where the page was reached from; hyphenated, so
 * no form field can be named so. It is taken out before the payload is checked and never stored
 * as a field.
 */
export const SOURCE_KEY = 'lead-source';

/** What the site's own forms send under SOURCE_KEY; both optional, anything else in it is ignored. */
export interface SourceBody {
  /** The form page's path and query as the browser shows it: `/contact-us?utm_source=newsletter`. */
  page?: string;
  /** The host of the page's referrer (document.referrer), never its path or query. */
  referrer?: string;
}

/** Longest page address (path and query) read; a longer one is not recorded. */
export const MAX_SOURCE_PAGE = 2_000;
/** Longest path and longest campaign value kept; longer ones are not recorded. */
export const MAX_SOURCE_PATH = 300;
export const MAX_CAMPAIGN_VALUE = 100;
