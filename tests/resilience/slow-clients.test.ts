/**
 * Slow clients: connections that trickle their headers or their body are answered 408 and closed
 * within the server's timeouts (set short here through HEADERS_TIMEOUT_MS and REQUEST_TIMEOUT_MS),
 * so they cannot hold connections for minutes. A client that is slow but within the limits is
 * still served, and the server keeps taking submissions afterwards.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formHeaders } from './support/corpus';
import { sqliteReader, type LeadReader } from './support/lead-reader';
import { problemLines, startServer, type ServerProcess } from './support/server-process';

const HEADERS_TIMEOUT_MS = 1_000;
const REQUEST_TIMEOUT_MS = 2_000;
// Node checks the timeouts on a timer; the server runs it every quarter of the headers timeout.
const SLACK_MS = 1_000;

let server: ServerProcess;
let dataDir: string;
let reader: LeadReader;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'resilience-slow-'));
  server = await startServer({
    dataDir,
    env: { HEADERS_TIMEOUT_MS: String(HEADERS_TIMEOUT_MS), REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS) },
  });
  reader = sqliteReader(join(dataDir, 'leads.sqlite'));
});

afterAll(async () => {
  await server?.kill('SIGKILL');
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

interface Outcome {
  /** The status line of what the server answered, if anything. */
  statusLine: string | null;
  /** From the first byte sent until the server closed the connection. */
  closedAfterMs: number;
}

/**
 * Sends `head`, then `drip()` every `everyMs` while the connection is open, and reports when the
 * server closed it. Gives up (and fails the test) after `giveUpMs`.
 */
function slowClient(head: string, drip: string, everyMs: number, giveUpMs: number): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = connect(server.port, '127.0.0.1');
    let received = '';
    const timer = setInterval(() => {
      if (socket.writable) socket.write(drip);
    }, everyMs);
    const giveUp = setTimeout(() => {
      clearInterval(timer);
      socket.destroy();
      reject(new Error(`still open after ${giveUpMs} ms`));
    }, giveUpMs);
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
    // A reset after the answer is how a refused upload can end.
    socket.on('error', () => {});
    socket.on('close', () => {
      clearInterval(timer);
      clearTimeout(giveUp);
      resolve({ statusLine: received ? received.split('\r\n')[0]! : null, closedAfterMs: Date.now() - started });
    });
    socket.write(head);
  });
}

const submissionHead = (length: number) =>
  [
    'POST /api/contact HTTP/1.1',
    `Host: 127.0.0.1:${server.port}`,
    ...Object.entries(formHeaders('contact-us')).map(([name, value]) => `${name}: ${value}`),
    `Content-Length: ${length}`,
    '',
    '',
  ].join('\r\n');

describe('slow clients are closed within the timeouts', () => {
  it(`10 connections trickling headers are answered 408 and closed within ${HEADERS_TIMEOUT_MS} ms (+ ${SLACK_MS} ms)`, async () => {
    const outcomes = await Promise.all(
      Array.from({ length: 10 }, () => slowClient(`GET / HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\n`, 'X-Slow: 1\r\n', 200, 10_000)),
    );
    for (const outcome of outcomes) {
      expect(outcome.statusLine).toBe('HTTP/1.1 408 Request Timeout');
      expect(outcome.closedAfterMs).toBeGreaterThanOrEqual(HEADERS_TIMEOUT_MS - 100);
      expect(outcome.closedAfterMs).toBeLessThan(HEADERS_TIMEOUT_MS + SLACK_MS);
    }
  });

  it(`5 connections trickling a body byte by byte are answered 408 and closed within ${REQUEST_TIMEOUT_MS} ms (+ ${SLACK_MS} ms)`, async () => {
    const before = await reader.counts();
    const outcomes = await Promise.all(Array.from({ length: 5 }, () => slowClient(submissionHead(100), ' ', 300, 10_000)));
    for (const outcome of outcomes) {
      expect(outcome.statusLine).toBe('HTTP/1.1 408 Request Timeout');
      expect(outcome.closedAfterMs).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS - 100);
      expect(outcome.closedAfterMs).toBeLessThan(REQUEST_TIMEOUT_MS + SLACK_MS);
    }
    expect(await reader.counts()).toEqual(before);
  });

  it('a client that is slow but within the limits is served, and nothing was logged', async () => {
    const body = JSON.stringify({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      subject: 'Copied photos, sent slowly',
      message: 'Someone copied my photos to their shop.',
      serviceInterest: 'takedown',
      inquiryType: 'takedown',
    });
    const before = await reader.counts();
    const head = submissionHead(Buffer.byteLength(body));
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(server.port, '127.0.0.1');
      let received = '';
      socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
      socket.on('error', reject);
      socket.on('end', () => resolve(received));
      // Headers in two parts 400 ms apart, then the body in two parts 400 ms apart: 0.8 s in all.
      const half = Math.floor(head.length / 2);
      socket.write(head.slice(0, half));
      setTimeout(() => socket.write(head.slice(half)), 400);
      setTimeout(() => socket.write(body.slice(0, 20)), 800);
      setTimeout(() => socket.end(body.slice(20)), 1_200);
    });
    expect(answer.split('\r\n')[0]).toBe('HTTP/1.1 201 Created');
    expect(await reader.counts()).toEqual({ total: before.total + 1, spam: before.spam });
    expect(server.alive()).toBe(true);
    expect(problemLines(server.output())).toEqual([]);
  });
});
