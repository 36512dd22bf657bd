// npm run build (last step): compile the server to one ES module, dist/server/index.js, that plain
// `node` runs; the packages stay in node_modules (external), only our own TypeScript (and Kysely) is bundled.
import { build, type Plugin } from 'esbuild';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DIST_DIR, ROOT } from './read-project';

export const SERVER_ENTRY = join(ROOT, 'server', 'index.ts');

/** The content editor's worker thread: its own file beside index.js, where server/content/editor-pool.ts looks for it. */
export const EDITOR_WORKER_ENTRY = join(ROOT, 'server', 'content', 'editor-worker.ts');

/**
 * The server renders forms (to answer a post made without script) but never runs the browser's
 * precompiled validators, which only Vite can provide: an empty module stands in for them.
 */
const browserOnlyValidators: Plugin = {
  name: 'browser-only-validators',
  setup(build) {
    build.onResolve({ filter: /^virtual:form-validators$/ }, (args) => ({ path: args.path, namespace: 'browser-only' }));
    build.onLoad({ filter: /^virtual:form-validators$/, namespace: 'browser-only' }, () => ({
      contents: 'export default {};',
      loader: 'js',
    }));
  },
};

/**
 * Kysely ships as some four hundred small modules: loaded one by one they add a good part to the
 * server's start-up, bundled they are one file's parse (and only the parts the store uses).
 */
const bundledQueryBuilder: Plugin = {
  name: 'bundled-query-builder',
  setup(build) {
    build.onResolve({ filter: /^kysely$/ }, () => ({ path: fileURLToPath(import.meta.resolve('kysely')) }));
  },
};

/** Bundles server/index.ts into `outDir`/index.js (and the editor's worker into editor-worker.js); returns the server's file. */
export async function buildServer(outDir = join(DIST_DIR, 'server')): Promise<string> {
  await build({
    entryPoints: { index: SERVER_ENTRY, 'editor-worker': EDITOR_WORKER_ENTRY },
    outdir: outDir,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
    plugins: [browserOnlyValidators, bundledQueryBuilder],
  });
  return join(outDir, 'index.js');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const started = performance.now();
  const file = await buildServer();
  console.log(`Compiled the server into ${file} (${Math.round(performance.now() - started)} ms).`);
}
