/**
 * The built site the resilience tests serve with the real server. It lives in its own directory
 * (RESILIENCE_DIST_DIR, default <tmp>/res-dist-<a hash of the clone's path>) so a run never disturbs
 * dist/, and two clones on one machine never build into the same folder at once.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { SiteModel } from '../../../engine/content/model';

export const ROOT = join(import.meta.dirname, '..', '..', '..');
const CLONE = createHash('sha256').update(ROOT).digest('hex').slice(0, 12);
export const DIST_DIR = resolve(process.env.RESILIENCE_DIST_DIR ?? join(tmpdir(), `res-dist-${CLONE}`));
export const CLIENT_DIR = join(DIST_DIR, 'client');
/**
 * The compiled server of a build named in RESILIENCE_DIST_DIR (npm test builds dist/ just before):
 * it starts on half the CPU of server/index.ts through tsx, which matters over some twenty starts.
 * Without it the server runs from source, so a change in server/ needs no build.
 */
export const BUILT_SERVER =
  process.env.RESILIENCE_DIST_DIR && existsSync(join(DIST_DIR, 'server', 'index.js')) ? join(DIST_DIR, 'server', 'index.js') : null;
const MODEL_FILE = join(DIST_DIR, 'site-model.json');

// What the build reads; a build older than any of these is stale.
const SOURCES = ['site', 'engine', 'apps', 'contracts', 'tooling', 'schemas', 'scripts', 'public', 'vite.config.ts', 'package.json'];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const name of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, name)));
  return newest;
}

function isBuilt(): boolean {
  return existsSync(join(CLIENT_DIR, 'index.html')) && existsSync(join(CLIENT_DIR, '404.html')) && existsSync(MODEL_FILE);
}

/**
 * Builds the site when there is no build yet or it is older than its sources. A directory given
 * in RESILIENCE_DIST_DIR is used as it is once it holds a build.
 */
export function ensureSiteBuilt(): void {
  if (isBuilt()) {
    if (process.env.RESILIENCE_DIST_DIR) return;
    const builtAt = statSync(MODEL_FILE).mtimeMs;
    if (Math.max(...SOURCES.map((s) => newestMtime(join(ROOT, s)))) <= builtAt) return;
  }
  console.log(`Building the site into ${DIST_DIR} for the resilience tests (npx tsx scripts/build.ts)…`);
  const result = spawnSync('npx', ['tsx', 'scripts/build.ts'], { cwd: ROOT, stdio: 'inherit', env: { ...process.env, DIST_DIR } });
  if (result.error) throw new Error(`Could not run the site build: ${result.error.message}`);
  if (result.status !== 0)
    throw new Error(`The site build (npx tsx scripts/build.ts) failed with status ${result.status}; see its output above.`);
  if (!isBuilt()) throw new Error(`The site build finished but ${DIST_DIR} holds no complete build.`);
}

/** The site model as the build wrote it: the forms and badges the server checks against. */
export function readBuiltModel(): SiteModel {
  return JSON.parse(readFileSync(MODEL_FILE, 'utf8')) as SiteModel;
}

/** The not-found page exactly as the server sends it uncompressed. */
export function readNotFoundPage(): Buffer {
  return readFileSync(join(CLIENT_DIR, '404.html'));
}

/**
 * Every public URL of the build (pages, scripts, styles, files), as the server keys them. The
 * Brotli and gzip copies the build writes beside a file are not addresses of their own.
 */
export function builtUrls(): string[] {
  const urls: string[] = [];
  const walk = (dir: string, prefix: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name.startsWith('.')) continue;
      if (/\.(br|gz)$/.test(entry.name) && existsSync(join(dir, entry.name.slice(0, -3)))) continue;
      const rel = `${prefix}${entry.name}`;
      if (entry.isDirectory()) walk(join(dir, entry.name), `${rel}/`);
      else if (rel === 'index.html') urls.push('/');
      else if (rel.endsWith('/index.html')) urls.push(`/${rel.slice(0, -'/index.html'.length)}`);
      else if (rel !== '404.html') urls.push(`/${rel}`);
    }
  };
  walk(CLIENT_DIR, '');
  return urls.sort();
}
