// npm run test:reworded: the tests must pass whatever words the writers choose. Rewrites every
// heading, title, FAQ question and answer and button label in a copy of site/, and the names and
// texts writers keep in site/data/ (badge, size, colour and notice recipient names, the notice
// template's words; tests/support/reword-site.ts), builds that copy, and runs the unit suite and the
// Chromium and content editor end-to-end suites against it (the editor's server edits and publishes
// a copy of the reworded site/).
// Arguments after `--` go to Playwright (e.g. `-- --workers 1`, or a spec file).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { environmentForChildren } from '../server/config';
import { rewordSite } from '../tests/support/reword-site';
import { ROOT } from './read-project';

const SEED = 'reworded';
const root = mkdtempSync(join(tmpdir(), 'takedown-reworded-'));
// Inside the project, as dist/ is: the compiled server finds its packages in node_modules from there.
const distDir = join(ROOT, 'dist-reworded');
// Its own E2E_OUTPUT unless one is given, so a run never mixes its results with another's.
const env = { E2E_OUTPUT: 'test-results-reworded', ...environmentForChildren(), CONTENT_ROOT: root, DIST_DIR: distDir };

function step(title: string, command: string, args: string[]): void {
  const started = Date.now();
  console.log(`\n▶ ${title}: ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { cwd: ROOT, env, stdio: 'inherit' });
  const seconds = Math.round((Date.now() - started) / 100) / 10;
  if (result.status !== 0) {
    console.error(`✖ ${title} failed after ${seconds} s (the reworded copy is kept in ${root}).`);
    process.exit(result.status ?? 1);
  }
  console.log(`✔ ${title} (${seconds} s)`);
}

const started = Date.now();
const changed = rewordSite(ROOT, root, SEED);
console.log(`Reworded ${changed.length} files of site/ into ${join(root, 'site')} (seed "${SEED}").`);
step('Build the reworded site', 'npx', ['tsx', 'scripts/build.ts']);
step('Unit tests on the reworded site', 'npx', ['vitest', 'run']);
step('End-to-end tests (Chromium and the content editor) on the reworded site', 'npx', [
  'playwright',
  'test',
  '--project',
  'chromium',
  '--project',
  'editor',
  ...process.argv.slice(2),
]);
rmSync(root, { recursive: true, force: true });
rmSync(distDir, { recursive: true, force: true });
console.log(`\nThe tests pass on the reworded site (${Math.round((Date.now() - started) / 1000)} s).`);
