import { StaticRouter, matchRoutes, type RouteObject } from 'react-router-dom';
import type { ResolvedPage, SiteModel } from '../content/model';
import { PageView } from './PageView';

/**
 * Route tables by model. react-router ranks a table on every `matchRoutes` call, and the prerender
 * asks once per page, so building it once per model keeps the build linear in the number of pages.
 */
const routeTables = new WeakMap<SiteModel, { routes: RouteObject[]; byPath: Map<string, ResolvedPage> }>();

function routeTable(model: SiteModel) {
  let table = routeTables.get(model);
  if (!table) {
    table = {
      routes: model.pages.map((p) => ({ path: p.path ?? undefined, id: p.path ?? undefined })),
      byPath: new Map(model.pages.flatMap((p) => (p.path ? [[p.path, p] as const] : []))),
    };
    routeTables.set(model, table);
  }
  return table;
}

/** The route table, straight from the pages' `path` fields; anything else is the not-found page. */
export function routeObjects(model: SiteModel): RouteObject[] {
  return routeTable(model).routes;
}

/** The page a location shows, or null when it is not a route (the not-found page is shown). */
export function matchPage(model: SiteModel, location: string): ResolvedPage | null {
  const { routes, byPath } = routeTable(model);
  const id = matchRoutes(routes, location)?.at(-1)?.route.id;
  return (id && byPath.get(id)) || null;
}

/**
 * One page inside a router, so links and anything else that reads the location work as in the
 * browser. The page is the one `matchPage` chose (null: the not-found page); matching again with a
 * `<Routes>` of every page would rank the whole table once more for each page rendered.
 */
export function App({ model, page, location, year }: { model: SiteModel; page: ResolvedPage | null; location: string; year: number }) {
  return (
    <StaticRouter location={location}>
      <PageView model={model} page={page ?? model.notFound} year={year} />
    </StaticRouter>
  );
}
