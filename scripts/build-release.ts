// A publish's build, run by the server in a child process (server/publish/): validates CONTENT_ROOT's
// site/ and builds the site into the folder given, then sends the outcome to the parent.
// Usage: build-release.ts OUT_DIR [--reuse-from FOLDER]
import { loadSite } from '../engine/content/load-site';
import { unpublishedLinkProblems } from '../server/content/published-links';
import type { BuildOutcome } from '../server/publish/build-outcome';
import { buildSite } from './build-site';
import { siteUrlOf } from './load-model';
import { readSchemas, readSiteFiles, siteLinkProblems } from './read-project';

const [outDir, flag, reuseFrom] = process.argv.slice(2);
const send = (outcome: BuildOutcome) =>
  new Promise<void>((done) => {
    if (process.send) process.send(outcome, () => done());
    else {
      console.log(JSON.stringify(outcome));
      done();
    }
  });

async function main(): Promise<BuildOutcome> {
  if (!outDir || (flag !== undefined && flag !== '--reuse-from'))
    return { kind: 'failed', message: 'Usage: build-release.ts OUT_DIR [--reuse-from FOLDER]' };
  const started = performance.now();
  const symlinks = siteLinkProblems();
  const { model, problems } = loadSite(readSiteFiles(), readSchemas());
  const validateMs = Math.round(performance.now() - started);
  if (!model || symlinks.length > 0) return { kind: 'problems', problems: [...symlinks, ...problems] };
  // A link to a draft or a deleted page would answer 404 on the live site: refused before building.
  const links = unpublishedLinkProblems(model, siteUrlOf(model));
  if (links.length) return { kind: 'problems', problems: links };
  const built = await buildSite(model, outDir, { siteUrl: siteUrlOf(model), reuseFrom });
  return { kind: 'built', pages: built.pages, steps: { validate: validateMs, ...built.steps } };
}

const outcome = await main().catch((err: unknown): BuildOutcome => ({ kind: 'failed', message: (err as Error).stack ?? String(err) }));
await send(outcome);
process.exitCode = outcome.kind === 'built' ? 0 : 1;
