// The proof-of-work step for a doubtful (grey) score: ALTCHA's open-source challenge, made and
// checked here, solved by the visitor's browser with nothing for the visitor to do.

import { createHmac, timingSafeEqual } from 'node:crypto';
import canonicalize from 'canonicalize';
import { createChallenge, randomInt, type Challenge, type Payload } from 'altcha-lib';
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

/**
 * The key a step's challenges are signed with, from ALTCHA_HMAC_KEY. The challenge's signature only:
 * with one SHA-256 a try, checking an answer by hashing it once costs less than a second signature
 * over the derived key would. docs/developers/decisions.md, "A proof-of-work step".
 */
export function challengeSigningKey(hmacKey: string): string {
  return createHmac('sha256', hmacKey).update('altcha challenge').digest('hex');
}

const HEX = /^(?:[0-9a-f]{2})+$/;
const MAX_COUNTER = 0xffffffff;

/**
 * Signs and checks challenges as altcha-lib's createChallenge and verifySolution do (v2, SHA-256
 * HMAC over the canonical JSON of the parameters, counter as 4 bytes big-endian after the nonce),
 * with Node's HMAC: altcha-lib makes each HMAC through Web Crypto, a key import and a sign on the
 * thread pool, some 150 to 500 µs of CPU against Node's 5 to 15 (measured in the decision record
 * "What the spam layers cost the server"). altcha-lib still makes each challenge (nonce, salt, the
 * derived key's prefix) and derives keys, and the browser solves with it; the tests check that its
 * verifySolution takes these challenges and that this check takes its own.
 */
export function createChallengeStep(options: ChallengeStepOptions): ChallengeStep {
  const { score } = options;
  const signing = challengeSigningKey(options.hmacKey);
  const sign = (parameters: Challenge['parameters']) =>
    createHmac('sha256', signing)
      // ALTCHA's canonical JSON (keys sorted, undefined left out) is RFC 8785's for these flat parameters.
      .update(canonicalize(parameters)!)
      .digest();
  const { algorithm, cost, counterMin, counterMax } = POW_DIFFICULTY;

  async function checked({ challenge, solution }: Payload): Promise<CheckedProof> {
    const { parameters } = challenge;
    // Every challenge this step makes expires: one without a time is not one of them. The wall clock, as the expiry was set.
    if (typeof parameters.expiresAt !== 'number' || parameters.expiresAt < Date.now() / 1000) return { outcome: 'failed' };
    const signature = Buffer.from(HEX.test(challenge.signature!) ? challenge.signature! : '', 'hex');
    const expected = sign(parameters);
    if (signature.length !== expected.length || !timingSafeEqual(signature, expected)) return { outcome: 'failed' };
    const { counter, derivedKey: answer } = solution;
    if (!Number.isInteger(counter) || counter < 0 || counter > MAX_COUNTER || typeof answer !== 'string' || !HEX.test(answer))
      return { outcome: 'failed' };
    const nonce = Buffer.from(parameters.nonce, 'hex');
    const password = Buffer.alloc(nonce.length + 4);
    nonce.copy(password);
    password.writeUInt32BE(counter, nonce.length);
    const { derivedKey } = await deriveKey(parameters, Buffer.from(parameters.salt, 'hex'), password);
    const key = Buffer.from(derivedKey).toString('hex');
    const prefix = parameters.keyPrefix.toLowerCase();
    if (key !== answer || !prefix || !key.startsWith(prefix)) return { outcome: 'failed' };
    return { outcome: 'passed', challenge: { id: challenge.signature!, expiresAt: new Date(parameters.expiresAt * 1000) } };
  }

  return {
    inBand: (s) => s >= score,
    issue: async () => {
      // Unsigned from altcha-lib (the key derived for the picked counter, its prefix), then signed here.
      const { parameters } = await createChallenge({
        algorithm,
        cost,
        counter: randomInt(counterMax, counterMin),
        deriveKey,
        expiresAt: new Date(Date.now() + CHALLENGE_LIFETIME_MS),
      });
      return { parameters, signature: sign(parameters).toString('hex') };
    },
    check: async (proof) => {
      if (proof === PROOF_UNSOLVED) return { outcome: 'unsolved' };
      const payload = readPayload(proof);
      // Anything the checks below cannot read (a parameter of the wrong type, say) fails, as in verifySolution.
      return payload ? checked(payload).catch(() => ({ outcome: 'failed' }) as const) : { outcome: 'failed' };
    },
  };
}
