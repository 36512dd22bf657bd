import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createFixture, fakeStore, startServer, type Fixture, type Running } from './helpers';

let fixture: Fixture;
let server: Running;

beforeAll(async () => {
  fixture = createFixture();
  server = await startServer({ buildDir: fixture.root });
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
    const broken = await startServer({ buildDir: fixture.root, store: down });
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
  it.each(['/api/nope', '/api', '/api/contact/extra', '/api/CONTACT'])('%s answers 404 JSON naming the path', async (path) => {
    const res = await fetch(server.url + path);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.json()).toEqual({ success: false, message: `No API endpoint at ${path}.`, error: 'NOT_FOUND' });
  });

  it.each([
    ['GET', '/api/contact', 'POST', 'Use POST.'],
    ['DELETE', '/api/contact', 'POST', 'Use POST.'],
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
});

describe('error page outside the API', () => {
  it('a crash on a page answers 500 plain text without a stack trace', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const running = await startServer({
      buildDir: fixture.root,
      site: () => {
        throw new Error('template exploded at /secret/path.ts:42');
      },
    });
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
