import { describe, expect, it } from 'vitest';
import { loadSite } from '../../../engine/content/load-site';
import { formatProblem } from '../../../engine/content/problem';
import { readSchemas, readSiteFiles } from '../../../scripts/read-project';

const files = readSiteFiles();
const { model, problems } = loadSite(files, readSchemas());

describe('the real site/ folder', () => {
  it('loads with no problems', () => {
    // Printed as `npm run validate` prints them, so a failure says what to fix and where.
    expect(problems.map(formatProblem)).toEqual([]);
    expect(model).toBeDefined();
  });

  it('gives every page its own path', () => {
    const paths = model!.pages.map((p) => p.path);
    expect(paths.every((p) => typeof p === 'string')).toBe(true);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('has a page for every YAML file under site/pages/ and every article in site/blog/', () => {
    const pageFiles = files
      .filter((f) => f.path.startsWith('site/pages/') || f.path.startsWith('site/blog/'))
      .map((f) => f.path)
      .sort();
    const categoryPage = (path: string | null) => path?.startsWith('/blog/category/') === true;
    expect(
      model!.pages
        .filter((p) => !categoryPage(p.path))
        .map((p) => p.file)
        .sort(),
    ).toEqual(pageFiles);
  });

  it('has a page for each blog category, listing that category, with its own title', () => {
    const blog = model!.pages.find((p) => p.path === '/blog')!;
    const list = blog.sections.find((s) => s.type === 'article-list')!;
    const pages = list.categories.map((c) => model!.pages.find((p) => p.path === `/blog/category/${c.id}`));
    expect(pages.map((p) => p?.sections.find((s) => s.type === 'article-list')?.category)).toEqual(list.categories.map((c) => c.id));
    expect(new Set(pages.map((p) => p?.meta.title)).size).toBe(list.categories.length);
  });

  it.each(files.filter((f) => f.path.startsWith('site/pages/') || f.path === 'site/not-found.yaml').map((f) => f.path))(
    '%s opens with a hero and has no other',
    (file) => {
      const page = file === 'site/not-found.yaml' ? model!.notFound : model!.pages.find((p) => p.file === file)!;
      expect(page.sections[0].type).toBe('hero');
      expect(page.sections.filter((s) => s.type === 'hero')).toHaveLength(1);
    },
  );

  it('has a home page and a pricing page', () => {
    const routes = model!.pages.map((p) => p.path);
    expect(routes).toContain('/');
    expect(routes).toContain('/pricing');
  });

  it('has the not-found page without a route', () => {
    expect(model!.notFound.path).toBeNull();
    expect(model!.notFound.file).toBe('site/not-found.yaml');
  });
});
