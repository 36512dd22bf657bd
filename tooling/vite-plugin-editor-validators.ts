import { createSchemaUtils, hashForSchema, ID_KEY, schemaParser, type RJSFSchema, type ValidatorType } from '@rjsf/utils';
import type { Plugin } from 'vite';
import { editorFormSchemas } from '../apps/admin/editor/schema-forms';
import { compileSchemaMap } from './vite-plugin-form-validators';
import { schemaBundle } from '../server/content/editor';
import type { SchemaSet } from '../engine/content/schema-set';

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

const INDEX = 'virtual:editor-validators';
const ONE = 'virtual:editor-validator/';

/**
 * Every schema the content editor draws a form from (a file's, a page's top, each section type's),
 * compiled at build time into one lazy chunk each and keyed by the schema's hash, so the browser
 * ships no schema compiler and the Content-Security-Policy needs no unsafe-eval.
 */
export function editorValidatorsPlugin(getSchemas: () => SchemaSet): Plugin {
  // Worked out once per set of schemas (the dev server hands a new set after a schema is saved).
  let cached: { from: Record<string, unknown>; byHash: Map<string, RJSFSchema> } | null = null;
  const forms = () => {
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
  return {
    name: 'editor-validators',
    resolveId(id) {
      if (id === INDEX || id.startsWith(ONE)) return '\0' + id;
      return null;
    },
    load(id) {
      if (id === '\0' + INDEX) {
        const entries = [...forms().keys()].map(
          (hash) => `  ${JSON.stringify(hash)}: () => import(${JSON.stringify(ONE + hash)}).then((m) => m.default),`,
        );
        return `export default {\n${entries.join('\n')}\n};\n`;
      }
      if (id.startsWith('\0' + ONE)) {
        const hash = id.slice(1 + ONE.length);
        const schema = forms().get(hash);
        if (!schema) throw new Error(`No editor form schema with the hash ${hash}`);
        return compileSchemaMap(editorSchemaMap(schema));
      }
      return null;
    },
  };
}
