// Builds the site when dist/client has no pages or dist/server no compiled server yet. Used by the Playwright webServer command
// (which Playwright starts before globalSetup, and the server refuses to start without a build)
// and by globalSetup. `npm test` builds before the e2e run, so normally this does nothing.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

export const ROOT = join(import.meta.dirname, '..', '..');
export const BUILT_INDEX = join(resolve(ROOT, process.env.DIST_DIR ?? 'dist'), 'client', 'index.html');
export const BUILT_SERVER = join(resolve(ROOT, process.env.DIST_DIR ?? 'dist'), 'server', 'index.js');

export function ensureBuilt(): void {
  if (existsSync(BUILT_INDEX) && existsSync(BUILT_SERVER)) return;
  console.log('dist/client/index.html or dist/server/index.js is missing; building the site (npx tsx scripts/build.ts)…');
  const result = spawnSync('npx', ['tsx', 'scripts/build.ts'], { cwd: ROOT, stdio: 'inherit' });
  if (result.error) throw new Error(`Could not run the site build: ${result.error.message}`);
  if (result.status !== 0)
    throw new Error(`The site build (npx tsx scripts/build.ts) failed with status ${result.status}; see its output above.`);
  if (!existsSync(BUILT_INDEX)) throw new Error(`The site build finished but ${BUILT_INDEX} was not written.`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    ensureBuilt();
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  }
}
