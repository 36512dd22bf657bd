// npm run fuzz:content [-- --seed N] [--count M] [--case K]: seeded single edits of every file under
// site/, each loaded in process; prints every broken rule with the line that replays its case.
import { parseArgs } from 'node:util';
import { formatProblem } from '../engine/content/problem';
import { fuzzContext, makeCase, replayLine, runCase } from './content-fuzz';
import { readSchemas, readSiteFiles } from './read-project';

function numberOption(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) {
    console.error(`--${name} takes a whole number, not "${value}".`);
    process.exit(2);
  }
  return n;
}

let values: Record<string, string | undefined>;
try {
  ({ values } = parseArgs({ options: { seed: { type: 'string' }, count: { type: 'string' }, case: { type: 'string' } } }));
} catch (err) {
  console.error(`${(err as Error).message}. Usage: npm run fuzz:content -- --seed N --count M (or --case K to replay one).`);
  process.exit(2);
}
const seed = numberOption(values.seed, 'seed', 1);
const count = numberOption(values.count, 'count', 500);
const only = values.case === undefined ? undefined : numberOption(values.case, 'case', 0);

const context = fuzzContext(readSiteFiles(), readSchemas());
const started = performance.now();
const indexes = only === undefined ? Array.from({ length: count }, (_, i) => i) : [only];
let failed = 0;
const kinds = new Map<string, number>();
for (const index of indexes) {
  const fuzzCase = makeCase(context.files, seed, index);
  const { failures, problems } = runCase(context, fuzzCase);
  kinds.set(fuzzCase.kind, (kinds.get(fuzzCase.kind) ?? 0) + 1);
  if (only !== undefined) {
    console.log(`${replayLine(fuzzCase)}\n${problems.length} problem(s):`);
    for (const p of problems) console.log('  ' + formatProblem(p));
  }
  if (failures.length === 0) continue;
  failed++;
  console.error(`\nFAILED ${replayLine(fuzzCase)}`);
  for (const f of failures) console.error('  ' + f);
}
const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.log(`\n${indexes.length} case(s) of seed ${seed}, ${kinds.size} kinds of edit, ${failed} failed (${seconds} s).`);
process.exit(failed > 0 ? 1 : 0);
