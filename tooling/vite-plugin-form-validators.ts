import { schemaParser, type RJSFSchema } from '@rjsf/utils';
import createAjvInstance from '@rjsf/validator-ajv8/lib/createAjvInstance.js';
import { standaloneModule } from './standalone-esm';
import type { Plugin } from 'vite';
import type { Form } from '../engine/generated/content';

const INDEX = 'virtual:form-validators';
const ONE = 'virtual:form-validator/';

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

/**
 * Compiles each form's field schema at build time, one lazy chunk per form, so the browser ships
 * no schema compiler and the Content-Security-Policy needs no unsafe-eval.
 */
export function formValidatorsPlugin(getForms: () => Record<string, Form>): Plugin {
  return {
    name: 'form-validators',
    resolveId(id) {
      if (id === INDEX || id.startsWith(ONE)) return '\0' + id;
      return null;
    },
    load(id) {
      if (id === '\0' + INDEX) {
        const entries = Object.keys(getForms()).map(
          (formId) => `  ${JSON.stringify(formId)}: () => import(${JSON.stringify(ONE + formId)}).then((m) => m.default),`,
        );
        return `export default {\n${entries.join('\n')}\n};\n`;
      }
      if (id.startsWith('\0' + ONE)) {
        const formId = id.slice(1 + ONE.length);
        const form = getForms()[formId];
        if (!form) throw new Error(`No form "${formId}" in site/forms/`);
        return compileFormValidators(form.fields as RJSFSchema);
      }
      return null;
    },
  };
}
