import type { KnownLinks } from '../generated/content';
import type { LinkSource } from './model';

/** A page's HTML as the visitor receives it. */
export interface RenderedPage {
  /** The route, or null for the not-found page. */
  route: string | null;
  html: string;
}

export interface LinkCheckInput {
  routes: readonly string[];
  pages: readonly RenderedPage[];
  sources: readonly LinkSource[];
  known: KnownLinks['known'];
  /** The public origin; absolute links to it are checked like site paths. */
  siteUrl: string;
  /** Files served as they are (sitemap.xml, favicon.svg), which links may point at. */
  files?: readonly string[];
}

export interface BrokenLink {
  href: string;
  why: string;
  /** The YAML places that declare it: `file:line:column`. */
  declaredAt: string[];
  /** The routes whose HTML contains it. */
  pages: string[];
  /** The links.yaml entry that accepts it, if any (with the page visitors are redirected to, if it names one). */
  knownAs?: { href: string; reason: string; redirect?: string };
}

export interface LinkCheckResult {
  checked: number;
  external: number;
  broken: BrokenLink[];
  known: BrokenLink[];
  /** links.yaml entries that no longer match any link. */
  stale: KnownLinks['known'];
}

const pageName = (route: string | null) => route ?? '(not-found page)';

/** Every id attribute in a page, i.e. the anchors a link can jump to. */
export function anchorsIn(html: string): Set<string> {
  return new Set([...html.matchAll(/\sid="([^"]+)"/g)].map((m) => decode(m[1])));
}

/** Links in a page: a[href] and the canonical link. */
export function linksIn(html: string): string[] {
  const out: string[] = [];
  for (const m of html.matchAll(/<a\s[^>]*?href="([^"]*)"/g)) out.push(decode(m[1]));
  for (const m of html.matchAll(/<link\s[^>]*?rel="canonical"[^>]*?href="([^"]*)"|<link\s[^>]*?href="([^"]*)"[^>]*?rel="canonical"/g))
    out.push(decode(m[1] ?? m[2]));
  return out;
}

function decode(s: string): string {
  return s
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

function knownMatcher(href: string): (path: string) => boolean {
  if (!href.includes('{')) return (p) => p === href;
  const re = new RegExp(
    '^' +
      href
        .split(/\{[^{}]+\}/)
        .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
        .join('[^/]+') +
      '$',
  );
  return (p) => re.test(p);
}

/**
 * Checks every internal link, button target, canonical and anchor in the rendered pages and in the
 * YAML that declares them, against the route table and the ids each page really has.
 */
export function checkLinks(input: LinkCheckInput): LinkCheckResult {
  const routes = new Set(input.routes);
  const files = new Set(input.files ?? []);
  const anchors = new Map(input.pages.map((p) => [p.route, anchorsIn(p.html)]));
  const origin = input.siteUrl.replace(/\/$/, '');
  const knownMatchers = input.known.map((k) => ({ entry: k, matches: knownMatcher(k.href) }));
  const usedKnown = new Set<string>();
  const found = new Map<string, BrokenLink>();
  let checked = 0;
  let external = 0;

  // Returns why a link is broken, or null when it resolves.
  const problemWith = (href: string, from: string | null): string | null => {
    const local = href.startsWith(origin + '/') || href === origin ? href.slice(origin.length) || '/' : href;
    if (!local.startsWith('/') && !local.startsWith('#')) return null;
    const [rawPath, hash] = local.split('#', 2);
    const path = rawPath === '' ? from : rawPath.split('?')[0];
    if (path === null) return hash && !anchors.get(null)?.has(hash) ? `the not-found page has no element with id "${hash}"` : null;
    if (!routes.has(path)) return files.has(path) ? null : `no page at ${path}`;
    if (hash && !anchors.get(path)?.has(hash)) return `${path} has no element with id "${hash}"`;
    return null;
  };

  const record = (href: string, why: string) => {
    let entry = found.get(href);
    if (!entry) {
      const path = href.split('#')[0].split('?')[0].replace(origin, '') || '/';
      const known = knownMatchers.find((k) => k.matches(path));
      if (known) usedKnown.add(known.entry.href);
      entry = { href, why, declaredAt: [], pages: [], knownAs: known?.entry };
      found.set(href, entry);
    }
    return entry;
  };

  const isExternal = (href: string) => /^(https?:|mailto:|tel:)/.test(href) && !href.startsWith(origin);

  for (const page of input.pages) {
    for (const href of linksIn(page.html)) {
      if (isExternal(href)) {
        external++;
        continue;
      }
      checked++;
      const why = problemWith(href, page.route);
      if (!why) continue;
      const entry = record(href, why);
      const name = pageName(page.route);
      if (!entry.pages.includes(name)) entry.pages.push(name);
    }
  }

  for (const source of input.sources) {
    if (isExternal(source.href)) continue;
    // A canonical written in YAML is a path; on the page it becomes an absolute address.
    const href = source.kind === 'canonical' ? origin + source.href : source.href;
    const from = source.page?.startsWith('/') ? source.page : null;
    const why = problemWith(href, from);
    if (!why) continue;
    const entry = record(source.kind === 'canonical' ? href : source.href, why);
    const at = `${source.file}:${source.line}:${source.column}`;
    if (!entry.declaredAt.includes(at)) entry.declaredAt.push(at);
  }

  // A redirect must land on a real page (and anchor), or it would strand the visitor it is meant to help.
  for (const k of input.known) {
    if (!k.redirect) continue;
    const why = problemWith(k.redirect, null);
    if (why)
      found.set(`redirect:${k.href}`, {
        href: k.redirect,
        why: `the redirect of ${k.href} leads nowhere: ${why}`,
        declaredAt: ['site/links.yaml'],
        pages: [],
      });
  }

  const all = [...found.values()].sort((a, b) => a.href.localeCompare(b.href));
  return {
    checked,
    external,
    broken: all.filter((b) => !b.knownAs),
    known: all.filter((b) => b.knownAs),
    stale: input.known.filter((k) => !usedKnown.has(k.href)),
  };
}
