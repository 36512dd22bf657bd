/**
 * The content editor's worker thread: it loads, checks and renders drafts (draft-work.ts) so the
 * server's own thread keeps answering pages, the API and /healthz while a check runs.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PathRefused } from './content-files';
import { createDraftWork, type DraftJob, type DraftWorkConfig } from './draft-work';

/** What the worker posts: ready once warm, then one answer per job by its id. */
export type WorkerMessage =
  | { ready: true }
  | { id: number; result: ReturnType<ReturnType<typeof createDraftWork>['run']> }
  | { id: number; error: string; status?: PathRefused['status'] };

const port = parentPort!;
const work = createDraftWork(workerData as DraftWorkConfig);
try {
  work.warm();
} catch {
  // A site that does not load on disk is still checked draft by draft; each check reports it.
}
port.postMessage({ ready: true } satisfies WorkerMessage);

port.on('message', ({ id, job }: { id: number; job: DraftJob }) => {
  let answer: WorkerMessage;
  try {
    answer = { id, result: work.run(job) };
  } catch (err) {
    answer =
      err instanceof PathRefused ? { id, error: err.message, status: err.status } : { id, error: (err as Error).stack ?? String(err) };
  }
  port.postMessage(answer);
});
