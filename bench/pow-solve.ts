// The proof-of-work step's solve time (server/spam/challenge.ts's difficulty): challenges made as
// the server makes them, solved by altcha-lib in Node (what a script would use) and in Chromium
// with the browser's own SHA-256 (what the form does), on the main thread and in one Web Worker.
// Prints a JSON report; npx tsx bench/pow-solve.ts [challenges=12]
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { chromium } from '@playwright/test';
import { createChallengeStep, POW_DIFFICULTY } from '../server/spam/challenge';
import { spread } from './lib/stats';

const count = Number(process.argv[2] ?? '12');
const LIB = join(import.meta.dirname, '..', 'node_modules', 'altcha-lib', 'dist', 'esm', 'v2');
// localhost: the browser's SHA-256 (crypto.subtle) exists only in a secure context.
const ORIGIN = 'http://localhost:9';
// The form's worker (engine/forms/pow-worker.ts) as plain JavaScript, served beside the library.
const WORKER = `import { handler } from './workers/shared.js';\nimport { deriveKey } from './algorithms/web/sha.js';\nhandler({ deriveKey });\n`;
// Each challenge solved on the page's main thread, then in one worker, timed in the page.
const RUN = `import { solveChallenge, solveChallengeWorkers } from './index.js';
import { deriveKey } from './algorithms/web/sha.js';
export async function run(challenges) {
  const main = [];
  const worker = [];
  for (const challenge of challenges) {
    let t = performance.now();
    await solveChallenge({ challenge, deriveKey });
    main.push(performance.now() - t);
    t = performance.now();
    await solveChallengeWorkers({ challenge, concurrency: 1, createWorker: () => new Worker('/pow-worker.js', { type: 'module' }) });
    worker.push(performance.now() - t);
  }
  return { main, worker, userAgent: navigator.userAgent };
}
`;

const step = createChallengeStep({ score: 0, hmacKey: 'bench' });
const challenges = await Promise.all(Array.from({ length: count }, () => step.issue()));

const node: number[] = [];
const nodeCounters: number[] = [];
for (const challenge of challenges) {
  const solution = (await solveChallenge({ challenge, deriveKey }))!;
  node.push(solution.time ?? 0);
  nodeCounters.push(solution.counter);
}

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
const page = await browser.newPage();
await page.route(`${ORIGIN}/**`, (route) => {
  const path = new URL(route.request().url()).pathname;
  if (path === '/') return route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>pow</title>' });
  if (path === '/bench.js') return route.fulfill({ contentType: 'text/javascript', body: RUN });
  if (path === '/pow-worker.js') return route.fulfill({ contentType: 'text/javascript', body: WORKER });
  return route.fulfill({ contentType: 'text/javascript', body: readFileSync(join(LIB, path)) });
});
await page.goto(`${ORIGIN}/`);
const inBrowser = (await page.evaluate(`import('/bench.js').then((m) => m.run(${JSON.stringify(challenges)}))`)) as {
  main: number[];
  worker: number[];
  userAgent: string;
};
await browser.close();

const perTry = (times: number[]) => spread(times.map((t, i) => (t * 1000) / (nodeCounters[i]! + 1)));
console.log(
  JSON.stringify(
    {
      difficulty: POW_DIFFICULTY,
      challenges: count,
      meanCounter: nodeCounters.reduce((a, b) => a + b, 0) / count,
      nodeMs: spread(node),
      chromiumMainThreadMs: spread(inBrowser.main),
      chromiumWorkerMs: spread(inBrowser.worker),
      microsecondsPerTry: { node: perTry(node), chromiumMainThread: perTry(inBrowser.main), chromiumWorker: perTry(inBrowser.worker) },
      chromium: inBrowser.userAgent,
      cpu: cpus()[0]?.model,
      loadAverage: loadavg(),
    },
    null,
    2,
  ),
);
