// Section 3, run as its own process per site size (so peak memory is that size's alone):
// `node --import tsx bench/pipeline.ts <pages|real> <distDir> <warmRuns> <maxRendered>`. Prints one JSON line.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadSite } from '../engine/content/load-site';
import { parseYamlFile } from '../engine/content/yaml-source';
import { assetsFromManifest, type ViteManifest } from '../engine/render/manifest-assets';
import { renderPage } from '../engine/render/render-page';
import { readSchemas, readSiteFiles } from '../scripts/read-project';
import { ROOT } from './lib/proc';
import { median } from './lib/stats';
import { isPageFile, syntheticSite } from './lib/synthetic-site';

export interface PipelineResult {
  site: string;
  pages: number;
  files: number;
  yamlBytes: number;
  /** First loadSite call in a fresh process: includes compiling the schemas. */
  validateColdMs: number;
  /** Median of later calls. */
  validateWarmMs: number;
  validatePerPageMs: number;
  /** Of a warm validation: parsing the YAML alone (the rest is schema compilation and checks). */
  yamlParseMs: number;
  /** Pages actually rendered: all of them, or an evenly spaced sample when there are more than maxRendered. */
  prerenderedPages?: number;
  prerenderTotalMs?: number;
  prerenderPerPageMs?: number;
  prerenderP95Ms?: number;
  htmlBytes?: number;
  /** The same sample, each page rendered from a model holding only that page: the cost without the route table. */
  prerenderAlonePerPageMs?: number;
  peakRssMb: number;
  peakHeapMb: number;
}

const [which = '50', distDir = '/tmp/bench-dist', warmArg = '2', maxArg = '500'] = process.argv.slice(2);
const warmRuns = Number(warmArg);
const maxRendered = Number(maxArg);
const real = readSiteFiles(ROOT);
const schemas = readSchemas(ROOT);
const files = which === 'real' ? real : syntheticSite(real, Number(which));

let peakHeap = 0;
const sampleMemory = () => {
  peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
};

let t = performance.now();
let loaded = loadSite(files, schemas);
const validateColdMs = performance.now() - t;
sampleMemory();
if (!loaded.model)
  throw new Error(
    `The ${which} site does not validate:\n${loaded.problems
      .slice(0, 5)
      .map((p) => `${p.file}:${p.line} ${p.message}`)
      .join('\n')}`,
  );
const warm: number[] = [];
for (let i = 0; i < warmRuns; i++) {
  t = performance.now();
  loaded = loadSite(files, schemas);
  warm.push(performance.now() - t);
  sampleMemory();
}
const model = loaded.model!;
t = performance.now();
for (const f of files) parseYamlFile(f);
const yamlParseMs = performance.now() - t;
const pageCount = files.filter(isPageFile).length;
const validateWarmMs = warm.length ? median(warm) : validateColdMs;

const result: PipelineResult = {
  site: which === 'real' ? 'real site/' : `synthetic, ${which} pages`,
  pages: pageCount,
  files: files.length,
  yamlBytes: files.reduce((n, f) => n + Buffer.byteLength(f.text), 0),
  validateColdMs,
  validateWarmMs,
  validatePerPageMs: validateWarmMs / pageCount,
  yamlParseMs,
  peakRssMb: 0,
  peakHeapMb: 0,
};

if (which !== 'real') {
  const manifest = JSON.parse(readFileSync(join(distDir, 'client', '.vite', 'manifest.json'), 'utf8')) as ViteManifest;
  const options = { siteUrl: 'https://example.com', assets: assetsFromManifest(manifest), year: 2026 };
  const perPage: number[] = [];
  let htmlBytes = 0;
  const start = performance.now();
  // Rendering one page costs the same wherever it sits in the list, so a large site is timed on an
  // evenly spaced sample, which keeps the run bounded.
  const step = Math.max(1, model.pages.length / maxRendered);
  const sample = model.pages.filter((_, i) => i % step < 1).slice(0, maxRendered);
  for (const [i, page] of sample.entries()) {
    const p0 = performance.now();
    const { status, html } = renderPage(model, page.path!, options);
    perPage.push(performance.now() - p0);
    if (status !== 200) throw new Error(`${page.path} rendered with status ${status}`);
    htmlBytes += html.length;
    if (i % 50 === 0) sampleMemory();
  }
  result.prerenderedPages = sample.length;
  result.prerenderTotalMs = performance.now() - start;
  result.prerenderPerPageMs = result.prerenderTotalMs / sample.length;
  perPage.sort((a, b) => a - b);
  result.prerenderP95Ms = perPage[Math.floor(perPage.length * 0.95)]!;
  result.htmlBytes = htmlBytes;
  const alone = performance.now();
  for (const page of sample) renderPage({ ...model, pages: [page] }, page.path!, options);
  result.prerenderAlonePerPageMs = (performance.now() - alone) / sample.length;
}
sampleMemory();
// maxRSS is the process's peak resident set, in KB.
result.peakRssMb = process.resourceUsage().maxRSS / 1024;
result.peakHeapMb = peakHeap / (1024 * 1024);
console.log(JSON.stringify(result));
