import type { SiteModel } from '../content/model';
import { escapeMarkup } from './escape-markup';

/** Where a route's prerendered HTML goes inside the client build folder. */
export function htmlFileFor(path: string): string {
  return path === '/' ? 'index.html' : `${path.slice(1)}/index.html`;
}

/**
 * Every indexable page once, at its canonical address when that is a page we serve, else at its
 * own route: a sitemap entry must never lead to a 404.
 */
export function sitemapPaths(model: SiteModel): string[] {
  const served = new Set(model.pages.map((p) => p.path));
  const paths = model.pages
    .filter((p) => !p.meta.noindex)
    .map((p) => (p.meta.canonical && served.has(p.meta.canonical) ? p.meta.canonical : p.path!));
  return [...new Set(paths)];
}

export function renderSitemap(model: SiteModel, siteUrl: string): string {
  const origin = siteUrl.replace(/\/$/, '');
  const urls = sitemapPaths(model).map((p) => origin + p);
  const body = urls.map((u) => `  <url><loc>${escapeMarkup(u)}</loc></url>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`;
}

export function renderRobots(siteUrl: string): string {
  return `User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: /admin\n\nSitemap: ${siteUrl.replace(/\/$/, '')}/sitemap.xml\n`;
}
