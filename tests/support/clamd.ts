/**
 * A real, throwaway ClamAV daemon for tests: Debian's clamd (package clamav-daemon, installed with
 * apt-get when the tests run as root on a fresh machine), started in the foreground on a temp
 * directory that is its signature database, its socket and its log. Its only signature is one
 * line that knows the EICAR test string anywhere in a file: no signature is downloaded, freshclam
 * never runs. Stopped and deleted after the suite.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureProgram, type SystemProgram } from '../e2e/system-packages';

const CLAMD: SystemProgram = {
  label: 'ClamAV daemon (clamd)',
  envVar: 'CLAMD_BIN',
  paths: ['/usr/sbin/clamd'],
  names: ['clamd'],
  packages: ['clamav-daemon'],
};

/** The antivirus industry's harmless test string, which every scanner is built to find (eicar.org). */
export const EICAR = String.raw`X5O!P%@AP[4\PZX54(P^)7CC)7}$EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*`;
/** The name the temp database gives it, as clamd reports it. */
export const EICAR_SIGNATURE = 'Eicar-Test-Signature';

export type ClamdAvailability = { available: true; binary: string } | { available: false; reason: string };

/** clamd's path, installing Debian's package when missing and we are root; never throws. */
export function findClamd(): ClamdAvailability {
  try {
    return { available: true, binary: ensureProgram(CLAMD) };
  } catch (err) {
    return { available: false, reason: (err as Error).message };
  }
}

export interface LocalClamd {
  socket: string;
  stop(): Promise<void>;
}

const ping = (socket: string) =>
  new Promise<boolean>((resolve) => {
    const conn = createConnection({ path: socket });
    let answer = '';
    conn.setTimeout(1_000, () => conn.destroy());
    conn.on('connect', () => conn.write('zPING\0'));
    conn.on('data', (d: Buffer) => (answer += d.toString()));
    conn.on('close', () => resolve(answer.startsWith('PONG')));
    conn.on('error', () => resolve(false));
  });

export async function startLocalClamd(binary: string, timeoutMs = 60_000): Promise<LocalClamd> {
  const dir = mkdtempSync(join(tmpdir(), 'clamd-test-'));
  const socket = join(dir, 'clamd.sock');
  const log = join(dir, 'clamd.log');
  // An extended signature (.ndb): name, any file type (0), any offset (*), the bytes in hex.
  writeFileSync(join(dir, 'eicar.ndb'), `${EICAR_SIGNATURE}:0:*:${Buffer.from(EICAR).toString('hex')}\n`);
  writeFileSync(
    join(dir, 'clamd.conf'),
    [`LocalSocket ${socket}`, `DatabaseDirectory ${dir}`, `TemporaryDirectory ${dir}`, `LogFile ${log}`, 'Foreground yes', ''].join('\n'),
  );
  const child: ChildProcess = spawn(binary, [`--config-file=${join(dir, 'clamd.conf')}`], { cwd: dir, stdio: 'ignore' });
  let exited = false;
  child.once('exit', () => (exited = true));
  const stop = async () => {
    if (!exited) {
      const gone = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([gone, new Promise((resolve) => setTimeout(resolve, 5_000))]);
      if (!exited) child.kill('SIGKILL');
    }
    rmSync(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + timeoutMs;
  while (!(existsSync(socket) && (await ping(socket)))) {
    if (exited || Date.now() > deadline) {
      const tail = existsSync(log) ? readFileSync(log, 'utf8').split('\n').slice(-20).join('\n') : '(no log)';
      await stop();
      throw new Error(`clamd did not start within ${timeoutMs} ms:\n${tail}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { socket, stop };
}
