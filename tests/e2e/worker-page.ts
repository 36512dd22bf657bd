// One browser page per worker, for specs whose tests each load their page afresh and only read it:
// the cost of a new context and renderer per test adds up over many routes on a 2-core machine.
import type {
  Browser,
  BrowserContext,
  BrowserContextOptions,
  Page,
  PlaywrightTestArgs,
  PlaywrightWorkerArgs,
  TestFixture,
} from '@playwright/test';

/**
 * A page kept for the rest of the worker's life: a context with the project's base URL and viewport
 * (plus `options`), prepared by `prepare` when given (routes, say), made by the first test that asks
 * for it and handed to each later one; the browser closes it when the worker ends.
 *
 * It is a test-scoped fixture over module state, not a worker-scoped fixture: Playwright runs a spec
 * that declares a worker fixture of its own only in workers of its own, so each such spec would cost
 * a worker start (a process, the browser, the site model) on each of the two workers; queued last,
 * such starts took the run's last 20 seconds (see the decision record on sharing one kind of worker).
 */
export function workerPage(
  options: BrowserContextOptions = {},
  prepare?: (context: BrowserContext) => Promise<unknown>,
): TestFixture<Page, PlaywrightTestArgs & PlaywrightWorkerArgs> {
  let kept: { browser: Browser; page: Page } | undefined;
  return async ({ browser }, use, testInfo) => {
    if (kept?.browser !== browser || kept.page.isClosed()) {
      const { baseURL, viewport } = testInfo.project.use;
      const context = await browser.newContext({ baseURL, viewport, ...options });
      await prepare?.(context);
      kept = { browser, page: await context.newPage() };
    }
    await use(kept.page);
  };
}
