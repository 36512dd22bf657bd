// A request with files (multipart/form-data) may take UPLOAD_TIMEOUT_MS to arrive; every other
// request is still answered 408 and closed once REQUEST_TIMEOUT_MS has passed, as before.
import type { Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpServer } from '../../../server/http-server';

const TIMEOUTS = { headersTimeoutMs: 400, requestTimeoutMs: 800, keepAliveTimeoutMs: 5_000, uploadTimeoutMs: 3_000 };

let server: Server;
let port: number;

beforeAll(async () => {
  // Reads the whole body, then answers: what the app does with a form it takes.
  server = createHttpServer((req, res) => {
    req.resume();
    req.on('end', () => res.end('whole'));
  }, TIMEOUTS);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** Sends the head, then one byte every 100 ms until `stopAfterMs` (then the rest at once), or until closed. */
async function trickle(contentType: string, stopAfterMs: number): Promise<{ status: string; elapsed: number; body: string }> {
  const started = Date.now();
  const socket = connect(port, '127.0.0.1');
  let raw = '';
  socket.on('data', (chunk: Buffer) => (raw += chunk.toString('latin1')));
  socket.on('error', () => {});
  const length = 200;
  let sent = 0;
  socket.write(
    `POST /api/takedown-request HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: ${contentType}\r\nContent-Length: ${length}\r\n\r\n`,
  );
  const timer = setInterval(() => {
    if (!socket.writable) return;
    if (Date.now() - started >= stopAfterMs) {
      socket.write('x'.repeat(length - sent));
      sent = length;
      clearInterval(timer);
    } else if (sent < length - 1) {
      socket.write('x');
      sent++;
    }
  }, 100);
  await new Promise<void>((resolve) => {
    socket.on('close', () => resolve());
    socket.on('data', () => raw.includes('whole') && (socket.end(), resolve()));
  });
  clearInterval(timer);
  return { status: raw.split('\r\n')[0]!, elapsed: Date.now() - started, body: raw };
}

describe('the time a request may take to arrive', () => {
  it('a JSON body trickled past REQUEST_TIMEOUT_MS is answered 408', async () => {
    const { status, elapsed } = await trickle('application/json', 60_000);
    expect(status).toBe('HTTP/1.1 408 Request Timeout');
    expect(elapsed).toBeGreaterThanOrEqual(TIMEOUTS.requestTimeoutMs - 50);
    expect(elapsed).toBeLessThan(TIMEOUTS.uploadTimeoutMs);
  });

  it('a multipart body taking longer than REQUEST_TIMEOUT_MS, within UPLOAD_TIMEOUT_MS, arrives whole', async () => {
    const { status, body, elapsed } = await trickle('multipart/form-data; boundary=x', 1_800);
    expect(status).toBe('HTTP/1.1 200 OK');
    expect(body).toContain('whole');
    expect(elapsed).toBeGreaterThan(TIMEOUTS.requestTimeoutMs);
  });

  it('a multipart body trickled past UPLOAD_TIMEOUT_MS is answered 408', async () => {
    const { status, elapsed } = await trickle('multipart/form-data; boundary=x', 60_000);
    expect(status).toBe('HTTP/1.1 408 Request Timeout');
    expect(elapsed).toBeGreaterThanOrEqual(TIMEOUTS.uploadTimeoutMs - 50);
  }, 15_000);
});
