import { formatAnnotation, outputFormatOf, type OutputFormat } from '../tooling/github-annotations';
import { loadSite } from '../engine/content/load-site';
import type { SiteModel } from '../engine/content/model';
import { formatProblem, type Problem } from '../engine/content/problem';
import { ConfigError, publicSiteUrl, readScriptConfig, type Env } from '../server/config';
import { CONTENT_ROOT, readSchemas, readSiteFiles, siteLinkProblems } from './read-project';

/** The command's --format, or exit 2 with the reason (no stack trace for a typo in a flag). */
export function outputFormatOrExit(argv = process.argv.slice(2)): OutputFormat {
  try {
    return outputFormatOf(argv);
  } catch (err) {
    console.error((err as Error).message);
    process.exit(2);
  }
}

/**
 * Prints content problems for a person (stderr) or as GitHub annotations on the lines to fix
 * (stdout); a warning stays a warning, which does not fail a pull request's check.
 */
export function printProblems(problems: readonly Problem[], format: OutputFormat, title = 'npm run validate'): void {
  for (const p of problems) {
    if (format === 'text') console.error(formatProblem(p));
    else
      console.log(
        formatAnnotation({
          level: p.severity === 'warning' ? 'warning' : 'error',
          file: p.file,
          line: p.line,
          column: p.column,
          title,
          message: p.path ? `${p.path}: ${p.message}` : p.message,
        }),
      );
  }
}

/** Loads site/ or exits with every problem listed (warnings printed either way); shared by the build and the link checker. */
export function loadModelOrExit(format: OutputFormat = 'text', contentRoot = CONTENT_ROOT): SiteModel {
  const links = siteLinkProblems(contentRoot);
  const { model, problems, warnings } = loadSite(readSiteFiles(contentRoot), readSchemas());
  // Warnings never stop a build or a link check, but whoever runs one sees them too.
  printProblems(warnings, format);
  if (model && links.length === 0) return model;
  problems.unshift(...links);
  printProblems(problems, format);
  console.error(
    `\nThe site content has ${problems.length} ${problems.length === 1 ? 'problem' : 'problems'}; nothing was built. Fix them and try again.`,
  );
  process.exit(1);
}

/** SITE_URL overrides site.yaml's url, so one build can be made for staging and production. */
export function siteUrlOf(model: SiteModel, env?: Env): string {
  try {
    return publicSiteUrl(readScriptConfig(env).siteUrlSetting, model.site.url);
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    console.error(`${err.message}\nNothing was built.`);
    process.exit(1);
  }
}
