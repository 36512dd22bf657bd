import { Fragment, useContext } from 'react';
import type { ResolvedPage, SiteModel } from '../content/model';
import { Footer } from '../layout/Footer';
import { Header } from '../layout/Header';
import ToastsIsland from '../layout/Toasts.island';
import { matchPath, useLocation } from 'react-router-dom';
import { pageRaisesToasts, RenderSection } from '../sections/registry';
import { Head } from './Head';
import { island } from './island';
import { SectionSource, SectionSourcesContext } from './section-sources';

const Toasts = island('Toasts', ToastsIsland);

/** The shared layout around one page's sections, with its head tags. Rendered inside a router. */
export function PageView({ model, page, year }: { model: SiteModel; page: ResolvedPage; year: number }) {
  const { site } = model;
  // The nav marks the page whose route the router's location matches, as a NavLink would.
  const { pathname } = useLocation();
  const currentPath = page.path !== null && matchPath(page.path, pathname) ? page.path : null;
  const sources = useContext(SectionSourcesContext);
  return (
    <>
      <Head site={site} page={page} />
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <Header siteName={site.name} header={site.header} currentPath={currentPath} />
      <main id="main" tabIndex={-1}>
        {page.sections.map((section, i) => (
          <Fragment key={i}>
            {sources && <SectionSource file={page.file} at={page.sources[i]} type={section.type} shown={sources.shown} index={i} />}
            <RenderSection section={section} index={i} />
          </Fragment>
        ))}
      </main>
      <Footer site={site} year={year} />
      {/* Only where a section can raise a toast: elsewhere it would be an island with nothing to do. */}
      {pageRaisesToasts(page.sections) && (
        <Toasts label={site.toast?.label ?? 'Notifications'} durationMs={site.toast?.durationMs ?? 5000} />
      )}
    </>
  );
}
