import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { buildTargets } from './scripts/browser-targets.ts';

// The browser build: one small entry that hydrates islands, one lazy chunk per island.
// Pages themselves are prerendered by scripts/build.ts, so there is no index.html here. The build
// and dev scripts add the form-validators plugin with the forms of the site model they loaded, and
// formMockDefine (FORM_MOCK, read in server/config.ts).
export default defineConfig({
  publicDir: 'public',
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    manifest: true,
    // The oldest browsers package.json's "browserslist" supports (docs/developers/browsers.md).
    target: buildTargets(),
    cssCodeSplit: false,
    rollupOptions: {
      input: { client: 'engine/render/client-entry.ts' },
      onwarn(warning, warn) {
        // @rjsf marks files 'use client' for frameworks with server components; islands need no such split.
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
        warn(warning);
      },
    },
  },
  // rjsf imports a Markdown renderer that only forms with Markdown descriptions need; ours have none.
  resolve: {
    alias: [
      { find: /^markdown-to-jsx\/react$/, replacement: fileURLToPath(new URL('./engine/forms/plain-markdown.tsx', import.meta.url)) },
    ],
  },
  server: { watch: { ignored: ['**/dist/**', '**/data/**'] } },
  // Dev: there is no index.html to crawl, so name the browser entry and every island up front.
  // Otherwise Vite finds a dependency (the form library) only when an island first loads, bundles
  // it then and reloads the open page, which would throw away what a visitor had typed.
  // The forms' precompiled validators are virtual modules the scan cannot see; the ajv runtime
  // helpers they import are listed for the same reason.
  optimizeDeps: {
    entries: ['engine/render/client-entry.ts', 'engine/render/hydrate-island.ts', 'engine/**/*.island.tsx'],
    include: ['ajv/dist/runtime/ucs2length', 'ajv/dist/runtime/equal', 'ajv-formats/dist/formats'],
  },
});
