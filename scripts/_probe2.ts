import { fuzzContext, makeCase, runCase } from './content-fuzz';
import { readSchemas, readSiteFiles } from './read-project';
const ctx = fuzzContext(readSiteFiles(), readSchemas());
const t = performance.now();
for (let i = 0; i < 60; i++) runCase(ctx, makeCase(ctx.files, 3, i));
console.log('case', (performance.now() - t) / 60);
