// Writes a report's Markdown again from its JSON, after a change to how reports are worded:
// `node --import tsx bench/render-report.ts bench/results/<date>.json`.
import { readFileSync, writeFileSync } from 'node:fs';
import { renderMarkdown, type BenchReport } from './report';

const file = process.argv[2];
if (!file?.endsWith('.json')) throw new Error('Give the report’s .json file, e.g. bench/results/2026-11-23.json');
const report = JSON.parse(readFileSync(file, 'utf8')) as BenchReport;
writeFileSync(file.replace(/\.json$/, '.md'), renderMarkdown(report));
console.log(`Wrote ${file.replace(/\.json$/, '.md')}`);
