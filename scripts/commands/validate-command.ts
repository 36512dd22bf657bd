// npm run validate [-- --format github]: checks every file under site/ and prints all problems at once.
// scripts/validate.ts runs it; tests call it in process on a copy of site/ (docs/developers/architecture.md, Testing).
import { loadSite } from '../../engine/content/load-site';
import { readProjectPaths, type Env } from '../../server/config';
import { outputFormatOrExit, printProblems } from '../load-model';
import { readSchemas, readSiteFiles, siteLinkProblems } from '../read-project';

/** Prints what npm run validate prints; exits 1 on a problem and 2 on a wrong flag, as the command does. */
export function validateCommand(argv: string[], env?: Env): void {
  const format = outputFormatOrExit(argv);
  const { contentRoot } = readProjectPaths(env);
  const started = performance.now();
  const files = readSiteFiles(contentRoot);
  const links = siteLinkProblems(contentRoot);
  const loaded = loadSite(files, readSchemas());
  const { warnings } = loaded;
  const problems = [...links, ...loaded.problems];
  const model = links.length === 0 ? loaded.model : undefined;
  const ms = Math.round(performance.now() - started);
  const count = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  // Warnings are printed either way; only errors fail the check.
  printProblems(warnings, format);
  if (!model) {
    printProblems(problems, format);
    const also = warnings.length > 0 ? ` and ${count(warnings.length, 'warning')}` : '';
    console.error(
      `\n${count(problems.length, 'problem')}${also} in site/. Fix each at the file:line:column shown, then run npm run validate again.`,
    );
    process.exit(1);
  }
  const articles = model.articles.length;
  const also = warnings.length > 0 ? `, ${count(warnings.length, 'warning')} (see above)` : '';
  const drafts = model.drafts.length > 0 ? `, ${count(model.drafts.length, 'draft')} not published` : '';
  console.log(
    `site/ is valid: ${files.length} files, ${count(model.pages.length - articles, 'page')} and ${count(articles, 'article')}${drafts}${also} (${ms} ms).`,
  );
}
