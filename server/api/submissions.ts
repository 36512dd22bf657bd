import { createHmac, randomUUID } from 'node:crypto';
import type { Request, Response } from 'express';
import { resolveBadge, type BadgeChoice } from '../../engine/badges/resolve';
import { badgeSnippet } from '../../engine/badges/snippet';
import type { Badges, Form } from '../../engine/content/model';
import type { SubmissionRules } from '../../engine/forms/payload';
import {
  API_MESSAGES,
  ERROR_CODES,
  HEADERS,
  IDEMPOTENCY_KEY_PATTERN,
  PROOF_OF_WORK_STATUS,
  REQUESTED_WITH,
  type CreatedAnswer,
  type ErrorAnswer,
  type LeadSource,
} from '../../contracts/api-contract';
import { ownHostsOf, takeSource } from '../leads/lead-source';
import { dueAt } from '../leads/due-time';
import type { ReplyPromise } from '../../engine/content/reply-promise';
import type { Notifier } from '../notify/notifier';
import type { FormTokens, TokenRefusal } from '../spam/form-token';
import type { SpamScorer, SpamVerdict } from '../spam/score';
import { stepReason, type ChallengeStep, type CheckedProof, type StepOutcome } from '../spam/challenge';
import type { Challenge } from 'altcha-lib';
import type { Quarantine } from '../../contracts/inbox-contract';
import type { EvidenceSlice } from '../store/evidence';
import { FormTokenSpent, IdempotencyKeyReused, type LeadsSlice, type NewLead, type StoredLead } from '../store/types';
import { checkSubmission, type CompiledForm } from './form-validation';
import { formValidatorsSource, loadFormValidators } from './form-validators-code';
import { checkBodyHeaders, MAX_BODY_BYTES, NOTICE_MAX_BODY_BYTES, readJsonObject, type BodyProblem } from './json-body';
import { isNoticeForm } from '../../engine/notices/notice-form';
import { readEvidence, type EvidencePart, type EvidenceReading } from '../notices/evidence';
import type { Scanner } from '../notices/clamd';
import { evidenceParts, readMultipart } from '../notices/multipart';
import { VALUES_PART } from '../../contracts/evidence-contract';
import { echo } from '../error-echo';
import { noteErrorCode } from '../request-route';
import { sendApiError, type ApiEndpoint } from './router';

/** Where forms post (spec 000 §7); each accepts only the forms that name it as their endpoint. */
export const SUBMISSION_ENDPOINTS = ['/api/contact', '/api/takedown-request', '/api/generate-badge'] as const;
export type SubmissionEndpoint = (typeof SUBMISSION_ENDPOINTS)[number];

const FORM_ID = /^[a-z][a-z0-9-]{0,99}$/;
const MAX_USER_AGENT = 500;
const STORE_RETRY_AFTER_SECONDS = 5;
/** A request holding a key is normally committed within one group commit, well under a second. */
const IN_FLIGHT_RETRY_AFTER_SECONDS = 1;

export interface SubmissionConfig {
  forms: Record<string, Form>;
  /** What each endpoint accepts from a request that names no form (site/forms/api/), by endpoint. */
  apiPayloads?: Record<string, SubmissionRules>;
  /** The build's validator code for exactly these forms (server/api/form-validators-code.ts); made now without it. */
  formValidators?: string;
  leads: Pick<LeadsSlice, 'insertLead'>;
  /** Where a takedown request's evidence files are kept, right after its lead. */
  files: Pick<EvidenceSlice, 'saveEvidence'>;
  /** Needed when a form posts to /api/generate-badge: its answer carries the badge's install snippet. */
  badges?: Badges;
  /** The snippet links to this address, since it is pasted into other people's pages. */
  siteUrl: string;
  /** Key for hashing client addresses; without one no address hash is stored, since an unkeyed hash of an IPv4 address is reversible. */
  ipHashSalt?: string;
  /** Decides the notifications each new lead queues in its own transaction; none without it. */
  notifier?: Notifier;
  /** Scores each lead that is not plainly spam; one at or above its threshold is stored in quarantine, its notifications held. */
  spam?: SpamScorer;
  /** The proof-of-work step for a doubtful score (below the scorer's threshold, at or above its own); none without it. */
  challenge?: ChallengeStep;
  /** Gives each lead (not spam) the time its answer is due. */
  replyPromise?: ReplyPromise;
  /** The clock due times are counted from. */
  now?: () => Date;
  /** Told when storing a lead failed (the answer is 503); for the log and metrics. */
  onStoreError?: (req: Request, err: unknown) => void;
  /** Signs and checks the site's forms' tokens (server/spam/form-token.ts); without it no token is asked for. */
  formTokens?: FormTokens;
  /** Told of each post refused for its token (answered as a success, but for `expired`); for the log and metrics. */
  onTokenRefused?: (req: Request, reason: TokenRefusal) => void;
  /** Scans the files a form declaring `files` brings (CLAMD_SOCKET); they are checked by their bytes alone without it. */
  scanner?: Scanner | null;
  /** Told why a scan failed (clamd down or slow), for the operators' log: never anything the visitor sent. */
  onScanFailed?: (req: Request, reason: string) => void;
}

