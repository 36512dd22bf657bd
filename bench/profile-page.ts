// Where a page answer's CPU goes: the compiled server (as `npm run serve`, LOG_LEVEL=info, page views
// on) under a CPU profile while autocannon asks for one request target, as a browser with gzip.
// node --import tsx bench/profile-page.ts [dist dir] [target] [seconds] [extra header: value]
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildServer } from '../scripts/build-server';
import { SERVING_PORT, shippedServerEnv } from './http';
import { summariseProfile, type CpuProfile } from './lib/cpu-profile';
import { ROOT, runJson, startServer } from './lib/proc';
import type { LoadResult } from './lib/types';

const [distDir = '/tmp/bench-dist', target = '/', seconds = '8', extra] = process.argv.slice(2);
const headers: Record<string, string> = {
  'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  'Accept-Encoding': 'gzip',
};
if (extra) headers[extra.slice(0, extra.indexOf(':')).trim()] = extra.slice(extra.indexOf(':') + 1).trim();

const compiled = await buildServer(join(ROOT, 'node_modules', '.cache', 'bench-profile-server'));
const dataDir = mkdtempSync(join(tmpdir(), 'bench-data-'));
const profileDir = mkdtempSync(join(tmpdir(), 'bench-profile-'));
const server = await startServer({
  command: process.execPath,
  args: ['--enable-source-maps', '--cpu-prof', `--cpu-prof-dir=${profileDir}`, compiled],
  env: shippedServerEnv(distDir, dataDir),
  portPattern: SERVING_PORT,
  label: 'the shipped server',
});
try {
  const load = await runJson<LoadResult>(join(ROOT, 'bench', 'load.ts'), [
    JSON.stringify({
      url: `http://127.0.0.1:${server.port}${target}`,
      method: 'GET',
      headers,
      connections: 32,
      durationSeconds: Number(seconds),
      warmupSeconds: 2,
    }),
  ]);
  await server.stop();
  const file = readdirSync(profileDir).find((f) => f.endsWith('.cpuprofile'));
  if (!file) throw new Error('The server wrote no profile.');
  // PROFILE_COPY=<file> keeps the raw profile (for Chrome's DevTools, or a closer look).
  if (process.env.PROFILE_COPY) copyFileSync(join(profileDir, file), process.env.PROFILE_COPY);
  const summary = summariseProfile(JSON.parse(readFileSync(join(profileDir, file), 'utf8')) as CpuProfile, ROOT, 25);
  console.log(JSON.stringify({ target, answers: load.total, statusCodes: load.statusCodes, ...summary }, null, 1));
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(profileDir, { recursive: true, force: true });
}
