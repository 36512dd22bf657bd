/**
 * Webhooks cannot hurt the rest of the server: a receiver answering with a huge body costs a few
 * KB, a receiver that hangs holds back no e-mail, and leads never go out over plain http:// to
 * another host unless that is asked for.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readNotifyConfig } from '../../../server/config';
import { createDelivery, MAX_WEBHOOK_ANSWER_BYTES } from '../../../server/notify/deliver';
import { createOutboxWorker } from '../../../server/notify/worker';
import { createSqliteStore } from '../../../server/store/sqlite';
import type { ClaimedJob } from '../../../server/store/types';
import { startMailbox } from '../../support/mailbox';
import { startWebhookReceiver } from '../../support/webhook-receiver';

const SECRET = `whsec_${randomBytes(24).toString('base64')}`;
const MB = 1024 * 1024;
const ROOT = join(import.meta.dirname, '../../..');

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/**
 * A receiver in its own process (so its buffers are not counted as ours) that answers 200 with a
 * body of `bytes`, written as fast as the caller reads it; prints how much it got out.
 */
async function startFloodingReceiver(bytes: number): Promise<{ url: string; sent: () => Promise<number>; child: ChildProcess }> {
  const script = `
    const http = require('node:http');
    const chunk = Buffer.alloc(64 * 1024, 120);
    const server = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        res.writeHead(200, { 'Content-Type': 'text/plain', 'Content-Length': String(${bytes}) });
        let sent = 0;
        const more = () => {
          while (sent < ${bytes}) {
            sent += chunk.length;
            if (!res.write(chunk)) return res.once('drain', more);
          }
          res.end();
        };
        res.on('close', () => process.stdout.write('sent ' + sent + '\\n'));
        more();
      });
    });
    server.listen(0, '127.0.0.1', () => process.stdout.write('port ' + server.address().port + '\\n'));
  `;
  const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  cleanups.push(() => child.kill());
  let out = '';
  const lines: Array<(line: string) => void> = [];
  child.stdout!.on('data', (d: Buffer) => {
    out += d.toString();
    for (;;) {
      const end = out.indexOf('\n');
      if (end < 0) break;
      const line = out.slice(0, end);
      out = out.slice(end + 1);
      lines.shift()?.(line);
    }
  });
  const nextLine = () => new Promise<string>((resolve) => lines.push(resolve));
  const port = (await nextLine()).replace('port ', '');
  return { url: `http://127.0.0.1:${port}/hooks`, sent: async () => Number((await nextLine()).replace('sent ', '')), child };
}

function webhookJob(): ClaimedJob {
  const at = new Date().toISOString();
  return {
    id: '1',
    leadId: 'lead-1',
    channel: 'webhook',
    rule: 'webhook',
    data: {},
    status: 'pending',
    attempts: 1,
    createdAt: at,
    nextAttemptAt: at,
    lastError: null,
    finishedAt: null,
    lead: {
      id: 'lead-1',
      createdAt: at,
      endpoint: '/api/contact',
      formType: 'contact',
      formId: null,
      payload: { name: 'Ann' },
      idempotencyKey: null,
      ipHash: null,
      userAgent: null,
      spam: false,
      source: null,
    },
  };
}

