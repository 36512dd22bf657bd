// deploy/nginx.conf lets a takedown notice with its evidence files through, and nothing else as
// large: the notice's two addresses (its API endpoint and its page) take the multipart bound the
// server enforces, every other address keeps the small one. `nginx -t` reads the file when nginx is installed.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { deployNginxConfig } from '../../../bench/lib/nginx';
import { loadSite } from '../../../engine/content/load-site';
import { MAX_BODY_BYTES, NOTICE_MAX_BODY_BYTES } from '../../../server/api/json-body';
import { MAX_NOTICE_BODY_BYTES } from '../../../server/notices/multipart';
import { readSchemas, readSiteFiles } from '../../../scripts/read-project';

const CONF = readFileSync(join(import.meta.dirname, '../../../deploy/nginx.conf'), 'utf8');
const NGINX = '/usr/sbin/nginx';

/** nginx's size syntax (640k, 52m) in bytes. */
function bytesOf(size: string): number {
  const m = /^(\d+)([km]?)$/i.exec(size);
  if (!m) throw new Error(`Not an nginx size: ${size}`);
  return Number(m[1]) * ({ '': 1, k: 1024, m: 1024 * 1024 } as Record<string, number>)[m[2]!.toLowerCase()]!;
}

/** The body of `location = path { … }` (no nested blocks in this file's locations). */
const locationBody = (path: string) => new RegExp(`location = ${path.replace(/[/.]/g, '\\$&')} \\{([^}]*)\\}`).exec(CONF)?.[1] ?? null;
const limitIn = (text: string) => /client_max_body_size (\S+);/.exec(text)?.[1];

describe('deploy/nginx.conf body limits', () => {
  const loaded = loadSite(readSiteFiles(), readSchemas());
  const model = loaded.model!;
  const form = Object.values(model.forms).find((f) => f.files)!;
  const page = model.pages.find((p) => p.sections.some((s) => s.type === 'form' && s.definition.id === form.id))!;

  it('keeps the small limit everywhere else, above the API’s own so the server answers with its error', () => {
    const general = bytesOf(limitIn(CONF.slice(0, CONF.indexOf('server {')))!);
    expect(general).toBeGreaterThanOrEqual(Math.max(MAX_BODY_BYTES, NOTICE_MAX_BODY_BYTES));
    expect(general).toBeLessThan(1024 * 1024);
  });

  it.each([
    ['the API endpoint of the form with files', () => form.submit.endpoint],
    ['the page the form posts to without script', () => page.path!],
  ])('lets %s take the whole multipart bound, and not far beyond it', (_what, path) => {
    const body = locationBody(path());
    expect(body).not.toBeNull();
    const limit = bytesOf(limitIn(body!)!);
    expect(limit).toBeGreaterThanOrEqual(MAX_NOTICE_BODY_BYTES);
    expect(limit).toBeLessThan(MAX_NOTICE_BODY_BYTES * 1.1);
    expect(body).toContain('proxy_pass http://takedown_site;');
  });

  it.skipIf(!existsSync(NGINX))('is read by nginx -t', () => {
    const prefix = mkdtempSync(join(tmpdir(), 'nginx-conf-'));
    try {
      for (const t of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(join(prefix, 'temp', t), { recursive: true });
      const file = join(prefix, 'nginx.conf');
      writeFileSync(file, deployNginxConfig([3001])(prefix, 18_443));
      const r = spawnSync(NGINX, ['-t', '-p', prefix, '-c', file], { encoding: 'utf8' });
      expect(r.stderr).toContain('syntax is ok');
    } finally {
      rmSync(prefix, { recursive: true, force: true });
    }
  });
});
