/**
 * Visitors submitting a form over and over, each submission through the site's own client
 * (engine/forms/submit-client.ts): one Idempotency-Key per submission, kept by its retries after
 * 1 s and 2 s, 15 s per attempt. Records what every attempt sent and got, to check afterwards.
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { HEADERS, REQUESTED_WITH } from '../../../contracts/api-contract';
import type { Form } from '../../../engine/content/model';
import { buildPayload } from '../../../engine/forms/payload';
import { submitForm, type SubmitResult } from '../../../engine/forms/submit-client';

export interface Submission {
  /** Unique text in the payload's subject, to find the stored lead without trusting the key. */
  marker: string;
  key: string;
  /** Every Idempotency-Key the attempts carried; exactly [key] when the client behaves. */
  keysSent: Set<string>;
  attempts: number;
  statuses: number[];
  networkErrors: number;
  result?: SubmitResult;
  /** The lead id of a 2xx answer: the submission is acknowledged. */
  ackId?: string;
  /** Set on the two halves of a key-reuse pair: two different submissions sent at once under one key. */
  pair?: string;
}

export interface SubmitterOptions {
  concurrency: number;
  /** The server's current address; read on every attempt, so retries follow a restarted server. */
  baseUrl: () => string;
  form: Form;
  /** Every Nth submission of a visitor is a key-reuse pair instead (sent raw, as a careless integration would). */
  keyReusePairEvery?: number;
  /** Extra headers for one submission, kept by its retries (e.g. its own X-Forwarded-For address behind a proxy). */
  headersFor?: () => Record<string, string>;
}

export class Submitters {
  readonly submissions: Submission[] = [];
  /** Answers by HTTP status, over every attempt of the site's own client. */
  readonly statuses = new Map<number, number>();
  /** Answers by HTTP status to the key-reuse pairs' requests. */
  readonly pairStatuses = new Map<number, number>();
  private readonly runId = randomUUID().slice(0, 8);
  private stopping = false;
  private loops: Promise<void>[] = [];
  private acks = 0;
  private waiters: Array<{ count: number; resolve(): void }> = [];

  constructor(private readonly options: SubmitterOptions) {}

  get acknowledgedCount(): number {
    return this.acks;
  }

  /** The acknowledged submissions so far. */
  acknowledged(): Submission[] {
    return this.submissions.filter((s) => s.ackId !== undefined);
  }

  start(): void {
    for (let i = 0; i < this.options.concurrency; i++) this.loops.push(this.loop(i));
  }

  /** Lets every submission in flight finish (retries included), then resolves. */
  async stop(): Promise<void> {
    this.stopping = true;
    await Promise.all(this.loops);
  }

  /** Resolves once `count` more submissions have been acknowledged; fails if that takes longer than timeoutMs. */
  async waitForMoreAcks(count: number, timeoutMs: number): Promise<void> {
    const target = this.acks + count;
    if (this.acks >= target) return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      new Promise<void>((resolve) => this.waiters.push({ count: target, resolve })),
      new Promise<never>((_, reject) => {
        timer = setTimeout(
          () =>
            reject(new Error(`only ${this.acks - (target - count)} of ${count} more submissions were acknowledged within ${timeoutMs} ms`)),
          timeoutMs,
        );
      }),
    ]).finally(() => clearTimeout(timer));
  }

  private acknowledge(): void {
    this.acks += 1;
    this.waiters = this.waiters.filter((w) => {
      if (this.acks < w.count) return true;
      w.resolve();
      return false;
    });
  }

  private async loop(visitor: number): Promise<void> {
    const { form, baseUrl } = this.options;
    for (let round = 1; !this.stopping; round++) {
      if (this.options.keyReusePairEvery && round % this.options.keyReusePairEvery === 0) {
        await this.sendKeyReusePair(visitor);
        continue;
      }
      const n = this.submissions.length;
      const marker = `${this.runId}-${visitor}-${n}`;
      const submission: Submission = { marker, key: randomUUID(), keysSent: new Set(), attempts: 0, statuses: [], networkErrors: 0 };
      this.submissions.push(submission);
      const extraHeaders = this.options.headersFor?.() ?? {};
      const fetchImpl: typeof fetch = async (input, init) => {
        submission.attempts += 1;
        submission.keysSent.add(String((init?.headers as Record<string, string>)['Idempotency-Key']));
        try {
          const res = await fetch(baseUrl() + String(input), {
            ...init,
            headers: { ...(init?.headers as Record<string, string>), ...extraHeaders },
          });
          submission.statuses.push(res.status);
          this.statuses.set(res.status, (this.statuses.get(res.status) ?? 0) + 1);
          return res;
        } catch (err) {
          submission.networkErrors += 1;
          throw err;
        }
      };
      const result = await submitForm(form.submit.endpoint, this.payload(visitor, marker), {
        formId: form.id,
        formType: form.submit.formType,
        idempotencyKey: submission.key,
        fetchImpl,
      });
      submission.result = result;
      const id = result.data?.id;
      if (result.success && typeof id === 'string' && submission.statuses.at(-1)! >= 200 && submission.statuses.at(-1)! < 300) {
        submission.ackId = id;
        this.acknowledge();
      }
    }
  }

  private payload(visitor: number, marker: string): Record<string, unknown> {
    const values = {
      name: `Visitor ${visitor}`,
      email: `visitor${visitor}@example.com`,
      inquiryType: 'takedown',
      subject: `Copied photos ${marker}`,
      message: 'Our photo series was copied to an online shop without permission.',
    };
    return buildPayload(this.options.form, values);
  }

  /** Two different submissions under one key, at once; each retried with that key as the site's client would. */
  private async sendKeyReusePair(visitor: number): Promise<void> {
    const key = randomUUID();
    const halves = ['a', 'b'].map((half): Submission => {
      const marker = `${this.runId}-${visitor}-${this.submissions.length}${half}`;
      const submission: Submission = { marker, key, keysSent: new Set([key]), attempts: 0, statuses: [], networkErrors: 0, pair: key };
      this.submissions.push(submission);
      return submission;
    });
    await Promise.all(halves.map((s) => this.sendRaw(s, this.payload(visitor, s.marker))));
  }

  private async sendRaw(submission: Submission, payload: Record<string, unknown>): Promise<void> {
    const { form, baseUrl } = this.options;
    const delays = [1_000, 2_000];
    for (let attempt = 0; attempt <= delays.length; attempt++) {
      if (attempt > 0) await sleep(delays[attempt - 1]);
      submission.attempts += 1;
      let res: Response;
      try {
        res = await fetch(baseUrl() + form.submit.endpoint, {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            [HEADERS.requestedWith]: REQUESTED_WITH,
            [HEADERS.formId]: form.id,
            [HEADERS.idempotencyKey]: submission.key,
          },
          body: JSON.stringify(payload),
          signal: AbortSignal.timeout(15_000),
        });
      } catch {
        submission.networkErrors += 1;
        continue;
      }
      submission.statuses.push(res.status);
      this.pairStatuses.set(res.status, (this.pairStatuses.get(res.status) ?? 0) + 1);
      const body = (await res.json().catch(() => null)) as { data?: { id?: string } } | null;
      if (res.status === 201 && typeof body?.data?.id === 'string') {
        submission.ackId = body.data.id;
        this.acknowledge();
        return;
      }
      if (res.status !== 409 && res.status < 500) return;
    }
  }
}

