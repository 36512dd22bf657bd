/**
 * The files the content editor may open and write: only those under CONTENT_ROOT's `site/` that a
 * kind of content knows, named by a normalised relative path, and never through a symbolic link.
 * Writes replace a file whole (a temporary file renamed over it), never in part.
 */
import { createHash, randomBytes } from 'node:crypto';
import { lstatSync, readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { link, open, rename, unlink } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { parse } from 'yaml';
import type { EditableFile, FileKind, FileSummary } from '../../contracts/editor-contract';
import { articleSlug, splitArticle } from '../../engine/content/article-source';
import { kindOf, type ContentKind, type KindName } from '../../engine/content/content-kinds';
import type { SchemaSet } from '../../engine/content/schema-set';
import type { SourceFile } from '../../engine/content/yaml-source';

/** The kinds of content the editor opens, as the screens call them; the others (links, badges, notifications, API payloads) stay with developers. */
const EDITABLE: Partial<Record<KindName, FileKind>> = {
  page: 'page',
  'not-found': 'page',
  'faq-set': 'faq',
  pricing: 'prices',
  site: 'navigation',
  form: 'form',
  article: 'article',
};

const MAX_PATH_LENGTH = 300;

/** A path the editor refuses, with the status and the sentence to answer. */
export class PathRefused extends Error {
  constructor(
    readonly status: 400 | 403 | 404,
    message: string,
  ) {
    super(message);
  }
}

export interface ContentPath {
  /** `site/pages/privacy.yaml`: relative to the content root, forward slashes. */
  path: string;
  kind: ContentKind;
  fileKind: FileKind;
}

/** Checks a path a client sent; throws PathRefused with the reason when the editor may not open it. */
export function contentPath(input: unknown): ContentPath {
  if (typeof input !== 'string' || input === '') throw new PathRefused(400, 'Say which file: path, such as site/pages/privacy.yaml.');
  if (input.length > MAX_PATH_LENGTH) throw new PathRefused(400, `A path may be at most ${MAX_PATH_LENGTH} characters.`);
  if (input.includes('\0') || input.includes('\\'))
    throw new PathRefused(400, 'A path is written with forward slashes and no control characters, such as site/pages/privacy.yaml.');
  if (input.startsWith('/') || /^[A-Za-z]:/.test(input))
    throw new PathRefused(400, `"${shown(input)}" is an absolute path: name the file from the project, such as site/pages/privacy.yaml.`);
  if (input.split('/').some((part) => part === '' || part === '.' || part === '..'))
    throw new PathRefused(400, 'A path may not contain "..", "." or empty parts: name the file as site/pages/privacy.yaml does.');
  if (!input.startsWith('site/')) throw new PathRefused(403, 'Only files under site/ can be edited.');
  const kind = kindOf(input);
  if (!kind)
    throw new PathRefused(
      400,
      `${shown(input)} is not a content file: the editor opens pages, FAQ sets, the price catalogue, site.yaml, forms (.yaml) and articles (site/blog/*.md).`,
    );
  const fileKind = EDITABLE[kind.kind];
  if (!fileKind) throw new PathRefused(403, `${input} is not edited in the browser; it is changed with the project's files.`);
  return { path: input, kind, fileKind };
}

/** What a client sent, cut short and with control characters shown, for a message about it. */
const shown = (text: string) => JSON.stringify(text.slice(0, 80)).slice(1, -1);

/** An opaque version of a file's bytes. */
export function versionOf(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('base64url');
}

/** What is said of a symbolic link under site/, wherever it is met: validate, the editor and Publish. */
export const linkRefused = (path: string) =>
  `${path} is a symbolic link: everything under site/ must be a real file or folder, because a link makes one file read and written as another. Replace the link with a copy of the file it points to.`;

/** Every symbolic link under `dir` (none is followed), named from `rel`, such as site/pages/x.yaml. */
export function linksUnder(dir: string, rel: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .flatMap((entry) => {
      const path = `${rel}/${entry.name}`;
      if (entry.isSymbolicLink()) return [path];
      return entry.isDirectory() ? linksUnder(join(dir, entry.name), path) : [];
    });
}

/** The content root and its `site/` as the disk resolves them; nothing under site/ is reached through a link. */
export class ContentRoot {
  readonly siteDir: string;
  constructor(readonly root: string) {
    this.siteDir = realpathSync(join(root, 'site'));
  }

  /** Refuses a path when any part of it below site/ is a symbolic link (a missing part is left to the caller). */
  private noLinkIn(path: string, verb: string): void {
    let at = this.siteDir;
    let named = 'site';
    for (const part of path.split('/').slice(1)) {
      at = join(at, part);
      named = `${named}/${part}`;
      let link: boolean;
      try {
        link = lstatSync(at).isSymbolicLink();
      } catch {
        return;
      }
      if (link) throw new PathRefused(403, `${linkRefused(named)} It cannot be ${verb} here.`);
    }
  }

  /** The file on disk for an existing content path; refused when it is missing or reached through a link. */
  existing(path: string): string {
    this.noLinkIn(path, 'edited');
    const full = join(this.siteDir, path.slice('site/'.length));
    let kind: ReturnType<typeof statSync>;
    try {
      kind = statSync(full);
    } catch {
      throw new PathRefused(404, `There is no file ${path}.`);
    }
    if (!kind.isFile()) throw new PathRefused(400, `${path} is not a file.`);
    return full;
  }

  /** Where a new file goes: under site/, through no link. */
  fresh(path: string): string {
    this.noLinkIn(path, 'made');
    return join(this.siteDir, path.slice('site/'.length));
  }

  read(path: string): string {
    return readFileSync(this.existing(path), 'utf8');
  }

  /** Every YAML file and article under site/ that stays inside it, as the loader reads them. */
  files(): SourceFile[] {
    return this.walk(this.siteDir, 'site')
      .sort()
      .map((path) => ({ path, text: readFileSync(join(this.siteDir, path.slice('site/'.length)), 'utf8') }));
  }

  // A link is never followed: it is refused where it is opened, and Publish refuses the whole site while one is there.
  private walk(dir: string, rel: string): string[] {
    return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const path = `${rel}/${entry.name}`;
      if (entry.isDirectory()) return this.walk(join(dir, entry.name), path);
      if (!entry.isFile()) return [];
      return path.endsWith('.yaml') || path.endsWith('.md') ? [path] : [];
    });
  }
}

