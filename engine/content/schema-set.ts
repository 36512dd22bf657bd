/** The JSON Schemas of the content, keyed by their path under schemas/, e.g. `sections/hero.schema.json`. */
export type SchemaSet = Record<string, Record<string, unknown>>;

/** The section types that exist: one schema file per type under schemas/sections/. */
export function sectionTypes(schemas: SchemaSet): string[] {
  return Object.keys(schemas)
    .filter((k) => k.startsWith('sections/') && k.endsWith('.schema.json'))
    .map((k) => k.slice('sections/'.length, -'.schema.json'.length))
    .sort();
}

/**
 * The section types a writer may put on a page: all but those whose schema is `readOnly`, which the
 * site makes itself (an article page's article section, made from each file in site/blog/).
 */
export function writableSectionTypes(schemas: SchemaSet): string[] {
  return sectionTypes(schemas).filter((t) => schemas[`sections/${t}.schema.json`]?.readOnly !== true);
}

/**
 * The schema for "any section": a union over every section schema, picked by `type`.
 * Generated from the files in schemas/sections/ so a new section type needs no edit here.
 */
export function buildSectionUnionSchema(schemas: SchemaSet, opts: { forEditors?: boolean } = {}): Record<string, unknown> {
  // Editors get `type` as a required enum to autocomplete; the validator leaves the tag to the
  // discriminator alone, which words a missing or unknown type once and lists the known types.
  const types = sectionTypes(schemas);
  const type = {
    type: 'string',
    enum: types,
    description: 'The kind of section, which decides the fields it takes. npm run dev lists every type with an example at /_catalogue.',
  };
  const tag = opts.forEditors ? { required: ['type'], properties: { type } } : {};
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    title: 'Section',
    description: 'One block of a page. Its type decides which fields it takes. Generated from schemas/sections/ by npm run gen:types.',
    type: 'object',
    ...tag,
    discriminator: { propertyName: 'type' },
    oneOf: sectionTypes(schemas).map((t) => ({ $ref: `sections/${t}.schema.json` })),
  };
}
