// Section 0: start-up. The time from spawning a server process to its first 200 answer to GET /,
// for our server on the built site (a fresh SQLite store created and migrated each time) next to a
// bare node:http server started the same way. The crash tests restart the server many times, so this
// is the figure that matters there. The compiled server (dist/server/index.js, plain node) and the
// same code through tsx are measured side by side, with each one's resident memory at that moment.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildServer } from '../scripts/build-server';
import { freePort, ROOT, tsNodeArgs } from './lib/proc';
import { spread } from './lib/stats';
import type { Spread } from './lib/types';

export interface StartupTarget {
  id: string;
  label: string;
  /** Milliseconds from spawn to the first 200, one per round. */
  ms: Spread;
  /** Resident memory (MB) of the process right after its first good answer, one per round. */
  rssMb?: Spread;
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
  /** Another checkout of the project (e.g. an older commit, with node_modules) to measure side by side. */
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
}

function statusOf(port: number): Promise<number> {
  return new Promise((resolve) => {
    const req = request({ host: '127.0.0.1', port, path: '/', agent: false }, (res) => {
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

/** Spawns the server and polls GET / every 5 ms; resolves with the milliseconds to its first good answer and its memory then. */
async function timeToFirst200(spec: Spec, distDir: string): Promise<{ ms: number; rssMb: number }> {
  const port = await freePort();
  const dataDir = spec.store ? mkdtempSync(join(tmpdir(), 'bench-startup-')) : undefined;
  const env = {
    ...process.env,
    ...spec.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DIST_DIR: distDir,
    DATABASE_URL: '',
    IP_HASH_SALT: 'benchmark-salt',
    ...(dataDir ? { DATA_DIR: dataDir } : {}),
  };
  const started = performance.now();
  const child = spawn(process.execPath, spec.args, { cwd: spec.root, env, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${spec.label} exited with ${child.exitCode} before answering:\n${stderr}`);
      if ((await statusOf(port)) === spec.status) return { ms: performance.now() - started, rssMb: residentMb(child.pid!) };
      if (performance.now() - started > 60_000) throw new Error(`${spec.label} gave no 200 within 60 s:\n${stderr}`);
      await delay(5);
    }
  } finally {
    child.kill('SIGKILL');
    await exited;
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function runStartup(options: StartupOptions): Promise<StartupReport> {
  const { distDir, rounds, previousRoot, log } = options;
  const notes: string[] = [];
  // Compiled inside the project, so its imports find node_modules wherever the benchmark's build is.
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
      id: 'bare-tsx',
      label: 'bare node:http through tsx (bench/targets/baseline.ts; its fixed answer is a 201)',
      root: ROOT,
      args: tsNodeArgs(join(ROOT, 'bench', 'targets', 'baseline.ts')),
      status: 201,
    },
    {
      id: 'ours',
      label: 'ours: server/index.ts through tsx, built site, new SQLite store',
      root: ROOT,
      args: tsNodeArgs(join(ROOT, 'server', 'index.ts')),
      status: 200,
      store: true,
    },
    {
      id: 'compiled',
      label: 'ours compiled: dist/server/index.js with plain node (what npm start runs), built site, new SQLite store',
      root: ROOT,
      args: ['--enable-source-maps', compiled],
      status: 200,
      store: true,
    },
  ];
  if (previousRoot) {
    if (!existsSync(join(previousRoot, 'server', 'index.ts'))) throw new Error(`${previousRoot} holds no server/index.ts to compare with.`);
    specs.push({
      id: 'previous',
      label: `previous: server/index.ts of ${previousRoot} through tsx, same build and store`,
      root: previousRoot,
      args: tsNodeArgs(join(previousRoot, 'server', 'index.ts')),
      status: 200,
      store: true,
    });
  }
  const runs = new Map<string, number[]>(specs.map((s) => [s.id, []]));
  const memory = new Map<string, number[]>(specs.map((s) => [s.id, []]));
  // One unmeasured start of each first, so no target pays for a cold disk cache alone.
  for (const s of specs) await timeToFirst200(s, distDir);
  for (let round = 1; round <= rounds; round++) {
    for (const s of specs) {
      const { ms, rssMb } = await timeToFirst200(s, distDir);
      runs.get(s.id)!.push(ms);
      memory.get(s.id)!.push(rssMb);
      log(
        `  round ${round}/${rounds} ${s.id.padEnd(9)} ${ms.toFixed(0).padStart(6)} ms to the first good answer, ${rssMb.toFixed(0)} MB resident`,
      );
    }
  }
  notes.push(
    'Each start is a fresh process on a free port; GET / is polled every 5 ms from spawn until it answers 200 (201 for the tsx baseline, whose only answer that is).',
  );
  notes.push('Memory is the resident set size (VmRSS) read from /proc right after that first answer.');
  return {
    rounds,
    targets: specs.map((s) => ({ id: s.id, label: s.label, ms: spread(runs.get(s.id)!), rssMb: spread(memory.get(s.id)!) })),
    previous: previousRoot,
    notes,
  };
}
