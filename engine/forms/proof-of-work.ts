// Solves the server's proof-of-work challenge (a doubtful submission, server/spam/challenge.ts) in
// a Web Worker: nothing for the visitor to do, the page stays responsive. Loaded only when a
// challenge arrives, so the form's own code stays small.
import { solveChallengeWorkers, type Challenge } from 'altcha-lib';
import { PROOF_UNSOLVED } from '../../contracts/api-contract';

/** Longer than any browser should need (about a second is usual); past it the lead is sent unsolved, and held for the team. */
export const SOLVE_TIMEOUT_MS = 30_000;

/** The X-Altcha header's value: ALTCHA's payload (the challenge and its solution) as base64 JSON, or PROOF_UNSOLVED. */
export async function solveProofOfWork(challenge: Challenge): Promise<string> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), SOLVE_TIMEOUT_MS);
  try {
    const solution = await solveChallengeWorkers({
      challenge,
      concurrency: 1,
      controller,
      timeout: SOLVE_TIMEOUT_MS,
      createWorker: () => new Worker(new URL('./pow-worker.ts', import.meta.url), { type: 'module' }),
    });
    // Hex strings and numbers only: plain ASCII, which btoa takes as it is.
    return solution ? btoa(JSON.stringify({ challenge, solution })) : PROOF_UNSOLVED;
  } catch {
    // No worker (a browser without them, a script blocked), or one that failed: sent unsolved, never lost.
    return PROOF_UNSOLVED;
  } finally {
    clearTimeout(timer);
  }
}
