import type { ResolvedPage, SiteModel } from '../content/model';
import { Footer } from '../layout/Footer';
import HeaderIsland from '../layout/Header.island';
import ToastsIsland from '../layout/Toasts.island';
import { RenderSection } from '../sections/registry';
import { island } from './island';

const Header = island('Header', HeaderIsland);
const Toasts = island('Toasts', ToastsIsland);

/** The shared layout around one page's sections. */
export function PageView({ model, page, year }: { model: SiteModel; page: ResolvedPage; year: number }) {
  const { site } = model;
  return (
    <>
      <a className="skip-link" href="#main">Skip to main content</a>
      <Header siteName={site.name} header={site.header} currentPath={page.path} />
      <main id="main" tabIndex={-1}>
        {page.sections.map((section, i) => (
          <RenderSection key={i} section={section} index={i} />
        ))}
      </main>
      <Footer site={site} year={year} />
      <Toasts label={site.toast?.label ?? 'Notifications'} durationMs={site.toast?.durationMs ?? 5000} />
    </>
  );
}
