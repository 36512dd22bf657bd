import { StaticRouter, type RouteObject } from 'react-router-dom';
import type { ResolvedPage, SiteModel } from '../content/model';
import { PageView } from './PageView';

/**
 * Route tables by model. Page paths are static (the page schema allows only lowercase segments, no
 * parameters), so matching is a lookup of the normalised location: the same answer react-router's
 * `matchRoutes` gives (case-insensitive, trailing slash optional), without ranking the whole table
 * again for every page the prerender renders, which made the build quadratic in the page count.
 */
const routeTables = new WeakMap<SiteModel, { routes: RouteObject[]; byPath: Map<string, ResolvedPage> }>();

function routeTable(model: SiteModel) {
  let table = routeTables.get(model);
  if (!table) {
    table = {
      routes: model.pages.map((p) => ({ path: p.path ?? undefined, id: p.path ?? undefined })),
      byPath: new Map(model.pages.flatMap((p) => (p.path ? [[p.path.toLowerCase(), p] as const] : []))),
    };
    routeTables.set(model, table);
  }
  return table;
}

/** The route table, straight from the pages' `path` fields; anything else is the not-found page. */
export function routeObjects(model: SiteModel): RouteObject[] {
  return routeTable(model).routes;
}

/** A location's path as a route key: no query or fragment, decoded, lowercased, no trailing slash. */
export function routeKey(location: string): string {
  let path = location.replace(/[?#].*$/s, '');
  try {
    path = decodeURI(path);
  } catch {
    // A malformed escape matches no route; keep it as it is so the lookup simply misses.
  }
  path = path.replace(/\/+$/, '').toLowerCase();
  return path === '' ? '/' : path;
}

/** The page a location shows, or null when it is not a route (the not-found page is shown). */
export function matchPage(model: SiteModel, location: string): ResolvedPage | null {
  return routeTable(model).byPath.get(routeKey(location)) ?? null;
}

/**
 * One page inside a router, so links and anything else that reads the location work as in the
 * browser. The page is the one `matchPage` chose (null: the not-found page).
 */
export function App({ model, page, location, year }: { model: SiteModel; page: ResolvedPage | null; location: string; year: number }) {
  return (
    <StaticRouter location={location}>
      <PageView model={model} page={page ?? model.notFound} year={year} />
    </StaticRouter>
  );
}
