/**
 * The spam score in the running server: a spam-like lead is answered exactly as a genuine one and
 * stored in quarantine; the server's periodic work erases it once QUARANTINE_RETENTION_DAYS have
 * passed on its clock; and the e-mail domain is asked of the resolver given, never of the network,
 * and not at all with SPAM_MAIL_CHECK=off.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadSite } from '../../../engine/content/load-site';
import { readSchemas, readSiteFiles } from '../../../scripts/read-project';
import { readConfig, type Env } from '../../../server/config';
import { createServer, QUARANTINE_ERASER, type RunningServer } from '../../../server/create-server';
import { silentLogger } from '../../../server/logging';
import type { MailResolver } from '../../../server/spam/mail-domain';
import { createSqliteStore } from '../../../server/store/sqlite';
import type { LeadStore } from '../../../server/store/types';
import type { SiteHandler } from '../../../server/static-files';

const { model } = loadSite(readSiteFiles(), readSchemas());
if (!model) throw new Error('site/ does not load; run npm run validate');
const DAY = 86_400_000;
/** What the server checks submissions against, as the build gives it; no pages are served here. */
const served = {
  forms: model.forms,
  apiPayloads: model.apiPayloads,
  notifications: model.notifications,
  site: model.site,
  spamWords: model.spamWords,
};
const noPages: SiteHandler = (_req, res) => {
  res.statusCode = 404;
  res.end();
};

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
  const dir = mkdtempSync(join(tmpdir(), 'quarantine-server-'));
  let t = Date.parse('2026-03-02T10:00:00.000Z');
  const clock = { now: () => new Date(t), advance: (ms: number) => void (t += ms) };
  const store: LeadStore = createSqliteStore({ file: join(dir, 'leads.sqlite'), now: clock.now });
  await store.init();
  const config = readConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: join(dir, 'data'),
    IP_HASH_SALT: 's',
    SITE_URL: 'https://example.org',
    REMINDER_SWEEP_MS: '50',
    // Posts straight to the API, from no page, so with no form token (tests/unit/server/form-tokens.test.ts has theirs).
    FORM_TOKENS: 'off',
    ...env,
  });
  const server: RunningServer = createServer(config, {
    store,
    logger: silentLogger,
    delivery: null,
    model: served,
    site: noPages,
    editor: null,
    now: clock.now,
    mailResolver,
  });
  const url = `http://127.0.0.1:${await server.listen()}`;
  cleanups.push(async () => {
    await server.close();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
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
    const genuine = await submit(url, 'dana@studio.example', 'Someone copied my photographs; please help me take them down.');
    const spam = await submit(url, 'offers@bulk.example', spamMessage());
    expect(spam.status).toBe(genuine.status);
    expect(spam.status).toBe(201);
    expect({ ...spam.body, data: {} }).toEqual({ ...genuine.body, data: {} });
    expect((await store.getLead(genuine.body.data.id))!.quarantine).toBeNull();
    const held = (await store.getLead(spam.body.data.id))!.quarantine!;
    expect(held.reasons.map((r) => r.code)).toEqual(['words']);
    expect(held.score).toBe(6);
    expect(asked, 'no DNS question with SPAM_MAIL_CHECK=off').toEqual([]);

    clock.advance(29 * DAY);
    await new Promise((r) => setTimeout(r, 300));
    expect((await store.getLead(spam.body.data.id))!.erasedAt).toBeNull();
    clock.advance(DAY + 1000);
    await expect.poll(async () => (await store.getLead(spam.body.data.id))!.erasedBy, { timeout: 5_000 }).toBe(QUARANTINE_ERASER);
    expect((await store.getLead(genuine.body.data.id))!.erasedAt).toBeNull();
  });

  it('asks the resolver it is given about the address’s domain, once per domain', async () => {
    const { resolver, asked } = nullMxResolver();
    // 3 points is the proof-of-work step's band (tests/unit/spam/challenge.integration.test.ts): off here, so the lead is stored at once.
    const { url, store } = await start({ SPAM_CHALLENGE_SCORE: 'off' }, resolver);
    const first = await submit(url, 'sam@nomail.example', 'Someone copied my photographs; please help me take them down.');
    await submit(url, 'kim@nomail.example', 'Another request about copies of my photographs on a shop.');
    expect(asked).toEqual(['nomail.example']);
    const lead = (await store.getLead(first.body.data.id))!;
    // 3 points alone: below the threshold, so not held.
    expect(lead.quarantine).toBeNull();
  });

  it('holds nothing with SPAM_QUARANTINE_SCORE=off', async () => {
    const { resolver } = nullMxResolver();
    const { url, store } = await start({ SPAM_QUARANTINE_SCORE: 'off' }, resolver);
    const spam = await submit(url, 'offers@bulk.example', spamMessage());
    expect(spam.status).toBe(201);
    expect((await store.getLead(spam.body.data.id))!.quarantine).toBeNull();
  });
});
