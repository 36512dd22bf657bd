import type { PageAssets } from './render-page';

export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

export type ViteManifest = Record<string, ManifestChunk>;

const ENTRY = 'engine/render/client-entry.ts';

/** Script, style and preload URLs for prerendered pages, read from Vite's build manifest. */
export function assetsFromManifest(manifest: ViteManifest, base = '/'): PageAssets {
  const entry = manifest[ENTRY];
  if (!entry) throw new Error(`The build manifest has no entry for ${ENTRY}; run the client build first.`);
  const url = (file: string) => base + file;
  const stylesheets = [...new Set([...Object.values(manifest).map((c) => c.file).filter((f) => f.endsWith('.css')), ...(entry.css ?? [])])];

  // A chunk plus everything it imports statically, except the entry, which is loaded by its script tag.
  const closure = (key: string, into: Set<string>) => {
    const chunk = manifest[key];
    if (!chunk || key === ENTRY || into.has(chunk.file)) return;
    into.add(chunk.file);
    for (const dep of chunk.imports ?? []) closure(dep, into);
  };
  const islandKeys = new Map(
    Object.keys(manifest)
      .filter((k) => k.endsWith('.island.tsx'))
      .map((k) => [k.slice(k.lastIndexOf('/') + 1, -'.island.tsx'.length), k]),
  );

  return {
    stylesheets: stylesheets.map(url),
    scripts: [url(entry.file)],
    preloadsFor(islands) {
      const files = new Set<string>();
      for (const dep of entry.imports ?? []) closure(dep, files);
      for (const name of islands) {
        const key = islandKeys.get(name);
        if (!key) throw new Error(`No code chunk for the island "${name}" in the build manifest.`);
        closure(key, files);
      }
      return [...files].map(url);
    },
  };
}
