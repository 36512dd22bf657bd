// Regenerates, from the schema files: engine/generated/content.ts (the content types),
// engine/generated/content-validators.js (the precompiled content validator) and schemas/section.schema.json.
import { writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { GENERATED_BANNER, generateContentTypes, sectionUnionFileText } from '../tooling/generate-types';
import { validatorSchemaSet } from '../engine/content/validate';
import { contentValidatorsModule } from '../tooling/standalone-esm';
import { ROOT, readSchemas } from './read-project';

const schemas = readSchemas();
delete schemas['section.schema.json'];
const union = sectionUnionFileText(schemas);
writeFileSync(join(ROOT, 'schemas/section.schema.json'), union);
const ts = await generateContentTypes(schemas, join(ROOT, 'schemas'));
mkdirSync(join(ROOT, 'engine/generated'), { recursive: true });
writeFileSync(join(ROOT, 'engine/generated/content.ts'), ts);
// The validator is made from the schemas as loadSite reads them: the files on disk, union included.
const { js, dts } = contentValidatorsModule(validatorSchemaSet(readSchemas()), GENERATED_BANNER);
writeFileSync(join(ROOT, 'engine/generated/content-validators.js'), js);
writeFileSync(join(ROOT, 'engine/generated/content-validators.d.ts'), dts);
console.log('Wrote schemas/section.schema.json, engine/generated/content.ts and engine/generated/content-validators.js');
