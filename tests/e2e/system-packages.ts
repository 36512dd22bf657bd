// Finds a program the tests need from Debian's packages, installing the package with apt-get when
// the tests run as root on a fresh machine; otherwise says what to install. Chromium, Firefox ESR,
// WebKitWebDriver, Xvfb and Java all come this way, so no test downloads a browser of its own.
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';
import { aptGet } from '../support/apt-get';

export interface SystemProgram {
  /** What the messages call it: "Chromium", "Firefox ESR"… */
  label: string;
  /** The environment variable that may name the executable instead. */
  envVar: string;
  /** Where Debian puts it, then names to look for on PATH. */
  paths: string[];
  names: string[];
  /** The Debian packages that provide it (with what it needs to run). */
  packages: string[];
}

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

export function onPath(name: string): string | null {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (!dir) continue;
    const full = join(dir, name);
    if (isExecutable(full)) return full;
  }
  return null;
}

export function missingMessage(program: SystemProgram): string {
  return `${program.label} was not found: install Debian's ${program.packages.join(' ')} (\`sudo apt-get install -y ${program.packages.join(' ')}\`) or set ${program.envVar}.`;
}

/** The env variable's path when set (it must then exist), else a known path, else PATH; null when there is none. Never installs. */
export function findProgram(program: SystemProgram): string | null {
  const fromEnv = process.env[program.envVar];
  if (fromEnv) {
    if (!isExecutable(fromEnv)) throw new Error(`${program.envVar} is set to "${fromEnv}", which is not an executable file.`);
    return fromEnv;
  }
  for (const path of program.paths) if (isExecutable(path)) return path;
  for (const name of program.names) {
    const found = onPath(name);
    if (found) return found;
  }
  return null;
}

function aptGetOrThrow(program: SystemProgram, args: string[]): void {
  const result = aptGet(args);
  const shown = `apt-get ${args.join(' ')}`;
  if (result.error) throw new Error(`Could not run ${shown}: ${result.error.message}\n${missingMessage(program)}`);
  if (result.status !== 0) {
    const how = result.signal ? `was killed by ${result.signal}` : `exited with status ${result.status}`;
    throw new Error(`\`${shown}\` ${how}, so ${program.label} could not be installed (see its output above).\n${missingMessage(program)}`);
  }
}

let updated = false;

/**
 * Returns the path of a usable program. If there is none and we are root with apt-get, installs
 * its Debian packages (output streamed); otherwise throws with what to do.
 */
export function ensureProgram(program: SystemProgram): string {
  const found = findProgram(program);
  if (found) return found;
  const isRoot = process.getuid?.() === 0;
  if (!isRoot || !onPath('apt-get')) throw new Error(missingMessage(program));
  console.log(`${program.label} is not installed; installing Debian's ${program.packages.join(' ')} for the tests…`);
  if (!updated) aptGetOrThrow(program, ['update']);
  updated = true;
  aptGetOrThrow(program, ['install', '-y', ...program.packages]);
  const installed = findProgram(program);
  if (!installed)
    throw new Error(
      `apt-get installed ${program.packages.join(' ')}, but ${program.label} is still not found.\n${missingMessage(program)}`,
    );
  return installed;
}
