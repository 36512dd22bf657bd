// npm run build: validate site/, build the browser code, prerender every route to dist/client,
// write a .br and a .gz copy next to each text file for the server, and compile the server to dist/server.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { build } from 'vite';
import { adminBuildConfig } from '../apps/admin/vite-admin';
import { formValidatorsPlugin } from '../tooling/vite-plugin-form-validators';
import { editorValidatorsPlugin } from '../tooling/vite-plugin-editor-validators';
import { assetsFromManifest, type ViteManifest } from '../engine/render/manifest-assets';
import { PAGE_ASSETS_FILE, renderPage } from '../engine/render/render-page';
import { renderAtomFeed } from '../engine/render/feed';
import { htmlFileFor, renderRobots, renderSitemap } from '../engine/render/site-files';
import { writeCompressedSiblings } from '../server/static-files';
import { buildSearchIndex, SEARCH_INDEX_FILE } from '../engine/search/search-index';
import { buildServer } from './build-server';
import { loadModelOrExit, siteUrlOf } from './load-model';
import { DIST_DIR, readSchemas, ROOT } from './read-project';

const started = performance.now();
const model = loadModelOrExit();
const siteUrl = siteUrlOf(model);
const dist = DIST_DIR;
const clientDir = join(dist, 'client');
rmSync(dist, { recursive: true, force: true });

await build({
  root: ROOT,
  configFile: join(ROOT, 'vite.config.ts'),
  logLevel: 'warn',
  build: { outDir: clientDir, emptyOutDir: true },
  plugins: [formValidatorsPlugin(() => model.forms)],
});
// The leads inbox: a browser app of its own under /admin, never prerendered.
const schemas = readSchemas();
await build(adminBuildConfig(join(clientDir, 'admin'), [editorValidatorsPlugin(() => schemas)]));
const manifest: ViteManifest = JSON.parse(readFileSync(join(clientDir, '.vite/manifest.json'), 'utf8'));
// Styles go into each page (see PageAssets.inlineStyles); the files stay for anything that links them.
const linked = assetsFromManifest(manifest);
const assets = { ...linked, inlineStyles: linked.stylesheets.map((href) => readFileSync(join(clientDir, href), 'utf8')).join('\n') };
const options = { siteUrl, assets, year: new Date().getFullYear() };

const write = (file: string, text: string) => {
  const full = join(clientDir, file);
  mkdirSync(dirname(full), { recursive: true });
  writeFileSync(full, text);
};
for (const page of model.pages) {
  const { status, html } = renderPage(model, page.path!, options);
  if (status !== 200) throw new Error(`${page.file}: ${page.path} did not render as a page (status ${status})`);
  write(htmlFileFor(page.path!), html);
}
write('404.html', renderPage(model, null, options).html);
write('sitemap.xml', renderSitemap(model, siteUrl));
write('robots.txt', renderRobots(siteUrl));
const feed = renderAtomFeed(model, siteUrl);
if (feed && model.feed) write(model.feed.path.slice(1), feed);
writeFileSync(join(dist, 'site-model.json'), JSON.stringify(model));
// The site search's index, loaded by the server at start (server/search/).
writeFileSync(join(dist, SEARCH_INDEX_FILE), buildSearchIndex(model));
// The server renders a page again to answer a form posted without script, with the same scripts and styles.
writeFileSync(join(dist, PAGE_ASSETS_FILE), JSON.stringify(assets));
// Compressed once here, so the server only reads them and starts at once.
const compressed = writeCompressedSiblings(clientDir);
const serverFile = await buildServer(join(dist, 'server'));

const ms = Math.round(performance.now() - started);
console.log(
  `Built ${model.pages.length} pages and the not-found page into ${clientDir} for ${siteUrl}, with ${compressed.siblings} Brotli and gzip copies of ${compressed.files} text files, and the server into ${serverFile} (${ms} ms).`,
);
