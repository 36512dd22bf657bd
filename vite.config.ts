import { defineConfig } from 'vite';

// The browser build: one small entry that hydrates islands, one lazy chunk per island.
// Pages themselves are prerendered by scripts/build.ts, so there is no index.html here.
export default defineConfig({
  publicDir: 'public',
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    manifest: true,
    target: 'es2022',
    cssCodeSplit: false,
    rollupOptions: {
      input: { client: 'engine/render/client-entry.ts' },
    },
  },
  server: { watch: { ignored: ['**/dist/**', '**/data/**'] } },
});