/**
 * A refused post waits about as long as a stored one takes (scored and committed), so the time of
 * the answer tells nothing either: the moving average of this process's stored leads. Until it has
 * stored one, this: 300 SQLite inserts with a token, one at a time, took 2 ms (tenth percentile) to
 * 9 ms (median) on the shared 2-core development machine (load 15).
 */
export const FIRST_STORE_ESTIMATE_MS = 5;

export type SubmissionResponse = CreatedAnswer['data'];

const BADGE_FIELDS = ['type', 'size', 'color'] as const;

const isMultipartRequest = (req: Request) => /^multipart\/form-data\s*;/i.test(req.get('content-type') ?? '');

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** The values part read as the JSON API reads its body: one object, no key that reaches Object.prototype. */
function jsonPart(part: FormDataEntryValue | null): Record<string, unknown> | null {
  if (typeof part !== 'string') return null;
  try {
    const value: unknown = JSON.parse(part, (key, v: unknown) => {
      if (FORBIDDEN_KEYS.has(key)) throw new Error('forbidden key');
      return v;
    });
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The header of the answers that carry a fresh form token. */
const SET_COOKIE = 'Set-Cookie';

function badgeChoice(payload: Record<string, unknown>): BadgeChoice {
  const [type, size, color] = BADGE_FIELDS.map((f) => (typeof payload[f] === 'string' ? (payload[f] as string) : ''));
  return { type: type!, size: size!, color: color! };
}

/** A badge form must name the three parts of a badge, or no submission could ever get a snippet. */
function checkBadgeForms(forms: readonly CompiledForm[], badges: Badges | undefined): void {
  for (const { form } of forms) {
    if (!badges) throw new Error(`Form "${form.id}" posts to /api/generate-badge, but no badges data was given to the server.`);
    const names = Object.keys(form.fields.properties ?? {});
    const missing = BADGE_FIELDS.filter((f) => !names.includes(f));
    if (missing.length) throw new Error(`Form "${form.id}" posts to /api/generate-badge but has no ${missing.join(', ')} field.`);
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** How a post refused for its token is named in the request's log line and the metrics: FORM_TOKEN_MISSING and so on. */
export function tokenErrorCode(reason: TokenRefusal): string {
  return `FORM_TOKEN_${reason.toUpperCase().replace('-', '_')}`;
}

function reply(res: Response, problem: BodyProblem): void {
  sendApiError(res, problem.status, problem.error, problem.message);
}

function formIdProblem(
  endpoint: string,
  given: string | undefined,
  accepted: readonly CompiledForm[],
  forms: Map<string, CompiledForm>,
): BodyProblem {
  const ids = accepted.map((c) => c.form.id);
  const accepts = ids.length ? `${endpoint} accepts the forms: ${ids.join(', ')}.` : `${endpoint} accepts no forms on this site.`;
  let lead: string;
  if (!given) lead = 'Name the form in the X-Form-Id header.';
  // Only a well-formed id is echoed back, so the answer never repeats arbitrary header text.
  else if (!FORM_ID.test(given)) lead = 'The X-Form-Id header does not name a form.';
  else if (forms.has(given)) lead = `The form "${echo(given)}" does not post to ${endpoint}.`;
  else lead = `There is no form "${echo(given)}".`;
  return { status: 400, error: ERROR_CODES.unknownForm, message: `${lead} ${accepts}` };
}

function hashIp(ip: string | undefined, salt: string | undefined): string | null {
  if (!ip || !salt) return null;
  return createHmac('sha256', salt).update(ip).digest('hex');
}

function userAgentOf(req: Request): string | null {
  const ua = req.get('user-agent');
  return ua ? ua.slice(0, MAX_USER_AGENT) : null;
}

function sendInvalid(res: Response, fields: Record<string, string>): void {
  noteErrorCode(res, ERROR_CODES.validation);
  res
    .status(400)
    .set('Cache-Control', 'no-store')
    .json({ success: false, message: API_MESSAGES.invalid, error: ERROR_CODES.validation, fields });
}

function sendCreated(res: Response, data: SubmissionResponse): void {
  const answer: CreatedAnswer = { success: true, message: API_MESSAGES.success, data };
  res.status(201).set('Cache-Control', 'no-store').json(answer);
}

function sendChallenge(res: Response, challenge: Challenge): void {
  noteErrorCode(res, ERROR_CODES.proofOfWorkRequired);
  const answer: ErrorAnswer = {
    success: false,
    message: API_MESSAGES.proofOfWorkRequired,
    error: ERROR_CODES.proofOfWorkRequired,
    challenge,
  };
  res.status(PROOF_OF_WORK_STATUS).set('Cache-Control', 'no-store').json(answer);
}

/** What became of a submission, whichever encoding it came in: the caller answers in its own. */
export type Received =
  | { kind: 'invalid'; fields: Record<string, string> }
  /** Stored; or, with `refused`, a post refused for its token and answered exactly as if it had been (a made-up id). */
  | { kind: 'created'; data: SubmissionResponse; refused?: TokenRefusal }
  /** The form's token is past its lifetime: the person is told, and keeps what they typed. */
  | { kind: 'expired' }
  | { kind: 'refused'; status: number; error: string; message: string; retryAfterSeconds?: number; challenge?: Challenge };

/** A score and its reasons as a lead keeps them. */
type Kept = Pick<Quarantine, 'score' | 'reasons'>;

/** Passed as the proof of a form posted without script: a doubtful score is quarantined, since no step could run. */
export const NO_SCRIPT = Symbol('no script');

export interface Submissions {
  endpoints: ApiEndpoint[];
  /** Every site form, compiled once; each is accepted by the endpoint it names. */
  compiled: ReadonlyMap<string, CompiledForm>;
  /** Checks, stores and notifies one submission to `endpoint` as `target`, exactly as the JSON API does. */
  receive: (
    endpoint: SubmissionEndpoint,
    target: CompiledForm,
    body: Record<string, unknown>,
    req: Request,
    idempotencyKey: string | undefined,
    source: LeadSource | null,
    /** The X-Altcha header as sent (undefined without one), or NO_SCRIPT. */
    proof?: string | typeof NO_SCRIPT,
    /** The files of a form that declares them, as readFiles found them. */
    evidence?: EvidenceReading,
  ) => Promise<Received>;
  /** Checks the files a post brought for a form that declares them: by their bytes, then the scanner when one is set. */
  readFiles: (target: CompiledForm, parts: readonly EvidencePart[], req: Request) => Promise<EvidenceReading>;
}

export function createSubmissionEndpoints(config: SubmissionConfig): ApiEndpoint[] {
  return createSubmissions(config).endpoints;
}

export function createSubmissions(config: SubmissionConfig): Submissions {
  const checked = { forms: config.forms, apiPayloads: config.apiPayloads ?? {} };
  const { forms: compiled, apiPayloads: documented } = loadFormValidators(config.formValidators ?? formValidatorsSource(checked), checked);
  const {
    leads,
    files: evidenceFiles,
    ipHashSalt,
    badges,
    siteUrl,
    notifier,
    spam,
    challenge,
    onStoreError,
    replyPromise,
    now = () => new Date(),
  } = config;
  const { formTokens, onTokenRefused } = config;
  checkBadgeForms(
    [...compiled.values()].filter((c) => c.form.submit.endpoint === '/api/generate-badge'),
    badges,
  );

  // Keys of requests this process is storing right now, per endpoint. A second request with one of
  // them is told to come back: it must neither wait on nor race the first.
  const inFlight = new Set<string>();
  // What scoring and storing a lead has taken lately (a moving average), which a refused post waits too.
  let storeMs = FIRST_STORE_ESTIMATE_MS;

  const answerData = (id: string, badge: BadgeChoice | undefined): SubmissionResponse =>
    badge ? { id, ...badgeSnippet(badges!, badge, siteUrl) } : { id };

  /** A post refused for its token, answered as a stored one: a made-up id of the same form, after about as long. */
  async function refuse(req: Request, reason: TokenRefusal, badge: BadgeChoice | undefined, wait: boolean): Promise<Received> {
    onTokenRefused?.(req, reason);
    if (wait) await sleep(storeMs * (0.75 + Math.random() / 2));
    return { kind: 'created', data: answerData(randomUUID(), badge), refused: reason };
  }

  async function receive(
    ...[endpoint, target, body, req, idempotencyKey, source, proof, evidence]: Parameters<Submissions['receive']>
  ): Promise<Received> {
    const outcome = checkSubmission(target, body, now());
    // A refused file is told at its field beside every other field's message, in one answer.
    const fileErrors = evidence && 'errors' in evidence ? evidence.errors : {};
    if (!outcome.ok) return { kind: 'invalid', fields: { ...outcome.fields, ...fileErrors } };
    if (Object.keys(fileErrors).length) return { kind: 'invalid', fields: fileErrors };
    const files = evidence && 'files' in evidence ? evidence.files : [];

    let badge: BadgeChoice | undefined;
    if (endpoint === '/api/generate-badge') {
      badge = badgeChoice(outcome.payload);
      // The form's choices may lag behind the badges data; only a badge we can draw is stored.
      const found = resolveBadge(badges!, badge, echo);
      if (!found.ok) return { kind: 'invalid', fields: { [found.part === 'colour' ? 'color' : found.part]: found.message } };
    }

    if (idempotencyKey !== undefined && !IDEMPOTENCY_KEY_PATTERN.test(idempotencyKey)) {
      return { kind: 'refused', status: 400, error: ERROR_CODES.badIdempotencyKey, message: API_MESSAGES.badIdempotencyKey };
    }
    // Only the site's own forms carry a token: other systems post the API's documented payloads from no page.
    const token = formTokens && compiled.get(target.form.id) === target ? formTokens.check(req) : null;
    if (token && !token.ok) {
      if (token.reason !== 'expired') return refuse(req, token.reason, badge, true);
      onTokenRefused?.(req, token.reason);
      return { kind: 'expired' };
    }

    const flightKey = idempotencyKey === undefined ? null : `${endpoint} ${idempotencyKey}`;
    if (flightKey !== null && inFlight.has(flightKey)) {
      return {
        kind: 'refused',
        status: 409,
        error: ERROR_CODES.idempotencyKeyInFlight,
        message: API_MESSAGES.idempotencyKeyInFlight,
        retryAfterSeconds: IN_FLIGHT_RETRY_AFTER_SECONDS,
      };
    }

    let lead: StoredLead;
    if (flightKey !== null) inFlight.add(flightKey);
    const started = performance.now();
    try {
      // A filled honeypot is spam already; anything else is scored. The visitor's answer is the same either way.
      const verdict: SpamVerdict | null = spam && !outcome.spam ? await spam({ form: target.form, payload: outcome.payload }) : null;
      // A doubtful score takes the proof-of-work step: asked for it first (nothing stored), then held unless it was passed.
      let held: Kept | null = verdict?.quarantined ? { score: verdict.score, reasons: verdict.reasons } : null;
      let scored: Kept | null = null;
      let spent: NewLead['challenge'] = null;
      if (verdict && !verdict.quarantined && challenge?.inBand(verdict.score)) {
        if (proof === undefined)
          return {
            kind: 'refused',
            status: PROOF_OF_WORK_STATUS,
            error: ERROR_CODES.proofOfWorkRequired,
            message: API_MESSAGES.proofOfWorkRequired,
            challenge: await challenge.issue(),
          };
        const step: CheckedProof | { outcome: 'no-script' } = proof === NO_SCRIPT ? { outcome: 'no-script' } : await challenge.check(proof);
        const kept = (outcome: StepOutcome): Kept => ({ score: verdict.score, reasons: [...verdict.reasons, stepReason(outcome)] });
        if (step.outcome !== 'passed') held = kept(step.outcome);
        else {
          scored = kept('passed');
          // Spent with the lead, in its transaction: held there instead if another submission spent it first.
          spent = { id: step.challenge.id, expiresAt: step.challenge.expiresAt.toISOString(), ifSpent: kept('replayed') };
        }
      }
      // A retry with a known key gets the first lead back from the store, so it is answered the same and stored once.
      const notifications = notifier?.plan({ endpoint, formId: target.form.id, payload: outcome.payload, spam: outcome.spam }) ?? [];
      lead = await leads.insertLead({
        endpoint,
        formType: target.form.submit.formType,
        formId: target.form.id,
        payload: outcome.stored ?? outcome.payload,
        idempotencyKey: idempotencyKey ?? null,
        dueAt: replyPromise && !outcome.spam ? dueAt(now(), replyPromise, outcome.payload).toISOString() : null,
        ipHash: hashIp(req.ip, ipHashSalt),
        userAgent: userAgentOf(req),
        spam: outcome.spam,
        source,
        notifications,
        quarantine: held,
        scored,
        messageHash: verdict?.messageHash ?? null,
        senderHash: verdict?.senderHash ?? null,
        formToken: token?.ok ? { nonce: token.nonce, expiresAt: token.expiresAt.toISOString() } : null,
        challenge: spent,
      });
      // The files are kept in one transaction of their own right after the lead, before any answer: all of them or none.
      // A retry with the same key gets the same lead back and fills the places still empty, never one twice.
      if (files.length) await evidenceFiles.saveEvidence(lead.id, files);
      // A nudge to the outbox's worker; one for a lead held as a replay in the store finds nothing to send.
      if (notifications.length && !held) notifier!.queued();
      storeMs += (performance.now() - started - storeMs) / 8;
    } catch (err) {
      // The store took its time already: the replay is answered at once.
      if (err instanceof FormTokenSpent) return await refuse(req, 'replayed', badge, false);
      if (err instanceof IdempotencyKeyReused) {
        return { kind: 'refused', status: 422, error: ERROR_CODES.idempotencyKeyReused, message: API_MESSAGES.idempotencyKeyReused };
      }
      onStoreError?.(req, err);
      return {
        kind: 'refused',
        status: 503,
        error: ERROR_CODES.storeUnavailable,
        message: API_MESSAGES.unavailable,
        retryAfterSeconds: STORE_RETRY_AFTER_SECONDS,
      };
    } finally {
      if (flightKey !== null) inFlight.delete(flightKey);
    }
    return { kind: 'created', data: answerData(lead.id, badge) };
  }

  async function readFiles(target: CompiledForm, parts: readonly EvidencePart[], req: Request): Promise<EvidenceReading> {
    const field = target.form.files?.name;
    if (!field) return { files: [] };
    return readEvidence(parts, { scanner: config.scanner ?? null, field, onScanFailed: (reason) => config.onScanFailed?.(req, reason) });
  }

  const endpoints = SUBMISSION_ENDPOINTS.map((endpoint): ApiEndpoint => {
    const accepted = [...compiled.values()].filter((c) => c.form.submit.endpoint === endpoint);
    // What a request that names no form is checked against: the payload the API documents here, if any.
    const documentedHere = [...documented.values()].find((c) => c.form.submit.endpoint === endpoint);

    async function submit(req: Request, res: Response): Promise<void> {
      const named = accepted.find((c) => c.form.id === req.get(HEADERS.formId));
      // A form that declares files takes them as multipart/form-data, its values as JSON in one part (submit-client.ts).
      if (named?.form.files && isMultipartRequest(req)) return submitWithFiles(req, res, named);
      // A complete takedown notice may list 1,000 addresses: its form is named before its body is read.
      const limit = named && isNoticeForm(named.form) ? NOTICE_MAX_BODY_BYTES : MAX_BODY_BYTES;
      const headerProblem = checkBodyHeaders(req, limit);
      if (headerProblem) return reply(res, headerProblem);
      // Cheap CSRF guard: a cross-site page cannot set this header without a CORS preflight we never grant.
      if (req.get(HEADERS.requestedWith)?.toLowerCase() !== REQUESTED_WITH.toLowerCase()) {
        return sendApiError(res, 403, ERROR_CODES.forbidden, API_MESSAGES.forbidden);
      }

      const parsed = await readJsonObject(req, res, limit);
      // The visitor went away mid-upload; there is nobody left to answer.
      if (parsed === null) return;
      if ('problem' in parsed) return reply(res, parsed.problem);
      await answer(req, res, parsed.value);
    }

    /** A form's values and files in one multipart body: read with its own bound (multipart.ts), before any JSON reader. */
    async function submitWithFiles(req: Request, res: Response, target: CompiledForm): Promise<void> {
      if (req.get(HEADERS.requestedWith)?.toLowerCase() !== REQUESTED_WITH.toLowerCase()) {
        return sendApiError(res, 403, ERROR_CODES.forbidden, API_MESSAGES.forbidden);
      }
      const read = await readMultipart(req);
      if ('status' in read) {
        // The rest of an oversized upload is not read: the connection ends with the answer.
        if (read.status === 413) res.set('Connection', 'close');
        const error = read.status === 413 ? 'PAYLOAD_TOO_LARGE' : read.status === 415 ? 'UNSUPPORTED_MEDIA_TYPE' : 'BAD_MULTIPART';
        return sendApiError(res, read.status, error, read.message);
      }
      const values = jsonPart(read.form.get(VALUES_PART));
      if (!values) return sendApiError(res, 400, 'BAD_JSON', `The part "${VALUES_PART}" must be a JSON object of form values.`);
      const evidence = await readFiles(target, await evidenceParts(read.form, target.form.files!.name), req);
      await answer(req, res, values, evidence);
    }

    async function answer(req: Request, res: Response, value: Record<string, unknown>, evidence?: EvidenceReading): Promise<void> {
      const formId = req.get(HEADERS.formId);
      const target = formId === undefined ? documentedHere : accepted.find((c) => c.form.id === formId);
      if (!target) return reply(res, formIdProblem(endpoint, formId, accepted, compiled));

      // Where the page was reached from travels beside the fields, never as one of them.
      const { body, source } = takeSource(value, ownHostsOf(siteUrl, req.get('host')));
      const received = await receive(
        endpoint,
        target,
        body,
        req,
        req.get(HEADERS.idempotencyKey),
        source,
        req.get(HEADERS.proofOfWork),
        evidence,
      );
      if (received.kind === 'invalid') return sendInvalid(res, received.fields);
      // The post's token is spent (or expired): the answer carries the next one, so the form can be sent again.
      if (formTokens && received.kind !== 'refused') res.append(SET_COOKIE, formTokens.issue());
      if (received.kind === 'expired') return sendApiError(res, 403, ERROR_CODES.formExpired, API_MESSAGES.formExpired);
      if (received.kind === 'refused') {
        if (received.challenge) return sendChallenge(res, received.challenge);
        if (received.retryAfterSeconds !== undefined) res.set('Retry-After', String(received.retryAfterSeconds));
        return sendApiError(res, received.status, received.error, received.message);
      }
      // Answered only now: a 201 means the lead is on disk (or, for the log alone, that its token was refused).
      if (received.refused) noteErrorCode(res, tokenErrorCode(received.refused));
      sendCreated(res, received.data);
    }

    return { path: endpoint.slice('/api'.length), methods: { POST: submit } };
  });

  return { endpoints, compiled, receive, readFiles };
}
