/**
 * The proof-of-work step for a doubtful (grey) spam score, in the running server: a grey JSON
 * submission is answered with a challenge and nothing is stored; sent again with the challenge
 * solved it is stored as any lead, with its score and reasons; a replayed, forged or unsolved
 * answer is quarantined, never dropped; a form posted without script is quarantined with its
 * reason; below the band nothing changes; SPAM_CHALLENGE_SCORE=off turns the step off.
 */
import Database from 'better-sqlite3';
import { createChallenge, solveChallenge, verifySolution, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { afterEach, describe, expect, it } from 'vitest';
import { ERROR_CODES, HEADERS, PROOF_OF_WORK_STATUS, PROOF_UNSOLVED } from '../../../contracts/api-contract';
import type { Env } from '../../../server/config';
import { challengeSigningKey, createChallengeStep } from '../../../server/spam/challenge';
import { served, startSpamServer } from './spam-server';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** One listed word (2 points by default) and four web addresses (one past the three that are usual: 1 point): 3 in all. */
const greyText = (marker: string) =>
  `Reference ${marker}: ${served.spamWords[0]} ${Array.from({ length: 4 }, (_, i) => `https://pages.example.net/${i}`).join(' ')}`;
const genuineText = (marker: string) => `Reference ${marker}: someone copied my photographs onto their shop without asking.`;

const start = (env: Env = {}) => startSpamServer('challenge-server-', cleanups, { env: { SPAM_MAIL_CHECK: 'off', ...env } });

interface Answer {
  status: number;
  body: { success: boolean; error?: string; challenge?: Challenge; data?: { id: string } };
}

async function submit(url: string, message: string, key: string, proof?: string): Promise<Answer> {
  const response = await fetch(`${url}/api/contact`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'X-Requested-With': 'XMLHttpRequest',
      'X-Form-Id': 'contact',
      [HEADERS.idempotencyKey]: key,
      ...(proof === undefined ? {} : { [HEADERS.proofOfWork]: proof }),
    },
    body: JSON.stringify({
      name: 'Sam Visitor',
      email: 'sam@studio.example',
      serviceInterest: 'general',
      urgency: 'normal',
      subject: 'Hello',
      message,
    }),
  });
  return { status: response.status, body: (await response.json()) as Answer['body'] };
}

/** What the form's browser sends back: ALTCHA's payload, the challenge with its solution, as base64 JSON. */
async function solved(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey });
  expect(solution).not.toBeNull();
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/** The score and reasons kept in the lead's row (quarantined or not), read from the database itself. */
function keptOf(file: string, id: string): { score: number; reasons: Array<{ code: string; detail: string }> } | null {
  const db = new Database(file, { readonly: true });
  try {
    const row = db.prepare('SELECT quarantine FROM leads WHERE id = ?').get(id) as { quarantine: string | null };
    return row.quarantine === null ? null : JSON.parse(row.quarantine);
  } finally {
    db.close();
  }
}

