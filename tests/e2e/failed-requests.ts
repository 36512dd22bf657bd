// The requests a page makes that fail or answer 4xx/5xx, as the browser's console would list them.
import type { Page, Request, Response } from '@playwright/test';

export interface FailedRequests {
  /** "METHOD url: error or status", one per request, in the order they failed. */
  readonly failed: string[];
  /** Stops watching (a page shared across tests watches each test's loads only). */
  stop(): void;
}

/** Watches every request the page makes from now on until `stop()`. */
export function watchRequests(page: Page): FailedRequests {
  const failed: string[] = [];
  const onFailed = (r: Request) => failed.push(`${r.method()} ${r.url()}: ${r.failure()?.errorText}`);
  const onResponse = (r: Response) => {
    if (r.status() >= 400) failed.push(`${r.request().method()} ${r.url()}: ${r.status()}`);
  };
  page.on('requestfailed', onFailed);
  page.on('response', onResponse);
  return {
    failed,
    stop() {
      page.off('requestfailed', onFailed);
      page.off('response', onResponse);
    },
  };
}
