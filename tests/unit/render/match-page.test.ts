import { matchRoutes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { loadSite } from '../../../engine/content/load-site';
import type { SiteModel } from '../../../engine/content/model';
import { formatProblem } from '../../../engine/content/problem';
import { matchPage, routeObjects } from '../../../engine/render/App';
import { readSchemas, readSiteFiles } from '../../../scripts/read-project';
import { minimalSite } from '../../fixtures/minimal-site';

const schemas = readSchemas();

function load(files = readSiteFiles()): SiteModel {
  const { model, problems } = loadSite(files, schemas);
  if (!model) throw new Error(`The site does not load:\n${problems.map(formatProblem).join('\n')}`);
  return model;
}

describe('matchPage', () => {
  const site = load();

  it('finds every page of the real site by its own path, and ignores a trailing slash and a query', () => {
    for (const page of site.pages) expect(matchPage(site, page.path!)?.path).toBe(page.path);
    expect(matchPage(site, '/faq/legal/')?.path).toBe('/faq/legal');
    expect(matchPage(site, '/pricing?billing=annual')?.path).toBe('/pricing');
  });

  it('gives null for an address that is no route, so the not-found page is shown', () => {
    expect(matchPage(site, '/no-such-page')).toBeNull();
    expect(matchPage(site, '/faq/legal/extra')).toBeNull();
  });

  it('builds the route table once per model, and never lets one model answer for another', () => {
    expect(routeObjects(site)).toBe(routeObjects(site));
    const small = load(minimalSite());
    expect(routeObjects(small)).not.toBe(routeObjects(site));
    expect(routeObjects(small).map((r) => r.path)).toEqual([...small.pages.map((p) => p.path), '*']);
    expect(matchPage(small, '/pricing')).toBeNull();
    expect(matchPage(site, '/pricing')?.path).toBe('/pricing');
    expect(matchPage(small, '/')?.meta.title).toBe('Home page');
  });
});

describe('matchPage agrees with react-router matching the whole table', () => {
  const site = load();
  const locations = [
    ...site.pages.map((p) => p.path!),
    ...site.pages.map((p) => `${p.path}/`),
    ...site.pages.map((p) => p.path!.toUpperCase()),
    '/pricing?billing=annual#plans',
    '/faq/legal#fair-use',
    '/faq//legal',
    '/faq/legal//',
    '/%70ricing',
    '/no-such-page',
    '/faq/legal/extra',
    '/takedown/commercial',
    '/blog/1',
  ];

  it.each(locations)('%s', (location) => {
    const route = matchRoutes(routeObjects(site), location)?.at(-1)?.route;
    expect(route).toBeDefined();
    const viaRouter = route!.path === '*' ? null : route!.id;
    expect(matchPage(site, location)?.path ?? null).toBe(viaRouter);
  });

  it('gives null for a malformed escape instead of throwing', () => {
    expect(matchPage(site, '/%E0%A4%A')).toBeNull();
  });
});
