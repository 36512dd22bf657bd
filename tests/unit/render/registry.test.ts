import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { kindOf } from '../../../engine/content/content-kinds';
import { sectionTypes } from '../../../engine/content/schema-set';
import { loadSite } from '../../../engine/content/load-site';
import { pageIslands } from '../../../engine/render/render-page';
import { islandMadeBy } from '../../../engine/render/island';
import { SECTION_REGISTRY } from '../../../engine/sections/registry';
import { ROOT, readSchemas, readSiteFiles } from '../../../scripts/read-project';

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? walk(full) : [full];
  });
}

const engineFiles = walk(join(ROOT, 'engine')).map((f) => relative(ROOT, f).split(sep).join('/'));
const islandFiles = new Map(
  engineFiles.filter((f) => f.endsWith('.island.tsx')).map((f) => [f.slice(f.lastIndexOf('/') + 1, -'.island.tsx'.length), f]),
);

describe('section registry', () => {
  const schemaTypes = sectionTypes(readSchemas());
  const registered = Object.keys(SECTION_REGISTRY).sort();

  it.each(schemaTypes)('the section type "%s" (schemas/sections/) has a component in SECTION_REGISTRY', (type) => {
    expect(registered).toContain(type);
  });

  it.each(registered)('the registered section type "%s" has a schema in schemas/sections/', (type) => {
    expect(schemaTypes).toContain(type);
  });
});

describe('islands', () => {
  // An entry names its island once, as the component island() made (its own component or the one it renders).
  const fromRegistry = Object.values(SECTION_REGISTRY).flatMap((e) => islandMadeBy(e.island ?? e.component)?.name ?? []);
  const names = [...new Set(['Toasts', ...fromRegistry])];

  it("every island file but the toast area is some section type's island", () => {
    expect([...islandFiles.keys()].filter((name) => name !== 'Toasts').sort()).toEqual([...new Set(fromRegistry)].sort());
  });

  it.each(names)('the island "%s" has a file engine/**/%s.island.tsx, which the browser loads by name', (name) => {
    expect(islandFiles.get(name), `no engine/**/${name}.island.tsx`).toBeDefined();
  });

  it('every island(name, …) call in engine/ names an island file', () => {
    const called = engineFiles
      .filter((f) => f.endsWith('.tsx') && f !== 'engine/render/island.tsx')
      .flatMap((f) => [...readFileSync(join(ROOT, f), 'utf8').matchAll(/\bisland\(\s*'([^']+)'/g)].map((m) => m[1]));
    expect(called.length).toBeGreaterThan(0);
    expect(called.filter((name) => !islandFiles.has(name))).toEqual([]);
  });
});

describe('editor schema comments in site/', () => {
  // Articles are Markdown; their front matter has no editor comment.
  const files = readSiteFiles().filter((f) => f.path.endsWith('.yaml'));
  const COMMENT = /^# yaml-language-server: \$schema=(\S+)$/;

  it.each(files.map((f) => [f.path, f.text] as const))('%s starts with a $schema comment that points at its schema', (path, text) => {
    const first = text.split('\n', 1)[0];
    const match = COMMENT.exec(first);
    expect(match, `${path}:1:1 should start with "# yaml-language-server: $schema=<relative path to its schema>"`).not.toBeNull();
    const target = resolve(ROOT, dirname(path), match![1]);
    expect(existsSync(target), `${path}:1:1 points at ${match![1]}, which does not exist`).toBe(true);
    // The schema the editor checks with is the one `npm run validate` checks with.
    const kind = kindOf(path);
    expect(kind, `${path} is not in a content folder`).toBeDefined();
    expect(relative(join(ROOT, 'schemas'), target).split(sep).join('/')).toBe(kind!.schema);
  });
});

describe('which islands a page hydrates', () => {
  const { model } = loadSite(readSiteFiles(), readSchemas());
  const pages = model!.pages;
  const formPage = pages.find((p) => p.sections.some((s) => s.type === 'form'))!;

  it('a page of static sections has none', () => {
    expect(pageIslands(pages.find((p) => p.path === '/')!)).toEqual([]);
  });

  it('a FAQ is an island only with a search or a category filter, and hydrates when a visitor reaches for them', () => {
    expect(pageIslands(pages.find((p) => p.path === '/faq/legal')!)).toEqual([]);
    expect(pageIslands(pages.find((p) => p.path === '/questions')!)).toEqual([{ name: 'FaqAccordion', on: 'interaction' }]);
  });

  it.each([
    ['/pricing', 'PricingTable'],
    ['/blog', 'ArticleList'],
    ['/badges', 'BadgeBuilder'],
    ['/faq', 'FaqAccordion'],
  ])('%s hydrates its %s when a visitor reaches for it, not with the page', (path, name) => {
    expect(pageIslands(pages.find((p) => p.path === path)!)).toEqual([{ name, on: 'interaction' }]);
  });

  it('a form hydrates on intent, and the toast area is there only when a form shows its result as a toast', () => {
    expect(pageIslands(formPage)).toEqual([{ name: 'FormSection', on: 'intent' }]);
    const toasting = {
      ...formPage,
      sections: formPage.sections.map((s) =>
        s.type === 'form'
          ? { ...s, definition: { ...s.definition, result: { ...s.definition.result, success: { show: 'toast' as const } } } }
          : s,
      ),
    };
    expect(pageIslands(toasting)).toEqual([
      { name: 'FormSection', on: 'intent' },
      { name: 'Toasts', on: 'load' },
    ]);
  });
});
