// Unsaved edits kept in this browser, one record per file holding the version they were made on, so
// a crash, a reload or a closed tab loses nothing; a save or a discard forgets them.
import type { EditableFile } from '../../../contracts/editor-contract';

export interface UnsavedWork {
  path: string;
  /** The file's version the edits were made on. */
  version: string;
  data: unknown;
  body?: string;
  /** When they were last kept (ISO time). */
  at: string;
}

const keyOf = (path: string) => `takedownshield-editor-unsaved:${path}`;

/** Keeps the edits; a full or blocked storage only means they are not kept (the page's guard still asks before leaving). */
export function keepUnsaved(work: Omit<UnsavedWork, 'at'>): void {
  try {
    localStorage.setItem(keyOf(work.path), JSON.stringify({ ...work, at: new Date().toISOString() }));
  } catch {
    // Storage full or turned off: nothing more to do here.
  }
}

export function forgetUnsaved(path: string): void {
  try {
    localStorage.removeItem(keyOf(path));
  } catch {
    // As above.
  }
}

/** The kept edits of a file, when they differ from the file as it is now; a record that does not read is dropped. */
export function unsavedFor(file: EditableFile): UnsavedWork | null {
  let raw: string | null;
  try {
    raw = localStorage.getItem(keyOf(file.path));
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const work = JSON.parse(raw) as UnsavedWork;
    if (work.path !== file.path || typeof work.version !== 'string' || !('data' in work)) throw new Error('not a record');
    const same = JSON.stringify(work.data) === JSON.stringify(file.data) && (work.body ?? null) === (file.body ?? null);
    if (same) {
      forgetUnsaved(file.path);
      return null;
    }
    return work;
  } catch {
    forgetUnsaved(file.path);
    return null;
  }
}

/** A version as a writer can compare two: its first seven characters. */
export const shortVersion = (version: string) => version.slice(0, 7);
