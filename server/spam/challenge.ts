// The proof-of-work step for a doubtful (grey) score: ALTCHA's open-source challenge, made and
// checked here, solved by the visitor's browser with nothing for the visitor to do.

import { createHmac } from 'node:crypto';
import { createChallenge, randomInt, verifySolution, type Challenge, type Payload } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { PROOF_UNSOLVED } from '../../contracts/api-contract';
import type { QuarantineReason } from '../../contracts/inbox-contract';

/**
 * How hard the step is (docs/developers/decisions.md, "A proof-of-work step for a doubtful
 * score"): SHA-256 once per try, the answer a counter the server picked between COUNTER_MIN and
 * COUNTER_MAX, which the browser finds by counting up from 0. bench/pow-solve.ts measures it.
 */
export const POW_DIFFICULTY = { algorithm: 'SHA-256', cost: 1, counterMin: 20_000, counterMax: 80_000 } as const;
/** A challenge must be answered within this time: long enough for a slow phone, short enough that answers cannot be stockpiled. */
export const CHALLENGE_LIFETIME_MS = 10 * 60_000;

/** How a grey submission met the step. */
export type StepOutcome = 'passed' | 'failed' | 'replayed' | 'unsolved' | 'no-script';

const DETAILS: Record<StepOutcome, string> = {
  passed: 'the browser passed the proof-of-work step',
  failed: 'the proof-of-work answer was wrong, forged or too late',
  replayed: 'the proof-of-work answer had been used before',
  unsolved: 'the browser could not finish the proof-of-work step',
  'no-script': 'sent without script, so no proof-of-work step ran',
};

/** The reason kept with a grey lead: it adds no points, it says how the step went. */
export function stepReason(outcome: StepOutcome): QuarantineReason {
  return { code: 'proof-of-work', weight: 0, detail: DETAILS[outcome] };
}

export interface ChallengeStepOptions {
  /** SPAM_CHALLENGE_SCORE: a score at or above this (and below the quarantine threshold) takes the step. */
  score: number;
  /** The key challenges are signed with (ALTCHA_HMAC_KEY, see server/config.ts). */
  hmacKey: string;
}

/**
 * What the browser's answer proved. A right answer names its challenge, which the lead's own
 * transaction spends (NewLead.challenge): a challenge another submission spent holds the lead as
 * 'replayed' there, with no commit of its own.
 */
export type CheckedProof = { outcome: 'failed' | 'unsolved' } | { outcome: 'passed'; challenge: { id: string; expiresAt: Date } };

export interface ChallengeStep {
  /** Whether a score (below the quarantine threshold) is doubtful enough for the step. */
  inBand: (score: number) => boolean;
  /** A new signed challenge for the browser to solve. */
  issue: () => Promise<Challenge>;
  /** Checks what the browser sent (base64 JSON of the challenge and its solution, or PROOF_UNSOLVED). */
  check: (proof: string) => Promise<CheckedProof>;
}

function readPayload(proof: string): Payload | null {
  try {
    const value = JSON.parse(Buffer.from(proof, 'base64').toString('utf8')) as Partial<Payload> | null;
    const parameters = value?.challenge?.parameters as unknown;
    if (typeof parameters !== 'object' || parameters === null || typeof value?.challenge?.signature !== 'string') return null;
    if (typeof value.solution !== 'object' || value.solution === null) return null;
    return value as Payload;
  } catch {
    return null;
  }
}

export function createChallengeStep(options: ChallengeStepOptions): ChallengeStep {
  const { score } = options;
  // The challenge's signature only: with one SHA-256 a try, checking an answer by hashing it once costs
  // less than a second signature over the derived key would (each of altcha-lib's HMACs is a Web Crypto
  // call, some 100 µs of CPU; the hash is a few). docs/developers/decisions.md, "A proof-of-work step".
  const signing = createHmac('sha256', options.hmacKey).update('altcha challenge').digest('hex');
  const { algorithm, cost, counterMin, counterMax } = POW_DIFFICULTY;

  return {
    inBand: (s) => s >= score,
    issue: () =>
      createChallenge({
        algorithm,
        cost,
        counter: randomInt(counterMax, counterMin),
        deriveKey,
        // The wall clock, not the server's injected one: verifySolution checks expiry against Date.now().
        expiresAt: new Date(Date.now() + CHALLENGE_LIFETIME_MS),
        hmacSignatureSecret: signing,
      }),
    check: async (proof) => {
      if (proof === PROOF_UNSOLVED) return { outcome: 'unsolved' };
      const payload = readPayload(proof);
      if (!payload) return { outcome: 'failed' };
      const result = await verifySolution({
        challenge: payload.challenge,
        solution: payload.solution,
        deriveKey,
        hmacSignatureSecret: signing,
      }).catch(() => ({ verified: false }));
      if (!result.verified) return { outcome: 'failed' };
      const expiresAt = new Date((payload.challenge.parameters.expiresAt ?? 0) * 1000);
      return { outcome: 'passed', challenge: { id: payload.challenge.signature!, expiresAt } };
    },
  };
}
