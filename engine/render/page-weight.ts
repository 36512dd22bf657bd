import { gzipSync } from 'node:zlib';
import type { ResolvedPage } from '../content/model';
import { SECTION_REGISTRY } from '../sections/registry';
import { pageChunks, type ViteManifest } from './manifest-assets';
import { htmlFileFor } from './site-files';

/** JavaScript budgets per page, gzip bytes. The limits fail the build check; the targets are reported. */
export const JS_BUDGETS = {
  content: { limit: 100 * 1024, target: 75 * 1024 },
  form: { limit: 230 * 1024, target: 210 * 1024 },
} as const;

export function budgetKind(page: ResolvedPage): keyof typeof JS_BUDGETS {
  return page.sections.some((s) => SECTION_REGISTRY[s.type].form) ? 'form' : 'content';
}

export interface PageWeight {
  route: string;
  kind: keyof typeof JS_BUDGETS;
  htmlGzip: number;
  jsGzip: number;
  cssGzip: number;
  requests: number;
  jsFiles: string[];
}

/** Scripts and stylesheets a page's HTML names. */
export function referencedAssets(html: string): { js: string[]; css: string[] } {
  const js = new Set<string>();
  for (const m of html.matchAll(/<script[^>]*\stype="module"[^>]*\ssrc="([^"]+)"/g)) js.add(m[1]);
  for (const m of html.matchAll(/<link[^>]*\srel="modulepreload"[^>]*\shref="([^"]+)"/g)) js.add(m[1]);
  const css = [...html.matchAll(/<link[^>]*\srel="stylesheet"[^>]*\shref="([^"]+)"/g)].map((m) => m[1]);
  return { js: [...js], css };
}

export const gzipSize = (bytes: Uint8Array | string) => gzipSync(bytes, { level: 9 }).length;

/** One page's weight: its HTML, what the HTML names, and the chunks its islands load as they hydrate. */
export function measurePage(
  route: string,
  kind: PageWeight['kind'],
  html: string,
  readAsset: (url: string) => Uint8Array,
  chunks: string[] = [],
): PageWeight {
  const named = referencedAssets(html);
  const js = [...new Set([...named.js, ...chunks])];
  const sum = (urls: string[]) => urls.reduce((n, u) => n + gzipSize(readAsset(u)), 0);
  return {
    route,
    kind,
    htmlGzip: gzipSize(html),
    jsGzip: sum(js),
    cssGzip: sum(named.css),
    requests: 1 + js.length + named.css.length,
    jsFiles: js,
  };
}

/** Every route of a built site (and the not-found page), measured from the files in `dist/client`. */
export function measureBuiltSite(
  model: { pages: ResolvedPage[]; notFound: ResolvedPage },
  readClientFile: (relativePath: string) => Uint8Array,
): PageWeight[] {
  const manifest = JSON.parse(Buffer.from(readClientFile('.vite/manifest.json')).toString('utf8')) as ViteManifest;
  const readAsset = (url: string) => readClientFile(url.replace(/^\//, ''));
  const readHtml = (file: string) => Buffer.from(readClientFile(file)).toString('utf8');
  const rows = model.pages.map((p) =>
    measurePage(p.path!, budgetKind(p), readHtml(htmlFileFor(p.path!)), readAsset, pageChunks(manifest, p)),
  );
  rows.push(measurePage('(not found)', 'content', readHtml('404.html'), readAsset, pageChunks(manifest, model.notFound)));
  return rows;
}
