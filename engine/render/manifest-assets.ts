import type { ResolvedFormSection, ResolvedPage } from '../content/model';
import { loadsValidator } from '../forms/validation-mode';
import type { PageAssets } from './render-page';
import type { HydrateOn } from './island';
import { pageIslands } from './render-page';

export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

export type ViteManifest = Record<string, ManifestChunk>;

const ENTRY = 'engine/render/client-entry.ts';
// React and hydrateRoot, imported by the entry only on a page that has an island.
const HYDRATE = 'engine/render/hydrate-island.ts';
// Where a form's precompiled validator comes from (tooling/vite-plugin-validators.ts).
const VALIDATOR_LOADER = 'engine/forms/load-form-validator.ts';
const FORM_VALIDATOR = 'virtual:form-validator/';

function entryOf(manifest: ViteManifest): ManifestChunk {
  const entry = manifest[ENTRY];
  if (!entry) throw new Error(`The build manifest has no entry for ${ENTRY}; run the client build first.`);
  return entry;
}

/** Script and style URLs for prerendered pages, read from Vite's build manifest. */
export function assetsFromManifest(manifest: ViteManifest, base = '/'): PageAssets {
  const entry = entryOf(manifest);
  const stylesheets = [
    ...new Set([
      ...Object.values(manifest)
        .map((c) => c.file)
        .filter((f) => f.endsWith('.css')),
      ...(entry.css ?? []),
    ]),
  ];
  return { stylesheets: stylesheets.map((f) => base + f), scripts: [base + entry.file] };
}

/** A page's scripts beyond the entry its script tag loads: those fetched with the page, and those fetched once a visitor nears a form. */
export interface PageChunks {
  load: string[];
  intent: string[];
}

/**
 * The code chunks a page's islands load when they hydrate, besides the entry its script tag loads:
 * the hydrate module (React) and each island's import closure; for a form that checks its fields
 * in the browser, the validator loader and that form's precompiled validator. An island that
 * hydrates on intent, and the validators (loaded once a form hydrates), come under `intent`,
 * less what the page loads anyway. The pages do not preload them (a preload is fetched before the
 * first paint and holds it back); the size budgets count them.
 */
export function chunksFor(
  manifest: ViteManifest,
  islands: Array<{ name: string; on: HydrateOn }>,
  forms: string[],
  base = '/',
): PageChunks {
  const entry = entryOf(manifest);
  if (islands.length === 0) return { load: [], intent: [] };
  const islandKeys = new Map(
    Object.keys(manifest)
      .filter((k) => k.endsWith('.island.tsx'))
      .map((k) => [k.slice(k.lastIndexOf('/') + 1, -'.island.tsx'.length), k]),
  );
  // A chunk plus everything it imports statically, except the entry, which is loaded by its script tag.
  const closure = (key: string, into: Set<string>) => {
    const chunk = manifest[key];
    if (!chunk || key === ENTRY || into.has(chunk.file)) return;
    into.add(chunk.file);
    for (const dep of chunk.imports ?? []) closure(dep, into);
  };
  const need = (key: string | undefined, what: string, into: Set<string>) => {
    if (!key || !manifest[key]) throw new Error(`No code chunk for ${what} in the build manifest.`);
    closure(key, into);
  };
  const load = new Set<string>();
  const later = new Set<string>();
  for (const dep of entry.imports ?? []) closure(dep, load);
  need(HYDRATE, 'the island hydrator', islands.some((i) => i.on === 'load') ? load : later);
  for (const { name, on } of islands) need(islandKeys.get(name), `the island "${name}"`, on === 'load' ? load : later);
  if (forms.length) need(VALIDATOR_LOADER, 'the form validator loader', later);
  for (const id of forms) need(FORM_VALIDATOR + id, `the validator of the form "${id}"`, later);
  const url = (f: string) => base + f;
  return { load: [...load].map(url), intent: [...later].filter((f) => !load.has(f)).map(url) };
}

/** The forms on a page whose fields are checked by our validator (not by the browser's own checks alone). */
export function validatedFormsOf(page: ResolvedPage): string[] {
  return page.sections
    .filter((s): s is ResolvedFormSection => s.type === 'form')
    .filter((s) => loadsValidator(s.definition))
    .map((s) => s.definition.id);
}

/** Every chunk a page's islands load, from the manifest. */
export function pageChunks(manifest: ViteManifest, page: ResolvedPage, base = '/'): PageChunks {
  return chunksFor(manifest, pageIslands(page), validatedFormsOf(page), base);
}
