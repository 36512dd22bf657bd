import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../../..');
let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

it('finishes and exits 0 on SIGTERM, after serving requests', async () => {
  dir = mkdtempSync(join(tmpdir(), 'server-stop-'));
  mkdirSync(join(dir, 'dist/client'), { recursive: true });
  writeFileSync(join(dir, 'dist/client/index.html'), '<!DOCTYPE html><title>Home</title><h1>Home</h1>');
  writeFileSync(join(dir, 'dist/client/404.html'), '<!DOCTYPE html><title>Missing</title><h1>Page Not Found</h1>');
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'server/index.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DIST_DIR: join(dir, 'dist'),
      DATA_DIR: join(dir, 'data'),
      SITE_URL: 'https://example.org',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  const port = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start: ${out}`)), 15_000);
    child.stdout.on('data', () => {
      const m = /Serving http:\/\/localhost:(\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    });
  });
  const res = await fetch(`http://127.0.0.1:${port}/healthz`);
  expect(await res.json()).toEqual({ status: 'ok' });

  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  child.kill('SIGTERM');
  expect(await exited).toBe(0);
  expect(out).toContain('SIGTERM received');
}, 30_000);
