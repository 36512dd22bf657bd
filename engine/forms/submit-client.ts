import { UPLOAD_TIMEOUT_MS, VALUES_PART } from '../../contracts/evidence-contract';
import { parseUrl } from '../parse-url';
import {
  API_MESSAGES,
  CAMPAIGN_PARAMS,
  ERROR_CODES,
  HEADERS,
  PROOF_OF_WORK_STATUS,
  PROOF_UNSOLVED,
  REQUESTED_WITH,
  SOURCE_KEY,
  type CreatedAnswer,
  type ErrorAnswer,
  type SourceBody,
} from '../../contracts/api-contract';

/** What a form shows after a submit: the server's answer or the client's own failure. */
export interface SubmitResult {
  success: boolean;
  message: string;
  error?: string;
  data?: { id?: string; [key: string]: unknown };
  /** Field messages from a 400 answer, shown under the fields. */
  fields?: Record<string, string>;
  /** A 428 answer's proof-of-work challenge, solved and sent back before the form shows anything. */
  challenge?: ErrorAnswer['challenge'];
}

export interface SubmitOptions {
  formId: string;
  formType: string;
  fetchImpl?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  /** Development only: answer from a simulated server instead of the network. */
  mock?: boolean;
  /** Overrides the key the form's pending submission would use. */
  idempotencyKey?: string;
  /** Where each form's key is kept between sends; one per page by default. */
  keys?: SubmissionKeys;
  newKey?: () => string;
  /** Where the form's page was reached from (pageSource), sent beside the fields. */
  source?: SourceBody;
  /**
   * The files of a form that declares them: the request then goes as multipart/form-data, the values
   * as JSON in the VALUES_PART part and each file under `field` (even with none chosen: one encoding per form).
   */
  files?: { field: string; files: readonly File[] };
  /** Solves a proof-of-work challenge into the X-Altcha header's value; the worker solver, loaded when first needed, by default. */
  solve?: (challenge: NonNullable<ErrorAnswer['challenge']>) => Promise<string>;
}

// Loaded only when a doubtful submission is asked to solve a challenge: most forms never load it.
const solveLazily = async (challenge: NonNullable<ErrorAnswer['challenge']>) => {
  try {
    const { solveProofOfWork } = await import('./proof-of-work');
    return await solveProofOfWork(challenge);
  } catch {
    // The solver's code could not be loaded: sent unsolved, and the server holds the lead for the team.
    return PROOF_UNSOLVED;
  }
};

/**
 * The form page's path with only its campaign parameters, and the host of the site that linked to
 * it (never that page's path or query): nothing else of the address or the referrer leaves the page.
 */
export function pageSource(location: Pick<Location, 'pathname' | 'search' | 'host'>, referrer: string): SourceBody {
  const params = new URLSearchParams(location.search);
  const campaign = new URLSearchParams();
  for (const name of CAMPAIGN_PARAMS) {
    const value = params.get(name);
    if (value) campaign.set(name, value);
  }
  const query = campaign.toString();
  const source: SourceBody = { page: query ? `${location.pathname}?${query}` : location.pathname };
  const host = (referrer && parseUrl(referrer)?.host) || '';
  if (host && host !== location.host) source.referrer = host;
  return source;
}

// Spec 000 §8-§9: 15 s per attempt, waits of 1 s then 2 s between attempts, the catalogue's words.
export const TIMEOUT_MS = 15_000;
export const RETRY_DELAYS_MS = [1_000, 2_000];
export const MESSAGES = {
  timeout: 'Request timed out. Please try again.',
  invalid: API_MESSAGES.invalid,
  unavailable: 'Unable to submit form. Please try again later or contact support.',
  success: API_MESSAGES.success,
  mockFailure: 'Simulated network error for testing',
} as const;

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

class RetryableFailure extends Error {}
class TimeoutFailure extends Error {}

/**
 * One idempotency key per form and payload. Sending the same answers again after a time-out or a
 * failure reuses the key, so a lead whose answer was lost is not stored twice; changing any answer
 * gets a new key, since that is a new submission. A stored lead frees the form for a new key.
 */
export class SubmissionKeys {
  private readonly pending = new Map<string, { body: string; key: string }>();

  keyFor(formId: string, body: string, newKey: () => string): string {
    const held = this.pending.get(formId);
    if (held && held.body === body) return held.key;
    const key = newKey();
    this.pending.set(formId, { body, key });
    return key;
  }

  forget(formId: string): void {
    this.pending.delete(formId);
  }
}

const pageKeys = new SubmissionKeys();

/**
 * Posts a submission as JSON. Its idempotency key comes from `keys` (see SubmissionKeys) and is
 * kept by its retries. Time-outs and 4xx are final; network errors, 5xx and 409 (the same key still
 * being saved) are retried after 1 s and 2 s. A 422 saying the key belongs to another submission
 * is sent once more with a new key: the visitor really did send something new.
 */
