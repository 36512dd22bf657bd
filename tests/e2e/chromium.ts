// Finds the system Chromium the e2e tests drive, installing it with apt-get when the tests run as
// root on a fresh machine. Playwright's own browser download is not used, so `npx playwright install`
// is never needed.
//
// It is Chromium's headless shell (Debian's `chromium-headless-shell`, the same Chromium release and
// Blink as the `chromium` package, without the browser's windows and toolbar), the build Playwright
// itself runs for headless Chromium. The full browser in headless mode opens a window for every page
// and preloads the address bar's suggestion list into a renderer of its own: about two thirds of a CPU
// second per test on top of the page, against about a fifth in the shell (docs/developers/decisions.md,
// "End-to-end tests run in Chromium's headless shell").
import { ensureProgram, findProgram, type SystemProgram } from './system-packages';

/** Where Debian's chromium-headless-shell package puts its launcher. */
export const DEBIAN_CHROMIUM = '/usr/bin/chromium-headless-shell';

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
  label: "Chromium's headless shell",
  envVar: 'CHROMIUM_PATH',
  paths: [DEBIAN_CHROMIUM],
  names: ['chromium-headless-shell'],
  packages: ['chromium-headless-shell'],
};

/**
 * CHROMIUM_PATH when set (it must then exist), else /usr/bin/chromium-headless-shell, else
 * `chromium-headless-shell` on PATH; null when there is none. Never installs anything.
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
