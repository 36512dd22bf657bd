/**
 * A real, throwaway PostgreSQL server for tests: its own data directory, a free port on loopback,
 * trust authentication, gone after the suite. Tests that need PostgreSQL call findPostgres() at
 * collection time (so they can skip with a reason) and startLocalPostgres() in beforeAll.
 */
import { execFile, execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import pg from 'pg';
import { aptGetCommand } from './apt-get';
import { freePort } from './free-port';

export { freePort };

export type PostgresAvailability =
  | { available: true; binDir: string; /** Set when we are root: initdb and postgres refuse to run as root. */ runAs: string | null }
  | { available: false; reason: string };

export interface LocalPostgres {
  readonly host: '127.0.0.1';
  readonly port: number;
  /** Temp directory holding the data directory, the socket and the server log. */
  readonly dir: string;
  readonly running: boolean;
  /** Connection string for a database on this server (default: the `postgres` database). */
  url(database?: string): string;
  /** Creates an empty database (or a copy of `template`) and returns its connection string; each test gets its own. */
  createDatabase(prefix?: string, template?: string): Promise<string>;
  /** `fast` disconnects clients and shuts down cleanly; `immediate` is a crash (recovery on next start). */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  /** Starts again on the same port and data directory, so existing connection strings keep working. */
  start(): Promise<void>;
  restart(mode?: 'fast' | 'immediate'): Promise<void>;
  /** Stops the server and deletes its directory. */
  destroy(): Promise<void>;
  /** The end of the server log, for failure messages. */
  logTail(lines?: number): string;
}

export interface StartOptions {
  /**
   * A stopped server's data directory to start from (copied), instead of a new one made by initdb:
   * the integration run makes one once (tests/support/postgres-template.ts), with a migrated database.
   */
  dataTemplate?: string;
  /**
   * fsync=off makes initdb, CREATE DATABASE and commits much faster. Committed data still survives
   * `stop('immediate')` (a PostgreSQL crash); only an OS crash could lose it, which tests never do.
   */
  fsync?: boolean;
}

const isRoot = () => process.getuid?.() === 0;

function run(
  file: string,
  args: readonly string[],
  options: { cwd?: string; timeoutMs?: number; env?: NodeJS.ProcessEnv } = {},
): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      file,
      args,
      { cwd: options.cwd, timeout: options.timeoutMs ?? 60_000, env: { ...process.env, ...options.env }, maxBuffer: 16 * 1024 * 1024 },
      (err, stdout, stderr) => {
        if (err) reject(new Error(`${[file, ...args].join(' ')} failed: ${stderr.trim() || err.message}`, { cause: err }));
        else resolve(stdout);
      },
    );
  });
}

function hasPgBinaries(dir: string): boolean {
  return existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'pg_ctl'));
}

function versionOf(dir: string): number {
  return Number(/postgresql\/(\d+)/.exec(dir)?.[1] ?? 0);
}

/** Where initdb and pg_ctl live: PG_BIN, PATH, then Debian's versioned directories (newest first). */
export function findPostgresBinDir(): string | null {
  const candidates: string[] = [];
  if (process.env.PG_BIN) candidates.push(process.env.PG_BIN);
  candidates.push(...(process.env.PATH ?? '').split(delimiter).filter(Boolean));
  // Debian and Ubuntu keep the server tools out of PATH.
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian)) {
    candidates.push(
      ...readdirSync(debian)
        .map((v) => join(debian, v, 'bin'))
        .sort((a, b) => versionOf(b) - versionOf(a)),
    );
  }
  candidates.push('/usr/local/pgsql/bin', '/opt/homebrew/bin', '/usr/pgsql/bin');
  return candidates.find(hasPgBinaries) ?? null;
}

