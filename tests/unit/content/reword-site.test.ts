// npm run test:reworded runs the tests on a copy of site/ with other words (tests/support/reword-site.ts).
// This shows the copy is a valid site whose headings, titles, questions and labels all differ, so a
// test that copied the words would fail on it, while one that reads the model passes.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadSite } from '../../../engine/content/load-site';
import type { SiteModel } from '../../../engine/content/model';
import { formatProblem } from '../../../engine/content/problem';
import { CONTENT_ROOT, readSchemas, readSiteFiles } from '../../../scripts/read-project';
import { rewordSite, rewordText } from '../../support/reword-site';

const schemas = readSchemas();
const original = loadSite(readSiteFiles(), schemas).model!;
const roots = [mkdtempSync(join(tmpdir(), 'reworded-a-')), mkdtempSync(join(tmpdir(), 'reworded-b-'))];
afterAll(() => roots.forEach((root) => rmSync(root, { recursive: true, force: true })));
const changed = rewordSite(CONTENT_ROOT, roots[0]!, 'unit');
const reworded = loadSite(readSiteFiles(roots[0]!), schemas);

const heroTitle = (model: SiteModel, path: string) => {
  const hero = model.pages.find((p) => p.path === path)!.sections[0]!;
  return hero.type === 'hero' ? hero.title : '';
};

describe('the reworded copy of site/', () => {
  it('is a valid site, with the same pages', () => {
    expect(reworded.problems.map(formatProblem)).toEqual([]);
    expect(reworded.model!.pages.map((p) => p.path)).toEqual(original.pages.map((p) => p.path));
    expect(changed.length).toBeGreaterThan(50);
  });

  it('gives every page other words for its title and its h1, each as long as before', () => {
    for (const page of original.pages) {
      const other = reworded.model!.pages.find((p) => p.path === page.path)!;
      expect(other.meta.title, page.path!).not.toBe(page.meta.title);
      expect(other.meta.title).toHaveLength(page.meta.title.length);
      expect(heroTitle(reworded.model!, page.path!), page.path!).not.toBe(heroTitle(original, page.path!));
    }
  });

  it('gives every FAQ question and answer other words, and keeps the placeholders filled in', () => {
    for (const [id, set] of Object.entries(original.faqSets)) {
      const other = reworded.model!.faqSets[id]!;
      set.items.forEach((item, i) => {
        expect(other.items[i]!.id).toBe(item.id);
        expect(other.items[i]!.question, `${id}#${item.id}`).not.toBe(item.question);
        expect(other.items[i]!.answer, `${id}#${item.id}`).not.toBe(item.answer);
        expect(other.items[i]!.answer).not.toContain('{price:');
      });
    }
  });

  it('makes a test that copied a heading fail, and one that reads it from the model pass', () => {
    const copiedHeading = heroTitle(original, '/about');
    const literal = () => expect(heroTitle(reworded.model!, '/about')).toBe(copiedHeading);
    expect(literal).toThrow();
    const fromModel = () =>
      expect(heroTitle(reworded.model!, '/about')).toBe(reworded.model!.pages.find((p) => p.path === '/about')!.meta.title);
    // The about page's h1 is its title, as the model says in either copy.
    expect(heroTitle(original, '/about')).toBe(original.pages.find((p) => p.path === '/about')!.meta.title);
    expect(fromModel).not.toThrow();
  });

  // A second copy of site/ to compare with: a few seconds on a busy machine.
  it('is the same on every run with the same seed, and keeps the spec texts and link targets', { timeout: 60_000 }, () => {
    rewordSite(CONTENT_ROOT, roots[1]!, 'unit');
    for (const file of changed)
      expect(readFileSync(join(roots[1]!, 'site', file), 'utf8'), file).toBe(readFileSync(join(roots[0]!, 'site', file), 'utf8'));
    expect(readFileSync(join(roots[0]!, 'site', 'not-found.yaml'), 'utf8')).toBe(
      readFileSync(join(CONTENT_ROOT, 'site', 'not-found.yaml'), 'utf8'),
    );
    expect(rewordText('See [our prices](/pricing) from {price:takedowns.personal}.', 'unit')).toMatch(
      /^\w+ \[\w+ \w+\]\(\/pricing\) \w+ \{price:takedowns\.personal\}\.$/,
    );
    expect(rewordText('Send Message', 'unit')).not.toBe(rewordText('Send Message', 'other seed'));
  });
});
