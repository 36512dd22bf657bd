/**
 * What a page answer is, whole: for a set of requests (each encoding, HEAD, a conditional GET, a
 * 404, a trailing slash, a refused method, a known link's redirect) the status, every header but
 * Date and the request id, the body's hash and the log line; then the views all of them counted.
 * The snapshot was taken before the page path was prepared ahead of requests; it must not move.
 */
import { createHash } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createLogger, WELL_FORMED_REQUEST_ID } from '../../../server/logging';
import type { ViewCounts } from '../../../server/store/page-views';
import { createFixture, fakeStore, rawRequest, startServer, type Fixture, type TestServer } from './helpers';

let fixture: Fixture;
let server: TestServer;
let lines: Array<Record<string, unknown>>;
const views: ViewCounts[] = [];

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

beforeAll(async () => {
  fixture = createFixture();
  const destination = new PassThrough();
  lines = [];
  destination.on('data', (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
  });
  server = await startServer({
    buildDir: fixture.root,
    // The views reach the store once, as the server stops.
    store: fakeStore({ views: { addViewCounts: async (counts) => void views.push(counts) } }),
    logger: createLogger({ level: 'info', destination }),
    model: { forms: {}, knownLinks: [{ href: '/old-about', reason: 'Moved.', redirect: '/about' }] },
    now: () => new Date('2026-11-26T12:00:00Z'),
    env: { METRICS_PORT: '0', PAGE_VIEWS: 'on', PAGE_VIEWS_FLUSH_MS: '3600000' },
  });
});

afterAll(async () => {
  await server.close();
  fixture.cleanup();
});

interface Ask {
  name: string;
  method?: string;
  path: string;
  headers?: Record<string, string>;
  /** Sends the ETag the same request without it was answered with. */
  conditional?: (etag: string) => string;
}

const asks: Ask[] = [
  { name: 'GET / with no Accept-Encoding', path: '/' },
  { name: 'GET / gzip', path: '/', headers: { 'Accept-Encoding': 'gzip' } },
  { name: 'GET / br and gzip', path: '/', headers: { 'Accept-Encoding': 'gzip, deflate, br' } },
  { name: 'GET / gzip preferred by q', path: '/', headers: { 'Accept-Encoding': 'br;q=0.5, gzip' } },
  { name: 'GET / identity only', path: '/', headers: { 'Accept-Encoding': 'identity' } },
  { name: 'GET / every coding refused', path: '/', headers: { 'Accept-Encoding': 'br;q=0, gzip;q=0' } },
  { name: 'GET / any coding', path: '/', headers: { 'Accept-Encoding': '*' } },
  { name: 'GET / from a browser with a campaign', path: '/?utm_source=news&utm_campaign=nov', headers: { 'User-Agent': BROWSER } },
  { name: 'HEAD / gzip', method: 'HEAD', path: '/', headers: { 'Accept-Encoding': 'gzip' } },
  { name: 'GET /about br', path: '/about', headers: { 'Accept-Encoding': 'br', 'User-Agent': BROWSER } },
  { name: 'GET / gzip, If-None-Match', path: '/', headers: { 'Accept-Encoding': 'gzip' }, conditional: (etag) => etag },
  {
    name: 'GET / gzip, weak If-None-Match among others',
    path: '/',
    headers: { 'Accept-Encoding': 'gzip' },
    conditional: (etag) => `"other", W/${etag}`,
  },
  { name: 'GET / br, If-None-Match of another encoding', path: '/', headers: { 'Accept-Encoding': 'br', 'If-None-Match': '"nope-gz"' } },
  { name: 'GET / If-None-Match *', path: '/', headers: { 'If-None-Match': '*' } },
  { name: 'GET an asset gzip', path: '/assets/app-abc123.js', headers: { 'Accept-Encoding': 'gzip' } },
  { name: 'GET an asset, If-None-Match', path: '/assets/app-abc123.js', headers: { 'Accept-Encoding': 'br' }, conditional: (e) => e },
  { name: 'GET /sitemap.xml', path: '/sitemap.xml' },
  { name: 'GET a missing page gzip', path: '/nowhere', headers: { 'Accept-Encoding': 'gzip' } },
  { name: 'HEAD a missing page', method: 'HEAD', path: '/nowhere' },
  { name: 'GET a missing page, If-None-Match *', path: '/nowhere', headers: { 'If-None-Match': '*' } },
  { name: 'GET a page with a trailing slash and a query', path: '/about/?a=b&c=%20d' },
  { name: 'GET a missing page with a trailing slash', path: '/nowhere/' },
  { name: 'GET //evil.example/', path: '//evil.example/' },
  { name: 'GET a broken percent-encoding', path: '/%E0%A4%A' },
  { name: 'POST /', method: 'POST', path: '/' },
  { name: 'DELETE /about', method: 'DELETE', path: '/about' },
  { name: 'GET a known link that redirects', path: '/old-about' },
  { name: 'HEAD a known link that redirects', method: 'HEAD', path: '/old-about' },
  { name: 'GET with a well-formed X-Request-Id', path: '/about', headers: { 'X-Request-Id': 'edge-7:a.b_c' } },
];

