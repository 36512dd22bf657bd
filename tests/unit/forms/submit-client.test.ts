import { afterEach, describe, expect, it, vi } from 'vitest';
import { API_MESSAGES, ERROR_CODES } from '../../../contracts/api-contract';
import { MESSAGES, RETRY_DELAYS_MS, SubmissionKeys, submitForm, TIMEOUT_MS } from '../../../engine/forms/submit-client';
import { chosenFilesProblem, MAX_EVIDENCE_BYTES, MAX_EVIDENCE_FILES, VALUES_PART } from '../../../contracts/evidence-contract';

type Call = { url: string; init: RequestInit };

/** A fetch that answers each call from the list in turn and records what it was asked. */
function scripted(answers: (() => Promise<Response>)[]) {
  const calls: Call[] = [];
  const fetchImpl = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), init: init ?? {} });
    lastSignal = init?.signal ?? undefined;
    const next = answers[calls.length - 1];
    if (!next) throw new Error(`unexpected call ${calls.length}`);
    return next();
  }) as unknown as typeof fetch;
  return { fetchImpl, calls };
}

const json = (status: number, body: unknown) => () =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));
const networkDown = () => Promise.reject(new TypeError('Failed to fetch'));
/** Never answers; rejects as fetch does once the client's timer aborts it. */
let lastSignal: AbortSignal | undefined;
const hangUntilAborted = () =>
  new Promise<Response>((_resolve, reject) =>
    lastSignal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
  );
const noSleep = vi.fn(async (_ms: number) => undefined);
const options = { formId: 'contact-us', formType: 'contact', sleep: noSleep };

afterEach(() => {
  vi.useRealTimers();
  noSleep.mockClear();
});

