/**
 * apt-get for the tests that install a Debian package they need (browsers, PostgreSQL, nginx, clamd)
 * when they run as root on a fresh machine. Two test runs on one machine may both find a package
 * missing at once; apt-get fails at once on a lock another apt-get holds ("Could not get lock"). So
 * every call waits its turn: our runs queue on one lock file (flock, util-linux), and apt waits for
 * dpkg's lock held by anything else (DPkg::Lock::Timeout). A package the other run has just
 * installed is then found installed, and apt-get install leaves it as it is.
 */
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Shared on purpose: the one file every run on the machine queues on. */
export const APT_LOCK = join(tmpdir(), 'takedown-site-apt-get.lock');
const WAIT_S = 900;

/** The command line that runs `apt-get <args>` in turn: flock when the system has it, else apt-get alone. */
export function aptGetCommand(args: readonly string[]): [string, string[]] {
  const apt = ['apt-get', '-o', `DPkg::Lock::Timeout=${WAIT_S}`, ...args];
  const flock = spawnSync('flock', ['--version'], { stdio: 'ignore' });
  return flock.status === 0 ? ['flock', ['-w', String(WAIT_S), APT_LOCK, ...apt]] : [apt[0]!, apt.slice(1)];
}

/** Runs `apt-get <args>` in turn (see above), non-interactive, with its output streamed to ours. */
export function aptGet(args: readonly string[]): SpawnSyncReturns<Buffer> {
  const [command, argv] = aptGetCommand(args);
  console.log(`$ ${command} ${argv.join(' ')}`);
  return spawnSync(command, argv, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
}
