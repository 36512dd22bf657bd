import type { ResolvedPage } from '../content/model';
import type { BreadcrumbSection } from '../generated/content';

/** A page's structured data: what its YAML (or its article) declares, plus a BreadcrumbList for the breadcrumb it shows. */
export function structuredDataOf(page: ResolvedPage): Array<Record<string, unknown>> {
  const breadcrumb = page.sections.find((s): s is BreadcrumbSection => s.type === 'breadcrumb');
  return [...(page.meta.jsonLd ?? []), ...(breadcrumb && page.path !== null ? [breadcrumbList(breadcrumb, page.path)] : [])];
}

/**
 * The visible breadcrumb as schema.org data: the same trail and current page, in the same order, so
 * the two cannot disagree. Addresses say {siteUrl}, replaced at render time like the YAML's.
 */
export function breadcrumbList(breadcrumb: BreadcrumbSection, path: string) {
  const items = [...breadcrumb.trail.map((link) => ({ name: link.label, href: link.href })), { name: breadcrumb.current, href: path }];
  return {
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: item.name,
      item: item.href.startsWith('/') ? `{siteUrl}${item.href}` : item.href,
    })),
  };
}
