import express from 'express';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp, errorHandler } from '../../../server/app';
import type { ApiEndpoint } from '../../../server/api/router';
import { createFixture, fakeStore, listen, type Fixture, type Running } from './helpers';

const endpoints: ApiEndpoint[] = [
  { path: '/echo', methods: { POST: (_req, res) => void res.status(201).json({ success: true }) } },
  {
    path: '/report',
    methods: { GET: (_req, res) => void res.json({ success: true }), PUT: (_req, res) => void res.json({ success: true }) },
  },
  {
    path: '/boom',
    methods: {
      POST: async () => {
        throw new Error('database exploded at /secret/path.ts:42');
      },
    },
  },
];

let fixture: Fixture;
let server: Running;

beforeAll(async () => {
  fixture = createFixture();
  server = await listen(
    createApp({ clientDir: fixture.clientDir, store: fakeStore(), siteUrl: 'https://example.com', apiEndpoints: endpoints }),
  );
});

afterAll(async () => {
  await server.close();
  fixture.cleanup();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('security headers', () => {
  it.each(['/', '/nope', '/api/nope', '/healthz'])('%s does not reveal the framework (no X-Powered-By)', async (path) => {
    const res = await fetch(server.url + path);
    expect(res.headers.get('x-powered-by')).toBeNull();
  });

  it('pages carry a Content-Security-Policy whose scripts come only from our origin', async () => {
    const res = await fetch(server.url);
    const csp = res.headers.get('content-security-policy') ?? '';
    const directives = new Map(
      csp.split(';').map((d) => {
        const [name = '', ...values] = d.trim().split(/\s+/);
        return [name, values] as const;
      }),
    );
    expect(directives.get('script-src')).toEqual(["'self'"]);
    expect(csp).not.toMatch(/unsafe-eval/);
    expect(directives.get('default-src')).toEqual(["'self'"]);
    expect(directives.get('object-src')).toEqual(["'none'"]);
    expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
    expect(directives.get('form-action')).toEqual(["'self'"]);
  });

  it('pages send Referrer-Policy strict-origin-when-cross-origin and nosniff', async () => {
    const res = await fetch(server.url);
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('health check', () => {
  it('/healthz answers 200 {status:"ok"} when the store responds', async () => {
    const res = await fetch(`${server.url}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  it('/healthz answers 503 {status:"unavailable"} when the store is down', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const down = fakeStore({
      ping: async () => {
        throw new Error('disk gone');
      },
    });
    const broken = await listen(createApp({ clientDir: fixture.clientDir, store: down, siteUrl: 'https://example.com' }));
    try {
      const res = await fetch(`${broken.url}/healthz`);
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ status: 'unavailable' });
    } finally {
      await broken.close();
    }
  });
});

describe('API', () => {
  it.each(['/api/nope', '/api', '/api/echo/extra', '/api/ECHO'])('%s answers 404 JSON naming the path', async (path) => {
    const res = await fetch(server.url + path);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.json()).toEqual({ success: false, message: `No API endpoint at ${path}.`, error: 'NOT_FOUND' });
  });

  it.each([
    ['GET', '/api/echo', 'POST', 'Use POST.'],
    ['DELETE', '/api/echo', 'POST', 'Use POST.'],
    ['POST', '/api/report', 'GET, PUT, HEAD', 'Use GET or PUT.'],
  ])('%s %s answers 405 JSON with Allow: %s', async (method, path, allow, hint) => {
    const res = await fetch(server.url + path, { method });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe(allow);
    expect(await res.json()).toEqual({
      success: false,
      message: `Method ${method} is not allowed on ${path}. ${hint}`,
      error: 'METHOD_NOT_ALLOWED',
    });
  });

  it('a declared method reaches its handler', async () => {
    const res = await fetch(`${server.url}/api/echo?x=1`, { method: 'POST' });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ success: true });
  });

  it('a failing handler answers 500 JSON without a stack trace', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const res = await fetch(`${server.url}/api/boom`, { method: 'POST' });
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({
      success: false,
      message: 'Something went wrong on our side. Please try again.',
      error: 'INTERNAL',
    });
    expect(text).not.toMatch(/exploded|secret|at /);
  });
});

describe('error page outside the API', () => {
  it('a crash on a page answers 500 plain text without a stack trace', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const app = express();
    app.get('/crash', () => {
      throw new Error('template exploded at /secret/path.ts:42');
    });
    app.use(errorHandler);
    const running = await listen(app);
    try {
      const res = await fetch(`${running.url}/crash`);
      expect(res.status).toBe(500);
      expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
      const text = await res.text();
      expect(text).toBe('Something went wrong on our side. Please try again.\n');
    } finally {
      await running.close();
    }
  });
});
