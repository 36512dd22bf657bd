/**
 * The real server in its own process, as production runs it, so a test can
 * kill it with SIGKILL and start it again on the same data.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { BUILT_SERVER, DIST_DIR, ROOT } from './site-build';

export interface ServerOptions {
  /** Where the SQLite file goes (DATA_DIR); always set, so a stray database never lands in the project. */
  dataDir: string;
  /** PostgreSQL instead of SQLite. */
  databaseUrl?: string;
  /** 0 (the default) lets the OS choose. */
  port?: number;
  env?: Record<string, string>;
  /** Node's arguments; without them the build's compiled server (BUILT_SERVER), else server/index.ts through tsx. */
  nodeArgs?: string[];
  /** A file the server appends its heap in use after a forced full collection to, on each heapAfterGc() (see heap-probe.mjs). */
  heapProbeFile?: string;
}

export interface ServerProcess {
  readonly pid: number;
  readonly port: number;
  readonly url: string;
  /** Resolves once the process has exited, with how. */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** True until the process has exited. */
  alive(): boolean;
  /** Everything the process printed so far (the last 256 KB). */
  output(): string;
  /** Sends the signal and waits for the process to exit. */
  kill(signal?: NodeJS.Signals): Promise<void>;
  /** With heapProbeFile: the server's V8 heap in use (bytes) right after a full collection it was told to run. */
  heapAfterGc(): Promise<number>;
}

const HEAP_PROBE = join(import.meta.dirname, 'heap-probe.mjs');

/** Tells the probed server to collect and report its heap, and waits for the line it appends. */
async function probeHeap(pid: number, file: string | undefined): Promise<number> {
  if (!file) throw new Error('heapAfterGc() needs the server started with heapProbeFile');
  const lines = () => (existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean) : []);
  const before = lines().length;
  process.kill(pid, 'SIGUSR2');
  const deadline = Date.now() + 30_000;
  for (;;) {
    const now = lines();
    if (now.length > before) return Number(now[before]);
    if (Date.now() > deadline) throw new Error(`the server did not report its heap to ${file} within 30 s`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const STARTUP_TIMEOUT_MS = 90_000;
const MAX_OUTPUT = 256 * 1024;

/** Every server this process started and has not seen exit; killed if the test run dies. */
const running = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

export async function waitForHealth(url: string, timeoutMs = STARTUP_TIMEOUT_MS, isAlive: () => boolean = () => true): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer yet';
  while (Date.now() < deadline) {
    if (!isAlive()) throw new Error(`the server exited while waiting for ${url}/healthz (last: ${last})`);
    try {
      const res = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(5000) });
      last = `HTTP ${res.status} ${await res.text()}`;
      if (res.status === 200) return;
    } catch (err) {
      last = String((err as Error).cause ?? err);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${url}/healthz did not answer 200 within ${timeoutMs} ms (last: ${last})`);
}

function spawnOnce(options: ServerOptions, port: number): Promise<ServerProcess> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DIST_DIR,
    DATA_DIR: options.dataDir,
    SITE_URL: 'https://example.com',
    IP_HASH_SALT: 'resilience-tests',
    // Every test client shares 127.0.0.1; the limit has its own unit tests.
    RATE_LIMIT_MAX: '10000000',
    SEARCH_RATE_LIMIT_MAX: '10000000',
    // Every visitor here sends one message, which the spam score holds as a campaign; the score has its own tests (tests/unit/spam).
    SPAM_QUARANTINE_SCORE: 'off',
    SPAM_MAIL_CHECK: 'off',
    // Their clients post without loading a page, so they carry no form token; the tokens have their own tests.
    FORM_TOKENS: 'off',
    ...options.env,
    ...(options.heapProbeFile ? { HEAP_PROBE_FILE: options.heapProbeFile } : {}),
  };
  delete env.DATABASE_URL;
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;

  const source = BUILT_SERVER ? ['--enable-source-maps', BUILT_SERVER] : ['--import', 'tsx', join(ROOT, 'server/index.ts')];
  const probe = options.heapProbeFile ? ['--expose-gc', '--import', pathToFileURL(HEAP_PROBE).href] : [];
  const child = spawn(process.execPath, [...probe, ...(options.nodeArgs ?? source)], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let out = '';
  const append = (chunk: Buffer) => {
    out += chunk.toString();
    if (out.length > MAX_OUTPUT) out = out.slice(-MAX_OUTPUT);
  };
  child.stdout!.on('data', append);
  child.stderr!.on('data', append);
  let exitedYet = false;
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.on('exit', (code, signal) => {
      exitedYet = true;
      running.delete(child);
      resolve({ code, signal });
    });
  });

  return new Promise<ServerProcess>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`The server did not start within ${STARTUP_TIMEOUT_MS} ms:\n${out}`));
    }, STARTUP_TIMEOUT_MS);
    const onData = () => {
      const match = /Serving http:\/\/localhost:(\d+)/.exec(out);
      if (!match) return;
      clearTimeout(timer);
      child.stdout!.off('data', onData);
      const actualPort = Number(match[1]);
      const server: ServerProcess = {
        pid: child.pid!,
        port: actualPort,
        url: `http://127.0.0.1:${actualPort}`,
        exited,
        alive: () => !exitedYet,
        output: () => out,
        async kill(signal = 'SIGTERM') {
          if (!exitedYet) child.kill(signal);
          await exited;
        },
        heapAfterGc: () => probeHeap(child.pid!, options.heapProbeFile),
      };
      resolve(server);
    };
    child.stdout!.on('data', onData);
    void exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(Object.assign(new Error(`The server exited (code ${code}, signal ${signal}) before serving:\n${out}`), { output: out }));
    });
  });
}

/**
 * Starts the server and waits until /healthz answers 200. A port that was free a moment ago can
 * be taken by the time the server binds it; then it starts again on a port the OS picks.
 */
export async function startServer(options: ServerOptions): Promise<ServerProcess> {
  let server: ServerProcess;
  try {
    server = await spawnOnce(options, options.port ?? 0);
  } catch (err) {
    const output = String((err as { output?: string }).output ?? '');
    if (!options.port || !output.includes('already in use')) throw err;
    server = await spawnOnce(options, 0);
  }
  try {
    await waitForHealth(server.url, STARTUP_TIMEOUT_MS, server.alive);
  } catch (err) {
    await server.kill('SIGKILL');
    throw new Error(`${(err as Error).message}\n${server.output()}`, { cause: err });
  }
  return server;
}

/** Resident memory of a process in bytes, from /proc (Linux) or ps. */
export function residentBytes(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1];
    if (kb) return Number(kb) * 1024;
  } catch {
    // Not Linux: ask ps below.
  }
  return Number(execFileSync('ps', ['-o', 'rss=', '-p', String(pid)], { encoding: 'utf8' }).trim()) * 1024;
}

/**
 * The lines of server output that report a problem: any line that is not one of the server's JSON
 * log lines at info level or below (a warning, an error, or anything Node printed by itself).
 * Request lines are info, a 5xx answer's line is an error.
 */
export function problemLines(output: string): string[] {
  return output
    .split('\n')
    .filter((line) => line.trim() !== '')
    .filter((line) => {
      try {
        const level = (JSON.parse(line) as { level?: unknown }).level;
        return !['info', 'debug', 'trace'].includes(String(level));
      } catch {
        return true;
      }
    });
}
