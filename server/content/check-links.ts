import type { KnownLinks } from '../../engine/generated/content';
import type { LinkSource } from '../../engine/content/model';

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
  /** The addresses sitemap.xml lists; each must be a page, and one that links from / lead to. */
  sitemap?: readonly string[];
  /** site/links.yaml's pages that no link leads to on purpose. */
  unlinked?: readonly UnlinkedPage[];
}

export interface UnlinkedPage {
  path: string;
  reason: string;
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
  /** Sitemap pages that following links from / never reaches, and links.yaml does not list as unlinked. */
  orphans: string[];
  /** links.yaml's unlinked entries that links do reach after all, or that are no page; with why. */
  staleUnlinked: Array<UnlinkedPage & { why: string }>;
}

const pageName = (route: string | null) => route ?? '(not-found page)';

/** Every id attribute in a page, i.e. the anchors a link can jump to. */
export function anchorsIn(html: string): Set<string> {
  return new Set([...html.matchAll(/\sid="([^"]+)"/g)].map((m) => decode(m[1])));
}

/** The links a visitor (or a crawler) can follow: a[href]. */
export function anchorLinksIn(html: string): string[] {
  return [...html.matchAll(/<a\s[^>]*?href="([^"]*)"/g)].map((m) => decode(m[1]));
}

/** Links in a page: a[href] and the canonical link. */
export function linksIn(html: string): string[] {
  return [
    ...anchorLinksIn(html),
    ...addressesIn(html)
      .filter((a) => a.kind === 'canonical')
      .map((a) => a.href),
  ];
}

/** Where a page tells search engines an address: its canonical link, og:url, or a URL in its structured data. */
export type AddressKind = 'canonical' | 'og:url' | 'structured data' | 'sitemap';

/** The addresses a page gives search engines, which must all be live pages (or files) of the site. */
export function addressesIn(html: string): Array<{ href: string; kind: AddressKind }> {
  const out: Array<{ href: string; kind: AddressKind }> = [];
  for (const m of html.matchAll(/<link\s[^>]*?rel="canonical"[^>]*?href="([^"]*)"|<link\s[^>]*?href="([^"]*)"[^>]*?rel="canonical"/g))
    out.push({ href: decode(m[1] ?? m[2]), kind: 'canonical' });
  for (const m of html.matchAll(
    /<meta\s[^>]*?property="og:url"[^>]*?content="([^"]*)"|<meta\s[^>]*?content="([^"]*)"[^>]*?property="og:url"/g,
  ))
    out.push({ href: decode(m[1] ?? m[2]), kind: 'og:url' });
  for (const m of html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)) {
    let data: unknown;
    try {
      data = JSON.parse(m[1]);
    } catch {
      continue;
    }
    for (const href of urlsIn(data)) out.push({ href, kind: 'structured data' });
  }
  return out;
}

/**
 * Every absolute http(s) address in a structured-data value. A URL template such as a search
 * target (`…/search?q={search_term_string}`) names the page before its query: that page must be live.
 */
