// npm run report:size [-- --check]: gzip weight of every built route; --check fails on a budget overrun.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { budgetOverruns, EDITOR_FIRST_LOAD_BUDGET, JS_BUDGETS, measureAdminApp, measureBuiltSite } from '../tooling/page-weight';
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

console.log('| Route | Kind | HTML KB | JS KB with the page | JS KB in all | CSS KB | Requests | JS budget |');
console.log('|---|---|---:|---:|---:|---:|---:|---|');
const over: string[] = [];
for (const r of rows) {
  const b = JS_BUDGETS[r.kind];
  const problems = budgetOverruns(r);
  over.push(...problems);
  const budget = b.firstLoad === b.total ? `${kb(b.total)}` : `${kb(b.firstLoad)} with the page, ${kb(b.total)} in all`;
  console.log(
    `| ${r.route} | ${r.kind} | ${kb(r.htmlGzip)} | ${kb(r.jsFirstGzip)} | ${kb(r.jsGzip)} | ${kb(r.cssGzip)} | ${r.requests} | ${problems.length ? 'OVER' : 'within'} ${budget} |`,
  );
}
console.log(
  '\nSizes are gzip (level 9) of the HTML and of every script and stylesheet the page loads. "With the page": the entry script and the islands that hydrate on load; "in all": also what a form loads once a visitor comes near it (its code and validator). Static pages load no script.',
);
const admin = measureAdminApp((file) => readFileSync(join(clientDir, 'admin', file)));
const editorOver = admin.editorFirstLoadGzip > EDITOR_FIRST_LOAD_BUDGET;
if (editorOver)
  over.push(`/admin/content: ${kb(admin.editorFirstLoadGzip)} KB of script on first load (budget ${kb(EDITOR_FIRST_LOAD_BUDGET)} KB)`);
console.log('\n| Admin app | JS KB (gzip) | Budget |');
console.log('|---|---:|---|');
console.log(`| /admin (the inbox's first load) | ${kb(admin.inboxGzip)} | |`);
console.log(`| the editor's chunks, loaded when /admin/content opens | ${kb(admin.editorGzip)} | |`);
console.log(
  `| /admin/content first load (both) | ${kb(admin.editorFirstLoadGzip)} | ${editorOver ? 'OVER' : 'within'} ${kb(EDITOR_FIRST_LOAD_BUDGET)} |`,
);
console.log(`| a form's validator (largest of ${admin.validatorCount}, each loads with its form) | ${kb(admin.validatorLargestGzip)} | |`);
if (process.argv.includes('--check') && over.length) {
  console.error(`\nJavaScript budget exceeded:\n  ${over.join('\n  ')}`);
  process.exit(1);
}
