/**
 * The spam score in the running server: a spam-like lead is answered exactly as a genuine one and
 * stored in quarantine; the server's periodic work erases it once QUARANTINE_RETENTION_DAYS have
 * passed on its clock; and the e-mail domain is asked of the resolver given, never of the network,
 * and not at all with SPAM_MAIL_CHECK=off.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Env } from '../../../server/config';
import { QUARANTINE_ERASER } from '../../../server/create-server';
import type { MailResolver } from '../../../server/spam/mail-domain';
import { served, startSpamServer } from './spam-server';

const DAY = 86_400_000;

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A resolver that records each question and says every domain has a null MX (takes no mail). */
function nullMxResolver() {
  const asked: string[] = [];
  const resolver: MailResolver = {
    resolveMx: async (d) => (asked.push(d), [{ exchange: '', priority: 0 }]),
    resolve4: async (d) => (asked.push(d), []),
    resolve6: async (d) => (asked.push(d), []),
  };
  return { resolver, asked };
}

async function start(env: Env, mailResolver: MailResolver) {
  let t = Date.parse('2026-03-02T10:00:00.000Z');
  const clock = { now: () => new Date(t), advance: (ms: number) => void (t += ms) };
  const { url, store } = await startSpamServer('quarantine-server-', cleanups, {
    env: { REMINDER_SWEEP_MS: '50', ...env },
    now: clock.now,
    mailResolver,
  });
  return { url, store, clock };
}

async function submit(url: string, email: string, message: string) {
  const response = await fetch(`${url}/api/contact`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest', 'X-Form-Id': 'contact' },
    body: JSON.stringify({ name: 'Sam Visitor', email, serviceInterest: 'general', urgency: 'normal', subject: 'Hello', message }),
  });
  const body = (await response.json()) as { success: boolean; message: string; data: { id: string } };
  return { status: response.status, body };
}

const spamMessage = () => `${served.spamWords.slice(0, 3).join(', ')} at a good price`;

describe('the spam score in the server', () => {
  it('answers a spam-like lead as any other, keeps it in quarantine, and erases it after the period on the server’s clock', async () => {
    const { resolver, asked } = nullMxResolver();
    const { url, store, clock } = await start({ SPAM_MAIL_CHECK: 'off', QUARANTINE_RETENTION_DAYS: '30' }, resolver);
    // A day older than the lead looked at: its erasure shows that a sweep has run at the clock's time.
    const older = await submit(url, 'deals@bulk.example', `${spamMessage()} this week`);
    clock.advance(DAY);
    const genuine = await submit(url, 'dana@studio.example', 'Someone copied my photographs; please help me take them down.');
    const spam = await submit(url, 'offers@bulk.example', spamMessage());
    expect(spam.status).toBe(genuine.status);
    expect(spam.status).toBe(201);
    expect({ ...spam.body, data: {} }).toEqual({ ...genuine.body, data: {} });
    expect((await store.inbox.getLead(genuine.body.data.id))!.quarantine).toBeNull();
    const held = (await store.inbox.getLead(spam.body.data.id))!.quarantine!;
    expect(held.reasons.map((r) => r.code)).toEqual(['words']);
    expect(held.score).toBe(6);
    expect(asked, 'no DNS question with SPAM_MAIL_CHECK=off').toEqual([]);

    clock.advance(29 * DAY + 1000);
    await expect.poll(async () => (await store.inbox.getLead(older.body.data.id))!.erasedBy, { timeout: 5_000 }).toBe(QUARANTINE_ERASER);
    expect((await store.inbox.getLead(spam.body.data.id))!.erasedAt).toBeNull();
    clock.advance(DAY);
    await expect.poll(async () => (await store.inbox.getLead(spam.body.data.id))!.erasedBy, { timeout: 5_000 }).toBe(QUARANTINE_ERASER);
    expect((await store.inbox.getLead(genuine.body.data.id))!.erasedAt).toBeNull();
  });

  it('asks the resolver it is given about the address’s domain, once per domain', async () => {
    const { resolver, asked } = nullMxResolver();
    // 3 points is the proof-of-work step's band (tests/unit/spam/challenge.integration.test.ts): off here, so the lead is stored at once.
    const { url, store } = await start({ SPAM_CHALLENGE_SCORE: 'off' }, resolver);
    const first = await submit(url, 'sam@nomail.example', 'Someone copied my photographs; please help me take them down.');
    await submit(url, 'kim@nomail.example', 'Another request about copies of my photographs on a shop.');
    expect(asked).toEqual(['nomail.example']);
    const lead = (await store.inbox.getLead(first.body.data.id))!;
    // 3 points alone: below the threshold, so not held.
    expect(lead.quarantine).toBeNull();
  });

  it('holds nothing with SPAM_QUARANTINE_SCORE=off', async () => {
    const { resolver } = nullMxResolver();
    const { url, store } = await start({ SPAM_QUARANTINE_SCORE: 'off' }, resolver);
    const spam = await submit(url, 'offers@bulk.example', spamMessage());
    expect(spam.status).toBe(201);
    expect((await store.inbox.getLead(spam.body.data.id))!.quarantine).toBeNull();
  });
});
