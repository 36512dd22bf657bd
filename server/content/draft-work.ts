/**
 * The content editor's heavy work, which the editor runs in a worker thread (editor-worker.ts): a
 * draft written into its file, loaded with the whole site, checked, its links followed, its page
 * rendered. Nothing here touches HTTP; the files are read from the content root on each job.
 */
import { stringify } from 'yaml';
import canonicalize from 'canonicalize';
import type { Problem, ReferenceLists } from '../../contracts/editor-contract';
import { checkLinks } from './check-links';
import { applyArticleEdit, applyMinimalEdit, YamlEditError } from './yaml-edit';
import { loadSite } from '../../engine/content/load-site';
import type { ResolvedPage, SiteModel } from '../../engine/content/model';
import type { Problem as ContentProblem } from '../../engine/content/problem';
import type { SchemaSet } from '../../engine/content/schema-set';
import { isYamlResourceLimit, type SourceFile } from '../../engine/content/yaml-source';
import { renderPage } from '../../engine/render/render-page';
import { ContentRoot, contentPath, fileData, versionOf, type ContentPath } from './content-files';

export interface DraftWorkConfig {
  contentRoot: string;
  schemas: SchemaSet;
  siteUrl: string;
  previewStylesheets: readonly string[];
}

/** One job for the worker: the draft and the file text it was made against (a save's, already version-checked). */
export interface DraftJob {
  /** `references` and `preview-route` read the site on disk; path and data name the file opened. */
  op: 'check' | 'preview' | 'save' | 'references' | 'preview-route';
  path: string;
  data: unknown;
  body?: string;
  /** The file's text as the caller read it; read from disk when absent. */
  current?: string;
  /** The year a rendered page's footer shows. */
  year: number;
}

export type DraftResult =
  | { problems: Problem[] }
  | { html: string }
  | { noPage: string }
  /** A save's new text, checked: written by the caller only when `readsBack`. */
  | { text: string; readsBack: boolean }
  | { references: ReferenceLists }
  /** The page that previews a file, when one does. */
  | { previewRoute: string | null };

/** `sections[3].title` → `/sections/3/title`, as a JSON Pointer names the same place. */
export function pointerOf(dataPath: string): string {
  if (!dataPath) return '';
  const segments = dataPath
    .replace(/\[(\d+)\]/g, '.$1')
    .split('.')
    .filter(Boolean);
  return segments.map((s) => '/' + s.replace(/~/g, '~0').replace(/\//g, '~1')).join('');
}

/** A problem as `npm run validate` finds it, in the editor's words: the same message, its file, pointer and place. */
export function editorProblem(p: ContentProblem): Problem {
  return { path: p.file, pointer: pointerOf(p.path), line: p.line, column: p.column, message: p.message };
}

/**
 * The page a preview of a file shows: the page it makes, or, for a file that makes none, the first
 * page that shows what it holds (an FAQ set's questions, a form, the prices of a pricing table).
 */
export function previewPageOf(model: SiteModel, path: ContentPath, data: unknown): ResolvedPage | undefined {
  if (path.kind.kind === 'not-found') return model.notFound;
  if (path.kind.kind === 'site') return model.pages.find((p) => p.path === '/');
  const own = model.pages.find((p) => p.file === path.path);
  if (own) return own;
  const id = (data as { id?: unknown } | null)?.id;
  const showing = (test: (section: ResolvedPage['sections'][number]) => boolean) =>
    model.pages.find((p) => p.path !== null && p.sections.some(test));
  if (path.fileKind === 'faq') return showing((s) => s.type === 'faq' && s.faqSet === id);
  if (path.fileKind === 'form') return showing((s) => s.type === 'form' && s.form === id);
  if (path.fileKind === 'prices') return showing((s) => s.type === 'pricing-table');
  return undefined;
}

/** The key of every price in a catalogue group (`commercial.basic.monthly`), and of every group holding a monthly and an annual price. */
function priceKeys(group: unknown, prefix = ''): { prices: string[]; groups: string[] } {
  const out = { prices: [] as string[], groups: [] as string[] };
  if (!group || typeof group !== 'object') return out;
  const entries = Object.entries(group as Record<string, unknown>);
  if (prefix && 'monthly' in group && 'annual' in group) out.groups.push(prefix);
  for (const [name, value] of entries) {
    const key = prefix ? `${prefix}.${name}` : name;
    if (value && typeof value === 'object') {
      const inner = priceKeys(value, key);
      out.prices.push(...inner.prices);
      out.groups.push(...inner.groups);
    } else out.prices.push(key);
  }
  return out;
}

/** What each kind of reference field may name, read from a site model. */
export function referenceLists(model: SiteModel): ReferenceLists {
  const { prices, groups } = priceKeys(model.pricing.prices);
  const currency = model.pricing.currency;
  const priceLabel = (key: string) => {
    const value = key
      .split('.')
      .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], model.pricing.prices);
    return typeof value === 'number' ? `${currency}${value}` : String(value);
  };
  const categories = new Set<string>();
  for (const page of model.pages)
    for (const section of page.sections)
      if (section.type === 'article-list') for (const category of section.categories ?? []) categories.add(category.name);
  for (const article of model.articles) categories.add(article.category);
  return {
    faqSets: Object.entries(model.faqSets).map(([id, set]) => ({ value: id, label: set.title })),
    forms: Object.entries(model.forms).map(([id, form]) => ({ value: id, label: form.title })),
    categories: [...categories].sort().map((name) => ({ value: name, label: name })),
    priceGroups: groups.map((key) => ({
      value: key,
      label: `${priceLabel(`${key}.monthly`)} a month, ${priceLabel(`${key}.annual`)} billed annually`,
    })),
    prices: prices.map((key) => ({ value: key, label: priceLabel(key) })),
  };
}

