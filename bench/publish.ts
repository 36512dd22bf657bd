// Section 8, run as its own process: a publish from the content editor as the server runs it, on a
// copy of site/ in a git repository of its own: validate, build the release in a child process,
// commit, switch the server to it. The first publish takes unchanged files from the deployed build
// (distDir); each later one changes one page's title and publishes again. Prints one JSON line.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { readConfig } from '../server/config';
import { createServer } from '../server/create-server';
import { silentLogger } from '../server/logging';
import { createPublisher } from '../server/publish/publisher';
import { createSqliteStore } from '../server/store/sqlite';
import { ROOT } from './lib/proc';
import { percentile } from './lib/stats';

export interface PublishRun {
  durationMs: number;
  /** CPU time of this process and the build process: the cost, without the time other processes held the cores. */
  cpuMs: number;
  steps: Record<string, number>;
}

export interface PublishBenchResult {
  /** The first publish, with the deployed build to take unchanged files from. */
  first: PublishRun;
  /** Each later publish of a one-page change. */
  edits: PublishRun[];
  medianMs: number;
  maxMs: number;
  medianCpuMs: number;
  /** The machine's load average (1 minute) before and after. */
  load: [number, number];
}

/** A process's CPU time and its waited-for children's, from /proc/<pid>/stat (Linux), in ms. */
function cpuOf(pid: number | 'self'): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // utime, stime, cutime, cstime are fields 14 to 17 of the line (11 to 14 after the command's name), in clock ticks of 10 ms.
  return fields.slice(11, 15).reduce((sum, f) => sum + Number(f), 0) * 10;
}

/** This process's CPU time, its exited children's, and that of the children still running (the build process the publisher keeps). */
function cpuWithChildren(): number {
  const running = readFileSync(`/proc/self/task/${process.pid}/children`, 'utf8').split(' ').filter(Boolean).map(Number);
  return cpuOf('self') + running.reduce((sum, pid) => sum + cpuOf(pid), 0);
}

const [distDir, roundsArg] = process.argv.slice(2);
const rounds = Number(roundsArg ?? 3);
const tmp = mkdtempSync(join(tmpdir(), 'bench-publish-'));
const content = join(tmp, 'content');
cpSync(join(ROOT, 'site'), join(content, 'site'), { recursive: true });
const git = (...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=Bench', '-c', 'user.email=bench@example.com', ...args], { cwd: content });
git('init', '--quiet');
git('add', '.');
git('commit', '--quiet', '-m', 'The site');

const store = createSqliteStore({ file: join(tmp, 'leads.sqlite') });
await store.init();
const config = readConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: tmp, DIST_DIR: distDir, CONTENT_ROOT: content, IP_HASH_SALT: 'bench' });
const publisher = createPublisher({
  store,
  releasesDir: join(tmp, 'releases'),
  contentRoot: config.contentRoot,
  projectRoot: ROOT,
  deployedBuild: config.distDir,
  keep: 3,
  gitRemote: null,
  pollMs: 60_000,
  log: silentLogger,
  env: process.env,
  prepare: (folder) => server.prepareBuild(folder),
});
const server = createServer(config, { store, logger: silentLogger, delivery: null, publisher });

async function publishOnce(): Promise<PublishRun> {
  const cpu = cpuWithChildren();
  const result = await publisher.publish('bench@example.com');
  if (result.kind !== 'published') throw new Error(`The publish did not go through: ${JSON.stringify(result)}`);
  return { durationMs: result.answer.durationMs, cpuMs: cpuWithChildren() - cpu, steps: result.steps ?? {} };
}

const loadBefore = loadavg()[0]!;

try {
  const first = await publishOnce();
  const edits: PublishRun[] = [];
  const about = join(content, 'site', 'pages', 'about.yaml');
  const original = readFileSync(about, 'utf8');
  for (let i = 1; i <= rounds; i++) {
    writeFileSync(about, original.replaceAll('About Our Copyright Takedown Service', `About Our Takedown Service, edit ${i}`));
    edits.push(await publishOnce());
  }
  const times = edits.map((e) => e.durationMs);
  const result: PublishBenchResult = {
    first,
    edits,
    medianMs: percentile(times, 50),
    maxMs: Math.max(...times),
    medianCpuMs: percentile(
      edits.map((e) => e.cpuMs),
      50,
    ),
    load: [loadBefore, loadavg()[0]!],
  };
  console.log(JSON.stringify(result));
} finally {
  publisher.stop();
  await server.close();
  await store.close();
  rmSync(tmp, { recursive: true, force: true });
}