const uniqueKey = (label: string) => `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

describe('the proof-of-work step for a grey score', () => {
  it('answers a grey JSON submission with a challenge and stores nothing; solved and sent again, it stores one lead, not quarantined', async () => {
    const { url, store, file } = await start();
    const key = uniqueKey('grey');
    const asked = await submit(url, greyText('a1'), key);
    expect(asked.status).toBe(PROOF_OF_WORK_STATUS);
    expect(asked.body.error).toBe(ERROR_CODES.proofOfWorkRequired);
    expect(asked.body.challenge?.signature).toMatch(/^[0-9a-f]{64}$/);
    expect(await store.leads.listLeads()).toEqual([]);

    const proof = await solved(asked.body.challenge!);
    const sent = await submit(url, greyText('a1'), key, proof);
    expect(sent.status).toBe(201);
    const lead = (await store.inbox.getLead(sent.body.data!.id))!;
    expect(lead.quarantine).toBeNull();
    const kept = keptOf(file, lead.id)!;
    expect(kept.score).toBe(3);
    expect(kept.reasons.map((r) => r.code)).toEqual(['words', 'links', 'proof-of-work']);
    expect(kept.reasons.at(-1)!.detail).toMatch(/passed/);
    // The inbox shows the team what was found, though the lead was let through.
    expect(lead.spamChecks).toEqual({ score: 3, reasons: kept.reasons });

    // The same request again (its answer was lost) gets the same lead back: a resend is no replay.
    const again = await submit(url, greyText('a1'), key, proof);
    expect(again.status).toBe(201);
    expect(again.body.data!.id).toBe(lead.id);
    expect(await store.leads.listLeads()).toHaveLength(1);
  });

  it('quarantines a grey submission whose answer was used by another submission, forged, or not found', async () => {
    const { url, store } = await start();
    const first = uniqueKey('first');
    const challenge = (await submit(url, greyText('b1'), first)).body.challenge!;
    const proof = await solved(challenge);
    expect((await submit(url, greyText('b1'), first, proof)).status).toBe(201);

    const replayed = await submit(url, greyText('b2'), uniqueKey('replay'), proof);
    const other = (await submit(url, greyText('b3'), uniqueKey('forged'))).body.challenge!;
    const forgedChallenge = { ...other, parameters: { ...other.parameters, keyPrefix: '00' } };
    const forged = await submit(url, greyText('b3'), uniqueKey('forged2'), await solved(forgedChallenge));
    const garbage = await submit(url, greyText('b4'), uniqueKey('garbage'), 'bm90IGpzb24=');
    const unsolved = await submit(url, greyText('b5'), uniqueKey('unsolved'), PROOF_UNSOLVED);

    const details: string[] = [];
    for (const answer of [replayed, forged, garbage, unsolved]) {
      // The visitor is thanked as for any lead; the lead waits in quarantine with its reasons.
      expect(answer.status).toBe(201);
      const held = (await store.inbox.getLead(answer.body.data!.id))!.quarantine!;
      expect(held.score).toBe(3);
      expect(held.reasons.map((r) => r.code)).toEqual(['words', 'links', 'proof-of-work']);
      details.push(held.reasons.at(-1)!.detail);
    }
    expect(details[0]).toMatch(/used before/);
    expect(details[1]).toMatch(/forged/);
    expect(details[2]).toMatch(/forged/);
    expect(details[3]).toMatch(/could not finish/);
    expect(await store.leads.listLeads()).toHaveLength(5);
  });

  it('changes nothing below the band: a genuine message is stored at once, with no challenge and no score kept', async () => {
    const { url, store, file } = await start();
    const sent = await submit(url, genuineText('c1'), uniqueKey('genuine'));
    expect(sent.status).toBe(201);
    expect((await store.inbox.getLead(sent.body.data!.id))!.quarantine).toBeNull();
    expect(keptOf(file, sent.body.data!.id)).toBeNull();
  });

  it('asks nothing with SPAM_CHALLENGE_SCORE=off: a grey message is stored at once, as before the step', async () => {
    const { url, store } = await start({ SPAM_CHALLENGE_SCORE: 'off' });
    const sent = await submit(url, greyText('d1'), uniqueKey('off'));
    expect(sent.status).toBe(201);
    expect((await store.inbox.getLead(sent.body.data!.id))!.quarantine).toBeNull();
  });

  it('quarantines a grey form posted without script, saying no script ran the step; a genuine one is stored as before', async () => {
    // The pages too: a form posted without script is answered with its page.
    const { url, store } = await startSpamServer('challenge-posts-', cleanups, {
      env: { SPAM_MAIL_CHECK: 'off', SPAM_QUARANTINE_SCORE: '5', SPAM_CHALLENGE_SCORE: '3', ALTCHA_HMAC_KEY: 'k' },
      pages: true,
    });
    const post = (description: string, email: string) =>
      fetch(`${url}/takedowns/personal`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Sec-Fetch-Site': 'same-origin' },
        body: new URLSearchParams({
          'form-id': 'personal-takedown',
          contactName: 'Ada Lovelace',
          email,
          contentType: 'music',
          infringementUrl: 'https://example.com/copied',
          description,
        }).toString(),
      });
    const grey = await post(greyText('e1'), 'grey@example.org');
    const genuine = await post(genuineText('e2'), 'genuine@example.org');
    expect(grey.status).toBe(303);
    expect(genuine.status).toBe(303);
    const byEmail = new Map((await store.leads.listLeads()).map((l) => [(l.payload as { email: string }).email, l.id]));
    const held = (await store.inbox.getLead(byEmail.get('grey@example.org')!))!.quarantine!;
    expect(held.reasons.map((r) => r.code).sort()).toEqual(['links', 'proof-of-work', 'words']);
    expect(held.reasons.at(-1)!.detail).toMatch(/without script/);
    expect((await store.inbox.getLead(byEmail.get('genuine@example.org')!))!.quarantine).toBeNull();
  });
});

describe("the step's check of an answer", () => {
  const step = () => createChallengeStep({ score: 3, hmacKey: 'check key' });
  const encode = (challenge: Challenge, solution: unknown) => Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');

  it('passes the answer the browser found, and fails a signed challenge answered with another counter or key', async () => {
    const s = step();
    const challenge = await s.issue();
    const solution = (await solveChallenge({ challenge, deriveKey }))!;
    // Passed, naming the challenge (its signature) for the lead's transaction to spend, and when it expires.
    expect(await s.check(encode(challenge, solution))).toEqual({
      outcome: 'passed',
      challenge: { id: challenge.signature, expiresAt: new Date(challenge.parameters.expiresAt! * 1000) },
    });
    // The right key with a counter that does not make it, and a made-up key with the right counter.
    expect(await s.check(encode(challenge, { ...solution, counter: solution.counter + 1 }))).toEqual({ outcome: 'failed' });
    expect(await s.check(encode(challenge, { ...solution, derivedKey: 'ab'.repeat(32) }))).toEqual({ outcome: 'failed' });
  });

  it("speaks ALTCHA's protocol: altcha-lib's own check takes its challenges, and it takes altcha-lib's, signed with its key", async () => {
    const hmacSignatureSecret = challengeSigningKey('check key');
    const ours = await step().issue();
    const verdict = await verifySolution({
      challenge: ours,
      solution: (await solveChallenge({ challenge: ours, deriveKey }))!,
      deriveKey,
      hmacSignatureSecret,
    });
    expect(verdict.verified).toBe(true);

    const made = (expiresAt: Date) =>
      createChallenge({ algorithm: 'SHA-256', cost: 1, counter: 20_000, deriveKey, expiresAt, hmacSignatureSecret });
    const theirs = await made(new Date(Date.now() + 60_000));
    const answer = (await solveChallenge({ challenge: theirs, deriveKey }))!;
    expect((await step().check(encode(theirs, answer))).outcome).toBe('passed');
    // Their challenge with a parameter changed after signing, or past its time, fails as theirs would.
    const altered = { ...theirs, parameters: { ...theirs.parameters, cost: 2 } };
    expect((await verifySolution({ challenge: altered, solution: answer, deriveKey, hmacSignatureSecret })).verified).toBe(false);
    expect(await step().check(encode(altered, answer))).toEqual({ outcome: 'failed' });
    const late = await made(new Date(Date.now() - 1_000));
    const lateAnswer = (await solveChallenge({ challenge: late, deriveKey }))!;
    expect((await verifySolution({ challenge: late, solution: lateAnswer, deriveKey, hmacSignatureSecret })).verified).toBe(false);
    expect(await step().check(encode(late, lateAnswer))).toEqual({ outcome: 'failed' });
  });

  it('fails an answer it cannot read, however it is built, rather than throwing', async () => {
    const deep = `${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}`;
    const payload = `{"challenge":{"parameters":{"expiresAt":${Math.floor(Date.now() / 1000) + 60},"data":${deep}},"signature":"00"},"solution":{}}`;
    expect(await step().check(Buffer.from(payload).toString('base64'))).toEqual({ outcome: 'failed' });
  });

  it("fails another server's challenge, solved as it was made", async () => {
    const foreign = await createChallengeStep({ score: 3, hmacKey: 'another key' }).issue();
    expect(await step().check(encode(foreign, await solveChallenge({ challenge: foreign, deriveKey })))).toEqual({ outcome: 'failed' });
  });
});
