import { gzipSync } from 'node:zlib';
import type { ResolvedPage } from '../engine/content/model';
import { SECTION_REGISTRY } from '../engine/sections/registry';
import { pageChunks, type PageChunks, type ViteManifest } from '../engine/render/manifest-assets';
import { pageIslands } from '../engine/render/render-page';
import { htmlFileFor } from '../engine/render/site-files';

/**
 * JavaScript limits per kind of page, gzip bytes, checked by `npm run report:size -- --check`. A
 * static page (no interactive section, no scripted button) loads no script at all. Interactive and
 * form pages are held to two figures: what loads with the page, and the total once a visitor
 * reaches for a control (a search box, a switch) or comes near a form.
 */
export const JS_BUDGETS = {
  static: { firstLoad: 0, total: 0 },
  // 76 KB in all: the search page's island added its entry to the island map every page's entry holds.
  interactive: { firstLoad: 5 * 1024, total: 76 * 1024 },
  form: { firstLoad: 75 * 1024, total: 160 * 1024 },
} as const;

export type PageKind = keyof typeof JS_BUDGETS;

/** Whether a page declares a button with a behaviour (`action:` in YAML), which the entry script runs. */
function hasScriptedButton(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(hasScriptedButton);
  if (!value || typeof value !== 'object') return false;
  const record = value as Record<string, unknown>;
  if (typeof record.action === 'string' && typeof record.label === 'string' && record.href === undefined) return true;
  return Object.values(record).some(hasScriptedButton);
}

export function budgetKind(page: ResolvedPage): PageKind {
  if (page.sections.some((s) => SECTION_REGISTRY[s.type].form)) return 'form';
  return pageIslands(page).length > 0 || hasScriptedButton(page.sections) ? 'interactive' : 'static';
}

export interface PageWeight {
  route: string;
  kind: PageKind;
  htmlGzip: number;
  /** Scripts fetched with the page: the entry, React and the islands that hydrate on load. */
  jsFirstGzip: number;
  /** Every script the page can fetch, forms' code and validators included (fetched once a visitor nears a form). */
  jsGzip: number;
  cssGzip: number;
  /** Requests with the page (HTML, first-load scripts, stylesheets). */
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
  chunks: PageChunks = { load: [], intent: [] },
): PageWeight {
  const named = referencedAssets(html);
  const first = [...new Set([...named.js, ...chunks.load])];
  const js = [...new Set([...first, ...chunks.intent])];
  const sum = (urls: string[]) => urls.reduce((n, u) => n + gzipSize(readAsset(u)), 0);
  return {
    route,
    kind,
    htmlGzip: gzipSize(html),
    jsFirstGzip: sum(first),
    jsGzip: sum(js),
    cssGzip: sum(named.css),
    requests: 1 + first.length + named.css.length,
    jsFiles: js,
  };
}

/** The budgets a page is over, in words; empty when it is within them. */
export function budgetOverruns(row: PageWeight): string[] {
  const b = JS_BUDGETS[row.kind];
  const kb = (n: number) => (n / 1024).toFixed(1);
  const over: string[] = [];
  if (row.jsFirstGzip > b.firstLoad)
    over.push(`${row.route}: ${kb(row.jsFirstGzip)} KB of JS with the page, limit ${kb(b.firstLoad)} KB (${row.kind})`);
  if (row.jsGzip > b.total) over.push(`${row.route}: ${kb(row.jsGzip)} KB of JS in all, limit ${kb(b.total)} KB (${row.kind})`);
  return over;
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
  rows.push(measurePage('(not found)', budgetKind(model.notFound), readHtml('404.html'), readAsset, pageChunks(manifest, model.notFound)));
  return rows;
}

/**
 * The admin app's script budget (gzip): what the editor loads on its first visit, the inbox's
 * entry and the editor's route chunk together (the brief's limit, against Decap CMS's ~480 KB).
 */
export const EDITOR_FIRST_LOAD_BUDGET = 250 * 1024;

export interface AdminWeight {
  /** The inbox's entry and what it imports: the first load of /admin. */
  inboxGzip: number;
  /** The editor's route chunk and what it imports that the inbox has not loaded. */
  editorGzip: number;
  /** The inbox's first load plus the editor's chunks: what opening /admin/content loads. */
  editorFirstLoadGzip: number;
  /** The largest and the sum of the form validator chunks (each loads with the form that needs it). */
  validatorLargestGzip: number;
  validatorCount: number;
}

/** The admin app's chunks from its build manifest (`dist/client/admin/.vite/manifest.json`). */
export function measureAdminApp(readAdminFile: (relativePath: string) => Uint8Array): AdminWeight {
  const manifest = JSON.parse(Buffer.from(readAdminFile('.vite/manifest.json')).toString('utf8')) as ViteManifest;
  const entry = Object.entries(manifest).find(([, chunk]) => chunk.isEntry);
  const editor = Object.entries(manifest).find(([key]) => key.endsWith('editor/EditorRoutes.tsx'));
  if (!entry || !editor) throw new Error('The admin build manifest has no entry or no editor chunk; run npm run build.');
  const closure = (key: string, seen: Set<string>) => {
    if (seen.has(key)) return seen;
    seen.add(key);
    for (const next of manifest[key]?.imports ?? []) closure(next, seen);
    return seen;
  };
  const size = (keys: Iterable<string>) => [...keys].reduce((n, k) => n + gzipSize(readAdminFile(manifest[k]!.file)), 0);
  const inbox = closure(entry[0], new Set());
  const withEditor = closure(editor[0], new Set(inbox));
  const editorOnly = [...withEditor].filter((k) => !inbox.has(k));
  const validators = Object.keys(manifest).filter((k) => k.includes('virtual:editor-validator/'));
  const validatorSizes = validators.map((k) => gzipSize(readAdminFile(manifest[k]!.file)));
  const inboxGzip = size(inbox);
  const editorGzip = size(editorOnly);
  return {
    inboxGzip,
    editorGzip,
    editorFirstLoadGzip: inboxGzip + editorGzip,
    validatorLargestGzip: Math.max(0, ...validatorSizes),
    validatorCount: validators.length,
  };
}
