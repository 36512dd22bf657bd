// npm run validate: checks every YAML file under site/ and prints all problems at once.
import { loadSite } from '../engine/content/load-site';
import { formatProblem } from '../engine/content/problem';
import { readSchemas, readSiteFiles } from './read-project';

const started = performance.now();
const files = readSiteFiles();
const { model, problems, warnings } = loadSite(files, readSchemas());
const ms = Math.round(performance.now() - started);
const count = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
// Warnings are printed either way; only errors fail the check.
for (const w of warnings) console.warn(formatProblem(w));
if (!model) {
  for (const p of problems) console.error(formatProblem(p));
  const also = warnings.length > 0 ? ` and ${count(warnings.length, 'warning')}` : '';
  console.error(
    `\n${count(problems.length, 'problem')}${also} in site/. Fix each at the file:line:column shown, then run npm run validate again.`,
  );
  process.exit(1);
}
const also = warnings.length > 0 ? `, ${count(warnings.length, 'warning')} (see above)` : '';
console.log(`site/ is valid: ${files.length} files, ${model.pages.length} pages${also} (${ms} ms).`);
