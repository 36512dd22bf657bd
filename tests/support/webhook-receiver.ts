/**
 * An HTTP receiver for webhook calls on loopback: checks each call's Standard Webhooks signature
 * with the secret, records it, and answers as scripted (a status, or no answer at all).
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export interface WebhookCall {
  id: string;
  verified: boolean;
  body: { type: string; timestamp: string; data: { id: string; spam: boolean; payload: Record<string, unknown>; [k: string]: unknown } };
  answered: number | 'no answer';
}

export interface WebhookReceiver {
  readonly url: string;
  readonly calls: WebhookCall[];
  /** Answers for the next calls, in order; 'hang' never answers. After the list: 200. */
  script: Array<number | 'hang'>;
  waitFor(count: number, timeoutMs?: number): Promise<WebhookCall[]>;
  close(): Promise<void>;
}

const read = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });

export async function startWebhookReceiver(secret: string): Promise<WebhookReceiver> {
  const verifier = new Webhook(secret);
  const calls: WebhookCall[] = [];
  const state = { script: [] as Array<number | 'hang'> };
  let waiters: Array<{ count: number; resolve: () => void }> = [];
  const server = createServer(async (req, res) => {
    let body: string;
    try {
      body = await read(req);
    } catch {
      // The sender went away mid-request (a killed server): nothing arrived.
      return;
    }
    let verified: boolean;
    try {
      verifier.verify(body, req.headers as Record<string, string>);
      verified = true;
    } catch {
      verified = false;
    }
    const answer = state.script.shift() ?? 200;
    calls.push({
      id: String(req.headers['webhook-id']),
      verified,
      body: JSON.parse(body),
      answered: answer === 'hang' ? 'no answer' : answer,
    });
    waiters = waiters.filter((w) => (calls.length >= w.count ? (w.resolve(), false) : true));
    if (answer === 'hang') return;
    res.writeHead(answer, { 'Content-Type': 'text/plain' }).end('ok');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/leads`,
    calls,
    get script() {
      return state.script;
    },
    set script(value) {
      state.script = value;
    },
    waitFor(count, timeoutMs = 10_000) {
      if (calls.length >= count) return Promise.resolve(calls);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`only ${calls.length} of ${count} webhook calls within ${timeoutMs} ms`)),
          timeoutMs,
        );
        waiters.push({ count, resolve: () => (clearTimeout(timer), resolve(calls)) });
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
