import { performance } from 'node:perf_hooks';
import type { Channel, ClaimedJob, JobOutcome, OutboxSlice } from '../store/types';
import type { DeliveryResult } from './deliver';

export interface RetryPolicy {
  /** Wait after the first failure; doubled after each further one. */
  baseMs: number;
  maxMs: number;
  /** A job still failing this long after its lead came in is marked dead. */
  giveUpAfterMs: number;
}

/** How long a worker holds the jobs it took; a worker that died lets them go when it ends. */
export const DEFAULT_LEASE_MS = 60_000;

/** Retries for a day: 10 s, 20 s, 40 s … then every 30 min, each wait shortened by up to half at random. */
export const DEFAULT_RETRY: RetryPolicy = { baseMs: 10_000, maxMs: 30 * 60_000, giveUpAfterMs: 24 * 60 * 60_000 };

export interface WorkerOptions {
  outbox: Pick<OutboxSlice, 'claimJobs' | 'finishJobs'>;
  deliver: (job: ClaimedJob) => Promise<DeliveryResult>;
  retry?: RetryPolicy;
  /** How often the queue is looked at when nothing pokes the worker (retries, other processes' jobs). */
  pollMs?: number;
  batchSize?: number;
  /** How long a nudge waits before the run it asks for, so a burst of leads is delivered as one batch. */
  batchWindowMs?: number;
  /**
   * How busy the process has been since the last call, 0 to 1 (event-loop utilisation by default).
   * Above `busyAbove`, visitors come first: one batch of `busyBatchSize` at most every `busyWindowMs`.
   */
  load?: () => number;
  busyAbove?: number;
  busyBatchSize?: number;
  busyWindowMs?: number;
  /** Longer than any delivery can take, so a live worker never loses its job to another. */
  leaseMs?: number;
  now?: () => Date;
  random?: () => number;
  log?: (event: { job: string; channel: string; rule: string; attempt: number; outcome: string; detail: string }) => void;
  onError?: (err: unknown) => void;
}

export interface OutboxWorker {
  start(): void;
  /** Asks for a run soon: a lead with notifications was just stored. */
  poke(): void;
  /** One pass: claims due jobs, delivers them, records the outcomes. Resolves with the number handled. */
  runOnce(): Promise<number>;
  /** Stops polling and waits for the pass in progress. */
  stop(): Promise<void>;
}

/** The share of time the event loop was busy since the previous call: how hard the process works for visitors. */
function eventLoopLoad(): () => number {
  let last = performance.eventLoopUtilization();
  return () => {
    const current = performance.eventLoopUtilization();
    const since = performance.eventLoopUtilization(current, last);
    last = current;
    return since.utilization;
  };
}

