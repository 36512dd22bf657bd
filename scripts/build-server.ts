// npm run build (last step): compile the server to one ES module, dist/server/index.js, that plain
// `node` runs. Our TypeScript and the packages it imports are bundled into it, so a start parses one
// file instead of resolving and loading some thousand modules from node_modules one by one.
import { build, type Plugin } from 'esbuild';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { DIST_DIR, ROOT } from './read-project';

export const SERVER_ENTRY = join(ROOT, 'server', 'index.ts');

/** The content editor's worker thread: its own file beside index.js, where server/content/editor-pool.ts looks for it. */
export const EDITOR_WORKER_ENTRY = join(ROOT, 'server', 'content', 'editor-worker.ts');

/**
 * Loaded from node_modules as they are: a native addon (better-sqlite3), the optional native
 * PostgreSQL client pg may ask for, and the pattern analyser, which finds its own files at run time
 * and is loaded only with the first rule it checks (engine/content/pattern-safety.ts).
 */
export const SERVER_EXTERNAL_PACKAGES = ['better-sqlite3', 'pg-native', 'recheck'];

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

/** Bundles server/index.ts into `outDir`/index.js (and the editor's worker into editor-worker.js); returns the server's file. */
export async function buildServer(outDir = join(DIST_DIR, 'server')): Promise<string> {
  // The chunks' names change with their content: an earlier build's are removed, not left beside these.
  rmSync(outDir, { recursive: true, force: true });
  await build({
    entryPoints: { index: SERVER_ENTRY, 'editor-worker': EDITOR_WORKER_ENTRY },
    outdir: outDir,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    // The parts a first GET / does not need (the inbox and editor, publishing, mail, PostgreSQL,
    // re-rendered pages) are imported with import() where they are first used: each becomes a chunk
    // of its own beside index.js (chunk-*.js, where the code's import.meta.url still points beside
    // index.js), compiled only when it loads (docs/developers/decisions.md).
    splitting: true,
    external: SERVER_EXTERNAL_PACKAGES,
    // The CommonJS packages in the bundle call require() for Node's own modules (and the externals above).
    banner: {
      js: "import { createRequire as createRequireForBundle } from 'node:module'; const require = createRequireForBundle(import.meta.url);",
    },
    // Positions only: --enable-source-maps reads the whole map at start, and the sources are in the project.
    sourcemap: true,
    sourcesContent: false,
    logLevel: 'warning',
    plugins: [browserOnlyValidators],
  });
  return join(outDir, 'index.js');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const started = performance.now();
  const file = await buildServer();
  console.log(`Compiled the server into ${file} (${Math.round(performance.now() - started)} ms).`);
}
