/**
 * Saving from the editor keeps the file: every file of site/ written back unchanged is the same
 * bytes, and an edit changes only the lines of what was edited, every comment kept. The sweeps
 * that edit a sample of every file's values are in yaml-edit-sweep.integration.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { splitArticle } from '../../../engine/content/article-source';
import { applyArticleEdit, applyMinimalEdit } from '../../../server/content/yaml-edit';
import { readSiteFiles } from '../../../scripts/read-project';
import { changedLines, comments } from '../../support/yaml-edits';

const all = readSiteFiles();
const files = all.filter((f) => f.path.endsWith('.yaml'));
const articles = all.filter((f) => f.path.endsWith('.md'));
const fileText = (path: string) => all.find((f) => f.path === path)!.text;

/** The file's data changed by `change`, written back; checked to read back as that data. */
function edited(path: string, change: (data: ReturnType<typeof parse>) => void): { before: string; after: string } {
  const before = fileText(path);
  const data = parse(before);
  change(data);
  const after = applyMinimalEdit(before, data);
  expect(parse(after)).toEqual(data);
  expect(comments(after)).toEqual(comments(before));
  return { before, after };
}

describe('saving a YAML file from the editor', () => {
  it.each(files.map((f) => [f.path, f]))('writes %s back byte for byte when nothing changed', (_path, file) => {
    expect(applyMinimalEdit(file.text, parse(file.text))).toBe(file.text);
  });
});

describe('sample edits from the editor', () => {
  it('a string: one line changes, in its own quotes', () => {
    const { before, after } = edited('site/pages/home.yaml', (d) => (d.meta.title = 'Takedowns: fast #1'));
    expect(changedLines(before, after)).toEqual({
      removed: [`  title: ${(parse(before) as { meta: { title: string } }).meta.title}`],
      added: ['  title: "Takedowns: fast #1"'],
    });
    const quoted = edited('site/site.yaml', (d) => (d.replyPromise.supportHours[0].opens = '7:00'));
    // The weekdays line as written, with only its opening time changed (its label is the writers').
    const weekdays = quoted.before.split('\n').find((line) => line.includes('id: weekdays'))!;
    expect(weekdays).toContain('opens: "6:00"');
    expect(changedLines(quoted.before, quoted.after).added).toEqual([weekdays.replace('opens: "6:00"', 'opens: "7:00"')]);
  });

  it('a word in a folded paragraph: only the lines from the change on are folded again, at the paragraph’s own width', () => {
    const { before, after } = edited(
      'site/pages/privacy.yaml',
      (d) => (d.sections[0].subtitle = d.sections[0].subtitle.replace('protect it', 'guard it')),
    );
    expect(changedLines(before, after)).toEqual({
      removed: ['      and protection services, how we use and protect it, and the choices you have.'],
      added: ['      and protection services, how we use and guard it, and the choices you have.'],
    });
  });

  it('a list item added: one line', () => {
    const { before, after } = edited('site/pages/privacy.yaml', (d) => d.meta.keywords.push('GDPR'));
    expect(changedLines(before, after)).toEqual({ removed: [], added: ['    - GDPR'] });
  });

  it('a section moved: its lines leave one place and arrive at the other, byte for byte', () => {
    const { before, after } = edited('site/pages/home.yaml', (d) => d.sections.splice(2, 0, d.sections.splice(1, 1)[0]));
    const { removed, added } = changedLines(before, after);
    expect(removed).toEqual(added);
    expect(removed[0]).toBe('  - type: stats');
    expect(after.length).toBe(before.length);
  });

  it('an FAQ entry added: its lines only, in the file’s style', () => {
    const { before, after } = edited('site/faq/getting-started.yaml', (d) =>
      d.items.push({
        id: 'new-question',
        question: 'Can I pause?',
        answer: 'Yes: any time, from your account.',
        category: d.items[0].category,
      }),
    );
    expect(changedLines(before, after)).toEqual({
      removed: [],
      added: [
        '  - id: new-question',
        '    question: Can I pause?',
        '    answer: "Yes: any time, from your account."',
        `    category: ${parse(before).items[0].category}`,
      ],
    });
  });

  it('a field removed and another added: those lines only', () => {
    const { before, after } = edited('site/pages/privacy.yaml', (d) => {
      delete d.meta.keywords;
      d.meta.robots = 'noindex';
    });
    const { removed, added } = changedLines(before, after);
    expect(removed).toEqual(before.split('\n').slice(7, 13));
    expect(added).toEqual(['  robots: noindex']);
  });

  it('keeps the comments of entries around an edit, and of a moved entry', () => {
    const text = ['# The team', 'items:', '  # first', '  - a', '', '  # second', '  - b # note', 'tail: 1', ''].join('\n');
    expect(applyMinimalEdit(text, { items: ['b', 'a', 'c'], tail: 1 })).toBe(
      ['# The team', 'items:', '  # second', '  - b # note', '', '  # first', '  - a', '', '  - c', 'tail: 1', ''].join('\n'),
    );
  });
});

describe('saving an article', () => {
  it.each(articles.map((f) => [f.path, f]))('writes %s back byte for byte when nothing changed', (_path, file) => {
    const parts = splitArticle(file.text)!;
    expect(parts.head + parts.frontMatter + parts.fence + parts.body).toBe(file.text);
    expect(applyArticleEdit(file.text, parse(parts.frontMatter), parts.body)).toBe(file.text);
  });

  it('edits the front matter as a YAML file and keeps the body’s bytes, or writes the new body', () => {
    const text = articles[0]!.text;
    const parts = splitArticle(text)!;
    const data = parse(parts.frontMatter);
    const retitled = applyArticleEdit(text, { ...data, title: 'A new title' });
    expect(changedLines(text, retitled)).toEqual({
      removed: [parts.frontMatter.split('\n').find((l) => l.startsWith('title:'))],
      added: ['title: "A new title"'],
    });
    const rewritten = applyArticleEdit(text, data, `${parts.body}\nOne more paragraph.\n`);
    expect(rewritten.startsWith(text)).toBe(true);
  });
});