/** Exponential backoff with jitter: attempt n waits base·2^(n-1), capped, times a random 0.5–1. */
export function retryDelay(attempts: number, policy: RetryPolicy, random: () => number): number {
  const full = Math.min(policy.maxMs, policy.baseMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(full * (0.5 + random() / 2));
}

/**
 * Each lane claims and delivers only its own channels, on its own schedule: a webhook receiver that
 * hangs until the timeout holds back other webhooks, never an e-mail.
 */
const LANES: ReadonlyArray<readonly Channel[]> = [['email', 'auto-reply', 'reply'], ['webhook']];

interface Lane {
  channels: readonly Channel[];
  timer: NodeJS.Timeout | null;
  running: Promise<number> | null;
  /** Another run is wanted once the current one ends. */
  again: boolean;
  nudge: NodeJS.Timeout | null;
}

export function createOutboxWorker(options: WorkerOptions): OutboxWorker {
  const {
    outbox,
    deliver,
    retry = DEFAULT_RETRY,
    pollMs = 1_000,
    batchSize = 100,
    batchWindowMs = 100,
    load = eventLoopLoad(),
    busyAbove = 0.5,
    busyBatchSize = 20,
    busyWindowMs = 1_000,
    leaseMs = DEFAULT_LEASE_MS,
    now = () => new Date(),
    random = Math.random,
    log = () => {},
    onError = (err) => console.error('Outbox worker:', err),
  } = options;
  const lanes: Lane[] = LANES.map((channels) => ({ channels, timer: null, running: null, again: false, nudge: null }));
  let stopped = true;

  function outcomeOf(job: ClaimedJob, result: DeliveryResult): JobOutcome {
    if (result.ok) return { id: job.id, status: 'done' };
    if (result.permanent) return { id: job.id, status: 'dead', error: result.error };
    const at = new Date(now().getTime() + retryDelay(job.attempts, retry, random));
    if (at.getTime() - Date.parse(job.createdAt) > retry.giveUpAfterMs) {
      return { id: job.id, status: 'dead', error: `gave up after ${Math.round(retry.giveUpAfterMs / 3_600_000)} h: ${result.error}` };
    }
    return { id: job.id, status: 'retry', at, error: result.error };
  }

  let busy = false;

  async function pass(lane: Lane): Promise<number> {
    let handled = 0;
    // Keeps going while full batches come back, so a backlog drains without waiting for the poll;
    // while the process is busy answering visitors, one small batch per run.
    for (;;) {
      busy = load() > busyAbove;
      const limit = busy ? busyBatchSize : batchSize;
      const jobs = await outbox.claimJobs({ limit, leaseMs, channels: lane.channels });
      if (jobs.length === 0) return handled;
      const results = await Promise.all(
        jobs.map((job) => deliver(job).catch((err: unknown): DeliveryResult => ({ ok: false, error: String(err) }))),
      );
      const outcomes = jobs.map((job, i) => outcomeOf(job, results[i]!));
      await outbox.finishJobs(outcomes);
      outcomes.forEach((o, i) => {
        const job = jobs[i]!;
        const r = results[i]!;
        log({
          job: job.id,
          channel: job.channel,
          rule: job.rule,
          attempt: job.attempts,
          outcome: o.status,
          detail: r.ok ? r.detail : r.error,
        });
      });
      handled += jobs.length;
      if (jobs.length < limit) return handled;
      if (busy) {
        lane.again = true;
        return handled;
      }
    }
  }

  function runLane(lane: Lane): Promise<number> {
    if (lane.running) {
      lane.again = true;
      return lane.running;
    }
    const run = pass(lane)
      .catch((err: unknown) => {
        onError(err);
        return 0;
      })
      .finally(() => {
        lane.running = null;
        if (lane.again && !stopped) {
          lane.again = false;
          pokeLane(lane);
        }
      });
    lane.running = run;
    return run;
  }

  async function runOnce(): Promise<number> {
    const handled = await Promise.all(lanes.map(runLane));
    return handled.reduce((a, b) => a + b, 0);
  }

  /**
   * A run soon, not now: leads that arrive in a burst are claimed, sent and recorded together, so
   * the worker's two store transactions per batch stay few while visitors are being answered.
   */
  function pokeLane(lane: Lane): void {
    if (stopped || lane.nudge) return;
    if (lane.running) {
      lane.again = true;
      return;
    }
    lane.nudge = setTimeout(
      () => {
        lane.nudge = null;
        void runLane(lane);
      },
      busy ? busyWindowMs : batchWindowMs,
    );
    lane.nudge.unref();
  }

  function schedule(lane: Lane): void {
    if (stopped) return;
    lane.timer = setTimeout(() => {
      void runLane(lane).finally(() => schedule(lane));
    }, pollMs);
    lane.timer.unref();
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      for (const lane of lanes) {
        void runLane(lane);
        schedule(lane);
      }
    },
    poke() {
      for (const lane of lanes) pokeLane(lane);
    },
    runOnce,
    async stop() {
      stopped = true;
      for (const lane of lanes) {
        if (lane.timer) clearTimeout(lane.timer);
        if (lane.nudge) clearTimeout(lane.nudge);
        lane.nudge = null;
      }
      await Promise.all(lanes.map((lane) => lane.running));
    },
  };
}
