// Once before the test files start: the site's form rules are analysed for backtracking and the
// answers kept on disk (engine/content/pattern-safety.ts), so no test file pays the analyser's start.
import { loadSite } from '../../engine/content/load-site';
import { readSchemas, readSiteFiles } from '../../scripts/read-project';

export default function setup(): void {
  loadSite(readSiteFiles(), readSchemas());
}
