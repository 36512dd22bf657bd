/** What a form shows after a submit: the server's answer or the client's own failure. */
export interface SubmitResult {
  success: boolean;
  message: string;
  error?: string;
  data?: { id?: string; [key: string]: unknown };
  /** Field messages from a 400 answer, shown under the fields. */
  fields?: Record<string, string>;
}

export interface SubmitOptions {
  formId: string;
  formType: string;
  fetchImpl?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  /** Development only: answer from a simulated server instead of the network. */
  mock?: boolean;
  idempotencyKey?: string;
}

// Spec 000 §8-§9: 15 s per attempt, waits of 1 s then 2 s between attempts, the catalogue's words.
export const TIMEOUT_MS = 15_000;
export const RETRY_DELAYS_MS = [1_000, 2_000];
export const MESSAGES = {
  timeout: 'Request timed out. Please try again.',
  invalid: 'Invalid request. Please check your information and try again.',
  unavailable: 'Unable to submit form. Please try again later or contact support.',
  success: 'Form submitted successfully.',
  mockFailure: 'Simulated network error for testing',
} as const;

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

class RetryableFailure extends Error {}

/**
 * Posts a submission as JSON. One idempotency key per submit, reused by its retries, so a retry of
 * a request whose answer was lost can never store the lead twice. 4xx and time-outs are final;
 * network errors and 5xx are retried after 1 s and 2 s.
 */
export async function submitForm(endpoint: string, body: Record<string, unknown>, options: SubmitOptions): Promise<SubmitResult> {
  const { fetchImpl = fetch, sleep = realSleep, random = Math.random } = options;
  if (options.mock) return mockSubmit(options.formType, sleep, random);
  const idempotencyKey = options.idempotencyKey ?? crypto.randomUUID();

  for (let attempt = 0; ; attempt++) {
    try {
      return await attemptOnce(fetchImpl, endpoint, body, options.formId, idempotencyKey);
    } catch (err) {
      if (!(err instanceof RetryableFailure) || attempt >= RETRY_DELAYS_MS.length) {
        if (err instanceof TimeoutFailure) return { success: false, message: MESSAGES.timeout, error: 'TIMEOUT' };
        return { success: false, message: MESSAGES.unavailable, error: 'NETWORK' };
      }
      await sleep(RETRY_DELAYS_MS[attempt]);
    }
  }
}

class TimeoutFailure extends Error {}

async function attemptOnce(fetchImpl: typeof fetch, endpoint: string, body: unknown, formId: string, key: string): Promise<SubmitResult> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), TIMEOUT_MS);
  let response: Response;
  try {
    response = await fetchImpl(endpoint, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json',
        'X-Requested-With': 'XMLHttpRequest',
        'Idempotency-Key': key,
        'X-Form-Id': formId,
      },
      body: JSON.stringify(body),
      signal: controller.signal,
    });
  } catch (err) {
    clearTimeout(timer);
    if (controller.signal.aborted) throw new TimeoutFailure();
    throw new RetryableFailure(String(err));
  }
  clearTimeout(timer);
  const json = (await response.json().catch(() => null)) as Partial<SubmitResult> | null;
  if (response.status >= 500) throw new RetryableFailure(`HTTP ${response.status}`);
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
