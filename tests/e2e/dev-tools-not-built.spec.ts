// The section catalogue and the section source marks belong to `npm run dev`: the build must carry
// neither, and the production server must not answer the catalogue's address.
import { expect, test } from '@playwright/test';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { CATALOGUE_PATH } from '../../tooling/catalogue/catalogue-path';
import { ROOT } from './ensure-build';

const DIST = resolve(ROOT, process.env.DIST_DIR ?? 'dist');

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)]));
}

test('the build has no catalogue, no source marks and no catalogue in the sitemap', () => {
  const files = filesUnder(join(DIST, 'client')).map((f) => f.slice(DIST.length));
  expect(files.filter((f) => f.includes('_catalogue'))).toEqual([]);
  const html = files.filter((f) => f.endsWith('.html'));
  expect(html.length).toBeGreaterThan(40);
  const marked = html.filter((f) => /data-source=|class="dev-source/.test(readFileSync(join(DIST, f), 'utf8')));
  expect(marked).toEqual([]);
  expect(readFileSync(join(DIST, 'client/sitemap.xml'), 'utf8')).not.toContain('_catalogue');
  // The catalogue's copy script and the dev styles are never part of the browser build either.
  const scripts = files.filter((f) => /\.(js|css)$/.test(f)).map((f) => readFileSync(join(DIST, f), 'utf8'));
  expect(scripts.some((s) => s.includes('data-copy-status') || s.includes('.dev-source'))).toBe(false);
});

test('the production server answers the catalogue address with the not-found page', async ({ page }) => {
  const res = await page.goto(CATALOGUE_PATH);
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Section catalogue' })).toHaveCount(0);
  const sourced = await page.request.get('/pricing?sources');
  expect(await sourced.text()).not.toContain('data-source=');
});