function userExists(name: string): boolean {
  try {
    execFileSync('id', ['-u', name], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

async function aptInstallPostgres(): Promise<void> {
  const env = { DEBIAN_FRONTEND: 'noninteractive' };
  // Another test file, or another run on the machine, may be installing at the same moment: wait for it (tests/support/apt-get.ts).
  const install = aptGetCommand(['install', '-y', '--no-install-recommends', 'postgresql']);
  try {
    await run(install[0], install[1], { env, timeoutMs: 1_200_000 });
  } catch {
    // A fresh container has no package lists yet.
    const update = aptGetCommand(['update']);
    await run(update[0], update[1], { env, timeoutMs: 1_200_000 });
    await run(install[0], install[1], { env, timeoutMs: 1_200_000 });
  }
}

let availability: Promise<PostgresAvailability> | undefined;

/**
 * Finds PostgreSQL's server tools, installing Debian's package when missing and we are root.
 * Never throws: an unusable setup comes back as a reason to skip.
 */
export function findPostgres(): Promise<PostgresAvailability> {
  availability ??= (async (): Promise<PostgresAvailability> => {
    let binDir = findPostgresBinDir();
    if (!binDir) {
      if (!isRoot()) return { available: false, reason: 'PostgreSQL (initdb, pg_ctl) is not installed and we are not root to install it.' };
      try {
        await aptInstallPostgres();
      } catch (err) {
        return { available: false, reason: `Installing PostgreSQL with apt-get failed: ${(err as Error).message}` };
      }
      binDir = findPostgresBinDir();
      if (!binDir) return { available: false, reason: 'apt-get installed postgresql but initdb and pg_ctl were not found.' };
    }
    if (isRoot() && !userExists('postgres')) {
      return { available: false, reason: 'Running as root, and there is no `postgres` user to run initdb and pg_ctl as.' };
    }
    return { available: true, binDir, runAs: isRoot() ? 'postgres' : null };
  })();
  return availability;
}

let databaseCounter = 0;

export async function startLocalPostgres(found: PostgresAvailability, options: StartOptions = {}): Promise<LocalPostgres> {
  if (!found.available) throw new Error(found.reason);
  const { binDir, runAs } = found;
  const fsync = options.fsync ?? false;
  const dir = mkdtempSync(join(tmpdir(), 'pg-test-'));
  const dataDir = join(dir, 'data');
  const logFile = join(dir, 'postgres.log');

  if (runAs) {
    const uid = Number(execFileSync('id', ['-u', runAs], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', runAs], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }

  // initdb and postgres refuse to run as root, so as root they run as the postgres user.
  // cwd is our temp dir because that user may not be allowed into the project directory.
  const tool = (name: string, args: string[], timeoutMs?: number) =>
    runAs
      ? run('runuser', ['-u', runAs, '--', join(binDir, name), ...args], { cwd: dir, timeoutMs })
      : run(join(binDir, name), args, { cwd: dir, timeoutMs });
  const toolSync = (name: string, args: string[]) => {
    const [file, argv] = runAs
      ? (['runuser', ['-u', runAs, '--', join(binDir, name), ...args]] as const)
      : ([join(binDir, name), args] as const);
    execFileSync(file, argv, { cwd: dir, stdio: 'ignore', timeout: 30_000 });
  };

  let port = 0;
  let running = false;

  const logTail = (lines = 30) => {
    try {
      return readFileSync(logFile, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
    } catch {
      return '(no server log)';
    }
  };

  async function pgCtlStart(): Promise<void> {
    const serverOptions = [
      // The socket goes in our temp dir: the default /var/run/postgresql may not exist or be ours.
      `-k '${dir}'`,
      `-p ${port}`,
      '-c listen_addresses=127.0.0.1',
      `-c fsync=${fsync ? 'on' : 'off'}`,
      // Plenty for tests running 50 inserts in parallel from several pools.
      '-c max_connections=200',
    ].join(' ');
    // -l sends the server's output to a file; without it pg_ctl's pipes stay open and we would wait forever.
    await tool('pg_ctl', ['-D', dataDir, '-l', logFile, '-w', '-t', '30', '-o', serverOptions, 'start'], 40_000);
    running = true;
  }

  // If the process dies without afterAll, do not leave a server running.
  const onExit = () => {
    if (!running) return;
    try {
      toolSync('pg_ctl', ['-D', dataDir, '-m', 'immediate', 'stop']);
    } catch {
      // Best effort on the way out.
    }
    rmSync(dir, { recursive: true, force: true });
  };

  try {
    if (options.dataTemplate) {
      // As the user the server runs as, so the copy is that user's (cp -a keeps the files' modes).
      await (runAs
        ? run('runuser', ['-u', runAs, '--', 'cp', '-a', options.dataTemplate, dataDir], { cwd: dir })
        : run('cp', ['-a', options.dataTemplate, dataDir]));
    } else {
      await tool('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C', ...(fsync ? [] : ['--no-sync'])]);
    }
    // The port is free when asked but could be taken before the server binds it; try a few.
    for (let attempt = 1; ; attempt++) {
      port = await freePort();
      try {
        await pgCtlStart();
        break;
      } catch (err) {
        if (attempt >= 3) throw err;
      }
    }
  } catch (err) {
    const tail = logTail();
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`Could not start a test PostgreSQL server: ${(err as Error).message}\n${tail}`, { cause: err });
  }
  process.on('exit', onExit);

  const url = (database = 'postgres') => `postgresql://postgres@127.0.0.1:${port}/${encodeURIComponent(database)}`;

  const server: LocalPostgres = {
    host: '127.0.0.1',
    get port() {
      return port;
    },
    dir,
    get running() {
      return running;
    },
    url,
    async createDatabase(prefix = 'test', template?: string) {
      const name = `${prefix.replace(/[^a-z0-9_]/gi, '_').toLowerCase()}_${process.pid}_${++databaseCounter}`;
      const client = new pg.Client({ connectionString: url() });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ''}`);
      } finally {
        await client.end();
      }
      return url(name);
    },
    async stop(mode = 'fast') {
      if (!running) return;
      await tool('pg_ctl', ['-D', dataDir, '-m', mode, '-w', '-t', '30', 'stop'], 40_000);
      running = false;
    },
    async start() {
      if (running) return;
      await pgCtlStart();
    },
    async restart(mode = 'fast') {
      await server.stop(mode);
      await server.start();
    },
    async destroy() {
      process.off('exit', onExit);
      try {
        await server.stop('fast');
      } catch {
        await server.stop('immediate').catch(() => {});
      }
      rmSync(dir, { recursive: true, force: true });
    },
    logTail,
  };
  return server;
}
