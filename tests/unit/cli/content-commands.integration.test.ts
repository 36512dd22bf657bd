import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { loadSite } from '../../../engine/content/load-site';
import { readSchemas, readSiteFiles } from '../../../scripts/read-project';
import { contentCopyPerTest } from '../../support/content-copy';

// A case that starts a tsx process takes seconds of CPU; give slow, busy machines room.
vi.setConfig({ testTimeout: 30_000 });

// The commands a person runs, on a copy of site/, so the real content is never edited: in this
// process, and each command once as a process of its own, which proves its exit code and output reach
// whoever runs it (tests/support/content-copy.ts).
const { run, runProcess, edit, root } = contentCopyPerTest();

// How many pages the site has (articles apart), counted from its model, so a writer's new page changes no test.
const { model } = loadSite(readSiteFiles(), readSchemas());
const PAGES = model!.pages.length - model!.articles.length;

describe('npm run validate', () => {
  it('passes on the real content', () => {
    const r = run('validate.ts');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(new RegExp(`^site/ is valid: \\d+ files, ${PAGES} pages and \\d+ articles? `));
  });

  it('prints file:line:column for a wrong type and exits 1 (as a process)', () => {
    edit('site/pages/pricing.yaml', (t) => t.replace(/^(\s+)title: (.*)$/m, '$1title: 42'));
    const r = runProcess('validate.ts');
    expect(r.code).toBe(1);
    const line =
      readFileSync(join(root(), 'site/pages/pricing.yaml'), 'utf8')
        .split('\n')
        .findIndex((l) => /^\s+title: 42$/.test(l)) + 1;
    expect(r.err).toContain(`site/pages/pricing.yaml:${line}:10 meta.title: must be text`);
    expect(r.err).toContain('1 problem in site/');
  });
});

describe('npm run validate: warnings', () => {
  it('warns about a FAQ category used once beside a similar one, and still exits 0', () => {
    // The first of the three "Free Trial" questions gets a misspelt category.
    edit('site/faq/pricing-questions.yaml', (t) => t.replace('category: Free Trial', 'category: Free Trail'));
    const line =
      readFileSync(join(root(), 'site/faq/pricing-questions.yaml'), 'utf8')
        .split('\n')
        .findIndex((l) => l.includes('Free Trail')) + 1;
    const r = run('validate.ts');
    expect(r.code).toBe(0);
    expect(r.err).toContain(
      `site/faq/pricing-questions.yaml:${line}:15 warning: category "Free Trail" is used only here; did you mean "Free Trial"?`,
    );
    expect(r.out).toMatch(new RegExp(`^site/ is valid: \\d+ files, ${PAGES} pages and \\d+ articles, 1 warning \\(see above\\)`));
  });

  it('prints a price placeholder with an unknown key at its place, with a suggestion, and exits 1', () => {
    edit('site/faq/pricing-questions.yaml', (t) => t.replace('{price:discounts.nonprofit}', '{price:discounts.nonprofits}'));
    const lines = readFileSync(join(root(), 'site/faq/pricing-questions.yaml'), 'utf8').split('\n');
    const line = lines.findIndex((l) => l.includes('{price:discounts.nonprofits}'));
    const column = lines[line]!.indexOf('{price:discounts.nonprofits}') + 1;
    const r = run('validate.ts');
    expect(r.code).toBe(1);
    expect(r.err).toContain(
      `site/faq/pricing-questions.yaml:${line + 1}:${column} items[17].answer: no price "discounts.nonprofits" in site/data/pricing.yaml. Did you mean "discounts.nonprofit"?`,
    );
  });
});

