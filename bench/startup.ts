// Section 0: start-up. The time from spawning a server process to its first 200 answer to GET /,
// for the compiled server on the built site (a fresh SQLite store created and migrated each time)
// next to a bare node:http server started the same way, the same server on PostgreSQL (a new database
// on a throwaway local cluster each time), and optionally the compiled server of an earlier checkout. A deploy, a crash and a publish on several processes all wait for this figure.
// One more start of ours runs under --cpu-prof, and its profile's top entries say where the time goes.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ADMIN_ROUTES } from '../contracts/inbox-contract';
import { buildServer } from '../scripts/build-server';
import { findPostgres, startLocalPostgres, type LocalPostgres } from '../tests/support/postgres';
import { summariseProfile, type CpuProfile, type ProfileSummary } from './lib/cpu-profile';
import { freePort, ROOT } from './lib/proc';
import { spread } from './lib/stats';
import type { Spread } from './lib/types';

export interface StartupTarget {
  id: string;
  label: string;
  /** Milliseconds from spawn to the first 200, one per round. */
  ms: Spread;
  /** Resident memory (MB) of the process right after its first good answer, one per round. */
  rssMb?: Spread;
  /** Milliseconds of the first admin requests right after that answer (the inbox page, then its session check), one per round. */
  firstAdminMs?: Spread;
  /** One start under --cpu-prof: where its CPU time went until the first answer. */
  profile?: ProfileSummary;
}

export interface StartupReport {
  rounds: number;
  targets: StartupTarget[];
  /** Where the `previous` target's code came from, when one was measured. */
  previous?: string;
  notes: string[];
}

export interface StartupOptions {
  distDir: string;
  rounds: number;
  /** Another checkout of the project (e.g. the previous release, with node_modules): its own build of the server is measured side by side. */
  previousRoot?: string;
  log: (line: string) => void;
}

interface Spec {
  id: string;
  label: string;
  root: string;
  args: string[];
  env?: NodeJS.ProcessEnv;
  /** The status of its first good answer to GET /. */
  status: number;
  /** Whether the server needs its own data directory (a fresh SQLite store). */
  store?: boolean;
  /** The cluster on which each start gets a new database (DATABASE_URL) instead of a SQLite store. */
  postgres?: LocalPostgres;
  /** Whether it is one of ours: its first admin requests are timed and one start is profiled. */
  server?: boolean;
}

interface Start {
  ms: number;
  rssMb: number;
  firstAdminMs?: number;
  profile?: ProfileSummary;
}

function statusOf(port: number, path = '/'): Promise<number> {
  return new Promise((resolve) => {
    const req = request({ host: '127.0.0.1', port, path, agent: false }, (res) => {
      res.resume();
      res.once('end', () => resolve(res.statusCode ?? 0));
    });
    req.once('error', () => resolve(0));
    req.end();
  });
}

const delay = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** The process's resident set size in MB, from /proc (Linux); NaN where there is none. */
function residentMb(pid: number): number {
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) / 1024 : NaN;
  } catch {
    return NaN;
  }
}

/** The first admin requests a person makes: the inbox page, then the session check its script sends. */
async function firstAdminRequests(port: number): Promise<number> {
  const started = performance.now();
  const page = await statusOf(port, '/admin/');
  const session = await statusOf(port, ADMIN_ROUTES.session);
  if (page !== 200 || session !== 401) throw new Error(`The first admin requests answered ${page} and ${session}, not 200 and 401.`);
  return performance.now() - started;
}

/**
 * Spawns the server and polls GET / every 5 ms; resolves with the milliseconds to its first good
 * answer and its memory then, and for ours the first admin requests' time; under `profileDir` the
 * process runs with --cpu-prof and is stopped with SIGINT (a clean exit writes the profile).
 */
