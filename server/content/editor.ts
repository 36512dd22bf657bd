/**
 * The content editor's work, apart from HTTP: listing and opening files, checking a draft in the
 * context of the whole site, rendering its page, saving it as the smallest change to the file,
 * refusing a save against a file that changed since it was opened, and making new files.
 */
import { mkdir, unlink } from 'node:fs/promises';
import { dirname } from 'node:path';
import canonicalize from 'canonicalize';
import { createTwoFilesPatch } from 'diff';
import { parse, parseDocument, stringify } from 'yaml';
import type {
  CheckRequest,
  DeleteAnswer,
  DeleteRequest,
  EditableFile,
  FileList,
  NewFileRequest,
  Problem,
  ReferenceLists,
  SaveAnswer,
  SaveConflict,
  SchemaBundle,
} from '../../contracts/editor-contract';
import { checkLinks } from '../../engine/content/check-links';
import { applyArticleEdit, applyMinimalEdit, YamlEditError } from '../../engine/content/edit/yaml-edit';
import { loadSite } from '../../engine/content/load-site';
import { unpublishedLinkProblems } from '../../engine/content/published-links';
import type { Problem as ContentProblem } from '../../engine/content/problem';
import { blogCategories, planArticle, planPage, type NewFilePlan } from '../../engine/content/scaffold';
import { buildSectionUnionSchema, type SchemaSet } from '../../engine/content/schema-set';
import type { ResolvedPage, SiteModel } from '../../engine/content/model';
import type { SourceFile } from '../../engine/content/yaml-source';
import { renderPage } from '../../engine/render/render-page';
import { SECTIONS } from '../../engine/sections/registry';
import {
  ContentRoot,
  contentPath,
  editableFile,
  fileData,
  summaryOf,
  versionOf,
  writeWhole,
  PathRefused,
  type ContentPath,
} from './content-files';
import { choicesOf, mergeDraft, SaveRecords } from './merge-save';

export interface EditorConfig {
  /** The folder holding site/ (CONTENT_ROOT). */
  contentRoot: string;
  /** The schemas under schemas/, by their path there. */
  schemas: SchemaSet;
  siteUrl: string;
  /** The site's stylesheets, as the built pages name them; a preview links them and loads no script. */
  previewStylesheets: readonly string[];
  now?: () => Date;
}

export type SaveOutcome = { saved: SaveAnswer; changed: number } | { conflict: SaveConflict } | { problems: Problem[] };

export type CreateOutcome = { created: EditableFile } | { exists: string } | { problems: Problem[] };

export type PreviewOutcome = { html: string } | { problems: Problem[] } | { noPage: string };

export type DeleteOutcome = { removed: DeleteAnswer; route: string | null } | { conflict: SaveConflict } | { problems: Problem[] };

/** The file that declares redirects for addresses the site no longer has. */
const LINKS_FILE = 'site/links.yaml';

/** How many file versions are remembered, to show what changed when a save meets a newer file. */
const KNOWN_VERSIONS = 500;

const same = (a: unknown, b: unknown) => canonicalize(a) === canonicalize(b);

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

