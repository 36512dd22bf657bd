import { loadSite } from './engine/content/load-site';
import { readSchemas, readSiteFiles } from './scripts/read-project';
import { renderPage } from './engine/render/render-page';
const files = readSiteFiles(); const schemas = readSchemas();
for (let i = 0; i < 6; i++) {
  const t = performance.now();
  const r = loadSite(files, schemas);
  const t2 = performance.now();
  renderPage(r.model!, '/', { siteUrl: 'https://x', assets: { stylesheets: [], scripts: [] }, year: 2026 });
  console.log(Math.round(t2 - t), Math.round(performance.now() - t2));
}
