// What the server loads on first use (server/lazy.ts): loaded once for every request that waits on
// it, and a load that fails is a logged 500 in the usual form, never a request left hanging, and is
// tried again by the next request.
import { PassThrough } from 'node:stream';
import express, { type RequestHandler } from 'express';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorHandler } from '../../../server/app';
import { answerInternalError } from '../../../server/internal-error';
import { lazy, lazyHandler } from '../../../server/lazy';
import { createLogger, createRequestLogger } from '../../../server/logging';
import { listen, type Running } from './helpers';

const running: Running[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((r) => r.close()));
});

/** An app whose requests pass the request logger first, as the server's do, its lines written to `lines`. */
async function serve(route: RequestHandler, lines: Record<string, unknown>[]): Promise<Running> {
  const destination = new PassThrough();
  destination.on('data', (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
  });
  const logger = createLogger({ level: 'info', destination });
  const app = express();
  const logRequest = createRequestLogger(
    logger,
    () => 'lazy',
    () => undefined,
  );
  app.use((req, res, next) => {
    logRequest(req, res);
    next();
  });
  app.get('/lazy', route);
  app.get('/page', (req, res) => answerInternalError(req, res, new Error('chunk-XYZ.js is missing at /srv/app/dist')));
  app.use(errorHandler);
  const server = await listen(app);
  running.push(server);
  return server;
}

describe('a handler loaded on first use', () => {
  it('is loaded once for requests that arrive while it loads, then answers each', async () => {
    let loads = 0;
    let release!: () => void;
    const loaded = new Promise<void>((resolve) => (release = resolve));
    const handler = lazyHandler(async () => {
      loads++;
      await loaded;
      return (_req, res) => void res.json({ ok: true });
    });
    let arrived = 0;
    const server = await serve((req, res, next) => (arrived++, handler(req, res, next)), []);
    const first = fetch(`${server.url}/lazy`);
    const second = fetch(`${server.url}/lazy`);
    // Both are waiting on the one load before it finishes.
    await vi.waitFor(() => expect(arrived).toBe(2));
    release();
    const answers = await Promise.all([first, second]);
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    expect((await fetch(`${server.url}/lazy`)).status).toBe(200);
    expect(loads).toBe(1);
  });

  it('answers a failed load with a logged 500 and no details, and tries again on the next request', async () => {
    let loads = 0;
    const handler = lazyHandler(async () => {
      loads++;
      if (loads === 1) throw new Error('Cannot find module /srv/app/dist/server/router-ABC.js');
      return (_req, res) => void res.json({ ok: true });
    });
    const lines: Record<string, unknown>[] = [];
    const server = await serve(handler, lines);
    const failed = await fetch(`${server.url}/lazy`);
    expect(failed.status).toBe(500);
    const text = await failed.text();
    expect(text).not.toMatch(/router-ABC|srv/);
    expect(lines.find((l) => l.level === 'error')?.err).toMatchObject({ message: expect.stringContaining('router-ABC') });
    const retried = await fetch(`${server.url}/lazy`);
    expect(retried.status).toBe(200);
    expect(loads).toBe(2);
  });
});

describe('a value loaded on first use', () => {
  it('is not loaded until asked for, and says when it has been', async () => {
    let loads = 0;
    const value = lazy(async () => ++loads);
    expect(value.started).toBe(false);
    expect(value.loaded).toBeUndefined();
    expect(loads).toBe(0);
    await expect(Promise.all([value.get(), value.get()])).resolves.toEqual([1, 1]);
    expect(value.loaded).toBe(1);
    expect(loads).toBe(1);
  });
});

describe('a page whose code could not be loaded', () => {
  it('is answered 500 in plain text, the cause logged and not shown', async () => {
    const lines: Record<string, unknown>[] = [];
    const server = await serve((_req, res) => void res.end(), lines);
    const res = await fetch(`${server.url}/page`);
    expect(res.status).toBe(500);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.text()).not.toMatch(/chunk-XYZ|srv/);
    expect(lines.find((l) => l.level === 'error')?.err).toMatchObject({ message: expect.stringContaining('chunk-XYZ') });
  });
});