describe('submitForm', () => {
  it('an expired form token is final and told in its own sentence; the same answers sent again keep their key', async () => {
    const keys = new SubmissionKeys();
    const expired = json(403, { success: false, error: ERROR_CODES.formExpired, message: API_MESSAGES.formExpired });
    const { fetchImpl, calls } = scripted([expired, json(201, { success: true, message: 'ok', data: { id: 'a2' } })]);
    const send = () => submitForm('/api/contact', { name: 'Dana' }, { ...options, fetchImpl, keys, newKey: () => `k${calls.length}` });
    expect(await send()).toEqual({ success: false, message: API_MESSAGES.formExpired, error: ERROR_CODES.formExpired });
    expect(calls).toHaveLength(1);
    expect((await send()).success).toBe(true);
    expect(calls.map((c) => (c.init.headers as Record<string, string>)['Idempotency-Key'])).toEqual(['k0', 'k0']);
  });

  it('posts JSON with the content, accept, ajax, form and idempotency headers and returns the server answer', async () => {
    const { fetchImpl, calls } = scripted([json(201, { success: true, message: 'Form submitted successfully.', data: { id: 'a1' } })]);
    const result = await submitForm('/api/contact', { name: 'Dana' }, { ...options, fetchImpl, idempotencyKey: 'key-1' });
    expect(result).toEqual({ success: true, message: 'Form submitted successfully.', data: { id: 'a1' } });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe('/api/contact');
    expect(calls[0]!.init.method).toBe('POST');
    expect(calls[0]!.init.body).toBe('{"name":"Dana"}');
    expect(calls[0]!.init.headers).toEqual({
      'Content-Type': 'application/json',
      Accept: 'application/json',
      'X-Requested-With': 'XMLHttpRequest',
      'Idempotency-Key': 'key-1',
      'X-Form-Id': 'contact-us',
    });
  });

  it('falls back to the default success message when the answer has none', async () => {
    const { fetchImpl } = scripted([() => Promise.resolve(new Response(null, { status: 204 }))]);
    expect(await submitForm('/api/contact', {}, { ...options, fetchImpl })).toMatchObject({ success: true, message: MESSAGES.success });
  });

  it('does not retry a 4xx and says the request was invalid, passing on field messages', async () => {
    const { fetchImpl, calls } = scripted([json(400, { error: 'VALIDATION', fields: { email: 'Please enter a valid email address' } })]);
    const result = await submitForm('/api/contact', {}, { ...options, fetchImpl });
    expect(calls).toHaveLength(1);
    expect(result).toEqual({
      success: false,
      message: 'Invalid request. Please check your information and try again.',
      error: 'VALIDATION',
      fields: { email: 'Please enter a valid email address' },
    });
  });

  it('retries network errors and 5xx after 1 s then 2 s, with the same idempotency key', async () => {
    const { fetchImpl, calls } = scripted([networkDown, json(503, { error: 'UNAVAILABLE' }), json(201, { success: true, message: 'ok' })]);
    const result = await submitForm('/api/contact', {}, { ...options, fetchImpl });
    expect(result.success).toBe(true);
    expect(calls).toHaveLength(3);
    expect(noSleep.mock.calls.map(([ms]) => ms)).toEqual([1_000, 2_000]);
    const keys = calls.map((c) => (c.init.headers as Record<string, string>)['Idempotency-Key']);
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("gives up after three attempts with the spec's message", async () => {
    const { fetchImpl, calls } = scripted([json(500, {}), json(502, {}), networkDown]);
    const result = await submitForm('/api/contact', {}, { ...options, fetchImpl });
    expect(calls).toHaveLength(3);
    expect(result).toEqual({
      success: false,
      message: 'Unable to submit form. Please try again later or contact support.',
      error: 'NETWORK',
    });
    expect(RETRY_DELAYS_MS).toEqual([1_000, 2_000]);
  });

  it('aborts an attempt after 15 s and reports a time-out without retrying', async () => {
    vi.useFakeTimers();
    let signal: AbortSignal | undefined;
    const fetchImpl = vi.fn((_url: string, init?: RequestInit) => {
      signal = init?.signal ?? undefined;
      return new Promise<Response>((_resolve, reject) =>
        signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
      );
    }) as unknown as typeof fetch;
    const pending = submitForm('/api/contact', {}, { ...options, fetchImpl });
    await vi.advanceTimersByTimeAsync(TIMEOUT_MS - 1);
    expect(signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const result = await pending;
    expect(TIMEOUT_MS).toBe(15_000);
    expect(result).toEqual({ success: false, message: 'Request timed out. Please try again.', error: 'TIMEOUT' });
    expect(fetchImpl).toHaveBeenCalledTimes(1);
  });

  it('in mock mode waits 1-3 s, never calls the network, and fails about one time in ten', async () => {
    const fetchImpl = vi.fn() as unknown as typeof fetch;
    const waits: number[] = [];
    const sleep = async (ms: number) => void waits.push(ms);
    const ok = await submitForm('/api/contact', {}, { ...options, fetchImpl, mock: true, sleep, random: () => 0.5 });
    expect(ok).toMatchObject({ success: true, message: 'Form submitted successfully.', data: { formType: 'contact' } });
    expect(String(ok.data?.id)).toMatch(/^mock-/);
    const failed = await submitForm('/api/contact', {}, { ...options, fetchImpl, mock: true, sleep, random: () => 0.05 });
    expect(failed).toEqual({ success: false, message: 'Simulated network error for testing', error: 'MOCK_ERROR' });
    expect(fetchImpl).not.toHaveBeenCalled();
    expect(waits.every((ms) => ms >= 1_000 && ms <= 3_000)).toBe(true);
  });
});

describe('idempotency keys across sends', () => {
  const keyOf = (c: Call) => (c.init.headers as Record<string, string>)['Idempotency-Key'];
  const counter = () => {
    let n = 0;
    return () => `key-${++n}`;
  };

  it.each([
    ['a time-out', 'TIMEOUT'],
    ['three network errors', 'NETWORK'],
  ])('after %s, sending the same answers again reuses the key; changed answers get a new one', async (label, error) => {
    const keys = new SubmissionKeys();
    const newKey = counter();
    const failing = label === 'a time-out' ? [hangUntilAborted] : [networkDown, networkDown, networkDown];
    const { fetchImpl, calls } = scripted(failing);
    if (label === 'a time-out') vi.useFakeTimers();
    const pending = submitForm('/api/contact', { name: 'Dana' }, { ...options, fetchImpl, keys, newKey });
    if (label === 'a time-out') await vi.advanceTimersByTimeAsync(TIMEOUT_MS);
    expect(await pending).toMatchObject({ success: false, error });
    expect(calls).toHaveLength(failing.length);

    const again = scripted([json(201, { success: true, data: { id: 'a' } })]);
    await submitForm('/api/contact', { name: 'Dana' }, { ...options, fetchImpl: again.fetchImpl, keys, newKey });
    expect([...calls, ...again.calls].map(keyOf)).toEqual(Array(failing.length + 1).fill('key-1'));

    const edited = scripted([json(201, { success: true, data: { id: 'b' } })]);
    await submitForm('/api/contact', { name: 'Dana Whitfield' }, { ...options, fetchImpl: edited.fetchImpl, keys, newKey });
    expect(edited.calls.map(keyOf)).toEqual(['key-2']);
  });

  it('a stored submission frees the key: the same answers sent again later are a new submission', async () => {
    const keys = new SubmissionKeys();
    const newKey = counter();
    const { fetchImpl, calls } = scripted([
      json(201, { success: true, data: { id: 'a' } }),
      json(201, { success: true, data: { id: 'b' } }),
    ]);
    await submitForm('/api/contact', { name: 'Dana' }, { ...options, fetchImpl, keys, newKey });
    await submitForm('/api/contact', { name: 'Dana' }, { ...options, fetchImpl, keys, newKey });
    expect(calls.map(keyOf)).toEqual(['key-1', 'key-2']);
  });

  it('each form keeps its own key', async () => {
    const keys = new SubmissionKeys();
    const newKey = counter();
    const { fetchImpl, calls } = scripted([networkDown, networkDown, networkDown, networkDown, networkDown, networkDown]);
    await submitForm('/api/contact', { name: 'Dana' }, { ...options, fetchImpl, keys, newKey });
    await submitForm('/api/contact', { name: 'Dana' }, { ...options, formId: 'contact', fetchImpl, keys, newKey });
    expect(calls.map(keyOf)).toEqual(['key-1', 'key-1', 'key-1', 'key-2', 'key-2', 'key-2']);
  });

  it('a 422 IDEMPOTENCY_KEY_REUSED is sent once more with a new key, never shown as an invalid request', async () => {
    const keys = new SubmissionKeys();
    const newKey = counter();
    const reused = json(422, { success: false, error: 'IDEMPOTENCY_KEY_REUSED', message: 'used' });
    const { fetchImpl, calls } = scripted([
      reused,
      json(201, { success: true, message: 'Form submitted successfully.', data: { id: 'a' } }),
    ]);
    const result = await submitForm('/api/contact', { name: 'Dana' }, { ...options, fetchImpl, keys, newKey });
    expect(result).toEqual({ success: true, message: 'Form submitted successfully.', data: { id: 'a' } });
    expect(calls.map(keyOf)).toEqual(['key-1', 'key-2']);
    expect(noSleep).not.toHaveBeenCalled();
  });

  it('a second 422 IDEMPOTENCY_KEY_REUSED in a row is not retried again', async () => {
    const reused = json(422, { success: false, error: 'IDEMPOTENCY_KEY_REUSED', message: 'used' });
    const { fetchImpl, calls } = scripted([reused, reused]);
    const result = await submitForm('/api/contact', {}, { ...options, fetchImpl, keys: new SubmissionKeys(), newKey: counter() });
    expect(calls).toHaveLength(2);
    expect(result).toMatchObject({ success: false, error: 'IDEMPOTENCY_KEY_REUSED' });
  });

  it('a 409 IDEMPOTENCY_KEY_IN_FLIGHT is retried after 1 s with the same key', async () => {
    const inFlight = json(409, { success: false, error: 'IDEMPOTENCY_KEY_IN_FLIGHT', message: 'saving' });
    const { fetchImpl, calls } = scripted([inFlight, json(201, { success: true, data: { id: 'a' } })]);
    const result = await submitForm('/api/contact', {}, { ...options, fetchImpl, keys: new SubmissionKeys(), newKey: counter() });
    expect(result.success).toBe(true);
    expect(calls.map(keyOf)).toEqual(['key-1', 'key-1']);
    expect(noSleep.mock.calls.map(([ms]) => ms)).toEqual([1_000]);
  });

  it('solves a proof-of-work challenge and sends the same request again, same key, with the answer in its header', async () => {
    const challenge = {
      parameters: { algorithm: 'SHA-256', nonce: 'aa', salt: 'bb', cost: 1, keyLength: 32, keyPrefix: 'cc' },
      signature: 'dd',
    };
    const { fetchImpl, calls } = scripted([
      json(428, { success: false, error: 'PROOF_OF_WORK_REQUIRED', message: 'solve it', challenge }),
      json(201, { success: true, message: 'Form submitted successfully.', data: { id: 'a1' } }),
    ]);
    const solve = vi.fn(async () => 'c29sdmVk');
    const result = await submitForm('/api/contact', { name: 'Dana' }, { ...options, fetchImpl, idempotencyKey: 'key-9', solve });
    expect(result).toMatchObject({ success: true, data: { id: 'a1' } });
    expect(solve).toHaveBeenCalledWith(challenge);
    expect(calls).toHaveLength(2);
    const [first, second] = calls.map((c) => c.init.headers as Record<string, string>);
    expect(first!['X-Altcha']).toBeUndefined();
    expect(second!['X-Altcha']).toBe('c29sdmVk');
    expect(second!['Idempotency-Key']).toBe(first!['Idempotency-Key']);
    expect(calls[1]!.init.body).toBe(calls[0]!.init.body);
    expect(noSleep).not.toHaveBeenCalled();
  });

  it('sends the unsolved marker when solving fails, and the visitor is thanked as the server answers', async () => {
    const challenge = {
      parameters: { algorithm: 'SHA-256', nonce: 'aa', salt: 'bb', cost: 1, keyLength: 32, keyPrefix: 'cc' },
      signature: 'dd',
    };
    const { fetchImpl, calls } = scripted([
      json(428, { success: false, error: 'PROOF_OF_WORK_REQUIRED', message: 'solve it', challenge }),
      json(201, { success: true, message: 'Form submitted successfully.', data: { id: 'a2' } }),
    ]);
    const result = await submitForm('/api/contact', {}, { ...options, fetchImpl, solve: async () => 'unsolved' });
    expect(result.success).toBe(true);
    expect((calls[1]!.init.headers as Record<string, string>)['X-Altcha']).toBe('unsolved');
  });
});

describe('submitForm with files', () => {
  it('sends multipart: the JSON body in the values part, each file under its field, no Content-Type of its own; other files make another key', async () => {
    const keys = new SubmissionKeys();
    const refused = json(400, { success: false, error: ERROR_CODES.validation, message: 'no', fields: { evidence: 'x' } });
    const ok = json(201, { success: true, message: 'ok', data: { id: 'n1' } });
    const { fetchImpl, calls } = scripted([refused, refused, ok]);
    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'a.png');
    const pdf = new File([new TextEncoder().encode('%PDF-1.7')], 'b.pdf');
    let n = 0;
    const send = (files: File[]) =>
      submitForm(
        '/api/takedown-request',
        { fullName: 'Dana' },
        { ...options, formId: 'takedown-notice', fetchImpl, keys, newKey: () => `k${n++}`, files: { field: 'evidence', files } },
      );
    expect((await send([png, pdf])).success).toBe(false);
    const body = calls[0]!.init.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect(JSON.parse(body.get(VALUES_PART) as string)).toEqual({ fullName: 'Dana' });
    expect((body.getAll('evidence') as File[]).map((f) => f.name)).toEqual(['a.png', 'b.pdf']);
    const headers = calls[0]!.init.headers as Record<string, string>;
    expect(headers['Content-Type']).toBeUndefined();
    expect(headers['X-Form-Id']).toBe('takedown-notice');
    // The same values and files again keep their key; the same values with other files are another submission.
    await send([png, pdf]);
    expect((await send([png])).success).toBe(true);
    expect(calls.map((c) => (c.init.headers as Record<string, string>)['Idempotency-Key'])).toEqual(['k0', 'k0', 'k1']);
  });
});

describe('chosenFilesProblem', () => {
  it('refuses more than the most files, a file over the size limit or an empty one, and names the files', () => {
    const f = (name: string, size: number) => ({ name, size });
    expect(chosenFilesProblem([f('a.png', 10), f('b.pdf', MAX_EVIDENCE_BYTES)])).toBeNull();
    expect(chosenFilesProblem(Array.from({ length: MAX_EVIDENCE_FILES + 1 }, (_, i) => f(`${i}.png`, 1)))).toContain(
      String(MAX_EVIDENCE_FILES),
    );
    expect(chosenFilesProblem([f('ok.png', 1), f('big.png', MAX_EVIDENCE_BYTES + 1)])).toMatch(/big\.png/);
    expect(chosenFilesProblem([f('ok.png', 1), f('big.png', MAX_EVIDENCE_BYTES + 1)])).not.toMatch(/ok\.png/);
    expect(chosenFilesProblem([f('blank.pdf', 0)])).toMatch(/blank\.pdf/);
  });
});
