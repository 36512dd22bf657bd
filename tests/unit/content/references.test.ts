import { describe, expect, it } from 'vitest';
import { loadSite } from '../../../engine/content/load-site';
import { formatProblem } from '../../../engine/content/problem';
import { sectionReferences } from '../../../engine/content/references';
import type { SchemaSet } from '../../../engine/content/schema-set';
import { readSchemas } from '../../../scripts/read-project';
import { MINIMAL_SITE, minimalSite } from '../../fixtures/minimal-site';

const schemas = readSchemas();

/** The real schemas with one more field on the hero section. */
function withHeroField(field: string, schema: Record<string, unknown>): SchemaSet {
  const hero = schemas['sections/hero.schema.json']!;
  const properties = { ...(hero.properties as Record<string, unknown>), [field]: schema };
  return { ...schemas, 'sections/hero.schema.json': { ...hero, properties } };
}

/** The minimal site's home page with one more line in its hero. */
const homeWithHero = (extra: string) =>
  MINIMAL_SITE['site/pages/home.yaml'].replace('    title: Welcome\n', `    title: Welcome\n    ${extra}\n`);

describe('references declared in the schemas (x-ref)', () => {
  it('finds the FAQ set and form fields of the real section schemas', () => {
    const refs = sectionReferences(schemas);
    expect([...refs.entries()].map(([type, list]) => [type, list.map((r) => `${r.field} → ${r.kind}`)])).toEqual([
      ['faq', ['faqSet → faq-set']],
      ['form', ['form → form']],
    ]);
  });

  it('a new field marked with x-ref in a schema shows what it names, with no change to the loader', () => {
    const extended = withHeroField('faqSet', {
      type: 'string',
      'x-ref': { kind: 'faq-set', noun: 'FAQ set', as: 'questions', take: 'items' },
    });
    const { model, problems } = loadSite(minimalSite({ 'site/pages/home.yaml': homeWithHero('faqSet: general') }), extended);
    expect(problems.map(formatProblem)).toEqual([]);
    const hero = model!.pages[0]!.sections[0] as unknown as Record<string, unknown>;
    expect(hero.questions).toEqual(model!.faqSets.general!.items);
  });

  it('a new x-ref field that names a missing id is reported at its line, with the known ids', () => {
    const extended = withHeroField('faqSet', {
      type: 'string',
      'x-ref': { kind: 'faq-set', noun: 'FAQ set', as: 'questions' },
    });
    const { problems } = loadSite(minimalSite({ 'site/pages/home.yaml': homeWithHero('faqSet: refunds') }), extended);
    expect(problems.map(formatProblem)).toEqual([
      'site/pages/home.yaml:9:13 sections[0].faqSet: no FAQ set with id "refunds" in site/faq/. Known ids: general',
    ]);
  });

  it('an x-ref that names no kind of file is refused when the schemas are compiled', () => {
    const broken = withHeroField('faqSet', { type: 'string', 'x-ref': { kind: 'faq-sets', noun: 'FAQ set', as: 'questions' } });
    expect(() => loadSite(minimalSite(), broken)).toThrow(/x-ref|kind/);
  });
});
