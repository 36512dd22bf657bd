import { describe, expect, it } from 'vitest';
import type { FileSummary, Problem } from '../../../contracts/editor-contract';
import { filterFiles } from '../../../apps/admin/editor/FileListView';
import { errorTreeFor, pointerParts, problemsInSection, problemText, unplacedProblems } from '../../../apps/admin/editor/problems';
import { duplicateSection, insertSection, moveSection, removeSection, sectionLabel } from '../../../apps/admin/editor/sections';

const at = (pointer: string, message: string, path = 'site/pages/privacy.yaml'): Problem => ({
  path,
  pointer,
  message,
  line: 3,
  column: 5,
});

describe('problems placed at their fields', () => {
  it('reads a pointer’s escapes', () => {
    expect(pointerParts('/a~1b/c~0d/0')).toEqual(['a/b', 'c~d', '0']);
    expect(pointerParts('')).toEqual([]);
  });

  it('builds the error tree of one section, leaving the others out', () => {
    const problems = [
      at('/sections/1/actions/0/href', 'No page at /pricng.'),
      at('/sections/1/title', 'must have at least 3 characters'),
      at('/sections/1/title', 'second'),
      at('/sections/2/title', 'other section'),
      at('/meta/title', 'top'),
    ];
    expect(errorTreeFor(problems, ['sections', '1'])).toEqual({
      actions: { 0: { href: { __errors: ['No page at /pricng.'] } } },
      title: { __errors: ['must have at least 3 characters', 'second'] },
    });
    expect(problemsInSection(problems, 1)).toBe(3);
    expect(problemsInSection(problems, 0)).toBe(0);
  });

  it('keeps section problems off the page form, and lists whole-file and other files’ problems apart', () => {
    const problems = [
      at('/sections/0/title', 'x'),
      at('/meta/title', 'top'),
      at('', 'whole file'),
      at('/x', 'elsewhere', 'site/site.yaml'),
    ];
    expect(errorTreeFor(problems, [], (parts) => parts[0] === 'sections' && parts.length > 1)).toEqual({
      meta: { title: { __errors: ['top'] } },
      __errors: ['whole file'],
      x: { __errors: ['elsewhere'] },
    });
    expect(unplacedProblems(problems, 'site/pages/privacy.yaml').map((p) => p.message)).toEqual(['whole file', 'elsewhere']);
  });

  it('words a problem as npm run validate does', () => {
    expect(problemText(at('/sections/0/title', 'must have at least 3 characters'))).toBe(
      'site/pages/privacy.yaml:3:5 /sections/0/title: must have at least 3 characters',
    );
    expect(problemText({ path: 'site/a.yaml', pointer: '', message: 'Not YAML.' })).toBe('site/a.yaml: Not YAML.');
  });
});

describe('a page’s sections', () => {
  const list = [{ type: 'hero', title: 'A' }, { type: 'cta' }, { type: 'faq', heading: 'Q' }];

  it('move, copy, remove and insert without touching the list given', () => {
    expect(moveSection(list, 0, 1).map((s) => s.type)).toEqual(['cta', 'hero', 'faq']);
    expect(moveSection(list, 0, -1)).toEqual(list);
    const copied = duplicateSection(list, 0);
    expect(copied.map((s) => s.type)).toEqual(['hero', 'hero', 'cta', 'faq']);
    expect(copied[1]).toEqual(list[0]);
    expect(copied[1]).not.toBe(list[0]);
    expect(removeSection(list, 1).map((s) => s.type)).toEqual(['hero', 'faq']);
    expect(insertSection(list, 9, { type: 'steps' }).at(-1)).toEqual({ type: 'steps' });
    expect(list.map((s) => s.type)).toEqual(['hero', 'cta', 'faq']);
  });

  it('are labelled by position, type and title', () => {
    expect(sectionLabel(list[0], 0)).toBe('1. hero: A');
    expect(sectionLabel(list[1], 1)).toBe('2. cta');
    expect(sectionLabel(list[2], 2)).toBe('3. faq: Q');
  });
});

describe('the file list’s search', () => {
  const files: FileSummary[] = [
    { path: 'site/pages/privacy.yaml', kind: 'page', title: 'Privacy Policy', route: '/privacy' },
    { path: 'site/faq/pricing-questions.yaml', kind: 'faq', title: 'Pricing questions' },
    { path: 'site/data/pricing.yaml', kind: 'prices', title: 'Prices' },
  ];
  it('matches every word in the address, title or file name', () => {
    expect(filterFiles(files, 'privacy').map((f) => f.path)).toEqual(['site/pages/privacy.yaml']);
    expect(filterFiles(files, 'PRICING questions').map((f) => f.kind)).toEqual(['faq']);
    expect(filterFiles(files, 'data/pricing').map((f) => f.kind)).toEqual(['prices']);
    expect(filterFiles(files, '  ')).toHaveLength(3);
    expect(filterFiles(files, 'nothing-like-it')).toEqual([]);
  });
});
