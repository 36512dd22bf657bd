// One browser page per worker, for specs whose tests each load their page afresh and only read it:
// the cost of a new context and renderer per test adds up over many routes on a 2-core machine.
import type { BrowserContext, BrowserContextOptions, Page, PlaywrightWorkerArgs, WorkerFixture } from '@playwright/test';

/**
 * A worker-scoped page fixture: a context with the project's base URL and viewport (plus `options`),
 * prepared by `prepare` when given (routes, say), closed when the worker ends.
 */
export function workerPage(
  options: BrowserContextOptions = {},
  prepare?: (context: BrowserContext) => Promise<unknown>,
): [WorkerFixture<Page, PlaywrightWorkerArgs>, { scope: 'worker' }] {
  return [
    async ({ browser }, use, workerInfo) => {
      const { baseURL, viewport } = workerInfo.project.use;
      const context = await browser.newContext({ baseURL, viewport, ...options });
      await prepare?.(context);
      await use(await context.newPage());
      await context.close();
    },
    { scope: 'worker' },
  ];
}
