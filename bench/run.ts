// npm run bench [-- --quick] [-- --only=startup,http,badges,pipeline,weight,lighthouse,inbox,search,editor,publish,spam] [-- --scenarios=ours-html,nginx-html] [-- --routes=/faq,/blog] [-- --record] [-- --label=<word>] [-- --name=http-cpu] [-- --no-build]
// One command, one report: bench/results/<YYYY-MM-DD>.md and .json. Quick and partial runs go to
// bench/results/tmp/, unless --record keeps a partial run as bench/results/<YYYY-MM-DD>-<sections>.md
// (--label=lazy adds -lazy to the name, so a second report of the day keeps the first).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, release, totalmem, type as osType } from 'node:os';
import { join, resolve } from 'node:path';
import type { BadgeRenderResult } from './badge-render';
import { runHttp } from './http';
import type { InboxBenchResult } from './inbox';
import type { LighthouseRun, LighthouseSpec } from './lighthouse';
import { ROOT, runCommand, runJson, startServer, tsNodeArgs } from './lib/proc';
import { measureWeights } from './page-weight';
import { runStartup } from './startup';
import type { PipelineResult } from './pipeline';
import type { SearchBenchResult } from './search';
import type { EditorPreviewResult } from './editor-preview';
import type { PublishBenchResult } from './publish';
import type { SpamBenchResult } from './spam';
import { evaluateTargets, renderMarkdown, summariseLighthouse, type BenchReport, type Machine } from './report';

const SECTIONS = ['startup', 'http', 'badges', 'pipeline', 'weight', 'lighthouse', 'inbox', 'search', 'editor', 'publish', 'spam'] as const;
type Section = (typeof SECTIONS)[number];

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const onlyArg = args.find((a) => a.startsWith('--only='))?.slice('--only='.length);
const label = args.find((a) => a.startsWith('--label='))?.slice('--label='.length);
const scenarioIds = args
  .find((a) => a.startsWith('--scenarios='))
  ?.slice('--scenarios='.length)
  .split(',');
const record = args.includes('--record') && !quick;
// --name=http-cpu names a recorded report <date>-http-cpu instead of after its sections.
const reportName = args.find((a) => a.startsWith('--name='))?.slice('--name='.length);
const only = new Set<Section>(onlyArg ? (onlyArg.split(',') as Section[]) : SECTIONS);
for (const s of only) if (!SECTIONS.includes(s)) throw new Error(`Unknown section "${s}"; choose from ${SECTIONS.join(', ')}.`);

const settings = quick
  ? {
      startupRounds: 3,
      rounds: 1,
      duration: 3,
      warmup: 1,
      badgeRounds: 1,
      badgeSliceMs: 500,
      sizes: [50, 500, 5000],
      warmRuns: 1,
      maxRendered: 50,
      lighthouseRuns: 1,
      inboxLeads: 10_000,
      inboxRequests: 50,
      searchRounds: 5,
      editorKeystrokes: 10,
      publishRounds: 1,
      spamCpuRounds: 1,
    }
  : {
      startupRounds: 10,
      rounds: 3,
      duration: 10,
      warmup: 2,
      badgeRounds: 5,
      badgeSliceMs: 1000,
      sizes: [50, 500, 5000],
      warmRuns: 3,
      maxRendered: 200,
      lighthouseRuns: 3,
      inboxLeads: 100_000,
      inboxRequests: 200,
      searchRounds: 40,
      editorKeystrokes: 47,
      publishRounds: 3,
      spamCpuRounds: 5,
    };
const CONNECTIONS = 64;
// --routes= picks the routes Lighthouse runs on (e.g. the pages whose islands changed).
const LIGHTHOUSE_ROUTES = args
  .find((a) => a.startsWith('--routes='))
  ?.slice('--routes='.length)
  .split(',') ?? ['/', '/pricing', '/takedowns/personal', '/faq/technical', '/faq', '/blog', '/badges'];
const CHROME = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const distDir = resolve(process.env.BENCH_DIST_DIR ?? '/tmp/bench-dist');
if (distDir === resolve(ROOT, 'dist'))
  throw new Error('The benchmark builds into its own directory; BENCH_DIST_DIR must not be the project’s dist/.');

const log = (line: string) => console.error(line);

function newestMtime(path: string): number {
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const name of readdirSync(path)) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    newest = Math.max(newest, newestMtime(join(path, name)));
  }
  return newest;
}

