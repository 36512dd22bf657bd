/**
 * The content editor's work, apart from HTTP: listing and opening files, checking a draft in the
 * context of the whole site, rendering its page, saving it as the smallest change to the file,
 * refusing a save against a file that changed since it was opened, and making new files.
 */
import { mkdir, unlink } from 'node:fs/promises';
import { dirname } from 'node:path';
import { createTwoFilesPatch } from 'diff';
import { parse, parseDocument } from 'yaml';
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
import { splitArticle } from '../../engine/content/article-source';
import { loadSite } from '../../engine/content/load-site';
import { unpublishedLinkProblems } from './published-links';
import { blogCategories, planArticle, planPage, type NewFilePlan } from './scaffold';
import { buildSectionUnionSchema, type SchemaSet } from '../../engine/content/schema-set';
import type { SourceFile } from '../../engine/content/yaml-source';
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
import { editorProblem, type DraftJob, type DraftResult } from './draft-work';
import { choicesOf, mergeDraft, SaveRecords } from './merge-save';
import { createEditorPool, type PoolAnswer } from './editor-pool';

export { editorProblem, pointerOf } from './draft-work';

export interface EditorConfig {
  /** The folder holding site/ (CONTENT_ROOT). */
  contentRoot: string;
  /** The schemas under schemas/, by their path there. */
  schemas: SchemaSet;
  siteUrl: string;
  /** The site's stylesheets, as the built pages name them; a preview links them and loads no script. */
  previewStylesheets: readonly string[];
  now?: () => Date;
  /** How long one check, preview or save check may run in its worker (EDITOR_CHECK_BUDGET_MS's default below). */
  checkBudgetMs?: number;
  /** How many worker threads check drafts at once. */
  workers?: number;
}

export type DeleteOutcome = { removed: DeleteAnswer; route: string | null } | { conflict: SaveConflict } | { problems: Problem[] };

/** The file that declares redirects for addresses the site no longer has. */
const LINKS_FILE = 'site/links.yaml';

export type SaveOutcome = { saved: SaveAnswer; changed: number } | { conflict: SaveConflict } | { problems: Problem[] };

export type CreateOutcome = { created: EditableFile } | { exists: string } | { problems: Problem[] };

export type PreviewOutcome = { html: string } | { problems: Problem[] } | { noPage: string };

/** How many file versions are remembered, to show what changed when a save meets a newer file. */
const KNOWN_VERSIONS = 500;

/** A check of the whole site takes some 100 ms; five seconds is fifty times that, and still a short wait for a writer. */
export const CHECK_BUDGET_MS = 5_000;

/** The longest text one field may hold: a page's longest field is a few hundred characters, an FAQ answer a few thousand. */
export const MAX_VALUE_CHARS = 20_000;

/** How many checks may wait for a worker before a writer is asked to try again. */
const MAX_WAITING = 32;

/** The first problem of a draft's data: a text longer than MAX_VALUE_CHARS, at its field. */
function overlongValue(path: string, data: unknown): Problem | undefined {
  // Walked with a stack, not recursion, so a deeply nested draft cannot overflow it.
  const stack: Array<{ value: unknown; pointer: string }> = [{ value: data, pointer: '' }];
  while (stack.length) {
    const { value, pointer } = stack.pop()!;
    if (typeof value === 'string') {
      if (value.length > MAX_VALUE_CHARS)
        return {
          path,
          pointer,
          message: `this text is too large to check: ${value.length.toLocaleString('en')} characters, where a field may hold ${MAX_VALUE_CHARS.toLocaleString('en')}. Shorten it.`,
        };
    } else if (value && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value))
        stack.push({ value: inner, pointer: `${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}` });
    }
  }
  return undefined;
}

