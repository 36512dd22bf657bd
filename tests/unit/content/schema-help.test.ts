// Writers read each schema's descriptions as hover help and its examples in the section catalogue,
// so every field must explain itself and every section type must show a valid, working example.
import { describe, expect, it } from 'vitest';
import { catalogueEntries, exampleYaml, lookUpIn, sharedContentOf } from '../../../tooling/catalogue/catalogue';
import { loadSite, resolveSection } from '../../../engine/content/load-site';
import { sectionReferences } from '../../../engine/content/references';
import { descriptionOf, describeFields } from '../../../tooling/catalogue/schema-help';
import { sectionTypes, writableSectionTypes, type SchemaSet } from '../../../engine/content/schema-set';
import { createContentValidator, validatorSchemaSet } from '../../../engine/content/validate';
import type { Section } from '../../../engine/generated/content';
import { readSchemas, readSiteFiles } from '../../../scripts/read-project';
import { parse } from 'yaml';

const schemas = readSchemas();
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Every property declared anywhere in a schema file (top level, definitions, nested groups, list
 * entries, combinators), as `file#/json/pointer`, with whether a writer gets a description for it.
 * An `if` only tests fields declared elsewhere, and `false` forbids a field: neither declares one.
 */
function properties(set: SchemaSet): Array<{ where: string; described: boolean }> {
  const found: Array<{ where: string; described: boolean }> = [];
  const walk = (file: string, node: unknown, pointer: string): void => {
    if (Array.isArray(node)) return node.forEach((n, i) => walk(file, n, `${pointer}/${i}`));
    if (!isObject(node)) return;
    for (const [key, value] of Object.entries(node)) {
      if (['examples', 'default', 'const', 'enum', 'if', 'x-ref'].includes(key)) continue;
      if (key === 'properties' && isObject(value)) {
        for (const [name, schema] of Object.entries(value)) {
          if (!isObject(schema)) continue;
          const where = `${file}#${pointer}/properties/${name}`;
          found.push({ where, described: descriptionOf(set, { file, schema }) !== undefined });
          walk(file, schema, `${pointer}/properties/${name}`);
        }
      } else walk(file, value, `${pointer}/${key}`);
    }
  };
  for (const [file, schema] of Object.entries(set)) walk(file, schema, '');
  return found;
}

describe('hover help in the editor', () => {
  it('finds the properties of every schema, nested ones and definitions included', () => {
    const where = properties(schemas).map((p) => p.where);
    expect(where).toContain('sections/hero.schema.json#/properties/subtitle');
    expect(where).toContain('defs.schema.json#/definitions/action/properties/label');
    expect(where).toContain('sections/pricing-table.schema.json#/properties/groups/items/properties/plans/items/properties/features');
    expect(where.length).toBeGreaterThan(400);
  });

  it('every property of every schema has a description, its own or that of the definition it points at', () => {
    const missing = properties(schemas)
      .filter((p) => !p.described)
      .map((p) => p.where);
    expect(missing, 'Add a "description" (plain words for a writer) to each of these').toEqual([]);
  });

  it('fails for a property without one, and accepts a $ref to a described definition', () => {
    const set: SchemaSet = {
      'defs.schema.json': { definitions: { colour: { type: 'string', description: 'A colour.' }, bare: { type: 'string' } } },
      'sections/demo.schema.json': {
        properties: {
          a: { $ref: '../defs.schema.json#/definitions/colour' },
          b: { $ref: '../defs.schema.json#/definitions/bare' },
          c: { type: 'array', items: { type: 'object', properties: { d: { type: 'string' } } } },
        },
      },
    };
    expect(
      properties(set)
        .filter((p) => !p.described)
        .map((p) => p.where),
    ).toEqual([
      'sections/demo.schema.json#/properties/b',
      'sections/demo.schema.json#/properties/c',
      'sections/demo.schema.json#/properties/c/items/properties/d',
    ]);
  });
});

describe('section examples', () => {
  const validator = createContentValidator(validatorSchemaSet(schemas));
  const { model, problems } = loadSite(readSiteFiles(), schemas);
  const types = writableSectionTypes(schemas);

  it('leaves out only the sections the site makes itself, which no writer types', () => {
    expect(sectionTypes(schemas).filter((t) => !types.includes(t))).toEqual(['article']);
  });

  it('the site loads, so examples can be resolved against it', () => {
    expect(problems).toEqual([]);
  });

  it.each(types)('%s has at least one example', (type) => {
    const examples = schemas[`sections/${type}.schema.json`].examples;
    expect(Array.isArray(examples) && examples.length > 0, `schemas/sections/${type}.schema.json needs "examples"`).toBe(true);
  });

  it.each(types)('every example of %s is valid against its schema and names files the site has', (type) => {
    const examples = (schemas[`sections/${type}.schema.json`].examples ?? []) as unknown[];
    examples.forEach((example, i) => {
      const issues = validator.validate(`sections/${type}.schema.json`, example).map((x) => `${x.path.join('.')}: ${x.message}`);
      expect(issues, `examples[${i}] of schemas/sections/${type}.schema.json`).toEqual([]);
      const { missing, problems } = resolveSection(
        example as Section,
        sectionReferences(schemas),
        lookUpIn(model!),
        sharedContentOf(model!),
      );
      expect(missing.map((m) => `${m.ref.field}: ${m.id}`)).toEqual([]);
      expect(problems.map((p) => `${p.at.join('.')}: ${p.message}`)).toEqual([]);
    });
  });

  it('rejects an example that breaks its schema', () => {
    expect(validator.validate('sections/hero.schema.json', { type: 'hero', subtitle: 'No title here.' }).length).toBeGreaterThan(0);
  });

  it('gives the catalogue every section type, and YAML that reads back as the example under sections:', () => {
    const entries = catalogueEntries(schemas);
    expect(entries.map((e) => e.type)).toEqual(types);
    for (const entry of entries) {
      const page = parse(`sections:\n${entry.yaml}\n`) as { sections: unknown[] };
      expect(page.sections, entry.type).toEqual([entry.example]);
    }
    expect(exampleYaml({ type: 'tag-list', title: 'Platforms', tags: ['YouTube'] })).toBe(
      '  - type: tag-list\n    title: Platforms\n    tags:\n      - YouTube',
    );
  });

  it('lists nested fields under their group, with kind, need and description', () => {
    const fields = describeFields(schemas, 'sections/stats.schema.json');
    const items = fields.find((f) => f.name === 'items')!;
    expect(items).toMatchObject({ type: 'list of entries, each with the fields below', required: true });
    expect(items.fields.map((f) => [f.name, f.type, f.required])).toEqual([
      ['value', 'text', true],
      ['label', 'text', true],
    ]);
    expect(fields.find((f) => f.name === 'background')).toMatchObject({ type: 'one of: plain, muted, brand', required: false });
  });
});
