import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { loadSite } from '../../../engine/content/load-site';
import { readSchemas, readSiteFiles } from '../../../scripts/read-project';
import { contentCopyPerTest } from '../../support/content-copy';

// A case that starts a tsx process takes seconds of CPU; give slow, busy machines room.
vi.setConfig({ testTimeout: 30_000 });

// npm run new on a copy of site/, so the real content is never edited: in this process, and once as a
// process of its own, as a writer runs it (tests/support/content-copy.ts).
const { run, runProcess, root } = contentCopyPerTest();

// What npm run validate counts on the site as it is (pages apart from articles, and articles), from its
// model, so a test does not start a process to learn it; content-commands checks validate prints the same.
const { model } = loadSite(readSiteFiles(), readSchemas());
const PAGES = model!.pages.length - model!.articles.length;
const ARTICLES = model!.articles.length;

const pagesIn = (validateOutput: string) => Number(/, (\d+) pages/.exec(validateOutput)?.[1]);
const articlesIn = (validateOutput: string) => Number(/ and (\d+) articles?/.exec(validateOutput)?.[1]);
const draftsIn = (validateOutput: string) => Number(/, (\d+) drafts? not published/.exec(validateOutput)?.[1] ?? 0);

describe('npm run new -- page', () => {
  it('writes a commented draft page that validates and is kept off the site until it is ready (as a process)', () => {
    const r = runProcess('new.ts', 'page', '/guides/youtube-claims');
    expect(r.code).toBe(0);
    expect(r.out).toContain('Wrote site/pages/guides/youtube-claims.yaml.');
    const text = readFileSync(join(root(), 'site/pages/guides/youtube-claims.yaml'), 'utf8');
    expect(text).toMatch(/^# yaml-language-server: \$schema=\.\.\/\.\.\/\.\.\/schemas\/page\.schema\.json\n/);
    expect(text).toContain('path: /guides/youtube-claims');
    expect(text).toContain('title: "Youtube Claims"');
    expect(text).toContain('draft: true');
    const v = run('validate.ts');
    expect(v.code).toBe(0);
    expect(pagesIn(v.out)).toBe(PAGES);
    expect(draftsIn(v.out)).toBe(1);
    writeFileSync(join(root(), 'site/pages/guides/youtube-claims.yaml'), text.replace('draft: true', 'draft: false'));
    const ready = run('validate.ts');
    expect(ready.code).toBe(0);
    expect(pagesIn(ready.out)).toBe(PAGES + 1);
  }, 90_000);

  it('refuses to overwrite a file, and leaves it as it was', () => {
    const file = join(root(), 'site/pages/guides/claims.yaml');
    expect(run('new.ts', 'page', '/guides/claims').code).toBe(0);
    writeFileSync(file, 'edited by hand\n');
    const r = run('new.ts', 'page', '/guides/claims');
    expect(r.code).toBe(1);
    expect(r.err).toContain('site/pages/guides/claims.yaml already exists; nothing was written.');
    expect(readFileSync(file, 'utf8')).toBe('edited by hand\n');
  });

  it('refuses an address another page already has, whatever its file is called', () => {
    const r = run('new.ts', 'page', '/pricing/');
    expect(r.code).toBe(1);
    expect(r.err).toContain('site/pages/pricing.yaml already declares the page /pricing; nothing was written.');
  });

  it.each([['/Guides/YouTube'], ['guides'], ['/guides//claims'], ['/guides/claims?x=1']])('refuses the address %s', (route) => {
    const r = run('new.ts', 'page', route);
    expect(r.code).toBe(2);
    expect(r.err).toContain('is not a page address: use lowercase letters, digits and hyphens between slashes');
  });
});

describe('npm run new -- article', () => {
  it('writes a commented draft article named after its title that validates and joins the blog once ready', () => {
    const r = run('new.ts', 'article', 'Fair Use for Streamers: A Guide', '--author', 'Nina Patel', '--date', '2025-03-01');
    expect(r.code).toBe(0);
    const file = join(root(), 'site/blog/fair-use-for-streamers-a-guide.md');
    const text = readFileSync(file, 'utf8');
    expect(text).toMatch(/^---\n/);
    expect(text).toContain('title: "Fair Use for Streamers: A Guide"');
    expect(text).toContain('date: 2025-03-01');
    expect(text).toContain('author: "Nina Patel"');
    expect(text).toContain('category: "DMCA Guides"');
    expect(text).not.toContain('npm run');
    const v = run('validate.ts');
    expect(v.code).toBe(0);
    expect(articlesIn(v.out)).toBe(ARTICLES);
    expect(draftsIn(v.out)).toBe(1);
    writeFileSync(file, text.replace('draft: true\n', ''));
    const ready = run('validate.ts');
    expect(ready.code).toBe(0);
    expect(articlesIn(ready.out)).toBe(ARTICLES + 1);
  }, 90_000);

  it('refuses to overwrite an article with the same file name', () => {
    expect(run('new.ts', 'article', 'Watermarks 101', '--author', 'Nina Patel').code).toBe(0);
    const file = join(root(), 'site/blog/watermarks-101.md');
    writeFileSync(file, 'draft\n');
    const r = run('new.ts', 'article', 'Watermarks  101!', '--author', 'Nina Patel');
    expect(r.code).toBe(1);
    expect(r.err).toContain('site/blog/watermarks-101.md already exists; nothing was written.');
    expect(readFileSync(file, 'utf8')).toBe('draft\n');
  });

  it('suggests the category meant when one is misspelt, and writes nothing', () => {
    const r = run('new.ts', 'article', 'Notes on Safe Harbor', '--author', 'Nina Patel', '--category', 'Legal Update');
    expect(r.code).toBe(2);
    expect(r.err).toContain('"Legal Update" is not one of the blog\'s categories; did you mean "Legal Updates"?');
    expect(existsSync(join(root(), 'site/blog/notes-on-safe-harbor.md'))).toBe(false);
  });

  it.each([
    [['article'], "Give the article's title in quotes"],
    [['article', 'A', 'B'], 'Put a title with spaces in quotes'],
    [['article', 'A title', '--date', '2025-13-45', '--author', 'N'], '--date must be a date like 2025-03-01'],
    [['post', 'A title'], 'npm run new makes a page or an article, not "post"'],
    [[], 'npm run new makes a page or an article.'],
  ])('explains how to call it: %j', (args, message) => {
    const r = run('new.ts', ...args);
    expect(r.code).toBe(2);
    expect(r.err).toContain(message);
  });
});