async function answer(ask: Ask) {
  let headers = ask.headers ?? {};
  if (ask.conditional) {
    const first = await rawRequest(server.port, ask.path, headers, ask.method);
    headers = { ...headers, 'If-None-Match': ask.conditional(String(first.headers.etag)) };
  }
  const before = lines.length;
  const res = await rawRequest(server.port, ask.path, headers, ask.method);
  const id = String(res.headers['x-request-id']);
  // The log line is written when the answer is finished, which may be just after the client has it.
  await vi.waitFor(() => expect(lines.slice(before).some((l) => l.requestId === id)).toBe(true));
  const line = lines.slice(before).find((l) => l.requestId === id);
  const { date, 'x-request-id': _id, ...rest } = res.headers;
  return {
    id,
    date,
    answer: {
      status: res.status,
      headers: Object.fromEntries(Object.entries(rest).sort(([a], [b]) => a.localeCompare(b))),
      body: res.body.length ? `${res.body.length} bytes, sha256 ${createHash('sha256').update(res.body).digest('base64url')}` : '',
      log: line && {
        ...Object.fromEntries(Object.entries(line).filter(([k]) => !['time', 'pid', 'durationMs', 'requestId'].includes(k))),
        keys: Object.keys(line),
      },
    },
    durationMs: line?.durationMs,
    line,
  };
}

describe('a page answer', () => {
  it.each(asks.map((a) => [a.name, a] as const))('%s: status, headers, body and log line as before', async (_name, ask) => {
    const got = await answer(ask);
    expect(got.date).toBeTruthy();
    expect(got.id).toMatch(WELL_FORMED_REQUEST_ID);
    if (ask.headers?.['X-Request-Id']) expect(got.id).toBe(ask.headers['X-Request-Id']);
    expect(typeof got.durationMs).toBe('number');
    expect(got.answer).toMatchSnapshot();
  });

  it('gives every answer its own request id', async () => {
    const ids = new Set<string>();
    for (let i = 0; i < 5; i++) ids.add((await answer({ name: 'again', path: '/' })).id);
    expect(ids.size).toBe(5);
  });
});

describe('the metrics of page answers', () => {
  it('counts them by bounded route and status as before', async () => {
    const text = await (await fetch(server.metricsUrl!)).text();
    const counts = text
      .split('\n')
      .filter((l) => l.startsWith('http_requests_total{'))
      .sort();
    expect(counts).toMatchSnapshot();
  });
});

describe('an answer that fails on our side', () => {
  it('is logged as before: the error with the request id, then the request line at error level', async () => {
    const destination = new PassThrough();
    const failing: Array<Record<string, unknown>> = [];
    destination.on('data', (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n').filter(Boolean)) failing.push(JSON.parse(line) as Record<string, unknown>);
    });
    const broken = await startServer({
      buildDir: fixture.root,
      site: () => {
        throw new TypeError('the page broke');
      },
      logger: createLogger({ level: 'info', destination }),
    });
    try {
      const res = await rawRequest(broken.port, '/boom', { 'X-Request-Id': 'broken-1' });
      await vi.waitFor(() => expect(failing.length).toBeGreaterThanOrEqual(2));
      const { date, ...headers } = res.headers;
      expect(date).toBeTruthy();
      const shown = failing.map((l) => {
        const { time, pid, durationMs, err, ...rest } = l as Record<string, unknown> & { err?: Record<string, unknown> };
        expect([typeof time, typeof pid]).toEqual(['number', 'number']);
        if ('status' in l) expect(typeof durationMs).toBe('number');
        const { stack, ...errRest } = err ?? {};
        if (err && 'stack' in err) expect(typeof stack).toBe('string');
        return { ...rest, keys: Object.keys(l), err: err && { ...errRest, stack: typeof stack } };
      });
      expect({ status: res.status, headers, body: res.body.toString(), lines: shown }).toMatchSnapshot();
    } finally {
      await broken.close();
    }
  });
});

describe('the views of these answers', () => {
  it('are counted as before, and written to the store as the server stops', async () => {
    await server.close();
    expect(views).toHaveLength(1);
    expect(views[0]).toMatchSnapshot();
  });
});
