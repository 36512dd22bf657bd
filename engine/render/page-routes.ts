// Which page a location shows, from the pages' paths: what the server needs to know which form a
// post without script belongs to, without loading the page components that App.tsx draws.
import { matchRoutes, type RouteObject } from 'react-router-dom';
import type { ResolvedPage, SiteModel } from '../content/model';
import { trimTrailing } from '../trim';

/** A route of the site: its id is the page's path, its handle the page it shows. */
export type SiteRoute = RouteObject & { handle: ResolvedPage };

interface RouteTable {
  /** One route per page, from the pages' `path` fields, then the catch-all that shows the not-found page. */
  routes: SiteRoute[];
  catchAll: SiteRoute;
  /** The routes by their normalised path (see `routeKey`). */
  byKey: Map<string, SiteRoute>;
}

const routeTables = new WeakMap<SiteModel, RouteTable>();

/** The route table of a model, built once: the prerender matches against it for every page. */
function routeTable(model: SiteModel): RouteTable {
  let table = routeTables.get(model);
  if (!table) {
    const pageRoutes = model.pages.flatMap((p): SiteRoute[] => (p.path ? [{ id: p.path, path: p.path, handle: p }] : []));
    const catchAll: SiteRoute = { id: 'not-found', path: '*', handle: model.notFound };
    table = { routes: [...pageRoutes, catchAll], catchAll, byKey: new Map(pageRoutes.map((r) => [routeKey(r.path!), r])) };
    routeTables.set(model, table);
  }
  return table;
}

/** The route table, straight from the pages' `path` fields; the last route shows the not-found page. */
export function routeObjects(model: SiteModel): SiteRoute[] {
  return routeTable(model).routes;
}

/** A location's path as a route key: no query or fragment, decoded, lowercased, no trailing slash. */
export function routeKey(location: string): string {
  const end = location.search(/[?#]/);
  let path = end === -1 ? location : location.slice(0, end);
  try {
    path = decodeURI(path);
  } catch {
    // A malformed escape matches no route; keep it as it is so the lookup simply misses.
  }
  path = trimTrailing(path, '/').toLowerCase();
  return path === '' ? '/' : path;
}

/**
 * The page a location shows, or null when it is not a route (the not-found page is shown).
 * react-router matches the location; it is given only the route whose path can match (page paths
 * are static) and the catch-all, because `matchRoutes` ranks the whole table it is given on every
 * call, which made prerendering quadratic in the page count.
 */
export function matchPage(model: SiteModel, location: string): ResolvedPage | null {
  const { byKey, catchAll } = routeTable(model);
  const candidate = byKey.get(routeKey(location));
  if (!candidate) return null;
  const route = matchRoutes([candidate, catchAll], location)?.at(-1)?.route as SiteRoute | undefined;
  return route && route !== catchAll ? route.handle : null;
}