describe('npm run check-links', () => {
  it('lists the known broken links and passes', () => {
    const r = run('check-links.ts');
    expect(r.code).toBe(0);
    expect(r.out).toContain('Known broken links');
    expect(r.out).toContain('/protection/writing — no page at /protection/writing');
    expect(r.out).toContain('No new broken links, and links from / reach every page of the sitemap.');
  });

  it("shows validate's warnings too, without failing on them", () => {
    edit('site/faq/pricing-questions.yaml', (t) => t.replace('category: Free Trial', 'category: Free Trail'));
    const r = run('check-links.ts');
    expect(r.code).toBe(0);
    expect(r.err).toMatch(
      /site\/faq\/pricing-questions\.yaml:\d+:15 warning: category "Free Trail" is used only here; did you mean "Free Trial"\?/,
    );
  });

  it('fails on a new broken link and names the YAML line that declares it (as a process)', () => {
    edit('site/pages/support.yaml', (t) => t.replace('href: /contact-us', 'href: /contact-uss'));
    const line =
      readFileSync(join(root(), 'site/pages/support.yaml'), 'utf8')
        .split('\n')
        .findIndex((l) => l.includes('href: /contact-uss')) + 1;
    const r = runProcess('check-links.ts');
    expect(r.code).toBe(1);
    expect(r.err).toContain('/contact-uss — no page at /contact-uss');
    expect(r.err).toContain(`declared at site/pages/support.yaml:${line}:15`);
    expect(r.err).toContain('appears on /support');
  });
});

describe('--format github', () => {
  it('marks a validate problem as an error annotation on its line', () => {
    edit('site/pages/pricing.yaml', (t) => t.replace(/^(\s+)title: (.*)$/m, '$1title: 42'));
    const line =
      readFileSync(join(root(), 'site/pages/pricing.yaml'), 'utf8')
        .split('\n')
        .findIndex((l) => /^\s+title: 42$/.test(l)) + 1;
    const r = run('validate.ts', '--format', 'github');
    expect(r.code).toBe(1);
    expect(r.out.split('\n')).toContain(
      `::error file=site/pages/pricing.yaml,line=${line},col=10,title=npm run validate::meta.title: must be text`,
    );
  });

  it('marks a new broken link as an error and a known one as a notice, each where it is declared', () => {
    edit('site/pages/support.yaml', (t) => t.replace('href: /contact-us', 'href: /contact-uss'));
    const line =
      readFileSync(join(root(), 'site/pages/support.yaml'), 'utf8')
        .split('\n')
        .findIndex((l) => l.includes('href: /contact-uss')) + 1;
    const r = run('check-links.ts', '--format=github');
    expect(r.code).toBe(1);
    const lines = r.out.split('\n');
    expect(lines).toContainEqual(
      expect.stringMatching(
        new RegExp(
          `^::error file=site/pages/support.yaml,line=${line},col=15,title=npm run check-links::/contact-uss: no page at /contact-uss\\. `,
        ),
      ),
    );
    expect(lines).toContainEqual(
      expect.stringMatching(
        /^::notice file=site\/pages\/protection.yaml,line=\d+,col=\d+,title=npm run check-links::\/protection\/writing is a known broken link \(visitors are redirected to \/protection\/content-writing\)/,
      ),
    );
  });

  it('marks a near-duplicate FAQ category as a warning annotation, which does not fail the check', () => {
    edit('site/faq/pricing-questions.yaml', (t) => t.replace('category: Free Trial', 'category: Free Trail'));
    const line =
      readFileSync(join(root(), 'site/faq/pricing-questions.yaml'), 'utf8')
        .split('\n')
        .findIndex((l) => l.includes('Free Trail')) + 1;
    const r = run('validate.ts', '--format', 'github');
    expect(r.code).toBe(0);
    expect(r.out.split('\n')).toContain(
      `::warning file=site/faq/pricing-questions.yaml,line=${line},col=15,title=npm run validate::category "Free Trail" is used only here; did you mean "Free Trial"?`,
    );
  });

  it('refuses a format it does not know', () => {
    const r = run('validate.ts', '--format', 'junit');
    expect(r.code).toBe(2);
    expect(r.err.trim()).toBe('--format must be "text" or "github", not "junit".');
  });
});
