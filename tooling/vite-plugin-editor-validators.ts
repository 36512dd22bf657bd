import { hashForSchema, type RJSFSchema } from '@rjsf/utils';
import type { Plugin } from 'vite';
import { editorFormSchemas } from '../apps/admin/editor/schema-forms';
import { compileFormValidators } from './vite-plugin-form-validators';

const INDEX = 'virtual:editor-validators';
const ONE = 'virtual:editor-validator/';

/**
 * Every schema the content editor draws a form from (a file's, a page's top, each section type's),
 * compiled at build time into one lazy chunk each and keyed by the schema's hash, so the browser
 * ships no schema compiler and the Content-Security-Policy needs no unsafe-eval.
 */
export function editorValidatorsPlugin(getSchemas: () => Record<string, unknown>): Plugin {
  // Worked out once per set of schemas (the dev server hands a new set after a schema is saved).
  let cached: { from: Record<string, unknown>; byHash: Map<string, RJSFSchema> } | null = null;
  const forms = () => {
    const from = getSchemas();
    if (cached?.from !== from) {
      const byHash = new Map<string, RJSFSchema>();
      for (const schema of editorFormSchemas(from)) byHash.set(hashForSchema(schema as RJSFSchema), schema as RJSFSchema);
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
        return compileFormValidators(schema);
      }
      return null;
    },
  };
}
