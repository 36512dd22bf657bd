import { Helmet } from 'react-helmet-async';
import type { ResolvedPage } from '../content/model';
import type { Site } from '../generated/content';

export interface HeadProps {
  site: Site;
  page: ResolvedPage;
  /** The public origin, e.g. https://example.com (SITE_URL, else site.yaml's url). */
  siteUrl: string;
}

/** The absolute canonical address of a page, or null for pages that have no address (not-found). */
export function canonicalUrl(page: ResolvedPage, siteUrl: string): string | null {
  const path = page.meta.canonical ?? page.path;
  return path === null ? null : siteUrl.replace(/\/$/, '') + path;
}

export function pageTitle(site: Site, page: ResolvedPage): string {
  // A function replacement, so a `$` in the title is never read as a replacement pattern.
  return (site.titleTemplate ?? '%s').replace('%s', () => page.meta.title);
}

export function Head({ site, page, siteUrl }: HeadProps) {
  const { meta } = page;
  const title = pageTitle(site, page);
  const canonical = canonicalUrl(page, siteUrl);
  return (
    <Helmet>
      <title>{title}</title>
      <meta name="description" content={meta.description} />
      <meta name="keywords" content={meta.keywords.join(', ')} />
      {meta.noindex && <meta name="robots" content="noindex" />}
      {canonical && <link rel="canonical" href={canonical} />}
      <meta property="og:type" content={meta.ogType ?? 'website'} />
      <meta property="og:site_name" content={site.name} />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={meta.description} />
      {canonical && <meta property="og:url" content={canonical} />}
      <meta name="twitter:card" content="summary" />
      <meta name="twitter:title" content={title} />
      <meta name="twitter:description" content={meta.description} />
    </Helmet>
  );
}
