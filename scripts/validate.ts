// npm run validate [-- --format github]: checks every file under site/ and prints all problems at once.
import { loadSite } from '../engine/content/load-site';
import { outputFormatOrExit, printProblems } from './load-model';
import { readSchemas, readSiteFiles } from './read-project';

const format = outputFormatOrExit();
const started = performance.now();
const files = readSiteFiles();
const { model, problems } = loadSite(files, readSchemas());
const ms = Math.round(performance.now() - started);
if (!model) {
  printProblems(problems, format);
  console.error(
    `\n${problems.length} ${problems.length === 1 ? 'problem' : 'problems'} in site/. Fix each at the file:line:column shown, then run npm run validate again.`,
  );
  process.exit(1);
}
const articles = model.articles.length;
console.log(
  `site/ is valid: ${files.length} files, ${model.pages.length - articles} pages and ${articles} ${articles === 1 ? 'article' : 'articles'} (${ms} ms).`,
);