export async function submitForm(endpoint: string, body: Record<string, unknown>, options: SubmitOptions): Promise<SubmitResult> {
  const { fetchImpl = fetch, sleep = realSleep, random = Math.random, keys = pageKeys, newKey = () => crypto.randomUUID() } = options;
  if (options.mock) return mockSubmit(options.formType, sleep, random);
  const text = JSON.stringify(options.source ? { ...body, [SOURCE_KEY]: options.source } : body);
  // The same values with other files are another submission: the files' names and sizes are part of what is compared.
  const sent = options.files ? `${text}\n${options.files.files.map((f) => `${f.name} ${f.size}`).join('\n')}` : text;
  let idempotencyKey = options.idempotencyKey ?? keys.keyFor(options.formId, sent, newKey);
  let freshKeyTried = false;
  let proof: string | undefined;

  for (let attempt = 0; ; attempt++) {
    let result: SubmitResult;
    try {
      result = await attemptOnce(fetchImpl, endpoint, bodyOf(text, options.files), options.formId, idempotencyKey, proof);
    } catch (err) {
      if (!(err instanceof RetryableFailure) || attempt >= RETRY_DELAYS_MS.length) {
        if (err instanceof TimeoutFailure) return { success: false, message: MESSAGES.timeout, error: 'TIMEOUT' };
        return { success: false, message: MESSAGES.unavailable, error: 'NETWORK' };
      }
      await sleep(RETRY_DELAYS_MS[attempt]);
      continue;
    }
    if (result.error === ERROR_CODES.idempotencyKeyReused && !freshKeyTried) {
      freshKeyTried = true;
      keys.forget(options.formId);
      idempotencyKey = keys.keyFor(options.formId, sent, newKey);
      attempt -= 1;
      continue;
    }
    // A doubtful submission: the browser solves the challenge (the form shows it is sending meanwhile) and sends the same request with the answer.
    if (result.challenge && proof === undefined) {
      proof = await (options.solve ?? solveLazily)(result.challenge);
      attempt -= 1;
      continue;
    }
    // The server has answered for good: stored, or refused in a way the same key cannot change.
    if (result.success) keys.forget(options.formId);
    return result;
  }
}

/** The request's body: the JSON text, or (for a form with files) a multipart body of it and the files. */
function bodyOf(text: string, files: SubmitOptions['files']): string | FormData {
  if (!files) return text;
  const form = new FormData();
  form.append(VALUES_PART, text);
  for (const file of files.files) form.append(files.field, file, file.name);
  return form;
}

async function attemptOnce(
  fetchImpl: typeof fetch,
  endpoint: string,
  body: string | FormData,
  formId: string,
  key: string,
  proof: string | undefined,
): Promise<SubmitResult> {
  const controller = new AbortController();
  // Files may take minutes on a slow line (the server allows them UPLOAD_TIMEOUT_MS too).
  const timer = setTimeout(() => controller.abort(), typeof body === 'string' ? TIMEOUT_MS : UPLOAD_TIMEOUT_MS);
  let response: Response;
  try {
    response = await fetchImpl(endpoint, {
      method: 'POST',
      headers: {
        // A multipart body's type (with its boundary) is set by the browser.
        ...(typeof body === 'string' ? { 'Content-Type': 'application/json' } : {}),
        Accept: 'application/json',
        [HEADERS.requestedWith]: REQUESTED_WITH,
        [HEADERS.idempotencyKey]: key,
        [HEADERS.formId]: formId,
        ...(proof === undefined ? {} : { [HEADERS.proofOfWork]: proof }),
      },
      body,
      signal: controller.signal,
    });
  } catch (err) {
    clearTimeout(timer);
    if (controller.signal.aborted) throw new TimeoutFailure();
    throw new RetryableFailure(String(err));
  }
  clearTimeout(timer);
  // Read leniently: a proxy in between may answer with another body, or none.
  const json = (await response.json().catch(() => null)) as Partial<ErrorAnswer & Pick<CreatedAnswer, 'data'>> | null;
  if (response.status >= 500) throw new RetryableFailure(`HTTP ${response.status}`);
  if (json?.error === ERROR_CODES.idempotencyKeyInFlight) throw new RetryableFailure('HTTP 409');
  // A form left open past its token's lifetime: the answer carries a new token, so sending again works.
  if (json?.error === ERROR_CODES.formExpired) return { success: false, message: API_MESSAGES.formExpired, error: ERROR_CODES.formExpired };
  if (response.status === PROOF_OF_WORK_STATUS && json?.error === ERROR_CODES.proofOfWorkRequired && json.challenge) {
    return { success: false, message: MESSAGES.invalid, error: json.error, challenge: json.challenge };
  }
  if (response.status >= 400) {
    return { success: false, message: MESSAGES.invalid, error: json?.error ?? `HTTP_${response.status}`, fields: json?.fields };
  }
  return { success: json?.success ?? true, message: json?.message ?? MESSAGES.success, data: json?.data };
}

async function mockSubmit(formType: string, sleep: (ms: number) => Promise<void>, random: () => number): Promise<SubmitResult> {
  await sleep(1_000 + Math.floor(random() * 2_000));
  if (random() < 0.1) return { success: false, message: MESSAGES.mockFailure, error: 'MOCK_ERROR' };
  return { success: true, message: MESSAGES.success, data: { id: `mock-${Math.floor(random() * 1e9).toString(36)}`, formType } };
}
