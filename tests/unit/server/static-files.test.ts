import { existsSync, mkdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeCompressedSiblings } from '../../../server/static-files';
import { createFixture, fixturePages, rawRequest, startServer, SECRET, type Fixture, type Running } from './helpers';

let fixture: Fixture;
let server: Running;

beforeAll(async () => {
  fixture = createFixture();
  // Files that must never shadow the routes the app answers itself.
  writeFileSync(join(fixture.clientDir, 'healthz'), 'a file named healthz');
  mkdirSync(join(fixture.clientDir, 'api'), { recursive: true });
  writeFileSync(join(fixture.clientDir, 'api', 'leak.json'), '{"leak":true}');
  mkdirSync(join(fixture.clientDir, 'blog'), { recursive: true });
  writeFileSync(join(fixture.clientDir, 'blog', 'feed.xml'), FEED);
  server = await startServer({ buildDir: fixture.root });
});

afterAll(async () => {
  await server.close();
  fixture.cleanup();
});

const notFoundBody = fixturePages['404.html'];
const FEED = '<?xml version="1.0" encoding="utf-8"?>\n<feed xmlns="http://www.w3.org/2005/Atom"><title>Blog</title></feed>\n';

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

  it('/blog/feed.xml is served as an Atom feed, so feed readers and browsers recognise it', async () => {
    const res = await fetch(server.url + '/blog/feed.xml');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/atom+xml; charset=utf-8');
    expect(await res.text()).toBe(FEED);
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

  it('a redirect percent-encodes what may not stand in a URL, so nothing is echoed raw into Location', async () => {
    const res = await rawRequest(server.port, '/about/?q="<b>"&x=1%20');
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe('/about?q=%22%3Cb%3E%22&x=1%20');
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.body.toString()).toBe('Moved Permanently. Redirecting to /about?q=%22%3Cb%3E%22&x=1%20');
  });

  it('an absolute-form request target (GET http://host/about) gets the page', async () => {
    const res = await rawRequest(server.port, `http://127.0.0.1:${server.port}/about`);
    expect(res.status).toBe(200);
    expect(res.body.toString()).toBe(fixturePages['about/index.html']);
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

describe('security headers', () => {
  it.each([
    ['a page', '/', {}],
    ['a script', '/assets/app-abc123.js', { 'accept-encoding': 'br' }],
    ['the not-found page', '/nope', {}],
    ['a redirect', '/about/', {}],
  ])('%s carries the Content-Security-Policy, X-Frame-Options and nosniff', async (_what, path, headers) => {
    const res = await rawRequest(server.port, path, headers);
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('a 304 carries them too', async () => {
    const etag = String((await rawRequest(server.port, '/about')).headers.etag);
    const res = await rawRequest(server.port, '/about', { 'if-none-match': etag });
    expect(res.status).toBe(304);
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-frame-options']).toBe('DENY');
  });

  it('a file named like the health check or under /api never shadows those routes', async () => {
    const health = await fetch(`${server.url}/healthz`);
    expect(await health.json()).toEqual({ status: 'ok' });
    const api = await fetch(`${server.url}/api/leak.json`);
    expect(api.status).toBe(404);
    expect(await api.json()).toMatchObject({ success: false, error: 'NOT_FOUND' });
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
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await res.text()).toBe('Method Not Allowed\n');
  });

  it('POST /healthz, which the app does not route, gets the same 405 with the security headers', async () => {
    const res = await fetch(`${server.url}/healthz`, { method: 'POST' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
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

describe('precompressed siblings', () => {
  it('npm run build writes a .br and a .gz next to each text file, which decode to the file', () => {
    for (const file of ['index.html', 'about/index.html', 'assets/app-abc123.js', 'sitemap.xml', '404.html'] as const) {
      const full = join(fixture.clientDir, file);
      expect(brotliDecompressSync(readFileSync(`${full}.br`)).toString()).toBe(fixturePages[file]);
      expect(gunzipSync(readFileSync(`${full}.gz`)).toString()).toBe(fixturePages[file]);
    }
  });

  it.each(['/index.html.br', '/about/index.html.gz', '/assets/app-abc123.js.br'])('%s is not a page of its own: 404', async (path) => {
    const res = await rawRequest(server.port, path);
    expect(res.status).toBe(404);
    expect(res.body.toString()).toBe(notFoundBody);
  });

  describe('a site changed by hand after the build', () => {
    let changed: Fixture;
    let running: Running;
    const added = `<!doctype html><html><head><title>Added</title></head><body>${'<p>Added by hand after the build.</p>'.repeat(20)}</body></html>`;
    const edited = `<!doctype html><html><head><title>About</title></head><body>${'<p>Edited after the build.</p>'.repeat(20)}</body></html>`;
    const archive = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 1, 2, 3, 4]);

    beforeAll(async () => {
      changed = createFixture();
      mkdirSync(join(changed.clientDir, 'added'));
      writeFileSync(join(changed.clientDir, 'added', 'index.html'), added);
      writeFileSync(join(changed.clientDir, 'about', 'index.html'), edited);
      // Edited a minute after its siblings were written, whatever the file system's clock resolution.
      const later = new Date(Date.now() + 60_000);
      utimesSync(join(changed.clientDir, 'about', 'index.html'), later, later);
      mkdirSync(join(changed.clientDir, 'downloads'));
      writeFileSync(join(changed.clientDir, 'downloads', 'notices.tar.gz'), archive);
      running = await startServer({ buildDir: changed.root });
    });

    afterAll(async () => {
      await running.close();
      changed.cleanup();
    });

    it('a file without siblings is served as it is, whatever the browser accepts', async () => {
      expect(existsSync(join(changed.clientDir, 'added', 'index.html.br'))).toBe(false);
      const res = await rawRequest(running.port, '/added', { 'accept-encoding': 'br, gzip' });
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.body.toString()).toBe(added);
    });

    it('siblings older than their file are not used, so the edit is what visitors get', async () => {
      const res = await rawRequest(running.port, '/about', { 'accept-encoding': 'br, gzip' });
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.body.toString()).toBe(edited);
    });

    it('the files the build compressed are still compressed', async () => {
      const res = await rawRequest(running.port, '/', { 'accept-encoding': 'br' });
      expect(res.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(res.body).toString()).toBe(fixturePages['index.html']);
    });

    it('a .gz file with no file of the same name beside it is a download of its own', async () => {
      const res = await rawRequest(running.port, '/downloads/notices.tar.gz', { 'accept-encoding': 'gzip' });
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.body.equals(archive)).toBe(true);
    });
  });

  it('only text files get siblings, and only when compressing saves bytes', () => {
    const local = createFixture();
    try {
      writeFileSync(join(local.clientDir, 'tiny.txt'), 'ok');
      writeFileSync(join(local.clientDir, 'logo.png'), Buffer.alloc(4096));
      writeCompressedSiblings(local.clientDir);
      expect(existsSync(join(local.clientDir, 'tiny.txt.br'))).toBe(false);
      expect(existsSync(join(local.clientDir, 'tiny.txt.gz'))).toBe(false);
      expect(existsSync(join(local.clientDir, 'logo.png.br'))).toBe(false);
      expect(existsSync(join(local.clientDir, 'index.html.br'))).toBe(true);
    } finally {
      local.cleanup();
    }
  });
});