export function createEditor(config: EditorConfig) {
  const root = new ContentRoot(config.contentRoot);
  const now = config.now ?? (() => new Date());
  const saves = new SaveRecords();
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
  const pool = createEditorPool(
    { contentRoot: config.contentRoot, schemas: config.schemas, siteUrl: config.siteUrl, previewStylesheets: config.previewStylesheets },
    { budgetMs: config.checkBudgetMs ?? CHECK_BUDGET_MS, size: config.workers ?? 2, maxWaiting: MAX_WAITING, warmUpMs: 60_000 },
  );

  /** The plain problem for a draft whose check did not finish: at an article's text, or on the whole file. */
  const tooComplex = (path: ContentPath, current: string | undefined, budget: number): Problem => {
    const seconds = `${Math.round(budget / 100) / 10} seconds`;
    if (path.kind.kind === 'article') {
      const parts = current === undefined ? null : splitArticle(current);
      const line = parts ? current!.slice(0, current!.length - parts.body.length).split('\n').length : undefined;
      return {
        path: path.path,
        pointer: '',
        ...(line ? { line, column: 1 } : {}),
        message: `this text is too large or too complex to check: its check took longer than ${seconds}. Shorten the article's text, or split long paragraphs and runs of * and _ marks.`,
      };
    }
    return {
      path: path.path,
      pointer: '',
      message: `this text is too large or too complex to check: its check took longer than ${seconds}. Shorten the longest fields, or split the file's sections.`,
    };
  };
  const busy = (path: ContentPath): Problem => ({
    path: path.path,
    pointer: '',
    message: 'The editor is busy checking other drafts; nothing was lost. Try again in a moment.',
  });

  /** Runs the job in a worker: its result, or the problem that says why there is none. */
  const inWorker = async (path: ContentPath, job: DraftJob): Promise<DraftResult> => {
    const tooLong = overlongValue(path.path, job.data);
    if (tooLong) return { problems: [tooLong] };
    const answer: PoolAnswer = await pool.run(job);
    if ('done' in answer) return answer.done;
    if ('busy' in answer) return { problems: [busy(path)] };
    return { problems: [tooComplex(path, job.current, config.checkBudgetMs ?? CHECK_BUDGET_MS)] };
  };
  const year = () => now().getFullYear();

  const diffOf = (path: string, before: string, after: string, from: string, to: string) =>
    before === after ? '' : createTwoFilesPatch(path, path, before, after, from, to);

  return {
    root,
    schemas: config.schemas,

    list(): FileList {
      // A writer who lists the files is about to open one: its first check or preview finds a worker ready.
      pool.warm();
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

    async open(input: unknown): Promise<EditableFile> {
      const path = contentPath(input);
      pool.warm();
      const text = root.read(path.path);
      remember(text);
      let file: EditableFile;
      try {
        file = editableFile(path, text);
      } catch (err) {
        if (err instanceof PathRefused) throw err;
        throw new PathRefused(400, `${path.path} does not read as YAML; fix it in the file first (npm run validate says where).`);
      }
      // A page or an article previews itself; only a file that makes no page needs the whole site to find one that shows it.
      if (file.route) return { ...file, previewRoute: file.route };
      const answer = await pool.run({ op: 'preview-route', path: path.path, data: file.data, year: year() });
      const shown = 'done' in answer && 'previewRoute' in answer.done ? answer.done.previewRoute : null;
      return shown ? { ...file, previewRoute: shown } : file;
    },

    /** The choices of each reference field, from the site on disk (a site that does not load, or takes too long, offers none). */
    async references(): Promise<ReferenceLists> {
      const answer = await pool.run({ op: 'references', path: '', data: null, year: year() });
      return 'done' in answer && 'references' in answer.done
        ? answer.done.references
        : { faqSets: [], forms: [], categories: [], priceGroups: [], prices: [] };
    },

    /** The draft's problems in the context of the whole site: its own, those it causes in other files, and its broken links. */
    async check(request: CheckRequest): Promise<Problem[]> {
      const path = contentPath(request.path);
      const current = root.read(path.path);
      const result = await inWorker(path, { op: 'check', path: path.path, data: request.data, body: request.body, current, year: year() });
      return 'problems' in result ? result.problems : [];
    },

    /** The page the draft makes, rendered as the build renders it, each section marked with its index. */
    async preview(request: CheckRequest): Promise<PreviewOutcome> {
      const path = contentPath(request.path);
      const current = root.read(path.path);
      const result = await inWorker(path, {
        op: 'preview',
        path: path.path,
        data: request.data,
        body: request.body,
        current,
        year: year(),
      });
      if ('problems' in result || 'html' in result || 'noPage' in result) return result;
      throw new Error('A preview answered another job.');
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
        // Checked in a worker like any draft; the file is written only from its answer.
        const result = await inWorker(path, { op: 'save', path: path.path, data: sent.data, body: sent.body, current, year: year() });
        if ('problems' in result) return { problems: result.problems };
        if (!('text' in result)) throw new Error('A save check answered a preview.');
        const next = result.text;
        if (next === current) return { saved: { version: versionOf(current), diff: '', ...(merged ? { merged } : {}) }, changed: 0 };
        if (!result.readsBack) throw new Error(`The edit of ${path.path} did not read back as the data sent; nothing was written.`);
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

    /** Ends the editor's worker threads. */
    close: () => pool.close(),
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