const problemKey = (p: ContentProblem) => `${p.file}\u0000${p.path}\u0000${p.message}`;

const same = (a: unknown, b: unknown) => canonicalize(a) === canonicalize(b);

/** The text a draft would be saved as: the file with the new data written in as the smallest change. */
export function draftText(path: ContentPath, current: string, data: unknown, body: string | undefined): string {
  try {
    return path.kind.kind === 'article' ? applyArticleEdit(current, data, body) : applyMinimalEdit(current, data);
  } catch (err) {
    if (!(err instanceof YamlEditError) && !isYamlResourceLimit(err)) throw err;
    // The file on disk does not read as YAML (or is too deep or aliased to build): the draft is written whole.
    const yaml = stringify(data, { lineWidth: 0 });
    return path.kind.kind === 'article' ? `---\n${yaml}---\n${body ?? ''}` : yaml;
  }
}

export function createDraftWork(config: DraftWorkConfig) {
  const root = new ContentRoot(config.contentRoot);
  // The site as it is on disk, loaded once per change of its files: its problems are not blamed on a
  // draft, and its model answers which page previews a file and what a reference may name.
  let baseline: { key: string; problems: Set<string>; model?: SiteModel } | undefined;
  const siteOnDisk = (files: readonly SourceFile[] = root.files()) => {
    const key = versionOf(files.map((f) => `${f.path}\u0000${f.text}`).join('\u0000'));
    if (baseline?.key !== key) {
      const result = loadSite(files, config.schemas);
      baseline = { key, problems: new Set(result.problems.map(problemKey)), model: result.model };
    }
    return baseline;
  };
  const baselineOf = (files: readonly SourceFile[]) => siteOnDisk(files).problems;

  /** The site's files with the draft's text in place of (or beside) the file on disk. */
  const withDraft = (path: string, text: string): { files: SourceFile[]; disk: SourceFile[] } => {
    const disk = root.files();
    const files = disk.some((f) => f.path === path) ? disk.map((f) => (f.path === path ? { path, text } : f)) : [...disk, { path, text }];
    return { files, disk };
  };

  const render = (model: SiteModel, route: string | null, year: number) =>
    renderPage(model, route, {
      siteUrl: config.siteUrl,
      year,
      assets: { stylesheets: [...config.previewStylesheets], scripts: [] },
      sources: { shown: false },
    }).html;

  /**
   * The draft's links that lead nowhere, as npm run check-links words them: to a page the site does
   * not have, or to an id the page it names does not have (only those pages are rendered to look).
   * Links to files are left to npm run check-links, which sees the built files.
   */
  const brokenLinks = (model: SiteModel, path: string, year: number): ContentProblem[] => {
    const sources = model.linkSources.filter((s) => s.file === path && !/\.[a-z0-9]+$/i.test(s.href.split(/[?#]/)[0]!));
    const targets = new Set(sources.filter((s) => s.href.includes('#')).map((s) => s.href.split('#')[0] || s.page));
    const pages = model.pages
      .filter((p) => p.path !== null && targets.has(p.path))
      .map((p) => ({ route: p.path, html: render(model, p.path, year) }));
    const routes = model.pages.flatMap((p) => (p.path === null ? [] : [p.path]));
    const { broken } = checkLinks({ routes, pages, sources, known: model.knownLinks, siteUrl: config.siteUrl });
    // Looked up by address, so many distinct broken links cost one pass over the sources, not one per link.
    const site = config.siteUrl.replace(/\/$/, '');
    const whys = new Map(broken.map((b) => [b.href, b.why]));
    return sources.flatMap((s) => {
      const why = whys.get(s.href) ?? whys.get(site + s.href);
      if (why === undefined) return [];
      const href = whys.has(s.href) ? s.href : site + s.href;
      return [{ file: s.file, line: s.line, column: s.column, path: s.dataPath, message: `${href}: ${why}` }];
    });
  };

  /** The draft's problems in the context of the whole site: its own, those it causes in other files, and its broken links. */
  const problemsOf = (path: string, text: string, year: number): Problem[] => {
    const { files, disk } = withDraft(path, text);
    const result = loadSite(files, config.schemas);
    const before = baselineOf(disk);
    const problems = result.problems.filter((p) => p.file === path || !before.has(problemKey(p)));
    const links = result.model ? brokenLinks(result.model, path, year) : [];
    return [...problems, ...links].map(editorProblem);
  };

  return {
    /** Loads the site once, so the schemas are compiled before the first writer waits on them. */
    warm(): void {
      baselineOf(root.files());
    },

    run(job: DraftJob): DraftResult {
      if (job.op === 'references') {
        const { model } = siteOnDisk();
        return { references: model ? referenceLists(model) : { faqSets: [], forms: [], categories: [], priceGroups: [], prices: [] } };
      }
      const path = contentPath(job.path);
      if (job.op === 'preview-route') {
        const { model } = siteOnDisk();
        return { previewRoute: (model && previewPageOf(model, path, job.data)?.path) ?? null };
      }
      const current = job.current ?? root.read(path.path);
      const text = draftText(path, current, job.data, job.body);
      if (job.op === 'check') return { problems: problemsOf(path.path, text, job.year) };
      if (job.op === 'save') {
        if (text === current) return { text, readsBack: true };
        const problems = problemsOf(path.path, text, job.year);
        if (problems.length) return { problems };
        // Written only when the new text reads back as exactly what the editor sent.
        const { data, body } = fileData(path, text);
        const readsBack = same(data, JSON.parse(JSON.stringify(job.data ?? null))) && (job.body === undefined || body === job.body);
        return { text, readsBack };
      }
      const { files } = withDraft(path.path, text);
      // A draft's preview shows its page as it will be once ready.
      const result = loadSite(files, config.schemas, { withDrafts: true });
      if (!result.model) return { problems: result.problems.map(editorProblem) };
      const { model } = result;
      const page = previewPageOf(model, path, job.data);
      if (!page) return { noPage: `No page shows ${path.path} yet: add it to a page's section to preview it there.` };
      return { html: render(model, page === model.notFound ? null : page.path, job.year) };
    },
  };
}
