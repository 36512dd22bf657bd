// The site's part of a build (shared by npm run build and a publish's release): the browser code,
// every prerendered page, the site model, the search index and the compressed copies, into one folder.
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { build } from 'vite';
import { adminBuildConfig } from '../tooling/vite-admin';
import { validatorsPlugin } from '../tooling/vite-plugin-validators';
import type { SiteModel } from '../engine/content/model';
import { assetsFromManifest, type ViteManifest } from '../engine/render/manifest-assets';
import { PAGE_ASSETS_FILE, renderPage } from '../engine/render/render-page';
import { renderAtomFeed } from '../engine/render/feed';
import { htmlFileFor, renderRobots, renderSitemap } from '../engine/render/site-files';
import { writeCompressedSiblings } from '../server/static-files';
import { formMockDefine, readScriptConfig } from '../server/config';
import { buildSearchIndex, SEARCH_INDEX_FILE } from '../engine/search/search-index';
import { FORM_VALIDATORS_FILE, formValidatorsSource } from '../server/api/form-validators-code';
import { readSchemas, ROOT } from './read-project';

export interface SiteBuildOptions {
  siteUrl: string;
  /**
   * A finished build (the live release) to take what is the same from: its leads inbox app
   * (client/admin/, which reads no content) and the compressed copies of files whose bytes did not change.
   */
  reuseFrom?: string;
}

export interface SiteBuildResult {
  pages: number;
  compressed: { files: number; siblings: number; reused: number };
  /** Milliseconds per step, for the build's line and the publish benchmark. */
  steps: Record<string, number>;
}

/**
 * Builds the site for `model` into `outDir` (client/, site-model.json, the server's form validators,
 * the search index and the page assets); `outDir` is emptied first.
 */
export async function buildSite(model: SiteModel, outDir: string, options: SiteBuildOptions): Promise<SiteBuildResult> {
  const steps: Record<string, number> = {};
  let mark = performance.now();
  const step = (name: string) => {
    const now = performance.now();
    steps[name] = Math.round(now - mark);
    mark = now;
  };
  const clientDir = join(outDir, 'client');
  rmSync(outDir, { recursive: true, force: true });
  await build({
    root: ROOT,
    configFile: join(ROOT, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir: clientDir, emptyOutDir: true },
    define: formMockDefine(readScriptConfig()),
    plugins: [validatorsPlugin({ forms: () => model.forms })],
  });
  step('islands');
  // The leads inbox: a browser app of its own under /admin, never prerendered.
  const earlier = options.reuseFrom && join(options.reuseFrom, 'client');
  const adminFrom = earlier && join(earlier, 'admin');
  if (adminFrom && existsSync(join(adminFrom, 'index.html'))) cpSync(adminFrom, join(clientDir, 'admin'), { recursive: true });
  else {
    // The editor's form validators come from schemas/, which a publish never changes: reusing the app stays right.
    const schemas = readSchemas();
    await build(adminBuildConfig(join(clientDir, 'admin'), [validatorsPlugin({ schemas: () => schemas })]));
  }
  step('inbox');
  const manifest: ViteManifest = JSON.parse(readFileSync(join(clientDir, '.vite/manifest.json'), 'utf8'));
  // Styles go into each page (see PageAssets.inlineStyles); the files stay for anything that links them.
  const linked = assetsFromManifest(manifest);
  const assets = { ...linked, inlineStyles: linked.stylesheets.map((href) => readFileSync(join(clientDir, href), 'utf8')).join('\n') };
  const { siteUrl } = options;
  const renderOptions = { siteUrl, assets, year: new Date().getFullYear() };

  const write = (file: string, text: string) => {
    const full = join(clientDir, file);
    mkdirSync(dirname(full), { recursive: true });
    writeFileSync(full, text);
  };
  for (const page of model.pages) {
    const { status, html } = renderPage(model, page.path!, renderOptions);
    if (status !== 200) throw new Error(`${page.file}: ${page.path} did not render as a page (status ${status})`);
    write(htmlFileFor(page.path!), html);
  }
  write('404.html', renderPage(model, null, renderOptions).html);
  write('sitemap.xml', renderSitemap(model, siteUrl));
  write('robots.txt', renderRobots(siteUrl));
  const feed = renderAtomFeed(model, siteUrl);
  if (feed && model.feed) write(model.feed.path.slice(1), feed);
  writeFileSync(join(outDir, 'site-model.json'), JSON.stringify(model));
  // The server loads its form validators as code instead of compiling every form at start.
  writeFileSync(join(outDir, FORM_VALIDATORS_FILE), formValidatorsSource({ forms: model.forms, apiPayloads: model.apiPayloads }));
  // The site search's index, loaded by the server at start (server/search/).
  writeFileSync(join(outDir, SEARCH_INDEX_FILE), buildSearchIndex(model));
  // The server renders a page again to answer a form posted without script, with the same scripts and styles.
  writeFileSync(join(outDir, PAGE_ASSETS_FILE), JSON.stringify(assets));
  step('pages');
  // Compressed once here, so the server only reads them and starts at once.
  const compressed = writeCompressedSiblings(clientDir, earlier);
  step('compress');
  return { pages: model.pages.length, compressed, steps };
}