export function createEditor(config: EditorConfig) {
  const root = new ContentRoot(config.contentRoot);
  const now = config.now ?? (() => new Date());
  const known = new Map<string, string>();
  const saves = new SaveRecords();
  const remember = (text: string) => {
    const version = versionOf(text);
    known.delete(version);
    known.set(version, text);
    if (known.size > KNOWN_VERSIONS) known.delete(known.keys().next().value!);
  };
  // One save or new file at a time per path, so two saves in this process cannot both pass the version check.
  const queues = new Map<string, Promise<unknown>>();
  const oneAtATime = <T>(path: string, work: () => Promise<T>): Promise<T> => {
    const run = (queues.get(path) ?? Promise.resolve()).then(work, work);
    const settled = run.catch(() => {});
    queues.set(path, settled);
    void settled.then(() => queues.get(path) === settled && queues.delete(path));
    return run;
  };
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

  /** The text a draft would be saved as: the file with the new data written in as the smallest change. */
  const draftText = (path: ContentPath, current: string, data: unknown, body: string | undefined): string => {
    try {
      return path.kind.kind === 'article' ? applyArticleEdit(current, data, body) : applyMinimalEdit(current, data);
    } catch (err) {
      if (!(err instanceof YamlEditError)) throw err;
      // The file on disk does not read as YAML: the draft is written whole.
      const yaml = stringify(data, { lineWidth: 0 });
      return path.kind.kind === 'article' ? `---\n${yaml}---\n${body ?? ''}` : yaml;
    }
  };

  const render = (model: SiteModel, route: string | null) =>
    renderPage(model, route, {
      siteUrl: config.siteUrl,
      year: now().getFullYear(),
      assets: { stylesheets: [...config.previewStylesheets], scripts: [] },
      sources: { shown: false },
    }).html;

  /**
   * The draft's links that lead nowhere, as npm run check-links words them: to a page the site does
   * not have, or to an id the page it names does not have (only those pages are rendered to look).
   * Links to files are left to npm run check-links, which sees the built files.
   */
  const brokenLinks = (model: SiteModel, path: string): ContentProblem[] => {
    const sources = model.linkSources.filter((s) => s.file === path && !/\.[a-z0-9]+$/i.test(s.href.split(/[?#]/)[0]!));
    const targets = new Set(sources.filter((s) => s.href.includes('#')).map((s) => s.href.split('#')[0] || s.page));
    const pages = model.pages
      .filter((p) => p.path !== null && targets.has(p.path))
      .map((p) => ({ route: p.path, html: render(model, p.path) }));
    const routes = model.pages.flatMap((p) => (p.path === null ? [] : [p.path]));
    const { broken } = checkLinks({ routes, pages, sources, known: model.knownLinks, siteUrl: config.siteUrl });
    return broken.flatMap((b) =>
      sources
        .filter((s) => s.href === b.href || config.siteUrl.replace(/\/$/, '') + s.href === b.href)
        .map((s) => ({ file: s.file, line: s.line, column: s.column, path: s.dataPath, message: `${b.href}: ${b.why}` })),
    );
  };

  /** The draft's problems in the context of the whole site: its own, those it causes in other files, and its broken links. */
  const problemsOf = (path: string, text: string): { problems: Problem[]; model?: SiteModel } => {
    const { files, disk } = withDraft(path, text);
    const result = loadSite(files, config.schemas);
    const before = baselineOf(disk);
    const problems = result.problems.filter((p) => p.file === path || !before.has(problemKey(p)));
    const links = result.model ? brokenLinks(result.model, path) : [];
    return { problems: [...problems, ...links].map(editorProblem), model: result.model };
  };

  const diffOf = (path: string, before: string, after: string, from: string, to: string) =>
    before === after ? '' : createTwoFilesPatch(path, path, before, after, from, to);

  return {
    root,
    schemas: config.schemas,

    list(): FileList {
      const files = root.files().flatMap((file) => {
        let path: ContentPath;
        try {
          path = contentPath(file.path);
        } catch {
          return [];
        }
        let data: unknown = null;
        try {
          data = fileData(path, file.text).data;
        } catch {
          // A file that does not read is still listed, by its name, so it can be opened and mended.
        }
        return [summaryOf(path, data)];
      });
      return { files };
    },

    open(input: unknown): EditableFile {
      const path = contentPath(input);
      const text = root.read(path.path);
      remember(text);
      try {
        const file = editableFile(path, text);
        // A page or an article previews itself; only a file that makes no page needs the whole site to find one that shows it.
        if (file.route) return { ...file, previewRoute: file.route };
        const { model } = siteOnDisk();
        const shown = model && previewPageOf(model, path, file.data);
        return shown?.path ? { ...file, previewRoute: shown.path } : file;
      } catch (err) {
        if (err instanceof PathRefused) throw err;
        throw new PathRefused(400, `${path.path} does not read as YAML; fix it in the file first (npm run validate says where).`);
      }
    },

    check(request: CheckRequest): Problem[] {
      const path = contentPath(request.path);
      const current = root.read(path.path);
      return problemsOf(path.path, draftText(path, current, request.data, request.body)).problems;
    },

    /** The page the draft makes, rendered as the build renders it, each section marked with its index. */
    preview(request: CheckRequest): PreviewOutcome {
      const path = contentPath(request.path);
      const current = root.read(path.path);
      const text = draftText(path, current, request.data, request.body);
      const { files } = withDraft(path.path, text);
      // A draft's preview shows its page as it will be once ready.
      const result = loadSite(files, config.schemas, { withDrafts: true });
      if (!result.model) return { problems: result.problems.map(editorProblem) };
      const { model } = result;
      const page = previewPageOf(model, path, request.data);
      if (!page) return { noPage: `No page shows ${path.path} yet: add it to a page's section to preview it there.` };
      return { html: render(model, page === model.notFound ? null : page.path) };
    },

    /** The choices of each reference field, from the site on disk (a site that does not load offers none). */
    references(): ReferenceLists {
      const { model } = siteOnDisk();
      return model ? referenceLists(model) : { faqSets: [], forms: [], categories: [], priceGroups: [], prices: [] };
    },

    save(request: CheckRequest & { version: string; resolve?: unknown; by?: string }): Promise<SaveOutcome> {
      const path = contentPath(request.path);
      return oneAtATime(path.path, async () => {
        const current = root.read(path.path);
        let sent = { data: request.data, body: request.body };
        let merged: SaveAnswer['merged'];
        if (versionOf(current) !== request.version) {
          // Someone saved since: the draft's changes are laid onto the file as it is now, or the writer picks.
          const draft = mergeDraft({
            path,
            baseText: known.get(request.version),
            currentText: current,
            ...sent,
            resolve: choicesOf(request.resolve),
          });
          const savedBy = saves.of(path.path, current, root.existing(path.path));
          remember(current);
          if (draft.conflicts.length) {
            const loaded = known.get(request.version);
            const conflict: SaveConflict = {
              error: `${path.path} changed since it was opened, and you both changed the same ${draft.conflicts.length === 1 ? 'value' : 'values'}; nothing was written. Pick which version to keep of each.`,
              current: editableFile(path, current),
              diff: loaded ? diffOf(path.path, loaded, current, 'as you opened it', 'as it is now') : '',
              savedBy,
              conflicts: draft.conflicts,
            };
            return { conflict };
          }
          sent = { data: draft.data, body: draft.body };
          merged = { data: draft.data, ...(draft.body !== undefined ? { body: draft.body } : {}), with: savedBy };
        }
        const next = draftText(path, current, sent.data, sent.body);
        if (next === current) return { saved: { version: versionOf(current), diff: '', ...(merged ? { merged } : {}) }, changed: 0 };
        const { problems } = problemsOf(path.path, next);
        if (problems.length) return { problems };
        // Written only when the new text reads back as exactly what is meant to be saved.
        const { data, body } = fileData(path, next);
        if (!same(data, JSON.parse(JSON.stringify(sent.data ?? null))) || (sent.body !== undefined && body !== sent.body))
          throw new Error(`The edit of ${path.path} did not read back as the data sent; nothing was written.`);
        await writeWhole(root.existing(path.path), next);
        remember(next);
        if (request.by) saves.note(path.path, next, request.by, now());
        const diff = diffOf(path.path, current, next, 'before', 'after');
        const changed = diff.split('\n').filter((l) => /^[-+](?![-+]{2} )/.test(l)).length;
        return { saved: { version: versionOf(next), diff, ...(merged ? { merged } : {}) }, changed };
      });
    },

    /**
     * Deletes a page or article. With `redirect`, its address is kept in site/links.yaml as a former
     * address answered 301 to that live page; without, it answers 404. Answers the links that still
     * lead to it, which a publish refuses until each is changed.
     */
    remove(request: DeleteRequest): Promise<DeleteOutcome> {
      const path = contentPath(request.path);
      if (path.kind.kind !== 'page' && path.kind.kind !== 'article')
        throw new PathRefused(400, `${path.path} is not a page or an article; only those can be deleted here.`);
      return oneAtATime(path.path, async () => {
        const current = root.read(path.path);
        if (versionOf(current) !== request.version) {
          remember(current);
          return {
            conflict: {
              error: `${path.path} changed since it was opened (someone else saved it); nothing was deleted. Open it again to see the new version.`,
              current: editableFile(path, current),
              diff: diffOf(path.path, known.get(request.version) ?? '', current, 'as you opened it', 'as it is now'),
              savedBy: saves.of(path.path, current, root.existing(path.path)),
              // A delete has no values to pick between: the writer opens the new version and decides again.
              conflicts: [],
            },
          };
        }
        const file = editableFile(path, current);
        const route = file.route ?? null;
        const others = root.files().filter((f) => f.path !== path.path);
        if (request.redirect !== undefined) {
          const problem = redirectProblem(request.redirect, route, others, config.schemas);
          if (problem) return { problems: [{ path: path.path, pointer: '/redirect', message: problem }] };
          const links = others.find((f) => f.path === LINKS_FILE);
          if (!links)
            return { problems: [{ path: LINKS_FILE, pointer: '', message: `${LINKS_FILE} is missing, so no redirect can be kept.` }] };
          const text = withRedirect(links.text, route!, request.redirect, file.title, now());
          await writeWhole(root.existing(LINKS_FILE), text);
          remember(text);
        }
        await unlink(root.existing(path.path));
        const after = loadSite(root.files(), config.schemas);
        const linkedFrom = after.model
          ? unpublishedLinkProblems(after.model, config.siteUrl)
              .filter((p) => route !== null && p.message.startsWith(`${route}:`))
              .map(editorProblem)
          : [];
        return { removed: { path: path.path, linkedFrom }, route };
      });
    },

    async create(request: NewFileRequest): Promise<CreateOutcome> {
      const disk = root.files();
      const dataOf = (path: string) => {
        const file = disk.find((f) => f.path === path);
        try {
          return file ? (parse(file.text) as unknown) : null;
        } catch {
          return null;
        }
      };
      let plan: NewFilePlan;
      if (request.kind === 'page') {
        plan = planPage(
          request.route ?? '',
          (route) =>
            disk.find((f) => f.path.startsWith('site/pages/') && (dataOf(f.path) as { path?: unknown } | null)?.path === route)?.path,
        );
      } else {
        const site = dataOf('site/site.yaml') as { name?: unknown } | null;
        plan = planArticle(
          {
            title: request.title ?? '',
            // The site's name until the writer puts theirs: an account's address is never shown on a page.
            author: typeof site?.name === 'string' ? site.name : 'The team',
            date: now().toISOString().slice(0, 10),
          },
          blogCategories(dataOf('site/pages/blog.yaml')),
        );
      }
      if ('problem' in plan) {
        if (plan.exists) return { exists: plan.problem };
        return { problems: [{ path: '', pointer: request.kind === 'page' ? '/route' : '/title', message: plan.problem }] };
      }
      const path = contentPath(plan.file);
      const full = root.fresh(path.path);
      return oneAtATime(path.path, async () => {
        await mkdir(dirname(full), { recursive: true });
        try {
          await writeWhole(full, plan.text, true);
        } catch (err) {
          if ((err as NodeJS.ErrnoException).code === 'EEXIST')
            return { exists: `${path.path} already exists; nothing was written. Choose another name, or edit that file.` };
          throw err;
        }
        remember(plan.text);
        return { created: editableFile(path, plan.text) };
      });
    },
  };
}

export type Editor = ReturnType<typeof createEditor>;

/** Why visitors of a deleted page cannot be sent to `redirect`, or null when they can. */
function redirectProblem(redirect: string, route: string | null, others: SourceFile[], schemas: SchemaSet): string | null {
  if (route === null) return 'This page has no address of its own, so there is nothing to redirect.';
  const target = redirect.split('#')[0]!;
  if (!/^\/(?!\/)[^\s\\]*$/.test(redirect))
    return `"${redirect.slice(0, 80)}" is not an address of this site: start it with /, such as /pricing.`;
  if (target === route) return 'A page cannot redirect to its own address: choose another page.';
  const { model } = loadSite(others, schemas);
  if (model && !model.pages.some((p) => p.path === target)) return `There is no live page at ${target}: choose a page the site has.`;
  return null;
}

/** Every schema by its path under schemas/ (which their `$ref`s name), and each section type's example as the catalogue shows it. */
export function schemaBundle(schemas: SchemaSet): SchemaBundle {
  const all: Record<string, unknown> = { ...schemas, 'section.schema.json': buildSectionUnionSchema(schemas, { forEditors: true }) };
  const sectionExamples = Object.fromEntries(
    SECTIONS.filter((entry) => entry.schema.readOnly !== true && entry.example).map((entry) => [entry.type, entry.example]),
  );
  return {
    schemas: Object.fromEntries(Object.entries(all).map(([id, schema]) => [id, { $id: id, ...(schema as object) }])),
    sectionExamples,
  };
}

/** site/links.yaml with the deleted page's address kept as a former address that redirects; comments and order kept. */
function withRedirect(text: string, route: string, redirect: string, title: string, at: Date): string {
  const doc = parseDocument(text);
  const entry = {
    href: route,
    reason: `"${title.replace(/\s+/g, ' ').slice(0, 120)}" was deleted on ${at.toISOString().slice(0, 10)}; its visitors are sent to ${redirect}.`,
    redirect,
    formerAddress: true,
  };
  const known = doc.get('known') as { items?: Array<{ get?: (key: string) => unknown }> } | undefined;
  const index = known?.items?.findIndex((item) => item.get?.('href') === route) ?? -1;
  if (index >= 0) doc.setIn(['known', index], doc.createNode(entry));
  else if (known) doc.addIn(['known'], doc.createNode(entry));
  else doc.set('known', doc.createNode([entry]));
  return doc.toString({ lineWidth: 0 });
}
