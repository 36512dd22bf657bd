// npm run build: validate site/, build the browser code, prerender every route to dist/client,
// write a .br and a .gz copy next to each text file for the server, and compile the server to dist/server.
import { cpSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { RELEASE_CONTENT } from '../server/publish/release-content';
import { buildServer } from './build-server';
import { buildSite } from './build-site';
import { loadModelOrExit, siteUrlOf } from './load-model';
import { CONTENT_ROOT, DIST_DIR } from './read-project';

const started = performance.now();
const model = loadModelOrExit();
const siteUrl = siteUrlOf(model);
const { pages, compressed } = await buildSite(model, DIST_DIR, { siteUrl });
const serverFile = await buildServer(join(DIST_DIR, 'server'));
// The files this build was made from: the editor's first publish lists its changes against them.
rmSync(join(DIST_DIR, RELEASE_CONTENT), { recursive: true, force: true });
cpSync(join(CONTENT_ROOT, 'site'), join(DIST_DIR, RELEASE_CONTENT, 'site'), { recursive: true });

const ms = Math.round(performance.now() - started);
console.log(
  `Built ${pages} pages and the not-found page into ${join(DIST_DIR, 'client')} for ${siteUrl}, with ${compressed.siblings} Brotli and gzip copies of ${compressed.files} text files, and the server into ${serverFile} (${ms} ms).`,
);
// Drafts are never built; saying which keeps a writer from looking for their page in dist/.
if (model.drafts.length) console.log(`Left out ${model.drafts.length} draft(s): ${model.drafts.map((d) => d.file).join(', ')}.`);
