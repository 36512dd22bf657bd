import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import express from 'express';
import helmet from 'helmet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readBadgesFile } from '../../../engine/badges/read-badges';
import { createBadgeResponder, createBadgeRouter } from '../../../server/api/badges';
import { createApiRouter } from '../../../server/api/router';
import { contentSecurityPolicy, createApp } from '../../../server/app';
import {
  answerBeforeRouter,
  createFileResponder,
  createStaticHandler,
  headersSetBy,
  loadStaticSite,
} from '../../../server/static-files';
import { createFixture, fakeStore, listen, rawRequest, type Fixture, type Running } from './helpers';

let fixture: Fixture;
let app: Running;
let routed: Running;
const badges = readBadgesFile();

const security = () =>
  helmet({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'deny' },
  });

beforeAll(async () => {
  fixture = createFixture();
  // Files that must never shadow the routes the app answers itself.
  writeFileSync(join(fixture.clientDir, 'healthz'), 'a file named healthz');
  mkdirSync(join(fixture.clientDir, 'api'), { recursive: true });
  writeFileSync(join(fixture.clientDir, 'api', 'leak.json'), '{"leak":true}');
  app = await listen(createApp({ clientDir: fixture.clientDir, store: fakeStore(), siteUrl: 'https://example.com', badges }));
  // The same site served entirely through Express's router, as before the router-free path.
  const plain = express();
  plain.disable('x-powered-by');
  plain.set('etag', false);
  plain.use(security());
  plain.use('/api/badge', createBadgeRouter({ badges }));
  plain.use('/api', createApiRouter([]));
  plain.use(createStaticHandler(fixture.clientDir));
  routed = await listen(plain);
});

afterAll(async () => {
  await app.close();
  await routed.close();
  fixture.cleanup();
});

function withoutDate(headers: Record<string, unknown>): Record<string, unknown> {
  const { date: _date, connection: _c, 'keep-alive': _k, ...rest } = headers;
  return rest;
}

