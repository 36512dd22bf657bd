// The browser's validators, compiled at build time: each form's fields (virtual:form-validators, for
// the site's forms) and each schema the content editor draws a form from (virtual:editor-validators),
// one lazy chunk per form or schema, so the browser ships no schema compiler and the
// Content-Security-Policy needs no unsafe-eval.
import { createSchemaUtils, hashForSchema, ID_KEY, schemaParser, type RJSFSchema, type ValidatorType } from '@rjsf/utils';
import createAjvInstance from '@rjsf/validator-ajv8/lib/createAjvInstance.js';
import type { Plugin } from 'vite';
import { editorFormSchemas } from '../apps/admin/editor/schema-forms';
import type { SchemaSet } from '../engine/content/schema-set';
import type { Form } from '../engine/generated/content';
import { schemaBundle } from '../server/content/editor';
import { standaloneModule } from './standalone-esm';

/**
 * A form's field schema as an ES module of plain validation functions (ajv standalone), keyed the
 * way @rjsf's precompiled validator looks them up. rjsf's own helper names exports after schema
 * hashes, which are not valid ES export names, so the exports are mapped to v0, v1… here.
 */
export function compileFormValidators(fields: RJSFSchema): string {
  return compileSchemaMap(schemaParser(fields));
}

/** A map of schemas by the key rjsf looks each up by (its `$id` or hash), as such a module. */
export function compileSchemaMap(schemas: Record<string, RJSFSchema>): string {
  const ids = Object.keys(schemas);
  const ajv = createAjvInstance(undefined, undefined, {
    code: { source: true, esm: true, lines: true },
    schemas: Object.values(schemas),
  } as never);
  const code = standaloneModule(ajv, Object.fromEntries(ids.map((id, i) => [`v${i}`, id])));
  const table = ids.map((id, i) => `${JSON.stringify(id)}: v${i}`).join(', ');
  return `${code}\nexport default { ${table} };\n`;
}

/** What `schema` is once its own `$ref`s into the root's definitions are followed (nothing inside it resolved). */
function followed(schema: RJSFSchema, root: RJSFSchema): RJSFSchema {
  const ref = schema.$ref;
  if (typeof ref !== 'string' || !ref.startsWith('#/definitions/')) return schema;
  const target = (root.definitions ?? {})[ref.slice('#/definitions/'.length)];
  return target && typeof target === 'object' ? followed(target, root) : schema;
}

/** Data of every kind, to make rjsf ask about each option of a choice whatever the data holds. */
const SAMPLES: unknown[] = [undefined, {}, [], '', 0, true, null];

/**
 * The schemas rjsf looks up while it draws `root`: those its parser finds, and each option of every
 * `anyOf`/`oneOf` anywhere in it (also under `additionalProperties`, which the parser does not
 * walk, such as the price catalogue's groups), recorded as rjsf's own matching asks for them. An
 * option keeps the root's definitions beside it, so the references left inside it resolve.
 */
export function editorSchemaMap(root: RJSFSchema): Record<string, RJSFSchema> {
  const map = schemaParser(root);
  const asked: RJSFSchema[] = [];
  const recorder = {
    isValid: (schema: RJSFSchema) => {
      asked.push(schema);
      return false;
    },
  } as unknown as ValidatorType;
  const utils = createSchemaUtils(recorder, root);
  const visit = (node: unknown) => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== 'object') return;
    for (const key of ['anyOf', 'oneOf'] as const) {
      const options = (node as RJSFSchema)[key];
      if (!Array.isArray(options)) continue;
      const retrieved = options.map((option) => utils.retrieveSchema(option as RJSFSchema));
      // Under `additionalProperties` rjsf hands over each option as its definition, references inside left as they are.
      asked.push(...options.map((option) => followed(option as RJSFSchema, root)));
      for (const sample of SAMPLES) utils.getClosestMatchingOption(sample, retrieved);
    }
    Object.values(node).forEach(visit);
  };
  visit(root);
  for (const schema of asked) {
    const key = (schema[ID_KEY] as string | undefined) ?? hashForSchema(schema);
    if (key in map) continue;
    // rjsf adds `anyOf: []` to an option whose fields are all optional; as a schema that is not valid, and means no condition.
    const { anyOf, ...rest } = schema;
    map[key] = { ...(Array.isArray(anyOf) && !anyOf.length ? rest : schema), [ID_KEY]: key, definitions: root.definitions };
  }
  return map;
}

/** Every schema the content editor draws a form from (a file's, a page's top, each section type's), by the hash rjsf gives it. */
function editorForms(getSchemas: () => SchemaSet): () => Map<string, RJSFSchema> {
  // Worked out once per set of schemas (the dev server hands a new set after a schema is saved).
  let cached: { from: Record<string, unknown>; byHash: Map<string, RJSFSchema> } | null = null;
  return () => {
    const from = getSchemas();
    if (cached?.from !== from) {
      const byHash = new Map<string, RJSFSchema>();
      // The schemas as the editor's API sends them, so each form's schema hashes the same in the browser.
      for (const schema of editorFormSchemas(schemaBundle(from).schemas))
        byHash.set(hashForSchema(schema as RJSFSchema), schema as RJSFSchema);
      cached = { from, byHash };
    }
    return cached.byHash;
  };
}

/** One family of validator chunks: its index module, the prefix of each chunk, the keys and each key's compiled module. */
interface ValidatorFamily {
  index: string;
  one: string;
  keys(): string[];
  module(key: string): string;
}

/**
 * The validators the build at hand needs: the site's forms (`forms`, virtual:form-validators, one
 * chunk per form id), the content editor's schemas (`schemas`, virtual:editor-validators, one chunk
 * per schema hash), or both (the dev server).
 */
export function validatorsPlugin(from: { forms?: () => Record<string, Form>; schemas?: () => SchemaSet }): Plugin {
  const families: ValidatorFamily[] = [];
  const { forms: getForms, schemas: getSchemas } = from;
  if (getForms)
    families.push({
      index: 'virtual:form-validators',
      one: 'virtual:form-validator/',
      keys: () => Object.keys(getForms()),
      module: (formId) => {
        const form = getForms()[formId];
        if (!form) throw new Error(`No form "${formId}" in site/forms/`);
        return compileFormValidators(form.fields as RJSFSchema);
      },
    });
  if (getSchemas) {
    const forms = editorForms(getSchemas);
    families.push({
      index: 'virtual:editor-validators',
      one: 'virtual:editor-validator/',
      keys: () => [...forms().keys()],
      module: (hash) => {
        const schema = forms().get(hash);
        if (!schema) throw new Error(`No editor form schema with the hash ${hash}`);
        return compileSchemaMap(editorSchemaMap(schema));
      },
    });
  }
  return {
    name: 'validators',
    resolveId(id) {
      return families.some((f) => id === f.index || id.startsWith(f.one)) ? '\0' + id : null;
    },
    load(id) {
      for (const family of families) {
        if (id === '\0' + family.index) {
          const entries = family
            .keys()
            .map((key) => `  ${JSON.stringify(key)}: () => import(${JSON.stringify(family.one + key)}).then((m) => m.default),`);
          return `export default {\n${entries.join('\n')}\n};\n`;
        }
        if (id.startsWith('\0' + family.one)) return family.module(id.slice(1 + family.one.length));
      }
      return null;
    },
  };
}
