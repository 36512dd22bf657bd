import { readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { contentCopyPerTest } from '../../support/content-copy';

vi.setConfig({ testTimeout: 60_000 });

// What a content account could save, refused by npm run validate on a copy of site/ at its line
// (in this process; content-commands runs validate as a process too).
const { run, edit, root } = contentCopyPerTest();
const lineOf = (file: string, words: string) =>
  readFileSync(join(root(), file), 'utf8')
    .split('\n')
    .findIndex((l) => l.includes(words)) + 1;

describe('npm run validate refuses what could harm the site', () => {
  it('a form rule that can backtrack, at its line, with an answer that shows it', () => {
    const file = 'site/forms/api/contact.yaml';
    edit(file, (t) => t.replace('name: { type: string, title: Name,', 'name: { type: string, title: Name, pattern: "^([a-zA-Z]+ ?)+$",'));
    const r = run('validate.ts');
    expect(r.code).toBe(1);
    expect(r.err).toMatch(
      new RegExp(
        `^${file}:${lineOf(file, '^([a-zA-Z]+ ?)+$')}:\\d+ fields\\.properties\\.name\\.pattern: this rule can take minutes on an answer like "AAAA…A1"`,
        'm',
      ),
    );
  });

  it('a picture that points at the admin app, at its line', () => {
    const file = 'site/pages/badges.yaml';
    edit(file, (t) => t.replace('src: /api/badge/standard/medium/blue', 'src: /admin/api/leads.csv'));
    const r = run('validate.ts');
    expect(r.code).toBe(1);
    const line = lineOf(file, 'src: /admin/api/leads.csv');
    expect(r.err).toContain(`${file}:${line}:`);
    expect(r.err).toMatch(
      /"\/admin\/api\/leads\.csv" is an address of the admin app: pictures, links and buttons may not point under \/admin or \/api/,
    );
    expect(r.err).toContain('1 problem in site/');
  });

  it('a symbolic link under site/, even one that stays inside it', () => {
    symlinkSync('../notifications.yaml', join(root(), 'site/pages/alias.yaml'));
    const r = run('validate.ts');
    expect(r.code).toBe(1);
    expect(r.err).toContain('site/pages/alias.yaml:1:1 site/pages/alias.yaml is a symbolic link');
  });
});
