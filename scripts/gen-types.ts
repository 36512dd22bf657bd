// Regenerates engine/generated/content.ts and schemas/section.schema.json from the schema files.
import { writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { generateContentTypes, sectionUnionFileText } from '../engine/content/generate-types';
import { ROOT, readSchemas } from './read-project';

const schemas = readSchemas();
delete schemas['section.schema.json'];
writeFileSync(join(ROOT, 'schemas/section.schema.json'), sectionUnionFileText(schemas));
const ts = await generateContentTypes(schemas, join(ROOT, 'schemas'));
mkdirSync(join(ROOT, 'engine/generated'), { recursive: true });
writeFileSync(join(ROOT, 'engine/generated/content.ts'), ts);
console.log('Wrote schemas/section.schema.json and engine/generated/content.ts');
