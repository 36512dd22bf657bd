import { renderToString } from 'react-dom/server';
import { HelmetProvider } from 'react-helmet-async';
import type { ResolvedPage, SiteModel } from '../content/model';
import { islandOf, pageRaisesToasts } from '../sections/registry';
import { App, matchPage } from './App';
import { IslandCollector, IslandContext, scriptSafeJson, type HydrateOn } from './island';
import { SectionSourcesContext, type SectionSources } from './section-sources';
import { SiteUrlContext } from './site-url';
import { FormPostContext, type PostedForm } from '../forms/form-post';
import { structuredDataOf } from './structured-data';
import { SearchContext } from '../search/search-context';
import type { SearchOutcome } from '../search/search-index';
import type { PageAssets } from './page-assets';

export { PAGE_ASSETS_FILE, type PageAssets } from './page-assets';

// A location no route matches, so the router shows the not-found page.
const NOT_FOUND_LOCATION = '/__not-found__/';

export interface RenderOptions {
  siteUrl: string;
  assets: PageAssets;
  /** The year shown in the footer; passed in so rendering stays a pure function. */
  year: number;
  /** The dev server's marks of where each section is declared; never set by the build. */
  sources?: SectionSources;
  /** The server's answer to a form posted on this page (its messages, or its success); never set by the build. */
  posted?: PostedForm;
  /** The server's results for the search page's query; never set by the build. */
  search?: SearchOutcome;
}

/**
 * The islands a page will hydrate, each with when its code loads: those of its interactive
 * sections, and the toast area where a section can raise a toast. Empty for a static page.
 */
export function pageIslands(page: ResolvedPage): Array<{ name: string; on: HydrateOn }> {
  const found = new Map<string, HydrateOn>();
  for (const s of page.sections) {
    const island = islandOf(s);
    // An island both on load and on intent on one page loads with the page.
    if (island && found.get(island.name) !== 'load') found.set(island.name, island.on);
  }
  if (pageRaisesToasts(page.sections)) found.set('Toasts', 'load');
  return [...found].map(([name, on]) => ({ name, on }));
}

/** The names of the islands a page will hydrate. */
export function islandsOf(page: ResolvedPage): string[] {
  return pageIslands(page).map((i) => i.name);
}

/** Structured data may say {siteUrl} so it follows SITE_URL like the canonical links do. */
function withSiteUrl(value: unknown, siteUrl: string): unknown {
  if (typeof value === 'string') return value.replaceAll('{siteUrl}', siteUrl);
  if (Array.isArray(value)) return value.map((v) => withSiteUrl(v, siteUrl));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withSiteUrl(v, siteUrl)]));
  return value;
}

/** CSS inside <style>: a `</style` in it would end the element early; `\/` is the same `/` to CSS. */
export function styleSafeCss(css: string): string {
  return css.replace(/<\/(style)/gi, '<\\/$1');
}

/** Renders the page at `location` (null: the not-found page) as a complete HTML document. */
export function renderPage(model: SiteModel, location: string | null, options: RenderOptions): { status: 200 | 404; html: string } {
  const page = location === null ? null : matchPage(model, location);
  const shown = page ?? model.notFound;
  const collector = new IslandCollector();
  const { assets } = options;
  const body = renderToString(
    <HelmetProvider>
      <IslandContext.Provider value={collector}>
        <html lang={model.site.language}>
          <head>
            <meta charSet="utf-8" />
            <meta name="viewport" content="width=device-width, initial-scale=1" />
            {/* The page's own head tags (engine/render/Head.tsx) render with the page; React puts them here. */}
            {assets.inlineStyles !== undefined ? (
              <style dangerouslySetInnerHTML={{ __html: styleSafeCss(assets.inlineStyles) }} />
            ) : (
              assets.stylesheets.map((href) => <link key={href} rel="stylesheet" href={href} />)
            )}
            {structuredDataOf(shown).map((data, i) => (
              <script
                key={i}
                type="application/ld+json"
                dangerouslySetInnerHTML={{
                  __html: scriptSafeJson(withSiteUrl({ '@context': 'https://schema.org', ...data }, options.siteUrl)),
                }}
              />
            ))}
          </head>
          <body>
            <SiteUrlContext.Provider value={options.siteUrl}>
              <SectionSourcesContext.Provider value={options.sources ?? null}>
                <FormPostContext.Provider value={{ action: page?.path ?? null, posted: options.posted ?? null }}>
                  <SearchContext.Provider value={options.search ?? null}>
                    <App model={model} page={page} location={location ?? NOT_FOUND_LOCATION} year={options.year} />
                  </SearchContext.Provider>
                </FormPostContext.Provider>
              </SectionSourcesContext.Provider>
            </SiteUrlContext.Provider>
            <PageScripts collector={collector} assets={assets} />
          </body>
        </html>
      </IslandContext.Provider>
    </HelmetProvider>,
  );
  return { status: page ? 200 : 404, html: `<!DOCTYPE html>${body}` };
}

/**
 * Rendered last in <body>, so every island above has registered its props by then. A page with no
 * island and no scripted button gets no script at all (the dev server's own scripts aside). The
 * entry comes last and no chunk is preloaded: the page paints from its HTML and inline styles
 * before any script is fetched; the islands then load their chunks side by side.
 */
export function PageScripts({ collector, assets }: { collector: IslandCollector; assets: PageAssets }) {
  const scripts = [...(assets.devScripts ?? []), ...(collector.needsScript ? assets.scripts : [])];
  return (
    <>
      {collector.islands.length > 0 && (
        <script type="application/json" id="island-data" dangerouslySetInnerHTML={{ __html: scriptSafeJson(collector.islands) }} />
      )}
      {scripts.map((src) => (
        <script key={src} type="module" src={src} />
      ))}
    </>
  );
}
