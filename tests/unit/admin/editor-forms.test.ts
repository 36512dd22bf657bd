import { hashForSchema, type RJSFSchema } from '@rjsf/utils';
import { describe, expect, it } from 'vitest';
import { editorFormSchemas, inlineSchema, sectionSchemas, withoutSections, type JsonObject } from '../../../apps/admin/editor/schema-forms';
import { formsFor } from '../../../apps/admin/editor/schemas-cache';
import { readSchemas } from '../../../scripts/read-project';
import { schemaBundle } from '../../../server/content/editor';

const schemas = readSchemas();

/** Every `$ref` in a schema. */
function refs(node: unknown, out: string[] = []): string[] {
  if (Array.isArray(node)) node.forEach((n) => refs(n, out));
  else if (node && typeof node === 'object')
    for (const [k, v] of Object.entries(node)) {
      if (k === '$ref' && typeof v === 'string') out.push(v);
      else refs(v, out);
    }
  return out;
}

describe('the editor’s form schemas', () => {
  it('point only inside themselves, and at a definition each holds', () => {
    for (const schema of editorFormSchemas(schemas)) {
      const definitions = (schema.definitions ?? {}) as JsonObject;
      for (const ref of refs(schema)) {
        expect(ref).toMatch(/^#\/definitions\//);
        expect(definitions[ref.slice('#/definitions/'.length)], ref).toBeTruthy();
      }
    }
  });

  it('keep a recursive schema recursive: a price group of price groups', () => {
    const pricing = inlineSchema(schemas, 'pricing.schema.json');
    const group = (pricing.definitions as JsonObject)['pricing-priceGroup'];
    expect(JSON.stringify(group)).toContain('"$ref":"#/definitions/pricing-priceGroup"');
  });

  it('give each section type its own form, from the page schema’s union', () => {
    const page = inlineSchema(schemas, 'page.schema.json');
    const sections = sectionSchemas(page);
    expect(Object.keys(sections)).toContain('hero');
    expect(Object.keys(sections)).toHaveLength(Object.keys(schemas).filter((k) => k.startsWith('sections/')).length);
    const hero = sections.hero!;
    // The hero's form is its own schema's properties, descriptions and all, whatever they say.
    const heroSource = (schemas['sections/hero.schema.json'] as JsonObject).properties as JsonObject;
    expect((hero.properties as JsonObject).title).toEqual(heroSource.title);
    // The anchor id's definition came along from defs.schema.json, and nothing it does not reach.
    expect(Object.keys(hero.definitions as JsonObject)).toContain('defs-anchorId');
    expect(Object.keys(hero.definitions as JsonObject)).not.toContain('sections-faq');
  });

  it('draw a page’s top form without its sections', () => {
    const top = withoutSections(inlineSchema(schemas, 'page.schema.json'));
    expect(Object.keys(top.properties as JsonObject)).toEqual(['$schema', 'path', 'draft', 'meta']);
    expect(top.required).toEqual(['meta']);
  });

  it('are the ones the build compiled: the browser finds each form’s validator by the same hash', () => {
    const sent = schemaBundle(schemas).schemas;
    const compiled = new Set(editorFormSchemas(sent).map((s) => hashForSchema(s as RJSFSchema)));
    // What the API sends carries an $id on each schema; the forms are the same without it.
    expect(formsFor(sent, 'page.schema.json')).toEqual(formsFor(schemas, 'page.schema.json'));
    const page = formsFor(sent, 'page.schema.json');
    expect(compiled.has(hashForSchema(page.top))).toBe(true);
    for (const section of Object.values(page.sections)) expect(compiled.has(hashForSchema(section))).toBe(true);
    for (const key of ['faq-set.schema.json', 'pricing.schema.json', 'site.schema.json', 'article.schema.json'])
      expect(compiled.has(hashForSchema(formsFor(sent, key).top)), key).toBe(true);
  });

  it('say which reference points at nothing', () => {
    const broken = {
      'a.schema.json': { type: 'object', properties: { x: { $ref: 'defs.schema.json#/definitions/missing' } } },
      'defs.schema.json': { definitions: {} },
    };
    expect(() => inlineSchema(broken, 'a.schema.json')).toThrow(
      'The schema reference "defs.schema.json#/definitions/missing" in a.schema.json points at nothing.',
    );
    expect(() => inlineSchema(broken, 'nope.schema.json')).toThrow('No schema "nope.schema.json"');
  });

  it('find schemas whatever prefix the keys carry, resolving references between them', () => {
    const prefixed = Object.fromEntries(Object.entries(schemas).map(([k, v]) => [`schemas/${k}`, v]));
    expect(inlineSchema(prefixed, 'schemas/page.schema.json')).toEqual(inlineSchema(schemas, 'page.schema.json'));
  });
});
