import { StaticRouter } from 'react-router-dom';
import type { ResolvedPage, SiteModel } from '../content/model';
import { PageView } from './PageView';

export { matchPage, routeKey, routeObjects, type SiteRoute } from './page-routes';

/**
 * One page inside a router at its location, so the page reads the location (the nav marks the
 * current page from it) as it would in the browser. The page is the one `matchPage` chose (null:
 * the not-found page).
 */
export function App({ model, page, location, year }: { model: SiteModel; page: ResolvedPage | null; location: string; year: number }) {
  return (
    <StaticRouter location={location}>
      <PageView model={model} page={page ?? model.notFound} year={year} />
    </StaticRouter>
  );
}
