/**
 * What an operator sees: one JSON log line per request (pages included) with its id, route, status
 * and duration and never what the visitor sent; Prometheus counters by bounded route; /readyz.
 */
import { connect, type Socket } from 'node:net';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSite } from '../../../engine/content/load-site';
import { readSchemas, readSiteFiles } from '../../../scripts/read-project';
import { readLogLevel } from '../../../server/config';
import { createLogger } from '../../../server/logging';
import type { LeadStore } from '../../../server/store/types';
import { createFixture, fakeStore, startServer, type Fixture, type TestServer } from './helpers';

const { model } = loadSite(readSiteFiles(), readSchemas());
if (!model) throw new Error('site/ does not load; run npm run validate');

const EMAIL = 'visitor.secret@example.com';
const lead = { name: 'Ann One', email: EMAIL, subject: 'Hello', message: 'Our photos were copied.', serviceInterest: 'general' };
const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${url}/api/contact`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest', ...headers },
    body: JSON.stringify(body),
  });

let fixture: Fixture;
let server: TestServer;
let lines: Array<Record<string, unknown>>;
let rawLog: string;
let storeUp = true;

beforeAll(async () => {
  fixture = createFixture();
  const destination = new PassThrough();
  lines = [];
  rawLog = '';
  destination.on('data', (chunk: Buffer) => {
    rawLog += chunk.toString();
    for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
  });
  const store: LeadStore = fakeStore({
    ping: async () => {
      if (!storeUp) throw new Error('connection refused');
    },
    leads: {
      insertLead: async () => {
        throw new Error('connection refused');
      },
    },
  });
  server = await startServer({
    buildDir: fixture.root,
    store,
    model: { forms: model.forms, apiPayloads: model.apiPayloads },
    logger: createLogger({ level: 'info', destination }),
    env: { RATE_LIMIT_MAX: '6', METRICS_PORT: '0' },
  });
  // What follows is about requests: the lines the start wrote (the metrics address among them) are not.
  lines.length = 0;
  rawLog = '';
});

afterAll(async () => {
  await server.close();
  fixture.cleanup();
});

/** The request's own line (other lines may carry its id too). */
const lineFor = (requestId: string) => lines.find((l) => l.requestId === requestId && 'status' in l);

describe('request log', () => {
  it('writes one line per page request with method, route, status, duration and the id it echoes', async () => {
    const res = await fetch(`${server.url}/?email=${EMAIL}`, { headers: { 'X-Request-Id': 'edge-42:a.b_c' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).toBe('edge-42:a.b_c');
    const line = lineFor('edge-42:a.b_c')!;
    expect(line).toMatchObject({ level: 'info', method: 'GET', route: 'page', status: 200 });
    expect(typeof line.durationMs).toBe('number');
  });

  it.each([['has spaces in it'], ['x'.repeat(129)], ['<script>']])(
    'replaces a malformed X-Request-Id (%s) with a new one',
    async (sent) => {
      const res = await fetch(`${server.url}/nowhere`, { headers: { 'X-Request-Id': sent } });
      const id = res.headers.get('x-request-id')!;
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      expect(lineFor(id)).toMatchObject({ route: 'not_found', status: 404 });
      expect(rawLog).not.toContain(sent);
    },
  );

  it('says why a submission was refused, without the visitor data, the URL or the address', async () => {
    const invalid = await post(server.url, { ...lead, message: '' }, { 'X-Form-Id': 'contact-us' });
    expect(invalid.status).toBe(400);
    expect(lineFor(invalid.headers.get('x-request-id')!)).toMatchObject({ route: '/api/contact', status: 400, error: 'VALIDATION' });

    const storeDown = await post(server.url, lead, { 'X-Form-Id': 'contact-us' });
    expect(storeDown.status).toBe(503);
    const id = storeDown.headers.get('x-request-id')!;
    expect(lineFor(id)).toMatchObject({ route: '/api/contact', status: 503, error: 'STORE_UNAVAILABLE', level: 'error' });
    expect(lines.find((l) => l.requestId === id && l.msg === 'Submission refused: the store is unavailable')).toBeTruthy();

    expect(rawLog).not.toContain(EMAIL);
    expect(rawLog).not.toContain('Our photos');
    expect(rawLog).not.toContain('127.0.0.1');
  });

  it('logs the rate limit as the reason', async () => {
    let limited: Response | undefined;
    for (let i = 0; i < 10 && !limited; i++) {
      const res = await fetch(`${server.url}/api/nothing-here`);
      if (res.status === 429) limited = res;
    }
    expect(lineFor(limited!.headers.get('x-request-id')!)).toMatchObject({ route: 'api_other', status: 429, error: 'RATE_LIMITED' });
  });

  it('reads LOG_LEVEL, refusing an unknown level', () => {
    expect(readLogLevel(undefined)).toBe('info');
    expect(readLogLevel(' WARN ')).toBe('warn');
    expect(() => readLogLevel('loud')).toThrow(/LOG_LEVEL must be one of/);
  });
});

describe('metrics', () => {
  it('counts requests by bounded route and status, and leads refused by reason', async () => {
    const res = await fetch(server.metricsUrl!);
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toMatch(/http_requests_total\{method="GET",route="page",status="200"\} 1/);
    expect(text).toMatch(/http_requests_total\{method="GET",route="not_found",status="404"\} \d+/);
    expect(text).toMatch(/http_request_duration_seconds_bucket\{le="0\.005",method="POST",route="\/api\/contact",status="503"\}/);
    expect(text).toMatch(/leads_refused_total\{endpoint="\/api\/contact",reason="VALIDATION"\} 1/);
    expect(text).toMatch(/leads_refused_total\{endpoint="\/api\/contact",reason="STORE_UNAVAILABLE"\} 1/);
    expect(text).toMatch(/store_errors_total\{operation="insert_lead"\} 1/);
    expect(text).toMatch(/outbox_jobs\{status="pending"\} 0/);
    // Never the raw URL: the query string and odd paths are not labels.
    expect(text).not.toContain(EMAIL);
    expect(text).not.toContain('nowhere');
  });

  it('is not served on the public port', async () => {
    expect((await fetch(`${server.url}/metrics`)).status).toBe(404);
  });
});

describe('/readyz', () => {
  it('is 200 while the store answers, 503 while it does not', async () => {
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
    storeUp = false;
    const down = await fetch(`${server.url}/readyz`);
    expect(down.status).toBe(503);
    expect(await down.json()).toEqual({ status: 'unavailable' });
    storeUp = true;
    // Liveness is unaffected.
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });

  it('is 503 "draining" to a request that arrives once the server is stopping, and the connection is closed after it', async () => {
    // A request begun before the stop (its headers not yet finished) is let through, and sees the drain.
    // The server's own data listener comes first, so once this one runs the request has begun: a stop does not close it as idle.
    const begun = new Promise((resolve) => server.server.http.once('connection', (s: Socket) => s.once('data', resolve)));
    const socket = connect(server.port, '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    const ended = new Promise((resolve) => socket.once('close', resolve));
    socket.write('GET /readyz HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    await begun;
    const stopped = server.close();
    socket.write('\r\n');
    await ended;
    await stopped;
    expect(answer).toMatch(/^HTTP\/1\.1 503 /);
    expect(answer.toLowerCase()).toContain('connection: close');
    expect(answer).toContain('{"status":"draining"}');
  });
});
