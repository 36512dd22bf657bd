/** Known-broken addresses that name a live page in site/links.yaml: visitors get a 301 there, from the real app. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSite } from '../../../engine/content/load-site';
import { formatProblem } from '../../../engine/content/problem';
import { readSchemas, readSiteFiles } from '../../../scripts/read-project';
import { minimalSite, yaml } from '../../fixtures/minimal-site';
import { createFixture, rawRequest, startServer, type Fixture, type Running } from './helpers';

const known = [
  { href: '/takedown/commercial', reason: 'Product copy uses the singular form.', redirect: '/takedowns/commercial' },
  {
    href: '/faq/response-times',
    reason: 'Not published yet; the FAQ answers it.',
    redirect: '/faq/takedowns#how-long-does-a-takedown-take',
  },
  { href: '/blog/{id}', reason: 'Articles are not published yet.' },
  { href: '/waiting', reason: 'A page that is planned, with nowhere to send visitors yet.' },
];

describe('redirects from site/links.yaml', () => {
  let fixture: Fixture;
  let server: Running;
  beforeAll(async () => {
    fixture = createFixture();
    server = await startServer({ buildDir: fixture.root, model: { forms: {}, knownLinks: known } });
  });
  afterAll(async () => {
    await server.close();
    fixture.cleanup();
  });

  it.each([
    ['/takedown/commercial', '/takedowns/commercial'],
    ['/takedown/commercial?utm_source=mail', '/takedowns/commercial'],
    ['/faq/response-times', '/faq/takedowns#how-long-does-a-takedown-take'],
  ])('GET %s answers 301 to %s, with the security headers', async (path, location) => {
    const res = await rawRequest(server.port, path);
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe(location);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('answers HEAD the same way, and leaves other methods, other paths and {param} patterns alone', async () => {
    expect((await rawRequest(server.port, '/takedown/commercial', {}, 'HEAD')).headers.location).toBe('/takedowns/commercial');
    expect((await rawRequest(server.port, '/takedown/commercial', {}, 'POST')).status).toBe(405);
    for (const path of ['/blog/3', '/waiting', '/takedown/commercial/extra', '/TAKEDOWN/commercial']) {
      const res = await rawRequest(server.port, path);
      expect(res.status, path).toBe(404);
      expect(res.headers.location, path).toBeUndefined();
    }
  });
});

describe('a redirect in site/links.yaml', () => {
  const withLinks = (links: string) => loadSite(minimalSite({ 'site/links.yaml': links }), readSchemas());

  it.each([
    ['//evil.example/phish', 'another host'],
    ['https://evil.example/phish', 'an absolute address'],
    ['/\\evil.example', 'a backslash browsers read as a slash'],
  ])('refuses %s (%s): only paths of this site', (target) => {
    const result = withLinks(yaml`
      known:
        - href: /old
          reason: The old page is linked from an archived article.
          redirect: "${target.replace(/\\/g, '\\\\')}"
    `);
    expect(result.problems.map(formatProblem).join('\n')).toContain('site/links.yaml:4:15 known[0].redirect: has the wrong format.');
  });

  it('is refused on a {param} pattern, which has no one address to send visitors to', () => {
    const result = withLinks(yaml`
      known:
        - href: /blog/{id}
          reason: Articles are not published yet.
          redirect: /blog
    `);
    expect(result.problems.map(formatProblem)).toEqual(['site/links.yaml:4:5 known[0].redirect: is not allowed here']);
  });

  it('the real site sends every known address that has a live page there', () => {
    const { model } = loadSite(readSiteFiles(), readSchemas());
    const redirected = model!.knownLinks.filter((k) => k.redirect).map((k) => k.href);
    expect(redirected).toEqual([
      '/faq/dmca-process',
      '/faq/response-times',
      '/takedown/commercial',
      '/takedown/diy',
      '/protection/writing',
      '/protection/digital-art',
      '/takedowns/diy-toolkit',
    ]);
  });
});
