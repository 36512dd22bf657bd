/**
 * The content editor's API as the admin app and the server both speak it: paths, roles, and the
 * shapes of files, saves, problems, previews and publishes. It lives beside the inbox's contract
 * (same sign-in, session, CSRF header and audit log). Errors use the site API's ErrorAnswer shape.
 */
import { ADMIN_API } from './inbox-contract';

/** What an account may do. An account made before roles existed keeps what it had: `leads`. */
export const ROLES = ['leads', 'content', 'accounts'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  leads: 'Sees and works the leads',
  content: 'Edits and publishes the site',
  accounts: 'Manages accounts',
};

export const EDITOR_API = `${ADMIN_API}/content`;

export const EDITOR_ROUTES = {
  /** GET: FileList, every editable file (role `content`). */
  files: `${EDITOR_API}/files`,
  /** GET ?path: EditableFile. PUT SaveRequest: SaveAnswer (200), 409 SaveConflict, 422 ProblemsAnswer. */
  file: `${EDITOR_API}/file`,
  /** POST CheckRequest: ProblemsAnswer, the file's problems (field-level, on blur). Always 200. */
  check: `${EDITOR_API}/check`,
  /** POST CheckRequest: text/html, the page the draft would render (only for files that make a page). */
  preview: `${EDITOR_API}/preview`,
  /** GET: the JSON Schemas the forms are drawn from (SchemaBundle). */
  schemas: `${EDITOR_API}/schemas`,
  /** POST NewFileRequest: EditableFile (201); 409 when the file exists; 422 ProblemsAnswer. */
  create: `${EDITOR_API}/new`,
  /** POST: PublishAnswer (200), or 422 ProblemsAnswer when the whole site does not pass; the live site is unchanged then. */
  publish: `${EDITOR_API}/publish`,
  /** GET: ReleaseList, newest first. */
  releases: `${EDITOR_API}/releases`,
  /** POST { release }: PublishAnswer, the site switched back to that release and its files restored. */
  rollback: `${EDITOR_API}/rollback`,
  /** GET: PendingChanges, every file changed since the live release, with who saved it. */
  changes: `${EDITOR_API}/changes`,
  /** GET ?path: FileDiff, the file's lines changed since the live release. */
  changeDiff: `${EDITOR_API}/changes/diff`,
  /** GET ?release: RollbackPlan, the files a rollback to that release would change back. */
  rollbackPlan: `${EDITOR_API}/rollback/plan`,
  /** POST DeleteRequest: DeleteAnswer; 409 SaveConflict when the file changed since it was opened. */
  remove: `${EDITOR_API}/delete`,
  /** GET: ReferenceLists, what a reference field may name (FAQ sets, forms, categories, price keys), from the site on disk. */
  references: `${EDITOR_API}/references`,
} as const;

/** What a file holds, which picks its form. */
export const FILE_KINDS = ['page', 'faq', 'prices', 'navigation', 'site', 'form', 'article', 'other'] as const;
export type FileKind = (typeof FILE_KINDS)[number];

export interface FileSummary {
  /** Relative to the project, always under `site/`, with forward slashes: `site/pages/privacy.yaml`. */
  path: string;
  kind: FileKind;
  /** The page's title, an article's title, or the file's name. */
  title: string;
  /** The address the file makes, when it makes a page: `/privacy`. */
  route?: string;
  /** A page or article marked `draft: true`: never published until a writer marks it ready. */
  draft?: boolean;
}

export interface FileList {
  files: FileSummary[];
}

export interface EditableFile extends FileSummary {
  /** An opaque version of the bytes on disk (a hash); a save sends it back. */
  version: string;
  /** The file's data as JSON: a YAML file's document, or an article's front matter. */
  data: unknown;
  /** An article's Markdown body, byte for byte. Absent for YAML files. */
  body?: string;
  /** The `$id` of the JSON Schema `data` follows (a key of SchemaBundle.schemas). */
  schema: string;
  /**
   * The page a preview of this file shows: its own (`route`), or for a file that makes no page
   * (an FAQ set, a form, the price catalogue) the first page that shows it. Absent when none does.
   */
  previewRoute?: string;
}

export interface CheckRequest {
  path: string;
  data: unknown;
  body?: string;
}

export interface SaveRequest extends CheckRequest {
  /** The version the edit started from. */
  version: string;
  /** After a SaveConflict: the version of the file the writer saw it against, and their pick for each conflict by id. */
  resolve?: ConflictChoices;
}

export interface ConflictChoices {
  /** SaveConflict.current.version: a file that moved again since gets a new SaveConflict. */
  version: string;
  choices: Record<string, 'mine' | 'theirs'>;
}

/** Who saved a version of a file, and when. */
export interface SavedBy {
  /** The account's address; null when the file was changed outside the editor. */
  by: string | null;
  /** ISO time. */
  at: string;
}

export interface SaveAnswer {
  version: string;
  /** The lines the save changed, as a unified diff of the file. Empty when nothing changed. */
  diff: string;
  /** The file had been saved by someone else since the edit started, and both edits were merged: what was saved, to show. */
  merged?: { data: unknown; body?: string; with: SavedBy };
}

