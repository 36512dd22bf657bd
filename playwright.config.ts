import { defineConfig } from '@playwright/test';
import type { EngineName } from './tests/e2e/engines/programs';
import { CHROMIUM_ARGS, chromiumExecutable } from './tests/e2e/chromium';
import { e2eContentRoot, e2eDataDir } from './tests/e2e/content-root';
import { e2ePorts } from './tests/e2e/ports';

// Two runs share a machine without settings: without E2E_PORT the runner takes free ports and passes
// them to its workers in the environment (tests/e2e/ports.ts); the copies of site/ and the stores
// follow the output folder (E2E_OUTPUT), which is inside the clone.
const PORTS = e2ePorts();
const PORT = PORTS.site;
const OUTPUT = process.env.E2E_OUTPUT ?? 'test-results';
const BASE_URL = `http://127.0.0.1:${PORT}`;
/** The mail server the site sends lead e-mails to during the run (tests/e2e/mail-catcher.ts). */
const SMTP_PORT = PORTS.mail;
/** The content editor's specs have a server of their own: their publishes change what it serves. */
const EDITOR_PORT = PORTS.editor;
/** The build under test (DIST_DIR, as the build and the server read it) and the site/ its servers copy (npm run test:reworded sets both). */
const DIST_DIR = process.env.DIST_DIR ?? 'dist';
const SITE_SOURCE = process.env.CONTENT_ROOT ?? '';
const CHROMIUM = {
  browserName: 'chromium' as const,
  viewport: { width: 1280, height: 800 },
  // Less motion, as a visitor may ask: the site then jumps to what a click or a fill scrolls to instead of
  // scrolling smoothly, and Playwright need not wait for the element to stop moving (up to a second and a
  // half a click). about-legal.spec.ts checks both ways of scrolling; Firefox and WebKit keep the default.
  reducedMotion: 'reduce' as const,
  launchOptions: { executablePath: chromiumExecutable(), args: CHROMIUM_ARGS },
};

/**
 * End-to-end tests against the built site, served by the real server, in the system Chromium.
 *
 * Order of a run (Playwright 1.65): clear test-results/ → start webServer → globalSetup → tests.
 * The webServer command therefore builds the site itself when dist/ is missing (the server will
 * not start without it); globalSetup finds Chromium or installs it (root + apt-get) and exports
 * CHROMIUM_PATH, which the workers see when they load this file again. It does the same for
 * Firefox ESR, WebKitWebDriver and Xvfb, which the `firefox` and `webkit` projects drive through
 * tests/e2e/engines/ (Playwright's own Firefox and WebKit builds are not used).
 */
