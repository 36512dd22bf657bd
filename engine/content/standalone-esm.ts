import type Ajv from 'ajv';
import standaloneCode from 'ajv/dist/standalone/index.js';

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
