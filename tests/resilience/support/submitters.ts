/**
 * Visitors submitting a form over and over, each submission through the site's own client
 * (engine/forms/submit-client.ts): one Idempotency-Key per submission, kept by its retries after
 * 1 s and 2 s, 15 s per attempt. Records what every attempt sent and got, to check afterwards.
 */
import { randomUUID } from 'node:crypto';
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
}

export interface SubmitterOptions {
  concurrency: number;
  /** The server's current address; read on every attempt, so retries follow a restarted server. */
  baseUrl: () => string;
  form: Form;
}

export class Submitters {
  readonly submissions: Submission[] = [];
  /** Answers by HTTP status, over every attempt. */
  readonly statuses = new Map<number, number>();
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
        timer = setTimeout(() => reject(new Error(`only ${this.acks - (target - count)} of ${count} more submissions were acknowledged within ${timeoutMs} ms`)), timeoutMs);
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
    while (!this.stopping) {
      const n = this.submissions.length;
      const marker = `${this.runId}-${visitor}-${n}`;
      const submission: Submission = { marker, key: randomUUID(), keysSent: new Set(), attempts: 0, statuses: [], networkErrors: 0 };
      this.submissions.push(submission);
      const fetchImpl: typeof fetch = async (input, init) => {
        submission.attempts += 1;
        submission.keysSent.add(String((init?.headers as Record<string, string>)['Idempotency-Key']));
        try {
          const res = await fetch(baseUrl() + String(input), init);
          submission.statuses.push(res.status);
          this.statuses.set(res.status, (this.statuses.get(res.status) ?? 0) + 1);
          return res;
        } catch (err) {
          submission.networkErrors += 1;
          throw err;
        }
      };
      const values = {
        name: `Visitor ${visitor}`,
        email: `visitor${visitor}@example.com`,
        inquiryType: 'takedown',
        subject: `Copied photos ${marker}`,
        message: 'Our photo series was copied to an online shop without permission.',
      };
      const result = await submitForm(form.submit.endpoint, buildPayload(form, values), {
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

/** Every acknowledged submission must be stored exactly once, under its key, as the lead it was answered with. */
export function audit(acknowledged: readonly Submission[], rows: ReadonlyArray<{ id: string; idempotencyKey: string | null; payload: Record<string, unknown> }>): Audit {
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
