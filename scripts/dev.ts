// npm run dev: the production server (createServer: the security headers, the rate limit, the API,
// the inbox) with Vite's middleware and a page renderer in place of the built files. Renders pages
// from site/ on each request, reloads the browser when a YAML file or an article changes, and shows content
// problems (file:line:column) in the terminal and the browser overlay.
import express, { type RequestHandler } from 'express';
import { existsSync, readdirSync, statSync, watch } from 'node:fs';
import { join } from 'node:path';
import { createServer as createViteServer } from 'vite';
import { ADMIN_DEV_ENTRY, adminDevPage } from '../tooling/vite-admin';
import { loadSite, type LoadResult } from '../engine/content/load-site';
import { formatProblem } from '../engine/content/problem';
import { validatorsPlugin } from '../tooling/vite-plugin-validators';
import { escapeMarkup } from '../engine/render/escape-markup';
import type * as FeedModule from '../engine/render/feed';
import type * as RenderModule from '../engine/render/render-page';
import type * as CatalogueModule from '../tooling/catalogue/catalogue';
import { CATALOGUE_PATH } from '../tooling/catalogue/catalogue-path';
import type { SiteModel } from '../engine/content/model';
import { buildSearchIndex, loadSiteSearch } from '../engine/search/search-index';
import { formMockDefine, readConfig, readScriptConfig } from '../server/config';
import { createServer } from '../server/create-server';
import { createLogger } from '../server/logging';
import { createStore } from '../server/store/create-store';
import { chooseStore } from '../server/store/store-choice';
import type { SchemaSet } from '../engine/content/schema-set';
import { CONTENT_ROOT, ROOT, readSchemas, readSiteFiles } from './read-project';

// Served at http://localhost:PORT: plain HTTP, so the session cookie cannot be Secure here.
const config = Object.freeze({ ...readConfig(undefined, { defaultPort: 5173, local: true }), trustProxy: false });
// CONTENT_ROOT may point at another folder holding a site/ (the end-to-end tests edit a copy there).
const contentRoot = CONTENT_ROOT;

// The schemas the content was last checked with; the catalogue describes the same ones.
let schemas: SchemaSet;
let current: LoadResult = load();
// One readable line per request (pino-pretty) rather than the JSON lines production writes.
const logger = createLogger({ level: config.logLevel, pretty: true });

// Forms on dev pages really submit: leads go to the same store `npm start` uses (DATA_DIR / DATABASE_URL).
const storeConfig = { databaseUrl: config.databaseUrl ?? undefined, dataDir: config.dataDir };
const store = createStore(storeConfig);
await store.init();
console.log(`Leads are stored in ${chooseStore(storeConfig).description}`);

// The production server, made once; its app is made again from each valid version of the content (see reload).
const server = createServer(config, {
  store,
  logger,
  // No e-mails or webhooks from a preview.
  delivery: null,
  model: { forms: {} },
  // Both are made once Vite runs, which needs this server for its live reload.
  site: (req, res) => pages(req, res),
  inboxPage: (req, res) => adminInboxPage(req, res),
});
const httpServer = server.http;
const vite = await createViteServer({
  root: ROOT,
  configFile: join(ROOT, 'vite.config.ts'),
  // Live reload shares the page's port, so several dev servers (or a test's) can run side by side.
  server: { middlewareMode: true, ws: { server: httpServer } },
  appType: 'custom',
  // The inbox's entry too (vite.config.ts names the site's), so its dependencies are bundled up front.
  optimizeDeps: { entries: [ADMIN_DEV_ENTRY] },
  define: formMockDefine(readScriptConfig()),
  plugins: [validatorsPlugin({ forms: () => current.model?.forms ?? {}, schemas: () => schemas })],
});

function load(): LoadResult {
  let result: LoadResult;
  try {
    schemas = readSchemas();
    result = loadSite(readSiteFiles(contentRoot), schemas, { withDrafts: true });
  } catch (err) {
    // A file read mid-save or a schema being edited: say so and keep serving; the next save loads again.
    result = {
      problems: [{ file: 'site/', line: 1, column: 1, path: '', message: `could not be read: ${(err as Error).message}` }],
      warnings: [],
    };
  }
  // Warnings (a near-duplicate FAQ category) do not stop the preview, but are said each time.
  for (const w of result.warnings) console.warn('  ' + formatProblem(w));
  if (result.model) console.log(`site/ loaded: ${result.model.pages.length} pages.`);
  else {
    console.error(`\nsite/ has ${result.problems.length} problem(s):`);
    for (const p of result.problems) console.error('  ' + formatProblem(p));
  }
  return result;
}

// One plain fs.watch per folder, set up synchronously before the server listens, so an edit made
// right after start-up is never missed (recursive watchers scan in the background first).
function watchTree(dir: string, onChange: (file: string) => void, watched = new Set<string>()): void {
  if (watched.has(dir)) return;
  watched.add(dir);
  watch(dir, (_event, name) => {
    if (!name) return;
    const full = join(dir, name.toString());
    if (existsSync(full) && statSync(full).isDirectory()) watchTree(full, onChange, watched);
    else onChange(full);
  });
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) watchTree(join(dir, entry.name), onChange, watched);
  }
}

