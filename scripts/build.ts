// npm run build: validate site/, build the browser code, prerender every route to dist/client,
// write a .br and a .gz copy next to each text file for the server, and compile the server to dist/server.
import { join } from 'node:path';
import { buildServer } from './build-server';
import { buildSite } from './build-site';
import { loadModelOrExit, siteUrlOf } from './load-model';
import { DIST_DIR } from './read-project';

const started = performance.now();
const model = loadModelOrExit();
const siteUrl = siteUrlOf(model);
const { pages, compressed } = await buildSite(model, DIST_DIR, { siteUrl });
const serverFile = await buildServer(join(DIST_DIR, 'server'));

const ms = Math.round(performance.now() - started);
console.log(
  `Built ${pages} pages and the not-found page into ${join(DIST_DIR, 'client')} for ${siteUrl}, with ${compressed.siblings} Brotli and gzip copies of ${compressed.files} text files, and the server into ${serverFile} (${ms} ms).`,
);
