import type { SiteModel } from '../content/model';
import { canonicalUrl } from './Head';

/** Where a route's prerendered HTML goes inside the client build folder. */
export function htmlFileFor(path: string): string {
  return path === '/' ? 'index.html' : `${path.slice(1)}/index.html`;
}

/** Every indexable route at its canonical address; pages marked noindex stay out. */
export function renderSitemap(model: SiteModel, siteUrl: string): string {
  const urls = [...new Set(model.pages.filter((p) => !p.meta.noindex).map((p) => canonicalUrl(p, siteUrl)!))];
  const body = urls.map((u) => `  <url><loc>${escapeXml(u)}</loc></url>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`;
}

export function renderRobots(siteUrl: string): string {
  return `User-agent: *\nAllow: /\nDisallow: /api/\n\nSitemap: ${siteUrl.replace(/\/$/, '')}/sitemap.xml\n`;
}

function escapeXml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
