/**
 * PostgreSQL ends a transaction it cannot order (a deadlock, 40P01; a serialization failure,
 * 40001) and expects the client to run it again; nothing of it was written.
 */
const RETRYABLE = new Set(['40P01', '40001']);

export const isAbortedTransaction = (err: unknown): boolean =>
  typeof err === 'object' && err !== null && RETRYABLE.has(String((err as { code?: unknown }).code));

/** Runs `work` (a whole transaction) again when the database aborted it, up to `tries` times in all. */
export async function retryAborted<T>(work: () => Promise<T>, tries = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (err) {
      if (attempt >= tries || !isAbortedTransaction(err)) throw err;
    }
  }
}
