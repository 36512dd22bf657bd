// Drafts: a page or article marked `draft: true` is checked like any file but is no page of the
// site (no route, sitemap entry, search entry or link source), and a live page's link to it is
// refused by the check a publish runs, naming the draft.
import { describe, expect, it } from 'vitest';
import { loadSite } from '../../../engine/content/load-site';
import { unpublishedLinkProblems } from '../../../server/content/published-links';
import { planArticle, planPage } from '../../../server/content/scaffold';
import { renderSitemap } from '../../../engine/render/site-files';
import { buildSearchIndex } from '../../../engine/search/search-index';
import { readSchemas, readSiteFiles } from '../../../scripts/read-project';

const schemas = readSchemas();
const site = readSiteFiles();
const SITE_URL = 'https://www.example.com';

const article = planArticle({ title: 'Draft Thoughts on Fair Use', author: 'Nina Patel', date: '2025-03-01' }, ['DMCA Guides']);
const page = planPage('/guides/coming-soon', () => undefined);
if (!('file' in article) || !('file' in page)) throw new Error('the starting files could not be planned');

describe('drafts', { timeout: 60_000 }, () => {
  it('start as drafts, with no instruction to run a command in the text visitors will read', () => {
    expect(article.text).toContain('\ndraft: true\n');
    expect(page.text).toContain('\ndraft: true\n');
    const body = article.text.split('\n---\n')[1]!;
    expect(body).not.toMatch(/npm run/);
  });

  it('are checked, but make no page, sitemap entry, search entry or link', () => {
    const { model, problems } = loadSite(
      [...site, { path: article.file, text: article.text }, { path: page.file, text: page.text }],
      schemas,
    );
    expect(problems).toEqual([]);
    const routes = model!.pages.map((p) => p.path);
    expect(routes).not.toContain('/guides/coming-soon');
    expect(routes).not.toContain('/blog/draft-thoughts-on-fair-use');
    expect(model!.articles.map((a) => a.file)).not.toContain(article.file);
    expect(model!.linkSources.filter((s) => s.file === article.file || s.file === page.file)).toEqual([]);
    expect(model!.drafts.map((d) => [d.file, d.route])).toEqual([
      [page.file, '/guides/coming-soon'],
      [article.file, '/blog/draft-thoughts-on-fair-use'],
    ]);
    expect(renderSitemap(model!, SITE_URL)).not.toContain('coming-soon');
    expect(buildSearchIndex(model!)).not.toContain('Draft Thoughts on Fair Use');
  });

  it('are found to have their own mistakes while still drafts', () => {
    const broken = page.text.replace('draft: true', 'draft: yes please');
    const { problems } = loadSite([...site, { path: page.file, text: broken }], schemas);
    expect(problems.map((p) => [p.file, p.path])).toEqual([[page.file, 'draft']]);
  });

  it('load as pages for a preview when asked', () => {
    const { model } = loadSite([...site, { path: page.file, text: page.text }], schemas, { withDrafts: true });
    expect(model!.pages.map((p) => p.path)).toContain('/guides/coming-soon');
  });

  it('may not be linked from a live page: the publish check names the draft', () => {
    const about = site.find((f) => f.path === 'site/pages/about.yaml')!;
    const linking = about.text.replace(/(\n\s+href: )\/contact\n/, '$1/guides/coming-soon\n');
    expect(linking).not.toBe(about.text);
    const files = [...site.filter((f) => f !== about), { path: about.path, text: linking }, { path: page.file, text: page.text }];
    const { model } = loadSite(files, schemas);
    const problems = unpublishedLinkProblems(model!, SITE_URL);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ file: about.path });
    expect(problems[0]!.message).toBe(
      `/guides/coming-soon: no page at /guides/coming-soon: ${page.file} is still a draft; mark it ready, or link to another page`,
    );
    // Marked ready, the same link passes.
    const ready = loadSite(
      [...files.filter((f) => f.path !== page.file), { path: page.file, text: page.text.replace('draft: true', 'draft: false') }],
      schemas,
    );
    expect(unpublishedLinkProblems(ready.model!, SITE_URL)).toEqual([]);
  });

  it('passes the real site, whose links all lead to live pages', () => {
    const { model } = loadSite(site, schemas);
    expect(unpublishedLinkProblems(model!, SITE_URL)).toEqual([]);
  });
});