export default defineConfig<{ engineName: EngineName }>({
  testDir: 'tests/e2e',
  outputDir: OUTPUT,
  globalSetup: './tests/e2e/global-setup.ts',
  globalTeardown: './tests/e2e/global-teardown.ts',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: 'list',
  timeout: 30_000,
  expect: { timeout: 5_000 },
  use: {
    baseURL: BASE_URL,
    // Traces cost time on every test they record, so only the CI retry records one.
    trace: 'on-first-retry',
  },
  projects: [
    // One worker: several specs publish on the one editor server, and a second publish meanwhile is refused as already running.
    { name: 'editor', testMatch: 'editor-*.spec.ts', workers: 1, use: { ...CHROMIUM, baseURL: `http://127.0.0.1:${EDITOR_PORT}` } },
    // The smoke journeys in the two other engines visitors use.
    // One worker each: a worker starts its own server and browser, so a second would only add those starts.
    { name: 'firefox', testMatch: 'engines/**/*.spec.ts', workers: 1, use: { engineName: 'firefox' } },
    { name: 'webkit', testMatch: 'engines/**/*.spec.ts', workers: 1, use: { engineName: 'webkit' } },
    // Last: its tests fill whichever worker the one-worker projects above leave free. Playwright queues
    // projects in this order and skips a test whose project is at its worker limit, so listing those
    // first runs them beside Chromium's from the start instead of one at a time after it.
    { name: 'chromium', testIgnore: ['engines/**', 'editor-*.spec.ts'], use: CHROMIUM },
  ],
  // Each command runs its TypeScript through tsx's loader in one process: `npx tsx` adds npx and a second
  // node process, about half a CPU-second each time, and the servers start one after another.
  webServer: [
    {
      command: 'node --import tsx tests/e2e/mail-catcher.ts',
      port: SMTP_PORT,
      // Ready when it says where the mail is kept (it listens first): the port check alone waits up to a second more.
      wait: { stdout: /Mail for the end-to-end tests is kept in/ },
      env: { E2E_SMTP_PORT: String(SMTP_PORT), E2E_OUTPUT: OUTPUT },
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      command: `node --import tsx tests/e2e/copy-content.ts && node --import tsx tests/e2e/ensure-build.ts && node --enable-source-maps ${DIST_DIR}/server/index.js`,
      url: `${BASE_URL}/healthz`,
      env: {
        PORT: String(PORT),
        HOST: '127.0.0.1',
        DATA_DIR: e2eDataDir(OUTPUT),
        // The content editor saves into a copy of site/ made at start, never into the repository's.
        CONTENT_ROOT: e2eContentRoot(OUTPUT),
        E2E_SITE_SOURCE: SITE_SOURCE,
        SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
        MAIL_FROM: 'leads@takedownshield.test',
        LEADS_EMAIL_TO: 'team@takedownshield.test',
        // Visitors' answers to replies (reply+<token>@takedownshield.test) come back here.
        INBOUND_SMTP_PORT: String(PORTS.inbound),
        NOTIFY_POLL_MS: '100',
        NOTIFY_RETRY_BASE_MS: '200',
        // Every test signs in from 127.0.0.1; the limit's own test runs in process (admin-api.test.ts).
        SIGN_IN_RATE_LIMIT_MAX: '1000',
        // Searches too; the search limit's own test runs in process (search-limits.test.ts).
        SEARCH_RATE_LIMIT_MAX: '1000',
        // The same for posts: many specs send forms at once; the API limit is tested in process (api-rate-limit.test.ts).
        RATE_LIMIT_MAX: '1000',
        // Specs send one text from many addresses, which the spam score would hold as a campaign: that signal has its
        // own tests (tests/unit/spam, the store's quarantine tests), the others score as they do in production.
        SPAM_WEIGHTS: 'same-message=0',
        // No DNS question leaves the machine.
        SPAM_MAIL_CHECK: 'off',
        // Form tokens stay on (pages set them, browsers send them back), but Playwright fills a form faster than a
        // person: the two-second rule has its own tests (tests/unit/server/form-tokens.test.ts).
        FORM_MIN_FILL_SECONDS: '0',
        // Page views reach the store within a fifth of a second, so the conversion view's test need not wait long.
        PAGE_VIEWS_FLUSH_MS: '200',
        // Only problems: a JSON line per request would bury the test report.
        LOG_LEVEL: 'warn',
      },
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'pipe',
      stderr: 'pipe',
    },
    {
      // Started after the one above, so the build it may have made is there.
      command: `node --import tsx tests/e2e/copy-content.ts && node --enable-source-maps ${DIST_DIR}/server/index.js`,
      url: `http://127.0.0.1:${EDITOR_PORT}/healthz`,
      env: {
        PORT: String(EDITOR_PORT),
        HOST: '127.0.0.1',
        DATA_DIR: e2eDataDir(OUTPUT, true),
        CONTENT_ROOT: e2eContentRoot(OUTPUT, true),
        E2E_SITE_SOURCE: SITE_SOURCE,
        SIGN_IN_RATE_LIMIT_MAX: '1000',
        // Searches too; the search limit's own test runs in process (search-limits.test.ts).
        SEARCH_RATE_LIMIT_MAX: '1000',
        RATE_LIMIT_MAX: '1000',
        // No test asks DNS, as on the server above.
        SPAM_MAIL_CHECK: 'off',
        LOG_LEVEL: 'warn',
      },
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'pipe',
      stderr: 'pipe',
    },
  ],
});
