import { useContext } from 'react';
import { Helmet } from 'react-helmet-async';
import type { ResolvedPage } from '../content/model';
import type { Site } from '../generated/content';
import { SiteUrlContext } from './site-url';

export interface HeadProps {
  site: Site;
  page: ResolvedPage;
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

/**
 * The page's head tags, rendered with the page. react-helmet-async 3 on React 19 renders them as
 * elements and React hoists them into <head> in the order they appear here (its server context stays
 * empty on React 19, so there is nothing to collect). The theme colour comes before the page's own
 * tags and the icon after them, as browsers and crawlers have always read them.
 */
export function Head({ site, page }: HeadProps) {
  const siteUrl = useContext(SiteUrlContext);
  const { meta } = page;
  const title = pageTitle(site, page);
  const canonical = canonicalUrl(page, siteUrl);
  return (
    <>
      {site.themeColor && <meta name="theme-color" content={site.themeColor} />}
      <Helmet>
        <title>{title}</title>
        <meta name="description" content={meta.description} />
        <meta name="keywords" content={meta.keywords.join(', ')} />
        {meta.noindex && <meta name="robots" content="noindex" />}
        {canonical && <link rel="canonical" href={canonical} />}
        {page.feed && <link rel="alternate" type="application/atom+xml" title={page.feed.title} href={page.feed.path} />}
        <meta property="og:type" content={meta.ogType ?? 'website'} />
        <meta property="og:site_name" content={site.name} />
        <meta property="og:title" content={title} />
        <meta property="og:description" content={meta.description} />
        {canonical && <meta property="og:url" content={canonical} />}
        <meta name="twitter:card" content="summary" />
        <meta name="twitter:title" content={title} />
        <meta name="twitter:description" content={meta.description} />
      </Helmet>
      <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
    </>
  );
}
