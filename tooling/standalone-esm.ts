import type Ajv from 'ajv';
import standaloneCode from 'ajv/dist/standalone/index.js';
import type { SchemaSet } from '../engine/content/schema-set';
import { BASE, newAjv, ROOT_SCHEMAS, schemaSetHash } from '../engine/content/validate';

/**
 * Compiled schemas as an ES module (ajv standalone code), exporting each named function. Ajv still
 * emits require() for its small runtime helpers and the formats; they become imports here.
 */
export function standaloneModule(ajv: Ajv, exportNames: Record<string, string>): string {
  const imports: string[] = [];
  const code = standaloneCode(ajv, exportNames).replace(/require\("([^"]+)"\)/g, (_m, mod: string) => {
    const name = `__dep${imports.length}`;
    // Node and the production build hand a CommonJS module's exports over as `default`; Vite's
    // dev server and Vitest as the namespace itself.
    imports.push(
      `import * as ${name}ns from ${JSON.stringify(`${mod}.js`)};\nconst ${name} = ${name}ns.default && ${name}ns.default.__esModule ? ${name}ns.default : ${name}ns;`,
    );
    return name;
  });
  return `${imports.join('\n')}\n${code.replace(/^"use strict";/, '')}`;
}

/**
 * The validator of a set of schemas as an ES module (ajv standalone code), with the hash of the
 * set it was made from; `npm run gen:types` writes it to engine/generated/content-validators.js.
 */
export function contentValidatorsModule(schemas: SchemaSet, banner: string): { js: string; dts: string } {
  const ajv = newAjv(schemas, { code: { source: true, esm: true } });
  const code = standaloneModule(ajv, Object.fromEntries(ROOT_SCHEMAS.map((key, i) => [`v${i}`, BASE + key])));
  const table = ROOT_SCHEMAS.map((key, i) => `  ${JSON.stringify(key)}: v${i},`).join('\n');
  const js = `${banner}\nexport const SCHEMA_SET_HASH = ${JSON.stringify(schemaSetHash(schemas))};\n${code}\nexport const validators = {\n${table}\n};\n`;
  const dts = `${banner}\nexport declare const SCHEMA_SET_HASH: string;\nexport declare const validators: Record<string, (data: unknown) => boolean>;\n`;
  return { js, dts };
}
