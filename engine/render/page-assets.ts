// What the build records for pages rendered after it (by the server, for a form posted without script
// or a search): kept apart from render-page.tsx so reading it does not load the renderer.

/** The build's PageAssets, next to site-model.json, for the server to render pages with. */
export const PAGE_ASSETS_FILE = 'page-assets.json';

/** Where the browser code and styles are, from the build manifest (or the dev server). */
export interface PageAssets {
  stylesheets: string[];
  /**
   * The stylesheets' text, to put in the page instead of linking them. The site's styles are small
   * (about 6 KB compressed), and a linked stylesheet holds back the first paint for one more round
   * trip, which on a phone network costs more than the bytes.
   */
  inlineStyles?: string;
  /** The entry script(s), on pages that have an island or a scripted button. */
  scripts: string[];
  /** Scripts every page gets, before the entry: the dev server's own client. */
  devScripts?: string[];
}