export interface Audit {
  acknowledged: number;
  /** Acknowledged, but no lead with its marker is stored. */
  lost: string[];
  /** Stored more than once (any submission, acknowledged or not). */
  duplicated: string[];
  /** Acknowledged with a lead id other than the one stored, or stored under another key. */
  mismatched: string[];
  stored: number;
}

/** What became of the key-reuse pairs: at most one half of each is stored, and only a half that was answered 201 or not at all. */
export interface PairAudit {
  pairs: number;
  /** Halves answered 422 IDEMPOTENCY_KEY_REUSED on their last attempt. */
  refused: number;
  /** Pairs with both halves stored. */
  bothStored: string[];
  /** Halves stored although their last answer said nothing was stored. */
  refusedButStored: string[];
}

export function auditPairs(submissions: readonly Submission[], rows: ReadonlyArray<{ payload: Record<string, unknown> }>): PairAudit {
  const storedMarkers = new Set(rows.map((row) => /^Copied photos (\S+)$/.exec(String(row.payload.subject ?? ''))?.[1]));
  const halves = submissions.filter((s) => s.pair !== undefined);
  const refusedHalves = halves.filter((s) => s.statuses.at(-1) === 422);
  const byPair = new Map<string, Submission[]>();
  for (const s of halves) byPair.set(s.pair!, [...(byPair.get(s.pair!) ?? []), s]);
  return {
    pairs: byPair.size,
    refused: refusedHalves.length,
    bothStored: [...byPair].filter(([, two]) => two.every((s) => storedMarkers.has(s.marker))).map(([key]) => key),
    refusedButStored: refusedHalves.filter((s) => storedMarkers.has(s.marker)).map((s) => s.marker),
  };
}

/** Every acknowledged submission must be stored exactly once, under its key, as the lead it was answered with. */
export function audit(
  acknowledged: readonly Submission[],
  rows: ReadonlyArray<{ id: string; idempotencyKey: string | null; payload: Record<string, unknown> }>,
): Audit {
  const byMarker = new Map<string, Array<{ id: string; idempotencyKey: string | null }>>();
  for (const row of rows) {
    const marker = /^Copied photos (\S+)$/.exec(String(row.payload.subject ?? ''))?.[1];
    if (!marker) continue;
    const list = byMarker.get(marker) ?? [];
    list.push(row);
    byMarker.set(marker, list);
  }
  const lost: string[] = [];
  const mismatched: string[] = [];
  for (const s of acknowledged) {
    const found = byMarker.get(s.marker);
    if (!found?.length) lost.push(s.marker);
    else if (found[0]!.id !== s.ackId || found[0]!.idempotencyKey !== s.key) mismatched.push(s.marker);
  }
  const duplicated = [...byMarker].filter(([, list]) => list.length > 1).map(([marker]) => marker);
  return { acknowledged: acknowledged.length, lost, duplicated, mismatched, stored: rows.length };
}

/** One submission of `values` to the server at `baseUrl`, as the form's script posts it; resolves with the stored lead's id (201), throws otherwise. */
export async function submitOnce(baseUrl: string, form: Form, values: Record<string, unknown>): Promise<string> {
  const res = await fetch(`${baseUrl}${form.submit.endpoint}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest', 'X-Form-Id': form.id },
    body: JSON.stringify(buildPayload(form, values)),
  });
  if (res.status !== 201) throw new Error(`${form.submit.endpoint} answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { data: { id: string } }).data.id;
}

let visitors = 0;

/** A new visitor's request (their own name and address, plus `values`) submitted once; resolves with the lead's id. */
export function submitVisitor(baseUrl: string, form: Form, values: Record<string, unknown> = {}): Promise<string> {
  const n = ++visitors;
  return submitOnce(baseUrl, form, {
    name: `Visitor ${n}`,
    email: `visitor${n}.${Date.now().toString(36)}@example.org`,
    inquiryType: 'takedown',
    subject: `Copied photos ${n}`,
    message: 'Our photo series was copied to an online shop without permission.',
    ...values,
  });
}
