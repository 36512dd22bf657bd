// npm run validate: checks every YAML file under site/ and prints all problems at once.
import { loadSite } from '../engine/content/load-site';
import { formatProblem } from '../engine/content/problem';
import { readSchemas, readSiteFiles } from './read-project';

const started = performance.now();
const files = readSiteFiles();
const { model, problems } = loadSite(files, readSchemas());
const ms = Math.round(performance.now() - started);
if (!model) {
  for (const p of problems) console.error(formatProblem(p));
  console.error(
    `\n${problems.length} ${problems.length === 1 ? 'problem' : 'problems'} in site/. Fix each at the file:line:column shown, then run npm run validate again.`,
  );
  process.exit(1);
}
const articles = model.articles.length;
console.log(
  `site/ is valid: ${files.length} files, ${model.pages.length - articles} pages and ${articles} ${articles === 1 ? 'article' : 'articles'} (${ms} ms).`,
);
