/**
 * The content editor's work, apart from HTTP: listing and opening files, checking a draft in the
 * context of the whole site, rendering its page, saving it as the smallest change to the file,
 * refusing a save against a file that changed since it was opened, and making new files.
 */
import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import canonicalize from 'canonicalize';
import { createTwoFilesPatch } from 'diff';
import { parse, stringify } from 'yaml';
import type {
  CheckRequest,
  EditableFile,
  FileList,
  NewFileRequest,
  Problem,
  SaveAnswer,
  SaveConflict,
  SchemaBundle,
} from '../../contracts/editor-contract';
import { checkLinks } from '../../engine/content/check-links';
import { applyArticleEdit, applyMinimalEdit, YamlEditError } from '../../engine/content/edit/yaml-edit';
import { loadSite } from '../../engine/content/load-site';
import type { Problem as ContentProblem } from '../../engine/content/problem';
import { blogCategories, planArticle, planPage, type NewFilePlan } from '../../engine/content/scaffold';
import { buildSectionUnionSchema, type SchemaSet } from '../../engine/content/schema-set';
import type { SiteModel } from '../../engine/content/model';
import { isYamlResourceLimit, type SourceFile } from '../../engine/content/yaml-source';
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

const problemKey = (p: ContentProblem) => `${p.file}\u0000${p.path}\u0000${p.message}`;

export function createEditor(config: EditorConfig) {
  const root = new ContentRoot(config.contentRoot);
  const now = config.now ?? (() => new Date());
  const known = new Map<string, string>();
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
  // The site as it is on disk: its problems are not blamed on a draft.
  let baseline: { key: string; problems: Set<string> } | undefined;
  const baselineOf = (files: readonly SourceFile[]) => {
    const key = versionOf(files.map((f) => `${f.path}\u0000${f.text}`).join('\u0000'));
    if (baseline?.key !== key) baseline = { key, problems: new Set(loadSite(files, config.schemas).problems.map(problemKey)) };
    return baseline.problems;
  };

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
      if (!(err instanceof YamlEditError) && !isYamlResourceLimit(err)) throw err;
      // The file on disk does not read as YAML (or is too deep or aliased to build): the draft is written whole.
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
        return editableFile(path, text);
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
      const result = loadSite(files, config.schemas);
      if (!result.model) return { problems: result.problems.map(editorProblem) };
      const { model } = result;
      const page =
        path.kind.kind === 'not-found'
          ? model.notFound
          : path.kind.kind === 'site'
            ? model.pages.find((p) => p.path === '/')
            : model.pages.find((p) => p.file === path.path);
      if (!page) return { noPage: `${path.path} makes no page of its own: preview a page that shows it.` };
      return { html: render(model, page === model.notFound ? null : page.path) };
    },

    save(request: CheckRequest & { version: string }): Promise<SaveOutcome> {
      const path = contentPath(request.path);
      return oneAtATime(path.path, async () => {
        const current = root.read(path.path);
        if (versionOf(current) !== request.version) {
          const loaded = known.get(request.version);
          const conflict: SaveConflict = {
            error: `${path.path} changed since it was opened (someone else saved it, or the files were updated); nothing was written. Here is what changed; open it again to edit the new version.`,
            current: editableFile(path, current),
            diff: loaded
              ? diffOf(path.path, loaded, current, 'as you opened it', 'as it is now')
              : diffOf(path.path, draftText(path, current, request.data, request.body), current, 'your edit', 'as it is now'),
          };
          remember(current);
          return { conflict };
        }
        const next = draftText(path, current, request.data, request.body);
        if (next === current) return { saved: { version: request.version, diff: '' }, changed: 0 };
        const { problems } = problemsOf(path.path, next);
        if (problems.length) return { problems };
        // Written only when the new text reads back as exactly what the editor sent.
        const { data, body } = fileData(path, next);
        if (!same(data, JSON.parse(JSON.stringify(request.data ?? null))) || (request.body !== undefined && body !== request.body))
          throw new Error(`The edit of ${path.path} did not read back as the data sent; nothing was written.`);
        await writeWhole(root.existing(path.path), next);
        remember(next);
        const diff = diffOf(path.path, current, next, 'before', 'after');
        const changed = diff.split('\n').filter((l) => /^[-+](?![-+]{2} )/.test(l)).length;
        return { saved: { version: versionOf(next), diff }, changed };
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
