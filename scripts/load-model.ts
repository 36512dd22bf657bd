import { loadSite } from '../engine/content/load-site';
import type { SiteModel } from '../engine/content/model';
import { formatProblem } from '../engine/content/problem';
import { CONTENT_ROOT, readSchemas, readSiteFiles } from './read-project';

/** Loads site/ or exits with every problem listed; shared by the build and the link checker. */
export function loadModelOrExit(): SiteModel {
  const { model, problems } = loadSite(readSiteFiles(CONTENT_ROOT), readSchemas());
  if (model) return model;
  for (const p of problems) console.error(formatProblem(p));
  console.error(
    `\nThe site content has ${problems.length} ${problems.length === 1 ? 'problem' : 'problems'}; nothing was built. Fix them and try again.`,
  );
  process.exit(1);
}

/** SITE_URL overrides site.yaml's url, so one build can be made for staging and production. */
export function siteUrlOf(model: SiteModel): string {
  return (process.env.SITE_URL ?? model.site.url).replace(/\/$/, '');
}
