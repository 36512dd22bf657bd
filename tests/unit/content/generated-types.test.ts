import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GENERATED_BANNER, generateContentTypes, sectionUnionFileText } from '../../../tooling/generate-types';
import { validatorSchemaSet } from '../../../engine/content/validate';
import { contentValidatorsModule } from '../../../tooling/standalone-esm';
import { ROOT, readSchemas } from '../../../scripts/read-project';

// Exactly what scripts/gen-types.ts does: the union file on disk is an output, never an input.
function sourceSchemas() {
  const schemas = readSchemas();
  delete schemas['section.schema.json'];
  return schemas;
}

const STALE = (file: string) => `${file} is out of date with the schemas in schemas/. Run \`npm run gen:types\` and commit the result.`;

describe('generated files match the schemas', () => {
  it('engine/generated/content.ts is what npm run gen:types writes', async () => {
    const fresh = await generateContentTypes(sourceSchemas(), join(ROOT, 'schemas'));
    const onDisk = readFileSync(join(ROOT, 'engine/generated/content.ts'), 'utf8');
    expect(onDisk, STALE('engine/generated/content.ts')).toBe(fresh);
  }, 30_000);

  it('schemas/section.schema.json is what npm run gen:types writes', () => {
    const fresh = sectionUnionFileText(sourceSchemas());
    const onDisk = readFileSync(join(ROOT, 'schemas/section.schema.json'), 'utf8');
    expect(onDisk, STALE('schemas/section.schema.json')).toBe(fresh);
  });

  it('engine/generated/content-validators.js is what npm run gen:types writes', () => {
    const fresh = contentValidatorsModule(validatorSchemaSet(readSchemas()), GENERATED_BANNER);
    expect(
      readFileSync(join(ROOT, 'engine/generated/content-validators.js'), 'utf8'),
      STALE('engine/generated/content-validators.js'),
    ).toBe(fresh.js);
    expect(
      readFileSync(join(ROOT, 'engine/generated/content-validators.d.ts'), 'utf8'),
      STALE('engine/generated/content-validators.d.ts'),
    ).toBe(fresh.dts);
  }, 30_000);
});
