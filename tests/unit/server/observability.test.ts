/**
 * What an operator sees: one JSON log line per request (pages included) with its id, route, status
 * and duration and never what the visitor sent; Prometheus counters by bounded route; /readyz.
 */
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSite } from '../../../engine/content/load-site';
import { readSchemas, readSiteFiles } from '../../../scripts/read-project';
import { createApp } from '../../../server/app';
import { readLogLevel } from '../../../server/config';
import { createLogger } from '../../../server/logging';
import { createMetrics, createMetricsListener } from '../../../server/metrics';
import { createReadiness } from '../../../server/readiness';
import type { LeadStore } from '../../../server/store/types';
import { createFixture, fakeStore, listen, type Fixture, type Running } from './helpers';

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
let server: Running;
let metricsServer: Running;
let lines: Array<Record<string, unknown>>;
let rawLog: string;
let storeUp = true;
const readiness = createReadiness();

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
  const metrics = createMetrics({ outbox: store.outbox });
  const app = createApp({
    clientDir: fixture.clientDir,
    store,
    siteUrl: 'https://example.com',
    forms: model.forms,
    apiPayloads: model.apiPayloads,
    rateLimit: { windowMs: 60_000, max: 6 },
    logger: createLogger({ level: 'info', destination }),
    metrics,
    readiness,
  });
  server = await listen(app);
  metricsServer = await listen(createMetricsListener(metrics));
});

afterAll(async () => {
  await server.close();
  await metricsServer.close();
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
    const res = await fetch(`${metricsServer.url}/metrics`);
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
  it('is 200 while the store answers, 503 while it does not, and 503 once the process drains', async () => {
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
    storeUp = false;
    const down = await fetch(`${server.url}/readyz`);
    expect(down.status).toBe(503);
    expect(await down.json()).toEqual({ status: 'unavailable' });
    storeUp = true;
    readiness.startDraining();
    const draining = await fetch(`${server.url}/readyz`);
    expect(draining.status).toBe(503);
    expect(await draining.json()).toEqual({ status: 'draining' });
    // Liveness is unaffected.
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });
});
