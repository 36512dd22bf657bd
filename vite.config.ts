import { defineConfig } from 'vite';

// The browser build: one small entry that hydrates islands, one lazy chunk per island.
// Pages themselves are prerendered by scripts/build.ts, so there is no index.html here. The build
// and dev scripts add the form-validators plugin with the forms of the site model they loaded.
export default defineConfig({
  publicDir: 'public',
  define: { __FORM_MOCK__: JSON.stringify(process.env.FORM_MOCK === '1') },
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    manifest: true,
    target: 'es2022',
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
  server: { watch: { ignored: ['**/dist/**', '**/data/**'] } },
});
