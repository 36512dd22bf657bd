/**
 * A real SMTP server for tests (smtp-server, in-process, on loopback) that keeps every message it
 * accepts, parsed, and can be told to refuse mail for a while, as a mail provider in trouble would.
 */
import { simpleParser, type ParsedMail } from 'mailparser';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface Received {
  raw: string;
  parsed: ParsedMail;
  messageId: string;
  envelopeTo: string[];
}

export interface Mailbox {
  readonly url: string;
  readonly port: number;
  readonly messages: Received[];
  /** While true, every message is refused with a temporary failure (451). */
  refusing: boolean;
  /** Resolves once `count` messages have arrived in all; rejects after timeoutMs. */
  waitFor(count: number, timeoutMs?: number): Promise<Received[]>;
  close(): Promise<void>;
}

export async function startMailbox(options: { port?: number; onMessage?: (message: Received) => void } = {}): Promise<Mailbox> {
  const messages: Received[] = [];
  let waiters: Array<{ count: number; resolve: () => void }> = [];
  const box = { refusing: false };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (box.refusing) {
          const err = new Error('Mailbox busy, try again later') as Error & { responseCode: number };
          err.responseCode = 451;
          callback(err);
          return;
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        simpleParser(raw).then(
          (parsed) => {
            const received = { raw, parsed, messageId: parsed.messageId ?? '', envelopeTo: session.envelope.rcptTo.map((r) => r.address) };
            messages.push(received);
            options.onMessage?.(received);
            waiters = waiters.filter((w) => (messages.length >= w.count ? (w.resolve(), false) : true));
            callback();
          },
          (err: Error) => callback(err),
        );
      });
    },
  });
  // A client that dies mid-session (a killed server) resets its connection; that is not a test failure.
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    messages,
    get refusing() {
      return box.refusing;
    },
    set refusing(value: boolean) {
      box.refusing = value;
    },
    waitFor(count, timeoutMs = 10_000) {
      if (messages.length >= count) return Promise.resolve(messages);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`only ${messages.length} of ${count} messages arrived within ${timeoutMs} ms`)),
          timeoutMs,
        );
        waiters.push({ count, resolve: () => (clearTimeout(timer), resolve(messages)) });
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
