import { loadSite } from '../engine/content/load-site';
import { readSchemas, readSiteFiles } from './read-project';
const files = readSiteFiles();
const schemas = readSchemas();
for (let i = 0; i < 10; i++) loadSite(files, schemas);
