// npm run report:size [-- --check]: gzip weight of every built route; --check fails on a budget overrun.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { JS_BUDGETS, measureBuiltSite } from '../engine/render/page-weight';
import { loadModelOrExit } from './load-model';
import { DIST_DIR } from './read-project';

const clientDir = join(DIST_DIR, 'client');
if (!existsSync(join(clientDir, 'index.html'))) {
  console.error('No built site in dist/client. Run npm run build first.');
  process.exit(1);
}
const model = loadModelOrExit();
const kb = (n: number) => (n / 1024).toFixed(1);

const rows = measureBuiltSite(model, (file) => readFileSync(join(clientDir, file)));

console.log('| Route | Kind | HTML KB | JS KB | CSS KB | Requests | JS budget (target) |');
console.log('|---|---|---:|---:|---:|---:|---|');
const over: string[] = [];
for (const r of rows) {
  const b = JS_BUDGETS[r.kind];
  const verdict =
    r.jsGzip > b.limit
      ? 'OVER LIMIT'
      : r.jsGzip > b.target
        ? `within ${kb(b.limit)}, above target ${kb(b.target)}`
        : `within target ${kb(b.target)}`;
  if (r.jsGzip > b.limit) over.push(`${r.route}: ${kb(r.jsGzip)} KB of JS, limit ${kb(b.limit)} KB`);
  console.log(`| ${r.route} | ${r.kind} | ${kb(r.htmlGzip)} | ${kb(r.jsGzip)} | ${kb(r.cssGzip)} | ${r.requests} | ${verdict} |`);
}
console.log(
  '\nSizes are gzip (level 9) of the HTML and of every script and stylesheet the page loads: its entry script and the chunks its islands load as they hydrate.',
);
if (process.argv.includes('--check') && over.length) {
  console.error(`\nJavaScript budget exceeded:\n  ${over.join('\n  ')}`);
  process.exit(1);
}
