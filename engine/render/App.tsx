import { Route, Routes, StaticRouter, matchRoutes, type RouteObject } from 'react-router-dom';
import type { ResolvedPage, SiteModel } from '../content/model';
import { PageView } from './PageView';

/** The route table, straight from the pages' `path` fields; anything else is the not-found page. */
export function routeObjects(model: SiteModel): RouteObject[] {
  return model.pages.map((p) => ({ path: p.path ?? undefined, id: p.path ?? undefined }));
}

/** The page a location shows, or null when it is not a route (the not-found page is shown). */
export function matchPage(model: SiteModel, location: string): ResolvedPage | null {
  const matches = matchRoutes(routeObjects(model), location);
  const id = matches?.[matches.length - 1]?.route.id;
  return model.pages.find((p) => p.path === id) ?? null;
}

export function App({ model, location, year }: { model: SiteModel; location: string; year: number }) {
  return (
    <StaticRouter location={location}>
      <Routes>
        {model.pages.map((page) => (
          <Route key={page.path} path={page.path ?? undefined} element={<PageView model={model} page={page} year={year} />} />
        ))}
        <Route path="*" element={<PageView model={model} page={model.notFound} year={year} />} />
      </Routes>
    </StaticRouter>
  );
}
