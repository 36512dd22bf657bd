// The programs the Firefox and WebKit smoke suites need, all from Debian: Firefox ESR (driven by
// puppeteer-core over WebDriver BiDi), WebKitWebDriver with its MiniBrowser, and Xvfb for its display.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ensureProgram, findProgram, type SystemProgram } from '../system-packages';

export type EngineName = 'firefox' | 'webkit';

export const FIREFOX: SystemProgram = {
  label: 'Firefox ESR',
  envVar: 'FIREFOX_PATH',
  paths: ['/usr/bin/firefox-esr'],
  names: ['firefox-esr', 'firefox'],
  packages: ['firefox-esr'],
};

export const WEBKIT_DRIVER: SystemProgram = {
  label: 'WebKitWebDriver',
  envVar: 'WEBKIT_WEBDRIVER_PATH',
  paths: ['/usr/bin/WebKitWebDriver'],
  names: ['WebKitWebDriver'],
  packages: ['webkit2gtk-driver'],
};

export const XVFB: SystemProgram = {
  label: 'Xvfb',
  envVar: 'XVFB_PATH',
  paths: ['/usr/bin/Xvfb'],
  names: ['Xvfb'],
  packages: ['xvfb'],
};

/** The browser WebKitWebDriver starts: the MiniBrowser that ships with Debian's WebKitGTK. */
export function miniBrowser(): string {
  const fromEnv = process.env.WEBKIT_MINIBROWSER_PATH;
  if (fromEnv) return fromEnv;
  const found = readdirSync('/usr/lib', { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .flatMap((arch) => ['webkit2gtk-4.1', 'webkit2gtk-4.0'].map((dir) => join('/usr/lib', arch.name, dir, 'MiniBrowser')))
    .find((file) => existsSync(file));
  if (!found) throw new Error("WebKit's MiniBrowser was not found under /usr/lib/*/webkit2gtk-4.*/; reinstall webkit2gtk-driver.");
  return found;
}

const PROGRAMS: Record<EngineName, SystemProgram[]> = { firefox: [FIREFOX], webkit: [WEBKIT_DRIVER, XVFB] };

/** Set by the global setup for each engine that could not be installed: why, for the tests to report. */
export const missingVar = (engine: EngineName) => `E2E_${engine.toUpperCase()}_MISSING`;

/**
 * Installs what each engine needs (apt-get when root); an engine that cannot be installed is
 * reported loudly and recorded for its tests, which then fail under CI=true and are skipped otherwise.
 */
export function ensureEngines(): void {
  for (const engine of Object.keys(PROGRAMS) as EngineName[]) {
    try {
      for (const program of PROGRAMS[engine]) process.env[program.envVar] = ensureProgram(program);
      if (engine === 'webkit') process.env.WEBKIT_MINIBROWSER_PATH = miniBrowser();
      delete process.env[missingVar(engine)];
    } catch (error) {
      process.env[missingVar(engine)] = (error as Error).message;
      console.error(banner(engine));
    }
  }
}

export function banner(engine: EngineName): string {
  const line = '!'.repeat(100);
  return `\n${line}\n!! ${engine === 'firefox' ? 'Firefox' : 'WebKit'} could not be installed: its smoke tests ${process.env.CI ? 'FAIL' : 'are SKIPPED'}.\n!! ${process.env[missingVar(engine)]}\n${line}\n`;
}

/** The programs to run an engine with, as the setup found them (found again here when a worker starts on its own). */
export function enginePaths(engine: EngineName): Record<string, string> {
  return Object.fromEntries(
    PROGRAMS[engine].map((p) => {
      const path = findProgram(p);
      if (!path) throw new Error(process.env[missingVar(engine)] ?? `${p.label} is not installed.`);
      return [p.envVar, path];
    }),
  );
}
