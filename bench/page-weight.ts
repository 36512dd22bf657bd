// Section 4: page weight per built route, measured by the same code as `npm run report:size`.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SiteModel } from '../engine/content/model';
import { existsSync } from 'node:fs';
import {
  EDITOR_FIRST_LOAD_BUDGET,
  JS_BUDGETS,
  measureAdminApp,
  measureBuiltSite,
  type AdminWeight,
  type PageKind,
  type PageWeight,
} from '../tooling/page-weight';

export interface PageWeightReport {
  rows: Omit<PageWeight, 'jsFiles'>[];
  anchors: { name: string; jsKb: number; note: string }[];
  summary: { routes: number; maxJsKb: number; minJsKb: number; maxHtmlKb: number; maxRequests: number; medianTotalKb: number };
  /** Per kind of page: how many, and the range of first-load and total JS, KB. */
  byKind: { kind: PageKind; routes: number; firstKb: [number, number]; totalKb: [number, number] }[];
  /** The admin app: the inbox's first load and the content editor's, against its budget and Decap CMS's figure. */
  admin?: AdminWeight & { budget: number; decapKb: number };
}

/** Decap CMS's editor: about 480 KB of script (gzip) on first load, as its users report it. */
const DECAP_KB = 480;

export function measureWeights(distDir: string): PageWeightReport {
  const clientDir = join(distDir, 'client');
  const model = JSON.parse(readFileSync(join(distDir, 'site-model.json'), 'utf8')) as SiteModel;
  const rows = measureBuiltSite(model, (file) => readFileSync(join(clientDir, file)))
    .filter((r) => r.route !== '(not found)')
    .map(({ jsFiles: _files, ...row }) => row);
  const kb = (n: number) => n / 1024;
  const totals = rows.map((r) => r.htmlGzip + r.jsGzip + r.cssGzip).sort((a, b) => a - b);
  const range = (values: number[]): [number, number] => [kb(Math.min(...values)), kb(Math.max(...values))];
  const byKind = (Object.keys(JS_BUDGETS) as PageKind[])
    .map((kind) => ({ kind, of: rows.filter((r) => r.kind === kind) }))
    .filter(({ of }) => of.length > 0)
    .map(({ kind, of }) => ({
      kind,
      routes: of.length,
      firstKb: range(of.map((r) => r.jsFirstGzip)),
      totalKb: range(of.map((r) => r.jsGzip)),
    }));
  const adminDir = join(clientDir, 'admin');
  const admin = existsSync(join(adminDir, '.vite', 'manifest.json'))
    ? { ...measureAdminApp((file) => readFileSync(join(adminDir, file))), budget: EDITOR_FIRST_LOAD_BUDGET, decapKb: DECAP_KB }
    : undefined;
  return {
    admin,
    byKind,
    rows,
    anchors: [
      { name: 'Next.js App Router', jsKb: 87.5, note: 'shared first-load JS of a new app (gzip)' },
      { name: 'Astro', jsKb: 0, note: 'static page without islands' },
    ],
    summary: {
      routes: rows.length,
      maxJsKb: kb(Math.max(...rows.map((r) => r.jsGzip))),
      minJsKb: kb(Math.min(...rows.map((r) => r.jsGzip))),
      maxHtmlKb: kb(Math.max(...rows.map((r) => r.htmlGzip))),
      maxRequests: Math.max(...rows.map((r) => r.requests)),
      medianTotalKb: kb(totals[Math.floor(totals.length / 2)]!),
    },
  };
}
