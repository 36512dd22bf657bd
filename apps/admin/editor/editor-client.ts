// The content editor's calls to its API, typed by the contract; same session, CSRF header and
// error handling as the inbox's calls.
import {
  EDITOR_ROUTES,
  type CheckRequest,
  type DeleteAnswer,
  type DeleteRequest,
  type EditableFile,
  type FileDiff,
  type FileList,
  type NewFileRequest,
  type PendingChanges,
  type ProblemsAnswer,
  type PublishAnswer,
  type ReferenceLists,
  type ReleaseList,
  type RollbackPlan,
  type SaveAnswer,
  type SaveConflict,
  type SaveRequest,
  type SchemaBundle,
} from '../../../contracts/editor-contract';
import { call, refusal, send } from '../inbox-client';

export const fetchFiles = () => call<FileList>('GET', EDITOR_ROUTES.files);
export const fetchSchemas = () => call<SchemaBundle>('GET', EDITOR_ROUTES.schemas);
export const fetchFile = (path: string) => call<EditableFile>('GET', `${EDITOR_ROUTES.file}?${new URLSearchParams({ path })}`);
export const checkFile = (request: CheckRequest) => call<ProblemsAnswer>('POST', EDITOR_ROUTES.check, request);
export const createFile = (request: NewFileRequest) => call<EditableFile>('POST', EDITOR_ROUTES.create, request);
export const fetchReleases = () => call<ReleaseList>('GET', EDITOR_ROUTES.releases);
export const rollback = (release: string) => call<PublishAnswer>('POST', EDITOR_ROUTES.rollback, { release });
export const fetchChanges = () => call<PendingChanges>('GET', EDITOR_ROUTES.changes);
export const fetchChangeDiff = (path: string) => call<FileDiff>('GET', `${EDITOR_ROUTES.changeDiff}?${new URLSearchParams({ path })}`);
export const fetchRollbackPlan = (release: string) =>
  call<RollbackPlan>('GET', `${EDITOR_ROUTES.rollbackPlan}?${new URLSearchParams({ release })}`);

export type DeleteOutcome = { kind: 'deleted'; answer: DeleteAnswer } | { kind: 'problems'; problems: ProblemsAnswer['problems'] };

/** A deletion, or (422) why the redirect cannot be kept; a file changed meanwhile (409) is refused with its words. */
export async function deleteFile(request: DeleteRequest): Promise<DeleteOutcome> {
  const response = await send('POST', EDITOR_ROUTES.remove, request);
  if (response.ok) return { kind: 'deleted', answer: (await response.json()) as DeleteAnswer };
  if (response.status === 422) return { kind: 'problems', problems: ((await response.json()) as ProblemsAnswer).problems };
  if (response.status === 409) throw new Error(((await response.json()) as { error: string }).error);
  throw await refusal(response);
}

export type SaveOutcome =
  | { kind: 'saved'; answer: SaveAnswer }
  | { kind: 'conflict'; conflict: SaveConflict }
  | { kind: 'problems'; problems: ProblemsAnswer['problems'] };

/** A save, with the two refusals the editor shows in place: the file changed meanwhile (409), or the draft has problems (422). */
export async function saveFile(request: SaveRequest): Promise<SaveOutcome> {
  const response = await send('PUT', EDITOR_ROUTES.file, request);
  if (response.ok) return { kind: 'saved', answer: (await response.json()) as SaveAnswer };
  if (response.status === 409) return { kind: 'conflict', conflict: (await response.json()) as SaveConflict };
  if (response.status === 422) return { kind: 'problems', problems: ((await response.json()) as ProblemsAnswer).problems };
  throw await refusal(response);
}

export type PublishOutcome = { kind: 'published'; answer: PublishAnswer } | { kind: 'problems'; problems: ProblemsAnswer['problems'] };

/** Publishing: the new release, or (422) the problems that kept the live site as it was. */
export async function publish(message: string): Promise<PublishOutcome> {
  const response = await send('POST', EDITOR_ROUTES.publish, { message });
  if (response.ok) return { kind: 'published', answer: (await response.json()) as PublishAnswer };
  if (response.status === 422) return { kind: 'problems', problems: ((await response.json()) as ProblemsAnswer).problems };
  throw await refusal(response);
}

/** The page the draft would make, as HTML; `signal` drops a preview a newer edit made stale. */
export async function fetchPreview(request: CheckRequest, signal: AbortSignal): Promise<string> {
  const response = await send('POST', EDITOR_ROUTES.preview, request, signal);
  if (!response.ok) throw await refusal(response);
  return response.text();
}

/** What each reference field may name, from the site as saved. */
export const fetchReferences = () => call<ReferenceLists>('GET', EDITOR_ROUTES.references);
