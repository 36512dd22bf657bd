// Section 5, run as its own process: Lighthouse 12 (mobile preset, the default config) against a
// running server. `node --import tsx bench/lighthouse.ts '<json LighthouseSpec>'`; prints one JSON line.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

export interface LighthouseSpec {
  baseUrl: string;
  routes: string[];
  runs: number;
  chromePath: string;
}

export interface LighthouseRun {
  scores: Record<string, number | null>;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  fcpMs: number;
  /** Scored audits of a category that did not pass; weight 0 marks a diagnostic that does not move the score by itself. */
  failing: {
    id: string;
    title: string;
    score: number | null;
    displayValue?: string;
    categories: string[];
    weight: number;
    items: string[];
  }[];
  /** What the largest contentful paint was, e.g. `p.hero__subtitle`. */
  lcpElement: string;
  warnings: string[];
  /** Set when Lighthouse could not measure the page in this run (e.g. NO_FCP); the run is then left out of the medians. */
  runtimeError?: string;
}

export const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

type Details = { items?: unknown[] } | undefined;

/** The first few things an audit points at (URLs made relative to the site, or link texts). */
function itemsOf(details: unknown, baseUrl: string): string[] {
  const items = ((details as Details)?.items ?? []) as Array<Record<string, unknown>>;
  return items
    .slice(0, 3)
    .map((item) => {
      const url = typeof item.url === 'string' ? item.url.replace(baseUrl, '') : '';
      const text = typeof item.text === 'string' ? `“${item.text}”` : '';
      const href = typeof item.href === 'string' ? item.href.replace(baseUrl, '') : '';
      const node = (item.node as { selector?: string } | undefined)?.selector ?? '';
      return [url, text && href ? `${text} → ${href}` : text, node].filter(Boolean).join(' ');
    })
    .filter(Boolean);
}

function lcpElementOf(details: unknown): string {
  const tables = ((details as Details)?.items ?? []) as Array<{ items?: Array<{ node?: { selector?: string } }> }>;
  return tables[0]?.items?.[0]?.node?.selector ?? '';
}

const spec = JSON.parse(process.argv[2] ?? '{}') as LighthouseSpec;
const results: Record<string, LighthouseRun[]> = {};
let lighthouseVersion = '';

for (let run = 0; run < spec.runs; run++) {
  // A fresh browser per round, so one run's cache never serves the next.
  const chrome = await chromeLauncher.launch({ chromePath: spec.chromePath, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
  try {
    for (const route of spec.routes) {
      const result = await lighthouse(spec.baseUrl + route, { port: chrome.port, output: 'json', logLevel: 'error' });
      if (!result) throw new Error(`Lighthouse returned nothing for ${route}`);
      const lhr = result.lhr;
      lighthouseVersion = lhr.lighthouseVersion;
      if (lhr.runtimeError) {
        (results[route] ??= []).push({
          scores: {},
          lcpMs: NaN,
          tbtMs: NaN,
          cls: NaN,
          fcpMs: NaN,
          failing: [],
          lcpElement: '',
          warnings: lhr.runWarnings,
          runtimeError: `${lhr.runtimeError.code}: ${lhr.runtimeError.message}`,
        });
        continue;
      }
      const categoriesOf = new Map<string, string[]>();
      const weightOf = new Map<string, number>();
      for (const [cid, cat] of Object.entries(lhr.categories)) {
        for (const ref of cat.auditRefs) {
          categoriesOf.set(ref.id, [...(categoriesOf.get(ref.id) ?? []), cid]);
          weightOf.set(ref.id, Math.max(weightOf.get(ref.id) ?? 0, ref.weight));
        }
      }
      const failing = Object.values(lhr.audits)
        .filter(
          (a) =>
            categoriesOf.has(a.id) &&
            (a.scoreDisplayMode === 'binary' ||
              a.scoreDisplayMode === 'numeric' ||
              a.scoreDisplayMode === 'metricSavings' ||
              a.scoreDisplayMode === 'error') &&
            (a.score === null || a.score < 1),
        )
        .map((a) => ({
          id: a.id,
          title: a.title,
          score: a.score,
          displayValue: a.displayValue,
          categories: categoriesOf.get(a.id)!,
          weight: weightOf.get(a.id) ?? 0,
          items: itemsOf(a.details, spec.baseUrl),
        }));
      const num = (id: string) => Number(lhr.audits[id]?.numericValue ?? NaN);
      (results[route] ??= []).push({
        scores: Object.fromEntries(
          Object.entries(lhr.categories).map(([id, c]) => [id, c.score === null ? null : Math.round(c.score * 100)]),
        ),
        lcpMs: num('largest-contentful-paint'),
        tbtMs: num('total-blocking-time'),
        cls: num('cumulative-layout-shift'),
        fcpMs: num('first-contentful-paint'),
        failing,
        lcpElement: lcpElementOf(lhr.audits['largest-contentful-paint-element']?.details),
        warnings: lhr.runWarnings,
      });
    }
  } finally {
    await chrome.kill();
  }
}
console.log(JSON.stringify({ lighthouseVersion, results }));