/** Builds the site into distDir when there is no build, or when the sources changed after it. */
async function ensureBuild(): Promise<void> {
  const marker = join(distDir, 'site-model.json');
  const sources = ['site', 'engine', 'apps', 'contracts', 'tooling', 'schemas', 'public', 'vite.config.ts']
    .map((p) => join(ROOT, p))
    .filter(existsSync);
  const built = existsSync(marker) && existsSync(join(distDir, 'client', 'index.html')) ? statSync(marker).mtimeMs : 0;
  if (args.includes('--no-build') && built) return;
  if (built && Math.max(...sources.map(newestMtime)) <= built) {
    log(`Using the build in ${distDir}.`);
    return;
  }
  log(`Building the site into ${distDir}…`);
  const r = await runCommand(process.execPath, tsNodeArgs(join(ROOT, 'scripts', 'build.ts')), { DIST_DIR: distDir });
  if (r.code !== 0) throw new Error(`The build failed:\n${r.output}`);
}

function git(args: string[]): string {
  try {
    return execFileSync('git', args, { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return '';
  }
}

function localDate(d: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

async function runPipeline(): Promise<BenchReport['pipeline']> {
  const timeoutMs = 30 * 60_000;
  log('Pipeline: the real site…');
  const real = await runJson<PipelineResult>(
    join(ROOT, 'bench', 'pipeline.ts'),
    ['real', distDir, String(Math.max(settings.warmRuns, 3))],
    { timeoutMs },
  );
  const sizes: PipelineResult[] = [];
  for (const n of settings.sizes) {
    log(`Pipeline: ${n} pages…`);
    // The largest site gets one warm validation only; its cold and warm figures already tell the trend.
    const warm = n >= 5000 ? Math.min(settings.warmRuns, 1) : settings.warmRuns;
    sizes.push(
      await runJson<PipelineResult>(join(ROOT, 'bench', 'pipeline.ts'), [String(n), distDir, String(warm), String(settings.maxRendered)], {
        timeoutMs,
        nodeArgs: ['--max-old-space-size=4096'],
      }),
    );
  }
  const first = sizes[0];
  const last = sizes[sizes.length - 1];
  const growth =
    first && last && first !== last
      ? {
          validatePerPage: last.validatePerPageMs / first.validatePerPageMs,
          prerenderPerPage: (last.prerenderPerPageMs ?? NaN) / (first.prerenderPerPageMs ?? NaN),
        }
      : null;
  return { real, sizes, growth };
}

async function runLighthouse(): Promise<BenchReport['lighthouse']> {
  if (!existsSync(CHROME)) return { version: '', runs: 0, routes: [], error: `no Chromium at ${CHROME} (set CHROMIUM_PATH)` };
  const dataDir = join(ROOT, 'bench', 'results', 'tmp', `lighthouse-data-${process.pid}`);
  mkdirSync(dataDir, { recursive: true });
  const server = await startServer({
    command: process.execPath,
    args: tsNodeArgs(join(ROOT, 'server', 'index.ts')),
    env: {
      PORT: '0',
      HOST: '127.0.0.1',
      DIST_DIR: distDir,
      DATA_DIR: dataDir,
      IP_HASH_SALT: 'benchmark-salt',
      DATABASE_URL: '',
      NODE_ENV: 'production',
    },
    portPattern: /Serving http:\/\/localhost:(\d+)/,
    label: 'our server',
  });
  try {
    const spec: LighthouseSpec = {
      baseUrl: `http://127.0.0.1:${server.port}`,
      routes: LIGHTHOUSE_ROUTES,
      runs: settings.lighthouseRuns,
      chromePath: CHROME,
    };
    log(`Lighthouse: ${LIGHTHOUSE_ROUTES.length} routes × ${settings.lighthouseRuns}…`);
    const out = await runJson<{ lighthouseVersion: string; results: Record<string, LighthouseRun[]> }>(
      join(ROOT, 'bench', 'lighthouse.ts'),
      [JSON.stringify(spec)],
      { timeoutMs: 30 * 60_000 },
    );
    return summariseLighthouse(out.lighthouseVersion, settings.lighthouseRuns, out.results);
  } finally {
    await server.stop();
    execFileSync('rm', ['-rf', dataDir]);
  }
}

async function main(): Promise<void> {
  const started = new Date();
  const commit = git(['rev-parse', 'HEAD']);
  const machine: Machine = {
    date: localDate(started),
    startedAt: started.toISOString(),
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model.trim() ?? 'unknown',
    memoryGb: Math.round(totalmem() / 1024 ** 3),
    node: process.versions.node,
    os: `${osType()} ${release()}`,
    loadAverageStart: loadavg(),
    commit: commit || 'unknown',
    uncommittedChanges: git(['status', '--porcelain']) !== '',
    mode: quick ? 'quick' : 'full',
    distDir,
  };
  log(
    `Benchmark (${machine.mode}) on ${machine.cpus} cores, Node ${machine.node}, load ${loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}.`,
  );
  await ensureBuild();

  const report: BenchReport = { machine, targets: [], errors: [] };
  const attempt = async <T>(name: Section, fn: () => Promise<T>): Promise<T | undefined> => {
    if (!only.has(name)) return undefined;
    const t = performance.now();
    try {
      const value = await fn();
      log(`${name}: done in ${((performance.now() - t) / 1000).toFixed(0)} s`);
      return value;
    } catch (err) {
      log(`${name} failed: ${(err as Error).stack ?? String(err)}`);
      report.errors.push(`${name}: ${(err as Error).message}`);
      return undefined;
    }
  };

  // BENCH_STARTUP_PREVIOUS names another checkout (with node_modules) whose server is started side by side.
  report.startup = await attempt('startup', () =>
    runStartup({ distDir, rounds: settings.startupRounds, previousRoot: process.env.BENCH_STARTUP_PREVIOUS || undefined, log }),
  );
  report.http = await attempt('http', () =>
    runHttp({
      distDir,
      rounds: settings.rounds,
      durationSeconds: settings.duration,
      warmupSeconds: settings.warmup,
      connections: CONNECTIONS,
      only: scenarioIds,
      log,
    }),
  );
  report.badges = await attempt('badges', () =>
    runJson<BadgeRenderResult>(join(ROOT, 'bench', 'badge-render.ts'), [String(settings.badgeRounds), String(settings.badgeSliceMs)]),
  );
  report.pipeline = await attempt('pipeline', runPipeline);
  report.pageWeight = await attempt('weight', async () => measureWeights(distDir));
  report.lighthouse = await attempt('lighthouse', runLighthouse);
  report.inbox = await attempt('inbox', () =>
    runJson<InboxBenchResult>(join(ROOT, 'bench', 'inbox.ts'), [String(settings.inboxLeads), String(settings.inboxRequests)], {
      timeoutMs: 30 * 60_000,
    }),
  );

  report.search = await attempt('search', () =>
    runJson<SearchBenchResult>(join(ROOT, 'bench', 'search.ts'), [distDir, String(settings.searchRounds)], { timeoutMs: 10 * 60_000 }),
  );

  report.editor = await attempt('editor', () =>
    runJson<EditorPreviewResult>(join(ROOT, 'bench', 'editor-preview.ts'), [String(settings.editorKeystrokes)], { timeoutMs: 10 * 60_000 }),
  );

  report.publish = await attempt('publish', () =>
    runJson<PublishBenchResult>(join(ROOT, 'bench', 'publish.ts'), [distDir, String(settings.publishRounds)], { timeoutMs: 10 * 60_000 }),
  );

  report.spam = await attempt('spam', () =>
    runJson<SpamBenchResult>(join(ROOT, 'bench', 'spam.ts'), [distDir, String(settings.spamCpuRounds)], { timeoutMs: 60 * 60_000 }),
  );

  machine.finishedAt = new Date().toISOString();
  machine.loadAverageEnd = loadavg();
  report.targets = evaluateTargets(report);

  const markdown = renderMarkdown(report);
  // Quick runs are for development: they never overwrite the report meant for the repository.
  const dir = quick || ((onlyArg || scenarioIds) && !record) ? join(ROOT, 'bench', 'results', 'tmp') : join(ROOT, 'bench', 'results');
  mkdirSync(dir, { recursive: true });
  const base = join(
    dir,
    `${machine.date}${quick ? '-quick' : ''}${reportName ? `-${reportName}` : onlyArg ? `-${[...only].join('-')}` : ''}${label ? `-${label}` : ''}`,
  );
  writeFileSync(`${base}.json`, `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(`${base}.md`, markdown);
  console.log(markdown);
  log(`Report written to ${base}.md and ${base}.json`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
