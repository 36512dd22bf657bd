// Finds the system Chromium the e2e tests drive (Debian's `chromium` package), installing it
// with apt-get when the tests run as root on a fresh machine. Playwright's own browser
// download is not used, so `npx playwright install` is never needed.
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

/** Where Debian's chromium package puts its launcher. */
export const DEBIAN_CHROMIUM = '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

const MISSING_MESSAGE =
  "Chromium was not found: install Debian's chromium package (`sudo apt-get install -y chromium`) or set CHROMIUM_PATH.";

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function onPath(name: string): string | null {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (!dir) continue;
    const full = join(dir, name);
    if (isExecutable(full)) return full;
  }
  return null;
}

/**
 * CHROMIUM_PATH when set (it must then exist), else /usr/bin/chromium, else `chromium` or
 * `chromium-browser` on PATH; null when there is none. Never installs anything.
 */
export function findChromium(): string | null {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) {
    if (!isExecutable(fromEnv)) throw new Error(`CHROMIUM_PATH is set to "${fromEnv}", which is not an executable file.`);
    return fromEnv;
  }
  if (isExecutable(DEBIAN_CHROMIUM)) return DEBIAN_CHROMIUM;
  return onPath('chromium') ?? onPath('chromium-browser');
}

/** The browser for the Playwright config: what findChromium sees now, else where the setup will install it. */
export function chromiumExecutable(): string {
  return findChromium() ?? DEBIAN_CHROMIUM;
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): void {
  console.log(`$ ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env });
  if (result.error) throw new Error(`Could not run ${command}: ${result.error.message}\n${MISSING_MESSAGE}`);
  if (result.status !== 0) {
    const how = result.signal ? `was killed by ${result.signal}` : `exited with status ${result.status}`;
    throw new Error(
      `\`${command} ${args.join(' ')}\` ${how}, so Chromium could not be installed (see its output above).\n${MISSING_MESSAGE}`,
    );
  }
}

/**
 * Returns the path of a usable Chromium. If there is none and we are root with apt-get, installs
 * Debian's chromium package (output streamed); otherwise throws with what to do.
 */
export function ensureChromium(): string {
  const found = findChromium();
  if (found) return found;
  const isRoot = process.getuid?.() === 0;
  if (!isRoot || !onPath('apt-get')) throw new Error(MISSING_MESSAGE);
  console.log("Chromium is not installed; installing Debian's chromium package for the e2e tests…");
  run('apt-get', ['update']);
  run('apt-get', ['install', '-y', 'chromium'], { ...process.env, DEBIAN_FRONTEND: 'noninteractive' });
  const installed = findChromium();
  if (!installed)
    throw new Error(`apt-get installed chromium, but no executable was found at ${DEBIAN_CHROMIUM} or on PATH.\n${MISSING_MESSAGE}`);
  return installed;
}
