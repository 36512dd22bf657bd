/**
 * A small pool of worker threads for the content editor's checks, previews and save checks. Workers
 * start on first use and stay warm; a job that runs past its budget has its worker ended (and a new
 * one started for the next job), so a draft that is slow to check costs its writer, never the server.
 */
import { Worker } from 'node:worker_threads';
import { PathRefused } from './content-files';
import type { DraftJob, DraftResult, DraftWorkConfig } from './draft-work';
import type { WorkerMessage } from './editor-worker';

export interface PoolOptions {
  /** How long one job may run in a warm worker. */
  budgetMs: number;
  /** How many workers run at most. */
  size: number;
  /** How many jobs may wait for a worker; more are answered "busy" at once. */
  maxWaiting: number;
  /** How long a new worker may take to start and load the site before its first job is timed. */
  warmUpMs: number;
}

export type PoolAnswer = { done: DraftResult } | { overBudget: true } | { busy: true };

interface Waiting {
  job: DraftJob;
  settle: (answer: PoolAnswer) => void;
  fail: (err: Error) => void;
}

interface Slot {
  worker: Worker;
  ready: boolean;
  running?: { id: number; waiting: Waiting; timer?: NodeJS.Timeout };
  warmTimer?: NodeJS.Timeout;
}

/**
 * The worker's entry file: next to this module in the built server (dist/server/editor-worker.js,
 * which scripts/build-server.ts writes), or started through tsx when the server runs from source.
 */
function workerEntry(): URL {
  const here = import.meta.url;
  return here.endsWith('.ts') ? new URL('./editor-worker-source.mjs', here) : new URL('./editor-worker.js', here);
}

export function createEditorPool(config: DraftWorkConfig, options: PoolOptions) {
  const slots: Slot[] = [];
  const waiting: Waiting[] = [];
  let nextId = 1;
  let closed = false;

  const drop = (slot: Slot) => {
    const at = slots.indexOf(slot);
    if (at !== -1) slots.splice(at, 1);
    clearTimeout(slot.warmTimer);
    clearTimeout(slot.running?.timer);
    void slot.worker.terminate();
  };

  const timeRunning = (slot: Slot) => {
    const running = slot.running!;
    running.timer = setTimeout(() => {
      drop(slot);
      running.waiting.settle({ overBudget: true });
      pump();
    }, options.budgetMs);
  };

  const start = (): Slot => {
    // The worker's own modules run from the same source or build; the tsx loader is registered by its entry when needed.
    const worker = new Worker(workerEntry(), { workerData: config, execArgv: [] });
    worker.unref();
    const slot: Slot = { worker, ready: false };
    slot.warmTimer = setTimeout(() => {
      // A worker that cannot even load the site on disk in this time fails its job, as a too-slow check would.
      drop(slot);
      slot.running?.waiting.settle({ overBudget: true });
      pump();
    }, options.warmUpMs);
    worker.on('message', (message: WorkerMessage) => {
      if ('ready' in message) {
        slot.ready = true;
        clearTimeout(slot.warmTimer);
        if (slot.running) timeRunning(slot);
        return;
      }
      const running = slot.running;
      if (!running || running.id !== message.id) return;
      clearTimeout(running.timer);
      slot.running = undefined;
      if ('result' in message) running.waiting.settle({ done: message.result });
      else if (message.status) running.waiting.fail(new PathRefused(message.status, message.error));
      else running.waiting.fail(new Error(`The content editor's worker failed: ${message.error}`));
      pump();
    });
    const lost = (err: Error) => {
      if (!slots.includes(slot)) return;
      const running = slot.running;
      drop(slot);
      running?.waiting.fail(err);
      pump();
    };
    worker.on('error', lost);
    worker.on('exit', (code) => lost(new Error(`The content editor's worker stopped (exit code ${code}).`)));
    slots.push(slot);
    return slot;
  };

  function pump(): void {
    while (waiting.length && !closed) {
      const slot = slots.find((s) => !s.running) ?? (slots.length < options.size ? start() : undefined);
      if (!slot) return;
      const next = waiting.shift()!;
      const id = nextId++;
      slot.running = { id, waiting: next };
      slot.worker.postMessage({ id, job: next.job });
      if (slot.ready) timeRunning(slot);
    }
  }

  return {
    run(job: DraftJob): Promise<PoolAnswer> {
      if (closed) return Promise.reject(new Error('The content editor has stopped.'));
      if (waiting.length >= options.maxWaiting) return Promise.resolve({ busy: true });
      return new Promise<PoolAnswer>((settle, fail) => {
        waiting.push({ job, settle, fail });
        pump();
      });
    },

    /** Starts a worker when none runs, so the first check a writer waits for finds it warm. */
    warm(): void {
      if (!closed && slots.length === 0) start();
    },

    /** Ends every worker; jobs still waiting are failed. */
    async close(): Promise<void> {
      closed = true;
      for (const w of waiting.splice(0)) w.fail(new Error('The content editor has stopped.'));
      await Promise.all(
        slots.splice(0).map((slot) => {
          clearTimeout(slot.warmTimer);
          clearTimeout(slot.running?.timer);
          slot.running?.waiting.fail(new Error('The content editor has stopped.'));
          return slot.worker.terminate();
        }),
      );
    },
  };
}

export type EditorPool = ReturnType<typeof createEditorPool>;
