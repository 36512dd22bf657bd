// Where each section is declared: marked by the dev server, never in a page the build renders.
import { describe, expect, it } from 'vitest';
import { loadSite } from '../../../engine/content/load-site';
import { renderPage, type RenderOptions } from '../../../engine/render/render-page';
import { readSchemas, readSiteFiles } from '../../../scripts/read-project';

const files = readSiteFiles();
const { model } = loadSite(files, readSchemas());
const BUILD: RenderOptions = { siteUrl: 'https://example.com', year: 2026, assets: { stylesheets: [], scripts: ['/entry.js'] } };
const marks = (html: string) => [...html.matchAll(/data-source="([^"]+)"/g)].map((m) => m[1]);

describe('section sources', () => {
  it('the loader keeps, for each section, the line and column of its first field', () => {
    const page = model!.pages.find((p) => p.path === '/pricing')!;
    const text = files.find((f) => f.path === page.file)!.text.split('\n');
    expect(page.sources).toHaveLength(page.sections.length);
    page.sources.forEach((at, i) => {
      expect(text[at.line - 1].slice(at.column - 1), `sections[${i}]`).toBe(`type: ${page.sections[i].type}`);
    });
  });

  it.each(model!.pages.map((p) => p.path!))('%s as built has no source marks', (path) => {
    const { html } = renderPage(model!, path, BUILD);
    expect(marks(html)).toEqual([]);
    expect(html).not.toContain('dev-source');
  });

  it('the dev server marks every section of a page with its file:line:column, hidden unless asked to show them', () => {
    const page = model!.pages.find((p) => p.path === '/pricing')!;
    const expected = page.sources.map((at) => `${page.file}:${at.line}:${at.column}`);
    const hidden = renderPage(model!, '/pricing', { ...BUILD, sources: { shown: false } }).html;
    expect(marks(hidden)).toEqual(expected);
    expect(hidden).not.toContain('class="dev-source"');
    const shown = renderPage(model!, '/pricing', { ...BUILD, sources: { shown: true } }).html;
    expect(marks(shown)).toEqual(expected);
    expect(shown).toContain(`<code>${expected[0]}</code>`);
  });
});
