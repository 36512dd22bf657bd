// npm run check-links [-- --built] [-- --format github]: every internal link, button, canonical and anchor must resolve,
// every address given to search engines must be a live page, and links from / must reach every page of the sitemap.
// By default pages are rendered in memory from site/; --built reads the HTML in dist/client instead.
// --format github prints each finding as a GitHub annotation on the line that declares the link.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { checkLinks, sitemapLocations, type BrokenLink, type RenderedPage } from '../../server/content/check-links';
import { formatAnnotation, parsePlace, type AnnotationLevel } from '../../tooling/github-annotations';
import type { SiteModel } from '../../engine/content/model';
import { renderPage, type PageAssets } from '../../engine/render/render-page';
import { htmlFileFor, renderSitemap } from '../../engine/render/site-files';
import { loadModelOrExit, outputFormatOrExit, siteUrlOf } from '../load-model';
import { readProjectPaths, type Env } from '../../server/config';
import { ROOT } from '../read-project';

/** Prints what npm run check-links prints; exits 1 on a broken link or a page no link leads to, as the command does. */
export function checkLinksCommand(argv: string[], env?: Env): void {
  const format = outputFormatOrExit(argv);
  const { contentRoot, distDir } = readProjectPaths(env);
  const model = loadModelOrExit(format, contentRoot);
  const siteUrl = siteUrlOf(model, env);
  const built = argv.includes('--built');
  const clientDir = join(distDir, 'client');

  function renderedInMemory(m: SiteModel): RenderedPage[] {
    const assets: PageAssets = { stylesheets: [], scripts: [] };
    const options = { siteUrl, assets, year: new Date().getFullYear() };
    return [
      ...m.pages.map((p) => ({ route: p.path, html: renderPage(m, p.path!, options).html })),
      { route: null, html: renderPage(m, null, options).html },
    ];
  }

  function readBuilt(m: SiteModel): RenderedPage[] {
    if (!existsSync(join(clientDir, 'index.html'))) {
      console.error('dist/client has no built site. Run npm run build first, or drop --built to check the pages rendered from site/.');
      process.exit(1);
    }
    return [
      ...m.pages.map((p) => ({ route: p.path, html: readFileSync(join(clientDir, htmlFileFor(p.path!)), 'utf8') })),
      { route: null, html: readFileSync(join(clientDir, '404.html'), 'utf8') },
    ];
  }

  /** The sitemap as visitors get it: the built file, or the one the build would write. */
  function sitemap(m: SiteModel): string[] {
    if (!built) return sitemapLocations(renderSitemap(m, siteUrl));
    const file = join(clientDir, 'sitemap.xml');
    return existsSync(file) ? sitemapLocations(readFileSync(file, 'utf8')) : [];
  }

  /** Files served as they are: those in dist/client (built), or public/ plus what the build writes beside the pages. */
  function servedFiles(m: SiteModel): string[] {
    const root = built ? clientDir : join(ROOT, 'public');
    const out = built ? [] : ['/sitemap.xml', '/robots.txt', ...(m.feed ? [m.feed.path] : [])];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const full = join(dir, name);
        if (statSync(full).isDirectory()) walk(full);
        else if (!name.endsWith('.html')) out.push('/' + relative(root, full).split(sep).join('/'));
      }
    };
    if (existsSync(root)) walk(root);
    return out;
  }

  const result = checkLinks({
    routes: model.pages.map((p) => p.path!),
    pages: built ? readBuilt(model) : renderedInMemory(model),
    sources: model.linkSources,
    known: model.knownLinks,
    siteUrl,
    files: servedFiles(model),
    sitemap: sitemap(model),
    unlinked: model.unlinkedPages,
  });
  const fileOf = new Map(model.pages.map((p) => [p.path, p.file]));
  const orphanAdvice =
    'Link it from a page that is linked (the footer, a menu, a hub page), or list it under unlinked: in site/links.yaml with the reason.';

  const pageCount = model.pages.length + 1;
  const describe = (b: BrokenLink) => {
    const lines = [`  ${b.href} — ${b.why}`];
    if (b.declaredAt.length) lines.push(`    declared at ${b.declaredAt.join(', ')}`);
    if (b.pages.length) lines.push(`    appears on ${b.pages.length === pageCount ? 'every page' : b.pages.join(', ')}`);
    if (b.knownAs)
      lines.push(
        `    known (site/links.yaml ${b.knownAs.href}), ${b.knownAs.redirect ? `visitors redirected to ${b.knownAs.redirect}` : 'waiting for a page'}: ${b.knownAs.reason}`,
      );
    return lines.join('\n');
  };

  const TITLE = 'npm run check-links';

  /** One annotation per place that declares the link, or one without a place when only the HTML has it. */
  function annotate(level: AnnotationLevel, b: BrokenLink, message: string): void {
    const places = b.declaredAt.map(parsePlace).filter((p) => p !== null);
    if (!places.length) console.log(formatAnnotation({ level, title: TITLE, message: `${message} (on ${b.pages.join(', ')})` }));
    for (const place of places) console.log(formatAnnotation({ level, title: TITLE, ...place, message }));
  }

  const knownNote = (b: BrokenLink) =>
    `${b.href} is a known broken link (${b.knownAs!.redirect ? `visitors are redirected to ${b.knownAs!.redirect}` : 'waiting for a page'}): ${b.knownAs!.reason} Fix the link here when you can.`;

  if (format === 'github') {
    for (const b of result.known) annotate('notice', b, knownNote(b));
    for (const k of result.stale)
      console.log(
        formatAnnotation({
          level: 'warning',
          file: 'site/links.yaml',
          title: TITLE,
          message: `${k.href} is listed but no page links there any more; remove the entry.`,
        }),
      );
    for (const b of result.broken)
      annotate('error', b, `${b.href}: ${b.why}. Fix the link here, or add it to site/links.yaml with the reason if it must stay.`);
    for (const path of result.orphans)
      console.log(
        formatAnnotation({
          level: 'error',
          file: fileOf.get(path),
          title: TITLE,
          message: `${path} is in the sitemap, but no chain of links from / leads to it. ${orphanAdvice}`,
        }),
      );
    for (const u of result.staleUnlinked)
      console.log(
        formatAnnotation({
          level: 'warning',
          file: 'site/links.yaml',
          title: TITLE,
          message: `unlinked ${u.path}: ${u.why}; remove the entry.`,
        }),
      );
  }

  console.log(
    `Checked ${result.checked} internal links on ${model.pages.length + 1} pages (${built ? 'built HTML in dist/client' : 'rendered from site/'}); ${result.external} external links not followed.`,
  );
  if (result.known.length)
    console.log(
      `\nKnown broken links (listed in site/links.yaml, not failing; fix each where it is declared):\n${result.known.map(describe).join('\n')}`,
    );
  if (result.stale.length)
    console.log(
      `\nStale entries in site/links.yaml (no page links there any more; remove them):\n${result.stale.map((k) => `  ${k.href}`).join('\n')}`,
    );
  if (result.staleUnlinked.length)
    console.log(
      `\nStale unlinked pages in site/links.yaml (remove them):\n${result.staleUnlinked.map((u) => `  ${u.path} — ${u.why}`).join('\n')}`,
    );
  if (model.unlinkedPages.length)
    console.log(
      `\nPages linked from nowhere on purpose (site/links.yaml):\n${model.unlinkedPages.map((u) => `  ${u.path}: ${u.reason}`).join('\n')}`,
    );
  if (result.orphans.length)
    console.error(
      `\nPages no link leads to (${result.orphans.length}): in the sitemap, but following links from / never reaches them:\n${result.orphans
        .map((p) => `  ${p}${fileOf.has(p) ? ` (${fileOf.get(p)})` : ''}`)
        .join('\n')}\n${orphanAdvice}`,
    );
  if (result.broken.length) {
    console.error(`\nBroken links (${result.broken.length}):\n${result.broken.map(describe).join('\n')}`);
    console.error('\nFix each link at the place it is declared, or, if it must stay, add it to site/links.yaml with the reason.');
    process.exit(1);
  }
  if (result.orphans.length) process.exit(1);
  console.log('\nNo new broken links, and links from / reach every page of the sitemap.');
}
