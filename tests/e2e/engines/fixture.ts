// The `engine` fixture of the Firefox and WebKit projects: per worker, a server of the built site
// and one browser; per test, a clean start; and `shot()` to keep a screenshot of a journey with
// the test's results. `editorSite`, started only by the tests that ask for it, is a second server
// whose content editor saves and publishes into a copy of site/ of its own.
import { test as base, type TestInfo } from '@playwright/test';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { CONTENT_ROOT } from '../../../scripts/read-project';
import { launchEngine, type Engine } from './driver';
import { startHttpServer, type HttpServer } from './http-server';
import { missingVar, type EngineName } from './programs';

export const test = base.extend<
  { engine: Engine; site: HttpServer },
  { engineName: EngineName; server: HttpServer; launched: Engine | null; editorSite: EditorSite }
>({
  engineName: ['firefox', { option: true, scope: 'worker' }],
  server: [
    async ({ engineName }, provide, workerInfo) => {
      const dataDir = join(process.env.E2E_OUTPUT ?? 'test-results', `${engineName}-server-${workerInfo.workerIndex}`);
      const server = await startHttpServer(dataDir);
      await provide(server);
      server.stop();
    },
    { scope: 'worker', timeout: 30_000 },
  ],
  editorSite: [
    async ({ engineName }, provide, workerInfo) => {
      // Outside the project, as the editor specs' copy is: a publish commits content that sits in a git repository.
      const contentRoot = mkdtempSync(join(tmpdir(), `takedown-${engineName}-content-`));
      // The site/ the tests read their expectations from: the project's, or npm run test:reworded's copy.
      cpSync(join(CONTENT_ROOT, 'site'), join(contentRoot, 'site'), { recursive: true });
      const dataDir = resolve(process.env.E2E_OUTPUT ?? 'test-results', `${engineName}-editor-server-${workerInfo.workerIndex}`);
      const server = await startHttpServer(dataDir, { CONTENT_ROOT: contentRoot });
      await provide({ ...server, contentRoot });
      server.stop();
      rmSync(contentRoot, { recursive: true, force: true });
    },
    { scope: 'worker', timeout: 30_000 },
  ],
  launched: [
    async ({ engineName, server }, provide) => {
      if (process.env[missingVar(engineName)]) {
        await provide(null);
        return;
      }
      const engine = await launchEngine(engineName, server.url);
      await provide(engine);
      await engine.close();
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  site: async ({ server }, provide) => provide(server),
  engine: async ({ launched, engineName }, provide, testInfo) => {
    const missing = process.env[missingVar(engineName)];
    if (missing) {
      // Under CI a browser that could not be installed fails its tests; elsewhere they are skipped, loudly.
      if (process.env.CI) throw new Error(missing);
      testInfo.skip(true, `${engineName} is not installed: ${missing}`);
    }
    await launched!.reset();
    await provide(launched!);
  },
});

export { expect } from '@playwright/test';

/** A server whose editor saves into `contentRoot`/site and publishes what it serves. */
export interface EditorSite extends HttpServer {
  contentRoot: string;
}

/** Keeps a screenshot of the page as it is now, named for the journey, with the test's results. */
export async function shot(engine: Engine, testInfo: TestInfo, name: string): Promise<void> {
  const file = testInfo.outputPath(`${engine.name}-${name}.png`);
  // WebKitWebDriver captures the last frame painted: let the page paint what the journey just did.
  await engine.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
  await engine.screenshot(file);
}
