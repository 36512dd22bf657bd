/**
 * What keeps a content account from harming the site, engine side: rules that cannot backtrack,
 * addresses that cannot point at the admin app, files too deep to read reported at their place, and
 * build errors that name no server folder.
 */
import { describe, expect, it } from 'vitest';
import { actionAddressProblem } from '../../../engine/content/action-address';
import { linearPattern, linearPatternProblem } from '../../../engine/content/linear-pattern';
import { readMarkdown, renderMarkdown } from '../../../engine/content/markdown';
import { patternProblem } from '../../../engine/content/pattern-safety';
import { parseYamlFile } from '../../../engine/content/yaml-source';
import { projectRelative } from '../../../server/publish/problems';
import { readSiteFiles } from '../../../scripts/read-project';

describe('form rules', () => {
  it('refuses an exponential rule with an answer that shows it, and says how to write it', () => {
    const message = patternProblem('^([a-zA-Z]+ ?)+$', 200);
    expect(message).toMatch(/^this rule can take minutes on an answer like "AAAA…A1": each added character doubles the time/);
    expect(message).toContain('without a repeat inside a repeat');
    // The example really is slow-shaped: the rule refuses it, so the browser would try every split.
    expect(new RegExp('^([a-zA-Z]+ ?)+$', 'u').test('AAAAAAAA1')).toBe(false);
  });

  it('accepts every rule the site has, on the lengths its fields allow', () => {
    const rules = readSiteFiles()
      .filter((f) => f.path.startsWith('site/forms/'))
      .flatMap((f) => [...f.text.matchAll(/pattern: "((?:[^"\\]|\\.)*)"/g)].map((m) => JSON.parse(`"${m[1]}"`) as string));
    expect(rules.length).toBeGreaterThan(3);
    for (const rule of new Set(rules)) expect(patternProblem(rule, 2000), rule).toBeNull();
  });

  it('refuses a polynomial rule only on answers long enough to be slow, and names the length that is safe', () => {
    expect(patternProblem('^.*a.*a.*a.*$', 30)).toBeNull();
    expect(patternProblem('^.*a.*a.*a.*$', 100_000)).toMatch(
      /slows down sharply on a long answer[^]*Give the field a maxLength of at most \d+/,
    );
  });

  it('runs on the server only rules the linear engine can run in bounded time', () => {
    expect(linearPatternProblem('^(?=a)a$')).not.toBeNull();
    expect(linearPatternProblem('(a)\\1')).not.toBeNull();
    expect(linearPatternProblem('^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$')).toBeNull();
    const started = performance.now();
    expect(linearPattern('^([a-zA-Z]+ ?)+$').test(`${'a'.repeat(5000)}1`)).toBe(false);
    expect(performance.now() - started).toBeLessThan(200);
  });
});

describe('addresses in content', () => {
  it.each([
    '/admin/api/leads.csv?q=ann',
    '/admin/api/leads/1b2c',
    '/admin',
    '/ADMIN/api/leads.csv',
    '/%61dmin/api/leads.csv',
    '/pricing/../admin/api/leads.csv',
    '//admin/api/leads.csv'.replace('//', '/./'),
    '\\admin\\api\\leads.csv',
    '/api/contact',
    '/api/leads',
  ])('refuses %s', (address) => {
    expect(actionAddressProblem(address)).toMatch(/may not point under \/admin or \/api/);
  });

  it.each([
    '/api/badge/standard/medium/blue',
    '/administration-guide',
    '/apis',
    '/pricing#admin',
    'https://example.org/admin',
    'mailto:admin@example.com',
  ])('accepts %s', (address) => {
    expect(actionAddressProblem(address)).toBeNull();
  });

  it('refuses a Markdown picture or link at the admin app at its line and column, and renders neither', () => {
    const text = 'Intro.\n\n![Chart](/admin/api/leads.csv)\n\nSee [the export](/admin/api/leads.csv?q=a).\n';
    const html = renderMarkdown(text, 'Link to this part');
    const { issues, links } = readMarkdown({ text, line: 5 }, html);
    expect(issues.map((i) => [i.line, i.column])).toEqual([
      [7, '![Chart]('.length + 1],
      [9, 'See [the export]('.length + 1],
    ]);
    expect(issues.every((i) => i.message.includes('may not point under /admin or /api'))).toBe(true);
    expect(links).toEqual([]);
    expect(html).not.toContain('/admin');
  });
});

describe('files too deep to read', () => {
  it('are a problem at the deepest bracket, not an error', () => {
    const text = `path: /x\nmeta: { title: ${'['.repeat(5000)}${']'.repeat(5000)} }\n`;
    const { parsed, problems } = parseYamlFile({ path: 'site/pages/x.yaml', text });
    expect(parsed).toBeUndefined();
    expect(problems).toEqual([
      expect.objectContaining({
        file: 'site/pages/x.yaml',
        line: 2,
        column: 'meta: { title: '.length + 5000,
        message: expect.stringMatching(/^this file cannot be read/),
      }),
    ]);
  });

  it('are a problem at the most indented line when nested by indentation', () => {
    const text = `${Array.from({ length: 5000 }, (_, i) => `${' '.repeat(i)}k:`).join('\n')} x\n`;
    const { problems } = parseYamlFile({ path: 'site/pages/x.yaml', text });
    expect(problems).toEqual([
      expect.objectContaining({ line: 5000, column: 5000, message: expect.stringMatching(/^this file cannot be read/) }),
    ]);
  });
});

describe('build errors shown to a writer', () => {
  it('name the project’s files from the project and no server folder', () => {
    const folders = {
      '/srv/releases/.building-1-content': '',
      '/srv/releases/.building-1': 'the new release',
      '/srv/releases': 'releases',
      '/srv/app': '',
    };
    expect(
      projectRelative(
        "ENOENT: no such file or directory, open '/srv/releases/.building-1-content/site/pages/x.yaml' at /srv/app/scripts/build-site.ts:10",
        folders,
      ),
    ).toBe("ENOENT: no such file or directory, open 'site/pages/x.yaml' at scripts/build-site.ts:10");
    expect(projectRelative("fatal: Unable to create '/home/deploy/content/.git/index.lock': File exists.", folders)).toBe(
      "fatal: Unable to create 'index.lock': File exists.",
    );
  });
});
