import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../server/app';
import { createFixture, fakeStore, fixturePages, listen, rawRequest, SECRET, type Fixture, type Running } from './helpers';

let fixture: Fixture;
let server: Running;

beforeAll(async () => {
  fixture = createFixture();
  server = await listen(createApp({ clientDir: fixture.clientDir, store: fakeStore(), siteUrl: 'https://example.com' }));
});

afterAll(async () => {
  await server.close();
  fixture.cleanup();
});

const notFoundBody = fixturePages['404.html'];

describe('pages', () => {
  it.each([
    ['/', 'index.html', 'text/html; charset=utf-8'],
    ['/about', 'about/index.html', 'text/html; charset=utf-8'],
    ['/sitemap.xml', 'sitemap.xml', 'application/xml; charset=utf-8'],
    ['/assets/app-abc123.js', 'assets/app-abc123.js', 'text/javascript; charset=utf-8'],
  ] as const)('%s shows the built file %s', async (path, file, contentType) => {
    const res = await fetch(server.url + path);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(contentType);
    expect(await res.text()).toBe(fixturePages[file]);
  });

  it.each([
    ['/about/', '/about'],
    ['/about/?ref=nav&x=1', '/about?ref=nav&x=1'],
    ['/about///', '/about'],
  ])('%s redirects permanently to %s', async (path, location) => {
    const res = await fetch(server.url + path, { redirect: 'manual' });
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe(location);
  });

  it.each(['//evil.example/', '/%2Fevil.example/', '/nope/'])(
    '%s with a trailing slash but no such page is a 404, not a redirect elsewhere',
    async (path) => {
      const res = await rawRequest(server.port, path);
      expect(res.status).toBe(404);
      expect(res.headers.location).toBeUndefined();
    },
  );

  it.each(['/does-not-exist', '/about/team', '/index.html', '/404.html', '/assets/missing.js', '/.env'])(
    '%s shows the not-found page with status 404',
    async (path) => {
      const res = await fetch(server.url + path);
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toBe(notFoundBody);
    },
  );

  it('the not-found page is compressed too', async () => {
    const res = await rawRequest(server.port, '/does-not-exist', { 'accept-encoding': 'br' });
    expect(res.status).toBe(404);
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.body).toString()).toBe(notFoundBody);
  });
});

describe('caching', () => {
  it('hashed assets are cached for a year and never revalidated', async () => {
    const res = await fetch(`${server.url}/assets/app-abc123.js`);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it.each(['/', '/about', '/sitemap.xml'])('%s is revalidated on every visit (no-cache + ETag)', async (path) => {
    const res = await fetch(server.url + path);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('etag')).toMatch(/^"[^"]+"$/);
  });

  it.each(['', 'br', 'gzip'])('a matching If-None-Match (Accept-Encoding "%s") gets 304 with no body', async (encoding) => {
    const headers = { 'accept-encoding': encoding };
    const first = await rawRequest(server.port, '/about', headers);
    const etag = first.headers.etag as string;
    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const again = await rawRequest(server.port, '/about', { ...headers, 'if-none-match': ifNoneMatch });
      expect(again.status).toBe(304);
      expect(again.body.length).toBe(0);
      expect(again.headers.etag).toBe(etag);
      expect(again.headers['cache-control']).toBe('no-cache');
    }
  });

  it('a stale If-None-Match gets the full page', async () => {
    const res = await rawRequest(server.port, '/about', { 'if-none-match': '"stale"' });
    expect(res.status).toBe(200);
    expect(res.body.toString()).toBe(fixturePages['about/index.html']);
  });

  it('each encoding has its own ETag', async () => {
    const tags = await Promise.all(
      ['identity', 'br', 'gzip'].map(async (e) => (await rawRequest(server.port, '/', { 'accept-encoding': e })).headers.etag),
    );
    expect(new Set(tags).size).toBe(3);
  });
});

describe('compression', () => {
  const decoders: Record<string, (b: Buffer) => Buffer> = {
    br: brotliDecompressSync,
    gzip: gunzipSync,
    none: (b) => b,
  };

  it.each([
    ['br', 'br'],
    ['gzip', 'gzip'],
    ['gzip, deflate, br', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=0, br;q=0', 'none'],
    ['gzip;q=1, br;q=0.5', 'gzip'],
    ['*', 'br'],
    ['*;q=0', 'none'],
    ['identity', 'none'],
    ['', 'none'],
  ])('Accept-Encoding "%s" gets %s and the same bytes once decoded', async (acceptEncoding, expected) => {
    for (const [path, file] of [
      ['/', 'index.html'],
      ['/assets/app-abc123.js', 'assets/app-abc123.js'],
    ] as const) {
      const res = await rawRequest(server.port, path, { 'accept-encoding': acceptEncoding });
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding'] ?? 'none').toBe(expected);
      expect(res.headers.vary).toBe('Accept-Encoding');
      expect(Number(res.headers['content-length'])).toBe(res.body.length);
      expect(decoders[expected]!(res.body).toString()).toBe(fixturePages[file]);
    }
  });
});

describe('methods', () => {
  it.each([
    ['/', 200],
    ['/assets/app-abc123.js', 200],
    ['/nope', 404],
  ])('HEAD %s gets the headers of GET (status %i) and no body', async (path, status) => {
    const get = await rawRequest(server.port, path, { 'accept-encoding': 'gzip' });
    const head = await rawRequest(server.port, path, { 'accept-encoding': 'gzip' }, 'HEAD');
    expect(head.status).toBe(status);
    expect(head.body.length).toBe(0);
    expect(head.headers['content-length']).toBe(get.headers['content-length']);
    expect(head.headers['content-encoding']).toBe('gzip');
  });

  it.each(['POST', 'PUT', 'DELETE', 'PATCH'])('%s /about is refused with 405 and Allow: GET, HEAD', async (method) => {
    const res = await fetch(`${server.url}/about`, { method });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD');
  });
});

describe('path traversal', () => {
  it.each([
    '/../secret.txt',
    '/../../../../etc/passwd',
    '/assets/../../secret.txt',
    '/%2e%2e/secret.txt',
    '/%2E%2E%2Fsecret.txt',
    '/assets/..%2f..%2fsecret.txt',
    '/assets/%2e%2e/%2e%2e/secret.txt',
    '/..%5csecret.txt',
    '/..\\secret.txt',
    '/%252e%252e/secret.txt',
    '/about%00',
    '/index.html%00.js',
    '/%00',
    '/%',
    '/%c0%ae%c0%ae/secret.txt',
    '/.env',
  ])('%s gets the not-found page, never a file outside the site', async (path) => {
    const res = await rawRequest(server.port, path);
    expect(res.status).toBe(404);
    expect(res.body.toString()).toBe(notFoundBody);
    expect(res.body.toString()).not.toContain(SECRET);
  });
});
