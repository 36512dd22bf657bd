// Section 7, run as its own process: the site search as the server runs it. Loads the index the
// build wrote (dist/search-index.json), then times real queries one at a time, the search alone and
// the whole results page (search and render). Prints one JSON line (SearchBenchResult).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { SiteModel } from '../engine/content/model';
import { renderPage, PAGE_ASSETS_FILE, type PageAssets } from '../engine/render/render-page';
import { loadSiteSearch, SEARCH_INDEX_FILE } from '../engine/search/search-index';
import { percentile } from './lib/stats';

export interface SearchLatency {
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  maxMs: number;
}

export interface SearchBenchResult {
  documents: number;
  indexBytes: number;
  indexGzipBytes: number;
  loadMs: number;
  queries: number;
  rounds: number;
  /** Wall-clock time of the search alone. */
  search: SearchLatency;
  /** CPU time of the search alone: what the query costs, without the time other processes held the core. */
  searchCpu: SearchLatency;
  /** Wall-clock time of the whole results page: search and render. */
  page: SearchLatency;
  /** The slowest query (median over the rounds) and its time. */
  slowest: { query: string; medianMs: number };
}

// What visitors type: page titles, FAQ questions' words, articles' words, typos, word starts, long
// questions, words that match nothing, and queries made to cost as much as they can.
export const QUERIES = [
  'takedown',
  'pricing',
  'wordpress plugin',
  'youtube',
  'refund policy',
  'counter notice',
  'fair use',
  'how long does copyright last',
  'how to file a dmca takedown notice',
  'watermarking tips',
  'repeat infringer',
  'monitoring accuracy',
  'music leak',
  'brand protection counterfeit',
  'photographer stolen images',
  'takedwon',
  'copyrite',
  'refnud',
  'protecshun',
  'wordpr',
  'dmc',
  'zqxjv',
  'the and of',
  'takedwon copyrite protecshun monitorring plagiarsm infringment wordpres youtub',
  `${'takedown '.repeat(1200)}`,
  '(a+)+$ [.*] <script>',
];

const [distDir = 'dist', roundsArg = '30'] = process.argv.slice(2);
const rounds = Number(roundsArg);
const json = readFileSync(join(distDir, SEARCH_INDEX_FILE), 'utf8');
const model = JSON.parse(readFileSync(join(distDir, 'site-model.json'), 'utf8')) as SiteModel;
const assets = JSON.parse(readFileSync(join(distDir, PAGE_ASSETS_FILE), 'utf8')) as PageAssets;

const loadStarted = performance.now();
const site = loadSiteSearch(json);
const loadMs = performance.now() - loadStarted;

const time = (fn: () => unknown) => {
  const t = performance.now();
  fn();
  return performance.now() - t;
};
/** Wall-clock and CPU milliseconds of one call. */
const timeBoth = (fn: () => unknown) => {
  const cpu = process.cpuUsage();
  const wall = time(fn);
  const used = process.cpuUsage(cpu);
  return { wall, cpu: (used.user + used.system) / 1000 };
};
const answerPage = (q: string) =>
  renderPage(model, '/search', { siteUrl: 'https://example.com', assets, year: 2026, search: site.search(q) }).html.length;

// One round to warm up the JIT and the index's lazily built structures; then every query in turn.
for (const q of QUERIES) answerPage(q);
const searchTimes: number[] = [];
const searchCpuTimes: number[] = [];
const pageTimes: number[] = [];
const perQuery = new Map<string, number[]>(QUERIES.map((q) => [q, []]));
for (let r = 0; r < rounds; r++) {
  for (const q of QUERIES) {
    const { wall, cpu } = timeBoth(() => site.search(q));
    searchTimes.push(wall);
    searchCpuTimes.push(cpu);
    perQuery.get(q)!.push(wall);
    pageTimes.push(time(() => answerPage(q)));
  }
}

const latency = (values: number[]): SearchLatency => ({
  p50Ms: percentile(values, 50),
  p95Ms: percentile(values, 95),
  p99Ms: percentile(values, 99),
  maxMs: Math.max(...values),
});
const [slowQuery, slowMs] = [...perQuery].map(([q, ts]) => [q, percentile(ts, 50)] as const).sort((a, b) => b[1] - a[1])[0]!;

const result: SearchBenchResult = {
  documents: site.size,
  indexBytes: Buffer.byteLength(json),
  indexGzipBytes: gzipSync(json).length,
  loadMs,
  queries: QUERIES.length,
  rounds,
  search: latency(searchTimes),
  searchCpu: latency(searchCpuTimes),
  page: latency(pageTimes),
  slowest: { query: slowQuery.length > 60 ? `${slowQuery.slice(0, 40)}… (${slowQuery.length} characters)` : slowQuery, medianMs: slowMs },
};
console.log(JSON.stringify(result));