describe('a webhook receiver', () => {
  it('answering 200 with a 200 MB body leaves the server within 50 MB of its memory, and the call counts as delivered', async () => {
    const flood = await startFloodingReceiver(200 * MB);
    const { config, problems } = readNotifyConfig({ WEBHOOK_URL: flood.url, WEBHOOK_SECRET: SECRET });
    expect(problems).toEqual([]);
    const delivery = createDelivery(config, {
      forms: {},
      siteName: 'TakedownShield',
      place: { siteUrl: 'https://example.com', timeZone: 'UTC' },
      timeoutMs: 30_000,
    });
    cleanups.push(() => delivery.close());

    global.gc?.();
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 5);
    const result = await delivery.deliver(webhookJob());
    const sent = await flood.sent();
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);

    expect(result).toEqual({ ok: true, detail: 'webhook answered 200' });
    // The connection was dropped after a few KB: the receiver got nowhere near its 200 MB out.
    expect(sent).toBeLessThan(20 * MB);
    expect(MAX_WEBHOOK_ANSWER_BYTES).toBeLessThanOrEqual(8192);
    expect((peak - before) / MB).toBeLessThan(50);
  }, 60_000);

  it('that hangs for the whole 10 s timeout holds back no e-mail: mails of leads stored meanwhile go out before it ends', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'webhook-lanes-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const store = createSqliteStore({ file: join(dir, 'leads.sqlite') });
    await store.init();
    cleanups.push(() => store.close());
    const mailbox = await startMailbox();
    cleanups.push(() => mailbox.close());
    const receiver = await startWebhookReceiver(SECRET);
    receiver.script = ['hang', 'hang'];

    const { config } = readNotifyConfig({
      SMTP_URL: mailbox.url,
      MAIL_FROM: 'leads@takedownshield.test',
      LEADS_EMAIL_TO: 'team@takedownshield.test',
      WEBHOOK_URL: receiver.url,
      WEBHOOK_SECRET: SECRET,
    });
    // The server's own timeout: the receiver holds its call for all of it.
    const delivery = createDelivery(config, {
      forms: {},
      siteName: 'TakedownShield',
      place: { siteUrl: 'https://example.com', timeZone: 'UTC' },
    });
    cleanups.push(() => delivery.close());
    const worker = createOutboxWorker({ outbox: store.outbox, deliver: (job) => delivery.deliver(job), pollMs: 100, batchWindowMs: 10 });
    cleanups.push(() => worker.stop());
    // Closed first, which ends the hanging call, so stopping the worker does not wait it out.
    cleanups.push(() => receiver.close());
    worker.start();

    const submit = () =>
      store.leads.insertLead({
        endpoint: '/api/contact',
        formType: 'contact',
        payload: { name: 'Ann', email: 'ann@example.org', message: 'Copied.' },
        notifications: [
          { channel: 'email', rule: 'default', data: { to: ['team@takedownshield.test'], subject: 'New lead' } },
          { channel: 'webhook', rule: 'webhook', data: {} },
        ],
      });

    const first = await submit();
    worker.poke();
    await receiver.waitFor(1, 5_000);
    // The webhook is now hanging; a second lead comes in behind it.
    const second = await submit();
    worker.poke();
    await mailbox.waitFor(2, 8_000);
    const webhookJobs = (await store.outbox.listJobs({ status: ['pending'] })).filter((j) => j.channel === 'webhook');

    expect(mailbox.messages.map((m) => m.messageId.split('.')[0])).toEqual([`<${first.id}`, `<${second.id}`]);
    // Both e-mails went while the first webhook call was still unanswered: neither waited for it.
    expect(receiver.calls.map((c) => c.answered)).toEqual(['no answer']);
    expect(webhookJobs.find((j) => j.leadId === first.id)).toMatchObject({ attempts: 1, lastError: null });
  }, 30_000);
});

describe('WEBHOOK_URL', () => {
  const env = (url: string, extra: Record<string, string> = {}) => readNotifyConfig({ WEBHOOK_URL: url, WEBHOOK_SECRET: SECRET, ...extra });

  it('over http:// to another host is refused at start-up with a sentence saying why and what to do', () => {
    const { problems } = env('http://hooks.example.org/leads');
    expect(problems).toEqual([
      "WEBHOOK_URL is http://, which would send every lead's name, e-mail and message unencrypted to hooks.example.org. " +
        'Use an https:// address, or set WEBHOOK_ALLOW_HTTP=1 if that network is trusted.',
    ]);
  });

  it('over http:// to another host stops the server at start, with that sentence and before it listens', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'webhook-http-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    mkdirSync(join(dir, 'dist/client'), { recursive: true });
    writeFileSync(join(dir, 'dist/client/index.html'), '<!DOCTYPE html><title>Home</title><h1>Home</h1>');
    const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'server/index.ts')], {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        DIST_DIR: join(dir, 'dist'),
        DATA_DIR: join(dir, 'data'),
        WEBHOOK_URL: 'http://hooks.example.org/leads',
        WEBHOOK_SECRET: SECRET,
        SITE_URL: 'https://example.org',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    cleanups.push(() => child.kill());
    let out = '';
    child.stdout!.on('data', (d) => (out += d));
    child.stderr!.on('data', (d) => (out += d));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).not.toBe(0);
    expect(out).toContain('WEBHOOK_URL is http://, which would send every lead');
    expect(out).toContain('WEBHOOK_ALLOW_HTTP=1');
    expect(out).not.toContain('Serving http://');
  }, 30_000);

  it.each([
    ['https://hooks.example.org/leads', {}],
    ['http://127.0.0.1:8080/leads', {}],
    ['http://localhost:8080/leads', {}],
    ['http://[::1]:8080/leads', {}],
    ['http://hooks.internal/leads', { WEBHOOK_ALLOW_HTTP: '1' }],
  ])('%s is accepted (%o)', (url, extra) => {
    expect(env(url, extra).problems).toEqual([]);
  });

  it.each(['ftp://hooks.example.org/', 'https://', 'hooks.example.org/leads'])('%s is not a web address', (url) => {
    expect(env(url).problems).toEqual(['WEBHOOK_URL must be an https:// address.']);
  });
});
