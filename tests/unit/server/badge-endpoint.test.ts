import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderBadgeSvg } from '../../../server/api/badge-svg';
import { createBadgeRouter, DEFAULT_CACHE_CONTROL } from '../../../server/api/badges';
import { siteBadges } from '../../support/site-badges';
import { createFixture, listen, rawRequest, startServer, type Fixture, type Running } from './helpers';

const badges = siteBadges();
let bare: Running;
let withHelmet: Running;
let fixture: Fixture;

beforeAll(async () => {
  const app = express();
  app.use('/api/badge', createBadgeRouter({ badges }));
  bare = await listen(app);

  // The real app: behind the security headers and their Content-Security-Policy, before the generic API router.
  fixture = createFixture();
  withHelmet = await startServer({ buildDir: fixture.root, model: { forms: {}, badges } });
});

afterAll(async () => {
  await bare.close();
  await withHelmet.close();
  fixture.cleanup();
});

const json = (body: Buffer) => JSON.parse(body.toString('utf8')) as unknown;

describe('GET /api/badge/:type/:size/:color', () => {
  it('serves the SVG with caching and cross-origin headers', async () => {
    const res = await rawRequest(bare.port, '/api/badge/standard/medium/blue');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(res.headers['cache-control']).toBe(DEFAULT_CACHE_CONTROL);
    expect(res.headers['cache-control']).toMatch(/^public, max-age=86400\b/);
    expect(res.headers.etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    expect(res.body.toString('utf8')).toBe(renderBadgeSvg(badges, 'standard', 'medium', 'blue'));
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
  });

  it('keeps cross-origin embedding allowed behind the security headers, which default to same-origin', async () => {
    const res = await rawRequest(withHelmet.port, '/api/badge/premium/small/purple');
    expect(res.status).toBe(200);
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
  });

  it("in the app, a badge carries its own Content-Security-Policy instead of the pages' one, and the other security headers", async () => {
    for (const method of ['GET', 'HEAD']) {
      const res = await rawRequest(withHelmet.port, '/api/badge/premium/small/purple', {}, method);
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['x-powered-by']).toBeUndefined();
    }
    const etag = String((await rawRequest(withHelmet.port, '/api/badge/premium/small/purple')).headers.etag);
    const notModified = await rawRequest(withHelmet.port, '/api/badge/premium/small/purple', { 'if-none-match': etag });
    expect(notModified.status).toBe(304);
    expect(notModified.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'");
    expect(notModified.headers['cross-origin-resource-policy']).toBe('cross-origin');
  });

  it.each([
    ['a query string', '/api/badge/standard/medium/blue?v=2'],
    ['a trailing slash', '/api/badge/standard/medium/blue/'],
    ['a percent-encoded id', '/api/badge/%73tandard/medium/blue'],
  ])('a badge address with %s still gets the badge', async (_what, path) => {
    const res = await rawRequest(withHelmet.port, path);
    expect(res.status).toBe(200);
    expect(res.body.toString('utf8')).toBe(renderBadgeSvg(badges, 'standard', 'medium', 'blue'));
  });

  it('every combination has its own ETag', async () => {
    const tags = new Set<string>();
    for (const t of badges.types)
      for (const s of badges.sizes)
        for (const c of badges.colors) {
          const res = await rawRequest(bare.port, `/api/badge/${t.id}/${s.id}/${c.id}`, {}, 'HEAD');
          expect(res.status).toBe(200);
          tags.add(String(res.headers.etag));
        }
    expect(tags.size).toBe(45);
  });

  it('answers 304 without a body when If-None-Match matches', async () => {
    const first = await rawRequest(bare.port, '/api/badge/enterprise/large/red');
    const etag = String(first.headers.etag);
    for (const header of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const again = await rawRequest(bare.port, '/api/badge/enterprise/large/red', { 'If-None-Match': header });
      expect(again.status, header).toBe(304);
      expect(again.body.length).toBe(0);
      expect(again.headers.etag).toBe(etag);
      expect(again.headers['cache-control']).toBe(DEFAULT_CACHE_CONTROL);
    }
    const changed = await rawRequest(bare.port, '/api/badge/enterprise/large/red', { 'If-None-Match': '"stale"' });
    expect(changed.status).toBe(200);
  });

  it('answers HEAD with the same headers and no body', async () => {
    const get = await rawRequest(bare.port, '/api/badge/standard/small/gray');
    const head = await rawRequest(bare.port, '/api/badge/standard/small/gray', {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    for (const name of ['content-type', 'content-length', 'etag', 'cache-control', 'cross-origin-resource-policy']) {
      expect(head.headers[name], name).toBe(get.headers[name]);
    }
  });

  it.each([
    ['colour', '/api/badge/standard/medium/pink', 'Unknown badge colour "pink". Choose one of: blue, green, purple, red, gray.'],
    ['size', '/api/badge/standard/huge/blue', 'Unknown badge size "huge". Choose one of: small, medium, large.'],
    ['type', '/api/badge/gold/medium/blue', 'Unknown badge type "gold". Choose one of: standard, premium, enterprise.'],
    [
      'type (case matters)',
      '/api/badge/Standard/medium/blue',
      'Unknown badge type "Standard". Choose one of: standard, premium, enterprise.',
    ],
  ])('an unknown %s is a JSON 404 naming the allowed values', async (_what, path, message) => {
    const res = await rawRequest(bare.port, path);
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(json(res.body)).toEqual({ success: false, message, error: 'UNKNOWN_BADGE' });
  });

  it('other paths under /api/badge fall through to the API 404, other methods get 405', async () => {
    const short = await rawRequest(withHelmet.port, '/api/badge/standard/medium');
    expect(short.status).toBe(404);
    expect(json(short.body)).toMatchObject({ success: false, error: 'NOT_FOUND' });

    const post = await rawRequest(withHelmet.port, '/api/badge/standard/medium/blue', {}, 'POST');
    expect(post.status).toBe(405);
    expect(post.headers.allow).toBe('GET, HEAD');
    expect(json(post.body)).toMatchObject({ success: false, error: 'METHOD_NOT_ALLOWED' });
  });
});