let pending: NodeJS.Timeout | undefined;
function onContentChange(): void {
  clearTimeout(pending);
  // Editors often write a file in several steps; reload once they are done.
  pending = setTimeout(() => {
    current = load();
    if (current.model) {
      try {
        try {
          appFor(current.model);
        } catch (err) {
          // Content the API cannot take at start-up: serve the pages (and their problems) without it.
          console.error(err);
          appFor(undefined);
        }
      } catch (err) {
        // A form the API cannot accept: say so, and keep answering with the app of the last version.
        console.error(err);
      }
      vite.ws.send({ type: 'full-reload' });
      return;
    }
    const first = current.problems[0];
    vite.ws.send({
      type: 'error',
      err: {
        message: current.problems.map(formatProblem).join('\n'),
        stack: '',
        plugin: 'site content',
        id: join(contentRoot, first.file),
        loc: { file: join(contentRoot, first.file), line: first.line, column: first.column },
      },
    });
  }, 60);
}

for (const dir of [join(contentRoot, 'site'), join(ROOT, 'schemas')]) {
  watchTree(dir, (file) => {
    if (/\.(ya?ml|json|md)$/.test(file)) onContentChange();
  });
}

// Linked one by one, in the order the browser build bundles them (engine/render/client-entry.ts), so edits apply live.
const SECTION_STYLES = readdirSync(join(ROOT, 'engine/sections'), { withFileTypes: true })
  .filter((e) => e.isDirectory() && existsSync(join(ROOT, 'engine/sections', e.name, 'styles.css')))
  .map((e) => `/engine/sections/${e.name}/styles.css`)
  .sort();

const DEV_ASSETS = {
  stylesheets: ['/engine/styles/base.css', ...SECTION_STYLES, '/engine/styles/site.css', '/tooling/dev-tools.css'],
  devScripts: ['/@vite/client'],
  scripts: ['/engine/render/client-entry.ts'],
};

// Pages are rendered from the content as it is now; while it has problems, they are the page.
const renderPages: RequestHandler = async (req, res, next) => {
  if (req.method !== 'GET') return next();
  try {
    if (!current.model) {
      // The Vite client on this page reloads it as soon as the content is valid again.
      res
        .status(500)
        .type('html')
        .send(problemsPage(current.problems.map((p) => escapeMarkup(formatProblem(p)))));
      return;
    }
    if (req.path === CATALOGUE_PATH) {
      const { renderCatalogue } = (await vite.ssrLoadModule('/tooling/catalogue/catalogue.tsx')) as typeof CatalogueModule;
      const assets = { ...DEV_ASSETS, devScripts: [...DEV_ASSETS.devScripts, '/tooling/catalogue/copy-yaml.ts'] };
      res.type('html').send(renderCatalogue(current.model, schemas, { siteUrl: config.siteUrl, assets }));
      return;
    }
    // The blog's feed, made from the articles as they are now, as the build writes it.
    if (req.path === current.model.feed?.path) {
      const { renderAtomFeed, FEED_CONTENT_TYPE } = (await vite.ssrLoadModule('/engine/render/feed.ts')) as typeof FeedModule;
      res.status(200).type(FEED_CONTENT_TYPE).send(renderAtomFeed(current.model, config.siteUrl));
      return;
    }
    const { renderPage } = (await vite.ssrLoadModule('/engine/render/render-page.tsx')) as typeof RenderModule;
    const { status, html } = renderPage(current.model, req.path, {
      siteUrl: config.siteUrl,
      year: new Date().getFullYear(),
      assets: DEV_ASSETS,
      // Every section is marked with where it is declared; ?sources shows the marks on the page.
      sources: { shown: 'sources' in req.query },
    });
    res.status(status).type('html').send(html);
  } catch (err) {
    // Validate runs the renderer's own checks, so this is rare; still, the browser shows words, not a stack.
    vite.ssrFixStacktrace(err as Error);
    console.error(err);
    const message = `${req.path} could not be drawn: ${(err as Error).message.split('\n')[0]}`;
    res
      .status(500)
      .type('html')
      .send(problemsPage([escapeMarkup(message)]));
  }
};

function problemsPage(items: string[]): string {
  const list = items.map((item) => `<li><code>${item}</code></li>`).join('');
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Content problems</title><script type="module" src="/@vite/client"></script></head><body style="font-family:system-ui;padding:2rem"><main><h1>The site content has problems</h1><p>Fix each at the file:line:column shown; this page reloads by itself.</p><ul>${list}</ul></main></body></html>`;
}

// In place of the built files: Vite (modules, styles, live reload) and the page renderer.
const pages = express().disable('x-powered-by').use(vite.middlewares, renderPages);
const adminInboxPage = adminDevPage(vite);

// The API follows the content: a form edited in YAML is accepted with its new fields after the
// reload. While the content has problems, the API of its last valid version keeps answering.
function appFor(model: SiteModel | undefined): void {
  server.reload(
    model && {
      forms: model.forms,
      apiPayloads: model.apiPayloads,
      badges: model.badges,
      knownLinks: model.knownLinks,
      // A form posted without JavaScript is answered with its page, as `npm start` does.
      pages: { model, assets: DEV_ASSETS },
      // Built again from each valid version of the content, so a saved edit is found at once.
      search: loadSiteSearch(buildSearchIndex(model)),
    },
  );
}
try {
  appFor(current.model);
} catch (err) {
  // Content the API cannot take at start-up: serve the pages (and their problems) without it.
  console.error(err);
  appFor(undefined);
}

await server.listen();
console.log(`Dev server: http://localhost:${config.port} (edit site/*.yaml or an article in site/blog/; the page reloads)`);