function urlsIn(value: unknown): string[] {
  if (typeof value === 'string') {
    if (!/^https?:\/\//.test(value)) return [];
    if (!value.includes('{')) return [value];
    const page = value.split('?')[0]!;
    return page.includes('{') ? [] : [page];
  }
  if (Array.isArray(value)) return value.flatMap(urlsIn);
  if (value && typeof value === 'object') return Object.values(value).flatMap(urlsIn);
  return [];
}

/** The `<loc>` addresses of a sitemap.xml. */
export function sitemapLocations(xml: string): string[] {
  return [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => decode(m[1].trim()));
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
  const redirects = new Map(input.known.filter((k) => k.redirect && !k.href.includes('{')).map((k) => [k.href, k.redirect!]));
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
  const localPath = (href: string) =>
    (href.startsWith(origin + '/') || href === origin ? href.slice(origin.length) || '/' : href).split(/[?#]/)[0];

  // Why an address given to search engines is not a live page; links.yaml cannot excuse these, since
  // a search engine told that a page lives at an address that redirects back to it trusts neither.
  const addressProblem = (href: string, kind: AddressKind): string | null => {
    if (isExternal(href)) return kind === 'structured data' ? null : `${href} is not an address of this site (${origin})`;
    const path = localPath(href);
    if (routes.has(path)) return null;
    if (kind === 'structured data' && files.has(path)) return null;
    const redirect = redirects.get(path);
    return redirect ? `${path} is not a page: it answers 301 to ${redirect}` : `no page at ${path}`;
  };
  const recordAddress = (href: string, kind: AddressKind, why: string, page: string | null) => {
    let entry = found.get(`address:${href}`);
    if (!entry) {
      entry = { href, why: `given to search engines as an address (${kind}), but ${why}`, declaredAt: [], pages: [] };
      found.set(`address:${href}`, entry);
    }
    const name = page === 'sitemap.xml' ? page : pageName(page);
    if (!entry.pages.includes(name)) entry.pages.push(name);
    return entry;
  };

  for (const page of input.pages) {
    for (const href of anchorLinksIn(page.html)) {
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
    for (const { href, kind } of addressesIn(page.html)) {
      checked++;
      const why = addressProblem(href, kind);
      if (why) recordAddress(href, kind, why, page.route);
    }
  }
  for (const href of input.sitemap ?? []) {
    const why = addressProblem(href, 'sitemap');
    if (why) recordAddress(href, 'sitemap', why, 'sitemap.xml');
  }

  for (const source of input.sources) {
    if (isExternal(source.href)) continue;
    // A canonical written in YAML is a path; on the page it becomes an absolute address.
    const href = source.kind === 'canonical' ? origin + source.href : source.href;
    const from = source.page?.startsWith('/') ? source.page : null;
    if (source.kind === 'canonical') {
      const why = addressProblem(href, 'canonical');
      if (!why) continue;
      const entry = recordAddress(href, 'canonical', why, from);
      const at = `${source.file}:${source.line}:${source.column}`;
      if (!entry.declaredAt.includes(at)) entry.declaredAt.push(at);
      continue;
    }
    const why = problemWith(href, from);
    if (!why) continue;
    const entry = record(source.href, why);
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

  const reached = reachableFrom('/', input.pages, routes, redirects, origin);
  const unlinked = new Map((input.unlinked ?? []).map((u) => [u.path, u]));
  const orphans = [...new Set((input.sitemap ?? []).map(localPath))].filter((p) => routes.has(p) && !reached.has(p) && !unlinked.has(p));
  const staleUnlinked = [...unlinked.values()].flatMap((u) =>
    !routes.has(u.path)
      ? [{ ...u, why: `no page at ${u.path}` }]
      : reached.has(u.path)
        ? [{ ...u, why: `links from / reach ${u.path} now` }]
        : [],
  );

  const all = [...found.values()].sort((a, b) => a.href.localeCompare(b.href));
  return {
    checked,
    external,
    broken: all.filter((b) => !b.knownAs),
    known: all.filter((b) => b.knownAs),
    stale: input.known.filter((k) => !usedKnown.has(k.href) && !k.formerAddress),
    orphans: orphans.sort(),
    staleUnlinked,
  };
}

/**
 * The routes a crawler reaches by following a[href] links from `start`, through the redirects
 * links.yaml declares (a crawler follows a 301 as a visitor does).
 */
export function reachableFrom(
  start: string,
  pages: readonly RenderedPage[],
  routes: ReadonlySet<string>,
  redirects: ReadonlyMap<string, string>,
  origin: string,
): Set<string> {
  const htmlOf = new Map(pages.map((p) => [p.route, p.html]));
  const reached = new Set<string>([start]);
  const queue = [start];
  for (let route = queue.shift(); route !== undefined; route = queue.shift()) {
    for (const href of anchorLinksIn(htmlOf.get(route) ?? '')) {
      const local = href.startsWith(origin + '/') || href === origin ? href.slice(origin.length) || '/' : href;
      if (!local.startsWith('/') || local.startsWith('//')) continue;
      const path = local.split(/[?#]/)[0];
      const target = routes.has(path) ? path : redirects.get(path)?.split(/[?#]/)[0];
      if (target && routes.has(target) && !reached.has(target)) {
        reached.add(target);
        queue.push(target);
      }
    }
  }
  return reached;
}
