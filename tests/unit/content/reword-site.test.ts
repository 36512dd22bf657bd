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
import { renderPage } from '../../../engine/render/render-page';
import { CONTENT_ROOT, readSchemas, readSiteFiles } from '../../../scripts/read-project';
import { textOf } from '../../support/html-text';
import { DATA_TEXTS, KEPT_BRANCHES, rewordSite, rewordText } from '../../support/reword-site';

const schemas = readSchemas();
const original = loadSite(readSiteFiles(), schemas).model!;
const roots = [mkdtempSync(join(tmpdir(), 'reworded-a-')), mkdtempSync(join(tmpdir(), 'reworded-b-'))];
afterAll(() => roots.forEach((root) => rmSync(root, { recursive: true, force: true })));
const changed = rewordSite(CONTENT_ROOT, roots[0]!, 'unit');
const reworded = loadSite(readSiteFiles(roots[0]!), schemas);

const titleOf = (html: string) => textOf(/<title>([\s\S]*?)<\/title>/.exec(html)?.[1] ?? '');
/** Every text anywhere under a key named `key`. */
function textsUnder(value: unknown, key: string, inside = false): string[] {
  if (typeof value === 'string') return inside ? [value] : [];
  if (Array.isArray(value)) return value.flatMap((v) => textsUnder(v, key, inside));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => textsUnder(v, key, inside || k === key));
  return [];
}
const categoryNames = (model: SiteModel) => [
  ...Object.values(model.faqSets).flatMap((set) => set.items.map((item) => item.category)),
  ...textsUnder(model.pages, 'categories'),
];
/** Every text in a value, in order. */
const textsIn = (value: unknown): string[] => textsUnder({ value }, 'value');
const placeholders = (text: string) => text.match(/\{\{\w+\}\}/g) ?? [];
const galleryAlts = (model: SiteModel) =>
  model.pages
    .flatMap((p) => p.sections)
    .flatMap((s) => (s.type === 'gallery' ? s.items.map((item) => ({ src: item.src, alt: item.alt })) : []));
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

  // What writers keep in site/data/ is theirs to rename too (DATA_TEXTS); what other files, the
  // spec or the law's placeholders name is kept.
  it('renames the names and texts writers keep in site/data/, and keeps the ids, prices, sizes, colour codes and addresses', () => {
    const [before, after] = [original, reworded.model!];
    expect(changed.filter((file) => file.startsWith('data/')).sort()).toEqual(Object.keys(DATA_TEXTS).sort());
    const renamed = (was: string, is: string) => {
      expect(is, was).not.toBe(was);
      expect(is).toHaveLength(was.length);
    };

    const { badges } = before;
    expect(after.badges.linkPath).toBe(badges.linkPath);
    expect(after.badges.defaults).toEqual(badges.defaults);
    expect(after.badges.types.map((t) => [t.id, t.price])).toEqual(badges.types.map((t) => [t.id, t.price]));
    badges.types.forEach((type, i) => {
      const other = after.badges.types[i]!;
      renamed(type.name, other.name);
      renamed(type.description, other.description);
      expect(other.features).toHaveLength(type.features.length);
      type.features.forEach((feature, j) => renamed(feature, other.features[j]!));
    });
    expect(after.badges.sizes.map(({ id, width, height }) => ({ id, width, height }))).toEqual(
      badges.sizes.map(({ id, width, height }) => ({ id, width, height })),
    );
    badges.sizes.forEach((size, i) => renamed(size.name, after.badges.sizes[i]!.name));
    expect(after.badges.colors.map(({ id, hex }) => ({ id, hex }))).toEqual(badges.colors.map(({ id, hex }) => ({ id, hex })));
    badges.colors.forEach((color, i) => renamed(color.name, after.badges.colors[i]!.name));

    // The badge gallery's pictures are named as their badges are now, with the spec's ending.
    const alts = galleryAlts(before);
    expect(alts.length).toBeGreaterThan(0);
    expect(galleryAlts(after).map((item) => item.src)).toEqual(alts.map((item) => item.src));
    galleryAlts(after).forEach((item, i) => {
      const type = after.badges.types.find((t) => item.src.includes(`/${t.id}/`))!;
      expect(item.alt).toBe(`${type.name} - DMCA Protected`);
      renamed(alts[i]!.alt, item.alt);
    });

    const recipients = before.noticeRecipients;
    expect(after.noticeRecipients.map(({ id, hosts, email, webForm }) => ({ id, hosts, email, webForm }))).toEqual(
      recipients.map(({ id, hosts, email, webForm }) => ({ id, hosts, email, webForm })),
    );
    recipients.forEach((recipient, i) => {
      renamed(recipient.name, after.noticeRecipients[i]!.name);
      if (recipient.note) renamed(recipient.note, after.noticeRecipients[i]!.note!);
    });

    // Every text of the notice template is reworded; each keeps its placeholders.
    const template = textsIn(before.noticeTemplate);
    const otherTemplate = textsIn(after.noticeTemplate);
    expect(template.length).toBeGreaterThan(10);
    expect(otherTemplate).toHaveLength(template.length);
    template.forEach((text, i) => {
      expect(otherTemplate[i], text).not.toBe(text);
      expect(placeholders(otherTemplate[i]!)).toEqual(placeholders(text));
    });

    // Kept whole: the price catalogue's keys and amounts, and the words spam is written in.
    expect(after.pricing).toEqual(before.pricing);
    expect(after.spamWords).toEqual(before.spamWords);
  });

  // The proof that the check works: an assertion written with a heading copied from site/ (read here
  // from the original, as a test author would have copied it) fails on the reworded site, on every
  // page, while the same assertion reading the model passes.
  it(
    'fails every heading and button label copied from site/, on every page, and passes the ones read from the model',
    { timeout: 60_000 },
    () => {
      const options = { siteUrl: 'https://example.com', assets: { stylesheets: [], scripts: [] }, year: 2030 };
      const headings = (html: string) => [...html.matchAll(/<h([1-6])\b[^>]*>([\s\S]*?)<\/h\1>/g)].map((m) => textOf(m[2]!).trim());
      const buttons = (html: string) => [...html.matchAll(/<button\b[^>]*>([\s\S]*?)<\/button>/g)].map((m) => textOf(m[1]!).trim());
      const siteText = readSiteFiles()
        .map((f) => f.text)
        .join('\n');
      // Left as written on purpose: the spec's texts (tests/support/reword-site.ts, KEPT_BRANCHES), plan
      // names (the spec's tiers), and the FAQ and blog categories, whose names make the anchors and
      // ?category= addresses other pages link to.
      const planNames = original.pages
        .flatMap((p) => p.sections)
        .flatMap((s) =>
          s.type === 'plans'
            ? s.plans.map((p) => p.name)
            : s.type === 'pricing-table'
              ? s.groups.flatMap((g) => g.plans.map((p) => p.name))
              : [],
        );
      const kept = new Set([
        ...[...KEPT_BRANCHES].flatMap((key) => textsUnder(original.pages, key)),
        ...planNames,
        ...categoryNames(original),
      ]);
      let checked = 0;
      const survivors: string[] = [];
      for (const page of original.pages) {
        const before = renderPage(original, page.path!, options).html;
        const after = renderPage(reworded.model!, page.path!, options).html;
        const [copiedH1] = headings(before);
        const [shownH1] = headings(after);
        expect(copiedH1, page.path!).toBe(heroTitle(original, page.path!));
        expect(() => expect(shownH1).toBe(copiedH1), page.path!).toThrow();
        expect(shownH1).toBe(heroTitle(reworded.model!, page.path!));
        expect(titleOf(after)).not.toBe(titleOf(before));
        // No heading or button label a writer wrote survives: what is the same on both is the engine's own words.
        const shown = new Set([...headings(after), ...buttons(after)]);
        for (const text of [...headings(before), ...buttons(before)].filter((t) => /[a-z]{2}/i.test(t))) {
          checked++;
          if (shown.has(text) && !kept.has(text) && siteText.includes(text)) survivors.push(`${page.path}: ${text}`);
        }
      }
      expect(checked).toBeGreaterThan(500);
      expect(survivors).toEqual([]);
    },
  );

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
