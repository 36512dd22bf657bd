// Deleting a page from the editor, on a copy of site/: a page other pages link to leaves those
// links for the writer to change (and the check a publish runs refuses them); with a redirect to a
// live page, links.yaml keeps its address as a former one (comments kept) and nothing is refused.
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadSite } from '../../../engine/content/load-site';
import { unpublishedLinkProblems } from '../../../server/content/published-links';
import { PathRefused, readSchemaSet, versionOf } from '../../../server/content/content-files';
import { createEditor, type Editor } from '../../../server/content/editor';
import { CONTENT_ROOT, readSiteFiles } from '../../../scripts/read-project';

const ROOT = join(import.meta.dirname, '../../..');
const ABOUT = 'site/pages/about.yaml';
const SITE_URL = 'https://example.com';
const schemas = readSchemaSet(join(ROOT, 'schemas'));

describe('deleting a page', { timeout: 60_000 }, () => {
  let contentRoot: string;
  let editor: Editor;
  const text = (path: string) => readFileSync(join(contentRoot, path), 'utf8');
  const publishCheck = () => unpublishedLinkProblems(loadSite(readSiteFiles(contentRoot), schemas).model!, SITE_URL);

  beforeEach(() => {
    contentRoot = mkdtempSync(join(tmpdir(), 'delete-'));
    cpSync(join(CONTENT_ROOT, 'site'), join(contentRoot, 'site'), { recursive: true });
    editor = createEditor({ contentRoot, schemas, siteUrl: SITE_URL, previewStylesheets: [] });
  });
  afterEach(() => rmSync(contentRoot, { recursive: true, force: true }));

  it('without a redirect: the file goes, and every link still leading to it is listed and refused by a publish', async () => {
    const outcome = await editor.remove({ path: ABOUT, version: versionOf(text(ABOUT)) });
    if (!('removed' in outcome)) throw new Error(JSON.stringify(outcome));
    expect(existsSync(join(contentRoot, ABOUT))).toBe(false);
    expect(outcome.removed.linkedFrom.length).toBeGreaterThan(0);
    expect(outcome.removed.linkedFrom.every((p) => p.message.startsWith('/about: no page at /about'))).toBe(true);
    const refused = publishCheck();
    expect(refused.map((p) => `${p.file}:${p.line}`).sort()).toEqual(outcome.removed.linkedFrom.map((p) => `${p.path}:${p.line}`).sort());
  });

  it('with a redirect to a live page: links.yaml keeps the address, its comments stay, and nothing is refused', async () => {
    const before = text('site/links.yaml');
    const outcome = await editor.remove({ path: ABOUT, version: versionOf(text(ABOUT)), redirect: '/contact' });
    if (!('removed' in outcome)) throw new Error(JSON.stringify(outcome));
    expect(outcome.removed.linkedFrom).toEqual([]);
    const after = text('site/links.yaml');
    expect(after.startsWith(before.trimEnd().split('\n').slice(0, 8).join('\n'))).toBe(true);
    expect(after).toContain('  - href: /about\n');
    expect(after).toContain('    redirect: /contact\n    formerAddress: true\n');
    const { model, problems } = loadSite(readSiteFiles(contentRoot), schemas);
    expect(problems).toEqual([]);
    expect(model!.knownLinks.find((k) => k.href === '/about')).toMatchObject({ redirect: '/contact', formerAddress: true });
    expect(publishCheck()).toEqual([]);
  });

  it('refuses a redirect that leads nowhere, a stale version and a file that is no page, and deletes nothing', async () => {
    const version = versionOf(text(ABOUT));
    for (const redirect of ['/no-such-page', 'https://elsewhere.example/', '/about']) {
      const outcome = await editor.remove({ path: ABOUT, version, redirect });
      expect('problems' in outcome && outcome.problems[0]!.pointer, redirect).toBe('/redirect');
    }
    expect('conflict' in (await editor.remove({ path: ABOUT, version: 'stale' }))).toBe(true);
    expect(() => editor.remove({ path: 'site/faq/general-questions.yaml', version })).toThrow(PathRefused);
    expect(existsSync(join(contentRoot, ABOUT))).toBe(true);
  });
});