async function timeToFirst200(spec: Spec, distDir: string, profileDir?: string): Promise<Start> {
  const port = await freePort();
  const dataDir = spec.store ? mkdtempSync(join(tmpdir(), 'bench-startup-')) : undefined;
  // Made before the clock starts: the server then creates its tables in it, as on SQLite.
  const databaseUrl = spec.postgres ? await spec.postgres.createDatabase('startup') : '';
  const env = {
    ...process.env,
    ...spec.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DIST_DIR: distDir,
    DATABASE_URL: databaseUrl,
    IP_HASH_SALT: 'benchmark-salt',
    ...(dataDir ? { DATA_DIR: dataDir } : {}),
  };
  const args = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`, ...spec.args] : spec.args;
  const started = performance.now();
  const child = spawn(process.execPath, args, { cwd: spec.root, env, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${spec.label} exited with ${child.exitCode} before answering:\n${stderr}`);
      if ((await statusOf(port)) === spec.status) {
        const ms = performance.now() - started;
        const rssMb = residentMb(child.pid!);
        if (profileDir) return { ms, rssMb };
        return { ms, rssMb, firstAdminMs: spec.server ? await firstAdminRequests(port) : undefined };
      }
      if (performance.now() - started > 60_000) throw new Error(`${spec.label} gave no 200 within 60 s:\n${stderr}`);
      await delay(5);
    }
  } finally {
    child.kill(profileDir ? 'SIGINT' : 'SIGKILL');
    await exited;
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

/** One start of `spec` under the profiler, summarised. */
async function profiledStart(spec: Spec, distDir: string): Promise<ProfileSummary> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-startup-profile-'));
  try {
    await timeToFirst200(spec, distDir, dir);
    const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
    if (!file) throw new Error(`${spec.label} wrote no CPU profile.`);
    return summariseProfile(JSON.parse(readFileSync(join(dir, file), 'utf8')) as CpuProfile, spec.root);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function runStartup(options: StartupOptions): Promise<StartupReport> {
  const notes: string[] = [];
  // Compiled inside the project, so its externals (the native SQLite driver) resolve wherever the benchmark's build is.
  const compiled = await buildServer(join(ROOT, 'node_modules', '.cache', 'bench-server'));
  const specs: Spec[] = [
    // Answers "ok" to GET /, a 200 like ours: the floor of any Node server's start.
    {
      id: 'bare-node',
      label: 'bare node:http (plain JavaScript, no loader)',
      root: ROOT,
      args: ['-e', "require('node:http').createServer((q,s)=>s.end('ok')).listen(+process.env.PORT,'127.0.0.1')"],
      status: 200,
    },
    {
      id: 'compiled',
      label: 'ours compiled: dist/server/index.js with plain node (what npm start runs), built site, new SQLite store',
      root: ROOT,
      args: ['--enable-source-maps', compiled],
      status: 200,
      store: true,
      server: true,
    },
  ];
  // The same server on PostgreSQL, when its binaries are installed (as for the PostgreSQL tests).
  const found = await findPostgres();
  const postgres = found.available ? await startLocalPostgres(found, { fsync: true }) : undefined;
  if (postgres)
    specs.push({
      id: 'compiled-postgres',
      label: 'ours compiled on PostgreSQL: the same, with DATABASE_URL set to a new database on a local cluster',
      root: ROOT,
      args: ['--enable-source-maps', compiled],
      status: 200,
      store: true,
      server: true,
      postgres,
    });
  else notes.push(`Not measured on PostgreSQL: ${found.available ? '' : found.reason}`);
  try {
    return await measure(specs, options, notes);
  } finally {
    await postgres?.destroy();
  }
}

async function measure(specs: Spec[], options: StartupOptions, notes: string[]): Promise<StartupReport> {
  const { distDir, rounds, previousRoot, log } = options;
  if (previousRoot) {
    const script = join(previousRoot, 'scripts', 'build-server.ts');
    if (!existsSync(script)) throw new Error(`${previousRoot} holds no scripts/build-server.ts to compile its server with.`);
    // The earlier checkout's own build of its server, run the way its npm start ran it.
    const earlier = (await import(script)) as { buildServer: (outDir: string) => Promise<string> };
    const previousServer = await earlier.buildServer(join(previousRoot, 'node_modules', '.cache', 'bench-server-previous'));
    specs.push({
      id: 'previous',
      label: `previous: the compiled server of ${previousRoot}, same build and store`,
      root: previousRoot,
      args: ['--enable-source-maps', previousServer],
      status: 200,
      store: true,
      server: true,
    });
  }
  const runs = new Map<string, Start[]>(specs.map((s) => [s.id, []]));
  // One unmeasured start of each first, so no target pays for a cold disk cache alone.
  for (const s of specs) await timeToFirst200(s, distDir);
  for (let round = 1; round <= rounds; round++) {
    for (const s of specs) {
      const start = await timeToFirst200(s, distDir);
      runs.get(s.id)!.push(start);
      const admin = start.firstAdminMs === undefined ? '' : `, first admin requests ${start.firstAdminMs.toFixed(0)} ms`;
      log(
        `  round ${round}/${rounds} ${s.id.padEnd(9)} ${start.ms.toFixed(0).padStart(6)} ms to the first good answer, ${start.rssMb.toFixed(0)} MB resident${admin}`,
      );
    }
  }
  const profiles = new Map<string, ProfileSummary>();
  for (const s of specs.filter((x) => x.server)) profiles.set(s.id, await profiledStart(s, distDir));
  notes.push(
    'Each start is a fresh process on a free port; GET / is polled every 5 ms from spawn until it answers 200. Memory is the resident set size (VmRSS) read from /proc right after that first answer.',
  );
  notes.push(
    'The first admin requests are GET /admin/ (the inbox page, 200) and its session check (401, signed out), sent one after the other right after the first 200.',
  );
  notes.push(
    'The CPU profile is one more start under node --cpu-prof, stopped with SIGINT right after its first 200; times are sampled CPU time of the main thread (the profiler itself slows the start).',
  );
  return {
    rounds,
    targets: specs.map((s) => {
      const starts = runs.get(s.id)!;
      const admin = starts.flatMap((x) => (x.firstAdminMs === undefined ? [] : [x.firstAdminMs]));
      return {
        id: s.id,
        label: s.label,
        ms: spread(starts.map((x) => x.ms)),
        rssMb: spread(starts.map((x) => x.rssMb)),
        ...(admin.length ? { firstAdminMs: spread(admin) } : {}),
        ...(profiles.has(s.id) ? { profile: profiles.get(s.id) } : {}),
      };
    }),
    previous: previousRoot,
    notes,
  };
}
