// `npm run check-links -- --built` on a copy of site/ whose pages are written into a DIST_DIR the way
// the build writes them (without the browser bundles, which the check does not read).
import { cpSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { loadSite } from '../../../engine/content/load-site';
import { formatProblem } from '../../../engine/content/problem';
import { renderPage } from '../../../engine/render/render-page';
import { htmlFileFor, renderSitemap } from '../../../engine/render/site-files';
import { readSchemas, readSiteFiles } from '../../../scripts/read-project';
import { contentCopyPerTest, runCommand, runCommandProcess } from '../../support/content-copy';

// Each case loads the site and renders it; the first starts a tsx process too. Give slow, busy machines room.
vi.setConfig({ testTimeout: 120_000 });

const ROOT = join(import.meta.dirname, '../../..');
const SITE_URL = 'https://example.com';
const { edit, root } = contentCopyPerTest();

/** Writes every page, the not-found page, the sitemap and public/'s files of the copy into <copy>/dist/client; returns that DIST_DIR. */
function buildCopy(): string {
  const { model, problems } = loadSite(readSiteFiles(root()), readSchemas());
  if (!model) throw new Error(problems.map(formatProblem).join('\n'));
  const dist = join(root(), 'dist');
  const write = (file: string, text: string) => {
    const full = join(dist, 'client', file);
    mkdirSync(dirname(full), { recursive: true });
    writeFileSync(full, text);
  };
  const options = { siteUrl: SITE_URL, assets: { stylesheets: [], scripts: [] }, year: 2026 };
  for (const page of model.pages) write(htmlFileFor(page.path!), renderPage(model, page.path!, options).html);
  write('404.html', renderPage(model, null, options).html);
  write('sitemap.xml', renderSitemap(model, SITE_URL));
  // As Vite does: public/ is copied beside the pages.
  cpSync(join(ROOT, 'public'), join(dist, 'client'), { recursive: true });
  return dist;
}

/** npm run check-links -- --built on the copy and its DIST_DIR: in this process, or as a process of its own (tests/support/content-copy.ts). */
function checkBuilt(dist: string, as: 'in process' | 'process' = 'in process') {
  const run = as === 'process' ? runCommandProcess : runCommand;
  return run('check-links.ts', ['--built'], { CONTENT_ROOT: root(), DIST_DIR: dist, SITE_URL });
}

/** site.yaml without its one footer link to `href` (a `- label: …` line and its `href:` line). */
function withoutLink(text: string, href: string): string {
  const link = new RegExp(`\\n {8}- label: [^\\n]*\\n {10}href: ${href.replace(/\//g, '\\/')}\\n`, 'g');
  expect(text.match(link), `one footer link to ${href}`).toHaveLength(1);
  return text.replace(link, '\n');
}

describe('npm run check-links -- --built', () => {
  it('passes on the real site: every address is a live page and links from / reach every sitemap page (as a process)', () => {
    const r = checkBuilt(buildCopy(), 'process');
    expect(r.err).not.toContain('Broken links');
    expect(r.code).toBe(0);
    expect(r.out).toContain('No new broken links, and links from / reach every page of the sitemap.');
  });

  it('fails on a canonical address that answers 301 back to the page, though links.yaml lists its redirect', () => {
    edit('site/pages/takedowns/diy.yaml', (t) => t.replace(/^sections:$/m, '  canonical: /takedowns/diy-toolkit\nsections:'));
    const r = checkBuilt(buildCopy());
    expect(r.code).toBe(1);
    expect(r.err).toContain(
      'https://example.com/takedowns/diy-toolkit — given to search engines as an address (canonical), but /takedowns/diy-toolkit is not a page: it answers 301 to /takedowns/diy',
    );
    expect(r.err).toMatch(/declared at site\/pages\/takedowns\/diy\.yaml:\d+:14/);
    expect(r.err).toContain('appears on /takedowns/diy');
  });

  it('fails on pages no link leads to, naming each with its file', () => {
    // Without the footer's Blog link nothing leads to the blog, its articles or its category pages.
    edit('site/site.yaml', (t) => withoutLink(t, '/blog'));
    const r = checkBuilt(buildCopy());
    expect(r.code).toBe(1);
    expect(r.err).toContain('Pages no link leads to (17)');
    expect(r.err).toContain('  /blog (site/pages/blog.yaml)');
    expect(r.err).toContain('  /blog/1 (site/blog/how-to-file-a-dmca-takedown-notice.md)');
    expect(r.err).toContain('  /blog/category/dmca-guides (site/pages/blog.yaml)');
  });

  it('passes a page no link leads to when site/links.yaml lists it as unlinked, with its reason', () => {
    edit('site/site.yaml', (t) => withoutLink(t, '/about'));
    edit('site/links.yaml', (t) => `${t}unlinked:\n  - path: /about\n    reason: Shown only to visitors of the spring campaign.\n`);
    const r = checkBuilt(buildCopy());
    expect(r.err).not.toContain('Pages no link leads to');
    expect(r.code).toBe(0);
    expect(r.out).toContain('  /about: Shown only to visitors of the spring campaign.');
  });
});