describe('files answered before the router', () => {
  const cases: Array<[string, Record<string, string>, string]> = [
    ['/', {}, 'GET'],
    ['/about', { 'accept-encoding': 'gzip' }, 'GET'],
    ['/about?ref=nav', { 'accept-encoding': 'br, gzip' }, 'GET'],
    ['/assets/app-abc123.js', { 'accept-encoding': 'gzip;q=0.5, br;q=0' }, 'GET'],
    ['/sitemap.xml', {}, 'HEAD'],
    ['/about', { 'accept-encoding': 'br' }, 'HEAD'],
  ];

  it.each(cases)('%s (%j, %s) gets the same status, headers and body as through the router', async (path, headers, method) => {
    const fast = await rawRequest(app.port, path, headers, method);
    const slow = await rawRequest(routed.port, path, headers, method);
    expect(fast.status).toBe(200);
    expect(fast.status).toBe(slow.status);
    expect(withoutDate(fast.headers)).toEqual(withoutDate(slow.headers));
    expect(fast.body.equals(slow.body)).toBe(true);
  });

  it('a revalidation with the current ETag gets the same 304 as through the router', async () => {
    const first = await rawRequest(app.port, '/about', { 'accept-encoding': 'gzip' });
    const etag = String(first.headers.etag);
    const fast = await rawRequest(app.port, '/about', { 'accept-encoding': 'gzip', 'if-none-match': `W/${etag}` });
    const slow = await rawRequest(routed.port, '/about', { 'accept-encoding': 'gzip', 'if-none-match': `W/${etag}` });
    expect(fast.status).toBe(304);
    expect(fast.body.length).toBe(0);
    expect(withoutDate(fast.headers)).toEqual(withoutDate(slow.headers));
  });

  it('pages keep every security header, e.g. the Content-Security-Policy and X-Frame-Options', async () => {
    const res = await rawRequest(app.port, '/');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('a file named like the health check or under /api never shadows those routes', async () => {
    const health = await fetch(`${app.url}/healthz`);
    expect(await health.json()).toEqual({ status: 'ok' });
    const api = await fetch(`${app.url}/api/leak.json`);
    expect(api.status).toBe(404);
    expect(await api.json()).toMatchObject({ success: false, error: 'NOT_FOUND' });
  });

  it('what it declines (other methods, trailing slashes, unknown paths) still goes through the app', async () => {
    expect((await rawRequest(app.port, '/about', {}, 'POST')).status).toBe(405);
    expect((await rawRequest(app.port, '/about/')).status).toBe(301);
    expect((await rawRequest(app.port, '/nope')).status).toBe(404);
    expect((await rawRequest(app.port, '/%')).status).toBe(404);
  });
});

describe('badge images answered before the router', () => {
  const path = '/api/badge/standard/medium/blue';

  it.each<[string, Record<string, string>, string]>([
    [path, {}, 'GET'],
    [`${path}?v=2`, {}, 'GET'],
    [path, {}, 'HEAD'],
    ['/api/badge/enterprise/large/gray', { 'accept-encoding': 'gzip' }, 'GET'],
  ])('%s (%j, %s) gets the same answer as from the badge router', async (url, headers, method) => {
    const fast = await rawRequest(app.port, url, headers, method);
    const slow = await rawRequest(routed.port, url, headers, method);
    expect(fast.status).toBe(200);
    expect(withoutDate(fast.headers)).toEqual(withoutDate(slow.headers));
    expect(fast.body.equals(slow.body)).toBe(true);
  });

  it('a revalidation with the ETag gets the same 304 as from the badge router', async () => {
    const etag = String((await rawRequest(app.port, path)).headers.etag);
    const fast = await rawRequest(app.port, path, { 'if-none-match': etag });
    const slow = await rawRequest(routed.port, path, { 'if-none-match': etag });
    expect(fast.status).toBe(304);
    expect(withoutDate(fast.headers)).toEqual(withoutDate(slow.headers));
  });

  it.each<[string, string, number]>([
    ['/api/badge/standard/medium/pink', 'GET', 404],
    ['/api/badge/standard/medium/blue/', 'GET', 200],
    ['/api/badge/standard/medium', 'GET', 404],
    ['/api/badge/%73tandard/medium/blue', 'GET', 200],
    [path, 'POST', 405],
  ])('%s (%s) is left to the router: %i', async (url, method, status) => {
    const fast = await rawRequest(app.port, url, {}, method);
    const slow = await rawRequest(routed.port, url, {}, method);
    expect(fast.status).toBe(status);
    expect(slow.status).toBe(status);
    expect(fast.body.equals(slow.body)).toBe(true);
  });

  it('the responder declines what it does not know', () => {
    const respond = createBadgeResponder({ badges });
    const req = (method: string, url: string) => ({ method, url, headers: {} }) as never;
    const res = { setHeader: () => {}, writeHead: () => {}, end: () => {} } as never;
    expect(respond(req('GET', '/api/badge/standard/medium/pink'), res)).toBe(false);
    expect(respond(req('DELETE', path), res)).toBe(false);
    expect(respond(req('GET', '/badges'), res)).toBe(false);
    expect(respond(req('GET', path), res)).toBe(true);
  });
});

describe('answerBeforeRouter', () => {
  it('answers known files first and hands everything else to the router', async () => {
    const site = loadStaticSite(fixture.clientDir);
    const plain = express();
    plain.get('/', (_req, res) => void res.send('from the router'));
    plain.get('/other', (_req, res) => void res.send('other route'));
    answerBeforeRouter(plain, createFileResponder(site, { headers: [['X-Test', 'yes']] }));
    const running = await listen(plain);
    try {
      const home = await rawRequest(running.port, '/');
      expect(home.body.toString()).toContain('<h1>Home</h1>');
      expect(home.headers['x-test']).toBe('yes');
      const other = await rawRequest(running.port, '/other');
      expect(other.body.toString()).toBe('other route');
      expect(other.headers['x-test']).toBeUndefined();
    } finally {
      await running.close();
    }
  });
});

describe('headersSetBy', () => {
  it('records the headers a middleware sets, minus those it removes', () => {
    const headers = new Map(headersSetBy(security()).map(([k, v]) => [k.toLowerCase(), v]));
    expect(headers.get('x-frame-options')).toBe('DENY');
    expect(headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(headers.has('x-powered-by')).toBe(false);
  });

  it('refuses a middleware that does not finish synchronously', () => {
    expect(() => headersSetBy((_req, _res, next) => void setImmediate(next))).toThrow(/synchronously/);
  });
});
