// The JavaScript budgets per kind of page (npm run report:size -- --check).
import { describe, expect, it } from 'vitest';
import { loadSite } from '../../../engine/content/load-site';
import { budgetKind, budgetOverruns, measurePage, type PageWeight } from '../../../tooling/page-weight';
import { readSchemas, readSiteFiles } from '../../../scripts/read-project';

const { model } = loadSite(readSiteFiles(), readSchemas());
const pageAt = (path: string) => model!.pages.find((p) => p.path === path)!;
const KB = 1024;

describe('the kind of a page', () => {
  it.each([
    ['/', 'static'],
    ['/faq/legal', 'static'],
    ['/questions', 'interactive'],
    ['/pricing', 'interactive'],
    ['/contact-us', 'form'],
  ])('%s is %s', (path, kind) => {
    expect(budgetKind(pageAt(path))).toBe(kind);
  });

  it('the not-found page is interactive: its Go Back button needs the entry script', () => {
    expect(budgetKind(model!.notFound)).toBe('interactive');
  });
});

describe('budget overruns', () => {
  const row = (kind: PageWeight['kind'], first: number, total: number): PageWeight => ({
    route: '/x',
    kind,
    htmlGzip: 0,
    jsFirstGzip: first,
    jsGzip: total,
    cssGzip: 0,
    requests: 1,
    jsFiles: [],
  });

  it.each([
    ['static', 0, 0, 0],
    ['static', 100, 100, 2],
    ['interactive', 5 * KB, 75 * KB, 0],
    ['interactive', 5 * KB + 1, 75 * KB, 1],
    ['interactive', 2 * KB, 76 * KB, 1],
    ['interactive', 76 * KB, 76 * KB, 2],
    ['form', 2 * KB, 160 * KB, 0],
    ['form', 76 * KB, 150 * KB, 1],
    ['form', 2 * KB, 161 * KB, 1],
  ] as const)('a %s page with %d bytes on load and %d in all is over %d budgets', (kind, first, total, over) => {
    expect(budgetOverruns(row(kind, first, total))).toHaveLength(over);
  });
});

describe('measurePage', () => {
  const files: Record<string, string> = { '/entry.js': 'a'.repeat(500), '/react.js': 'b'.repeat(900), '/form.js': 'c'.repeat(700) };
  const read = (url: string) => new TextEncoder().encode(files[url]);

  it('counts what the HTML names and the chunks loaded with the page as the first load, and adds the chunks loaded on intent to the total', () => {
    const html = '<html><body><script type="module" src="/entry.js"></script></body></html>';
    const w = measurePage('/f', 'form', html, read, { load: ['/react.js'], intent: ['/form.js'] });
    expect(w.jsFiles).toEqual(['/entry.js', '/react.js', '/form.js']);
    expect(w.jsFirstGzip).toBeLessThan(w.jsGzip);
    expect(w.requests).toBe(3);
  });

  it('a page that names no script weighs 0 KB of JavaScript', () => {
    const w = measurePage('/', 'static', '<html><body><p>Hi</p></body></html>', read);
    expect([w.jsFirstGzip, w.jsGzip, w.jsFiles]).toEqual([0, 0, []]);
  });
});
