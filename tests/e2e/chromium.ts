// Finds the system Chromium the e2e tests drive (Debian's `chromium` package), installing it
// with apt-get when the tests run as root on a fresh machine. Playwright's own browser
// download is not used, so `npx playwright install` is never needed.
import { ensureProgram, findProgram, type SystemProgram } from './system-packages';

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

const CHROMIUM: SystemProgram = {
  label: 'Chromium',
  envVar: 'CHROMIUM_PATH',
  paths: [DEBIAN_CHROMIUM],
  names: ['chromium', 'chromium-browser'],
  packages: ['chromium'],
};

/**
 * CHROMIUM_PATH when set (it must then exist), else /usr/bin/chromium, else `chromium` or
 * `chromium-browser` on PATH; null when there is none. Never installs anything.
 */
export const findChromium = (): string | null => findProgram(CHROMIUM);

/** The browser for the Playwright config: what findChromium sees now, else where the setup will install it. */
export function chromiumExecutable(): string {
  return findChromium() ?? DEBIAN_CHROMIUM;
}

/**
 * Returns the path of a usable Chromium. If there is none and we are root with apt-get, installs
 * Debian's chromium package (output streamed); otherwise throws with what to do.
 */
export const ensureChromium = (): string => ensureProgram(CHROMIUM);
