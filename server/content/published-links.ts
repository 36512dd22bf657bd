/**
 * The check a publish runs on links: every link written in the content must lead to a page the
 * release has, or be one site/links.yaml accepts. A link to a draft or to a deleted page is refused
 * here, before the release is built; anchors and files are left to `npm run check-links`, which
 * renders the pages.
 */
import { checkLinks } from './check-links';
import type { SiteModel } from '../../engine/content/model';
import type { Problem } from '../../engine/content/problem';

const pathOf = (href: string) => href.split(/[?#]/)[0]!;

/** The content's links that lead to no page of the site, each at the place that writes it. */
export function unpublishedLinkProblems(model: SiteModel, siteUrl: string): Problem[] {
  const origin = siteUrl.replace(/\/$/, '');
  // Only the page part is checked: an in-page anchor needs the rendered page, and a file link the built files.
  const sources = model.linkSources
    .filter((s) => s.kind === 'href' && !/\.[a-z0-9]+$/i.test(pathOf(s.href)) && pathOf(s.href) !== '')
    .map((s) => ({ ...s, href: pathOf(s.href) }));
  const routes = model.pages.flatMap((p) => (p.path === null ? [] : [p.path]));
  const { broken } = checkLinks({ routes, pages: [], sources, known: model.knownLinks, siteUrl });
  const draftAt = new Map(model.drafts.flatMap((d) => (d.route ? [[d.route, d] as const] : [])));
  return broken.flatMap((b) => {
    const draft = draftAt.get(pathOf(b.href.startsWith(origin) ? b.href.slice(origin.length) || '/' : b.href));
    const why = draft ? `${b.why}: ${draft.file} is still a draft; mark it ready, or link to another page` : b.why;
    return sources
      .filter((s) => s.href === b.href)
      .map((s) => ({ file: s.file, line: s.line, column: s.column, path: s.dataPath, message: `${s.href}: ${why}` }));
  });
}
