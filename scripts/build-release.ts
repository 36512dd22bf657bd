// A publish's build, run by the server in a child process (server/publish/): validates a site/ and
// builds it into a release folder, then answers the parent with the outcome. Forked by the server,
// the process takes one job after another (server/publish/build-outcome.ts, BuildJob): its modules
// are loaded once, not once per publish. It exits when the server lets it go (server/publish/publisher.ts
// decides when) or goes itself.
// By hand: build-release.ts OUT_DIR [--reuse-from FOLDER] builds CONTENT_ROOT's site/ once and prints the outcome.
import { loadSite } from '../engine/content/load-site';
import { unpublishedLinkProblems } from '../server/content/published-links';
import type { BuildJob, BuildOutcome } from '../server/publish/build-outcome';
import { buildSite } from './build-site';
import { siteUrlOf } from './load-model';
import { CONTENT_ROOT, readSchemas, readSiteFiles, siteLinkProblems } from './read-project';

async function buildRelease({ contentRoot, outDir, reuseFrom }: BuildJob): Promise<BuildOutcome> {
  const started = performance.now();
  const symlinks = siteLinkProblems(contentRoot);
  const { model, problems } = loadSite(readSiteFiles(contentRoot), readSchemas());
  const validateMs = Math.round(performance.now() - started);
  if (!model || symlinks.length > 0) return { kind: 'problems', problems: [...symlinks, ...problems] };
  // A link to a draft or a deleted page would answer 404 on the live site: refused before building.
  const links = unpublishedLinkProblems(model, siteUrlOf(model));
  if (links.length) return { kind: 'problems', problems: links };
  const built = await buildSite(model, outDir, { siteUrl: siteUrlOf(model), reuseFrom: reuseFrom ?? undefined });
  return { kind: 'built', pages: built.pages, steps: { validate: validateMs, ...built.steps } };
}

const run = (job: BuildJob) =>
  buildRelease(job).catch((err: unknown): BuildOutcome => ({ kind: 'failed', message: (err as Error).stack ?? String(err) }));

if (process.send) {
  // The server gone, or done with this process: nothing more will come.
  process.on('disconnect', () => process.exit(0));
  process.on('message', (job: BuildJob) => void run(job).then((outcome) => process.send!(outcome)));
} else {
  const [outDir, flag, reuseFrom] = process.argv.slice(2);
  const outcome: BuildOutcome =
    !outDir || (flag !== undefined && flag !== '--reuse-from')
      ? { kind: 'failed', message: 'Usage: build-release.ts OUT_DIR [--reuse-from FOLDER]' }
      : await run({ contentRoot: CONTENT_ROOT, outDir, reuseFrom: reuseFrom ?? null });
  console.log(JSON.stringify(outcome));
  process.exitCode = outcome.kind === 'built' ? 0 : 1;
}
