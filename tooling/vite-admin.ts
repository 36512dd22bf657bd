// How the inbox's browser app is built (npm run build) and served while developing (npm run dev).
// It is a page of its own under /admin, outside the site's islands, manifest and page budgets.
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import type { InlineConfig, PluginOption, ViteDevServer } from 'vite';
import { ADMIN_PATH } from '../contracts/inbox-contract';

const ADMIN_DIR = join(import.meta.dirname, '../apps/admin');
/** The inbox's page; its script is main.tsx beside it. */
export const ADMIN_HTML = join(ADMIN_DIR, 'index.html');
/** For the dev server's dependency scan, which would otherwise find react-router-dom only on the first visit and reload the page. */
export const ADMIN_DEV_ENTRY = 'apps/admin/main.tsx';

/**
 * The Vite build of the inbox into outDir (the built site's admin/ folder): index.html and assets/*,
 * addressed from /admin/. `plugins`: the content editor's form validators (built by the tools).
 */
export function adminBuildConfig(outDir: string, plugins: PluginOption[] = []): InlineConfig {
  return {
    plugins,
    // The page's folder is the root, so index.html lands at outDir/index.html.
    root: ADMIN_DIR,
    configFile: false,
    base: `${ADMIN_PATH}/`,
    publicDir: false,
    logLevel: 'warn',
    build: {
      outDir,
      emptyOutDir: true,
      target: 'es2022',
      // Everything as files: the Content-Security-Policy allows scripts from the site's own origin only.
      assetsInlineLimit: 0,
      // For npm run report:size: which chunk is the inbox's first load and which the editor's.
      manifest: true,
      rollupOptions: {
        onwarn(warning, warn) {
          // react-router marks files 'use client' for frameworks with server components; this app has none.
          if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
          warn(warning);
        },
      },
    },
  };
}

/**
 * The inbox's page for the dev server, with Vite's client and module addresses: answer it (as
 * text/html, no-store) for GET /admin and /admin/* that is not /admin/api/*. `url` is the
 * request's path, used for Vite's transforms only.
 */
export async function renderAdminPage(vite: ViteDevServer, url: string): Promise<string> {
  const html = await readFile(ADMIN_HTML, 'utf8');
  // From the root, the script is /apps/admin/main.tsx; relative to /admin/leads/… it would not resolve.
  return vite.transformIndexHtml(url, html.replace('src="./main.tsx"', `src="/${ADMIN_DEV_ENTRY}"`));
}

/**
 * The dev server's answer for the inbox's page (createApp's `inbox.page`): the page through Vite,
 * never cached; a failure shows in the terminal and as a plain 500.
 */
export function adminDevPage(vite: ViteDevServer): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    renderAdminPage(vite, req.url ?? ADMIN_PATH).then(
      (html) => {
        res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
        res.end(html);
      },
      (err: unknown) => {
        console.error(err);
        res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
        res.end("The inbox page could not be prepared; see the dev server's terminal.\n");
      },
    );
  };
}