/** One value two writers changed differently: both versions, as text, to pick from. */
export interface MergeConflictView {
  /** The place, a JSON Pointer into the data as the writer opened it (`/items/3/answer`), or `#body` for an article's text. */
  id: string;
  /** The place in a writer's words: `"How long does a takedown take?" › answer`. */
  label: string;
  /** The writer's version (YAML for an entry), or null when the writer removed it. */
  mine: string | null;
  /** The saved version, or null when the other writer removed it. */
  theirs: string | null;
}

/** 409: the file changed on disk since `version` was loaded and the two edits change the same values; nothing was written. */
export interface SaveConflict {
  error: string;
  /** The file as it is now. */
  current: EditableFile;
  /** Unified diff from the loaded version to the current file. */
  diff: string;
  /** Who saved the current version, and when. */
  savedBy: SavedBy;
  /** Every value both changed; a save with a pick for each (`resolve`) writes the merge. */
  conflicts: MergeConflictView[];
}

export interface Problem {
  /** The file the problem is in (publishing checks every file). */
  path: string;
  /** JSON Pointer into the file's data (`/sections/2/title`), '' for the whole file. */
  pointer: string;
  /** 1-based, when the problem has a place in the file. */
  line?: number;
  column?: number;
  /** The words `npm run validate` prints. */
  message: string;
}

export interface ProblemsAnswer {
  problems: Problem[];
}

export interface NewFileRequest {
  kind: 'page' | 'article';
  /** For a page: its address (`/protection/new-thing`). */
  route?: string;
  /** For an article: its title. */
  title?: string;
}

export interface SchemaBundle {
  /** Every schema by `$id`, with `$ref`s between them left for the form library to resolve. */
  schemas: Record<string, unknown>;
  /** Each section type's example, as the catalogue shows it. */
  sectionExamples: Record<string, unknown>;
}

export interface Release {
  id: string;
  /** ISO time. */
  publishedAt: string;
  /** Who published it (account e-mail). */
  by: string;
  /** The content commit, when `site/` is a git repository. */
  commit?: string;
  live: boolean;
  /** The publish's message: what it changed, in the writer's words. */
  message?: string;
  /** Every account whose saves it carries (account e-mails). */
  authors?: string[];
  /** The files it changed since the release before it. */
  changes?: ChangedFile[];
}

/** A content file that differs between two states of site/. */
export interface ChangedFile {
  path: string;
  /** The page's or article's title (the file's name when it has none). */
  title: string;
  change: 'added' | 'changed' | 'removed';
}

/** A file changed since the live release, with who saved it. */
export interface PendingChange extends ChangedFile {
  /** The accounts that saved it since the live release, latest first. */
  savedBy: string[];
  /** The latest save's ISO time, when the audit log has one. */
  savedAt?: string;
  /** A page or article still marked as a draft: the publish leaves it out. */
  draft?: boolean;
}

export interface PendingChanges {
  /** The live release's id; null when the comparison is with the deployed build. */
  since: string | null;
  /** False when the live site's files were not kept (a build from before they were): nothing to compare with. */
  compared: boolean;
  changes: PendingChange[];
  /** A publish message made from the changed files' titles, for the writer to keep or change. */
  suggestedMessage: string;
}

/** A file's unified diff from the live release to what is saved now ('' when it has no change). */
export interface FileDiff {
  path: string;
  diff: string;
}

/** What rolling back to a release would change back, before it is done. */
export interface RollbackPlan {
  release: string;
  /** False for a release published before releases kept their files: only the live site switches. */
  restoresFiles: boolean;
  /** Each file as the rollback changes it: `added` comes back, `changed` returns to its old text, `removed` is taken away. */
  changes: Array<ChangedFile & { unpublishedEdits?: boolean }>;
}

export interface PublishRequest {
  /** The writer's message for the release (at most 500 characters); one is made from the titles when absent. */
  message?: string;
}

export interface DeleteRequest {
  path: string;
  /** The version the writer saw. */
  version: string;
  /** An address of a live page to send visitors of the deleted one to (a 301, recorded in site/links.yaml). */
  redirect?: string;
}

export interface DeleteAnswer {
  path: string;
  /** The places that still link to the deleted page's address (a publish refuses them until each is changed). */
  linkedFrom: Problem[];
}

export interface ReleaseList {
  releases: Release[];
}

export interface PublishAnswer {
  release: Release;
  /** How long the validation and build took, in milliseconds. */
  durationMs: number;
}

/** One thing a reference field may name: the value written in the file and the words shown beside it. */
export interface ReferenceOption {
  value: string;
  label: string;
}

/** GET references: the choices of each kind of reference field. */
export interface ReferenceLists {
  /** FAQ sets by id (a faq section's `faqSet`). */
  faqSets: ReferenceOption[];
  /** Forms by id (a form section's `form`). */
  forms: ReferenceOption[];
  /** The blog's categories (an article's `category`). */
  categories: ReferenceOption[];
  /** The price catalogue's groups that hold a monthly and an annual price (a pricing table plan's `price`). */
  priceGroups: ReferenceOption[];
  /** Every single price's key (what `{price:key}` names in text). */
  prices: ReferenceOption[];
}