/**
 * Replaces (or makes, with `exclusive`) a file whole: the text goes to a temporary file in the same
 * folder, flushed to the disk, which is then renamed over the file, so a reader never sees half of it.
 */
export async function writeWhole(full: string, text: string, exclusive = false): Promise<void> {
  const temp = join(dirname(full), `.${randomBytes(6).toString('hex')}.editing`);
  const handle = await open(temp, 'wx', 0o644);
  try {
    await handle.writeFile(text, 'utf8');
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    // A new file must not replace one made meanwhile: a link is made only where nothing is.
    if (exclusive) {
      await link(temp, full);
      await unlink(temp);
    } else await rename(temp, full);
  } catch (err) {
    await unlink(temp).catch(() => {});
    throw err;
  }
}

/** The data a file holds as the editor shows it: a YAML document, or an article's front matter and body. */
export function fileData(path: ContentPath, text: string): { data: unknown; body?: string } {
  if (path.kind.kind !== 'article') return { data: parse(text) as unknown };
  const parts = splitArticle(text);
  if (!parts) throw new PathRefused(400, `${path.path} has no front matter between two --- lines; fix it in the file first.`);
  return { data: parse(parts.frontMatter) as unknown, body: parts.body };
}

/** The file's title and the address it makes, for the list. */
export function summaryOf(path: ContentPath, data: unknown): FileSummary {
  const d = (data ?? {}) as { path?: unknown; title?: unknown; meta?: { title?: unknown }; name?: unknown; draft?: unknown };
  const name = path.path.replace(/^.*\//, '');
  const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v : undefined);
  const draft = d.draft === true ? { draft: true } : {};
  switch (path.kind.kind) {
    case 'page':
      return {
        path: path.path,
        kind: 'page',
        title: text(d.meta?.title) ?? name,
        ...(text(d.path) ? { route: d.path as string } : {}),
        ...draft,
      };
    case 'not-found':
      return { path: path.path, kind: 'page', title: text(d.meta?.title) ?? 'Page not found' };
    case 'article':
      return { path: path.path, kind: 'article', title: text(d.title) ?? name, route: `/blog/${articleRoute(path.path, data)}`, ...draft };
    case 'pricing':
      return { path: path.path, kind: 'prices', title: 'Price catalogue' };
    case 'site':
      return { path: path.path, kind: 'navigation', title: 'Header, footer and site settings' };
    default:
      return { path: path.path, kind: path.fileKind, title: text(d.title) ?? name };
  }
}

/** An article's address part: its id when it has one (as the loader makes it), else its file name. */
function articleRoute(path: string, data: unknown): string {
  const id = (data as { id?: unknown } | null)?.id;
  return typeof id === 'number' || (typeof id === 'string' && id) ? String(id) : articleSlug(path);
}

/** A file as the editor opens it. */
export function editableFile(path: ContentPath, text: string): EditableFile {
  const { data, body } = fileData(path, text);
  return { ...summaryOf(path, data), version: versionOf(text), data, ...(body !== undefined ? { body } : {}), schema: path.kind.schema };
}

/** Every `*.schema.json` under `dir`, keyed by its path there (`sections/hero.schema.json`), as their `$ref`s name them. */
export function readSchemaSet(dir: string): SchemaSet {
  const set: SchemaSet = {};
  const walk = (folder: string, rel: string): void => {
    for (const entry of readdirSync(folder, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      const path = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(join(folder, entry.name), path);
      else if (entry.name.endsWith('.schema.json'))
        set[path] = JSON.parse(readFileSync(join(folder, entry.name), 'utf8')) as SchemaSet[string];
    }
  };
  walk(dir, '');
  return set;
}
