/**
 * A save against a file someone saved since it was opened: the writer's draft merged with the file
 * as it is now, node by node (server/content/merge-data.ts), and what the writer must decide
 * when both changed the same value, worded for the editor's conflict view.
 */
import { statSync } from 'node:fs';
import { stringify } from 'yaml';
import type { ConflictChoices, MergeConflictView, SavedBy } from '../../contracts/editor-contract';
import { mergeData, mergeText, UNKNOWN_BASE, type Choice, type Side } from './merge-data';
import { fileData, versionOf, type ContentPath } from './content-files';

/** The id of an article's text among the conflicts (data conflicts are JSON Pointers, starting with / or empty). */
export const BODY_ID = '#body';

/** At most this many picks are read from a request: a file has far fewer conflicting values. */
const MAX_CHOICES = 1000;

/** A request's `resolve`, kept only when it is well formed; anything else counts as no pick at all. */
export function choicesOf(input: unknown): ConflictChoices | undefined {
  if (!input || typeof input !== 'object') return undefined;
  const { version, choices } = input as Record<string, unknown>;
  if (typeof version !== 'string' || !choices || typeof choices !== 'object' || Array.isArray(choices)) return undefined;
  const picks = Object.entries(choices as Record<string, unknown>)
    .slice(0, MAX_CHOICES)
    .filter((entry): entry is [string, Choice] => entry[1] === 'mine' || entry[1] === 'theirs');
  return { version, choices: Object.fromEntries(picks) };
}

export interface MergedDraft {
  data: unknown;
  body?: string;
  conflicts: MergeConflictView[];
}

/**
 * The draft (`data`, `body`) merged onto the file as it is now (`currentText`); `baseText` is the
 * version the writer opened, when still known. Picks apply only when made against this very version.
 */
export function mergeDraft(input: {
  path: ContentPath;
  baseText: string | undefined;
  currentText: string;
  data: unknown;
  body: string | undefined;
  resolve: ConflictChoices | undefined;
}): MergedDraft {
  const { path, baseText, currentText } = input;
  const theirs = fileData(path, currentText);
  let base: { data: unknown; body?: string } | undefined;
  try {
    base = baseText === undefined ? undefined : fileData(path, baseText);
  } catch {
    // The version opened did not read (it was being mended): nothing is known of what the writer changed.
    base = undefined;
  }
  const choices = input.resolve?.version === versionOf(currentText) ? input.resolve.choices : {};
  const data = mergeData(base ? base.data : UNKNOWN_BASE, JSON.parse(JSON.stringify(input.data ?? null)), theirs.data, choices);
  const conflicts = [...data.conflicts];
  let body = theirs.body;
  if (path.kind.kind === 'article') {
    const text = mergeText(base ? base.body : UNKNOWN_BASE, input.body ?? theirs.body, theirs.body, BODY_ID, choices);
    body = text.merged;
    if (text.conflict) conflicts.push(text.conflict);
  }
  const described = base?.data ?? theirs.data;
  return {
    data: data.merged,
    ...(body !== undefined ? { body } : {}),
    conflicts: conflicts.map((c) => ({ id: c.id, label: labelOf(c.id, described), mine: shown(c.mine), theirs: shown(c.theirs) })),
  };
}

/** A side as the writer reads it: a text as it is, anything else as YAML; null when removed. */
function shown(side: Side): string | null {
  if ('removed' in side) return null;
  return typeof side.value === 'string' ? side.value : stringify(side.value, { lineWidth: 0 }).trimEnd();
}

// The field of an entry a writer knows it by, in this order.
const NAMING_KEYS = ['question', 'title', 'label', 'name', 'heading', 'id'];

/** `/items/3/answer` in words: `"How long does it take?" › answer`, naming each entry by its question or title. */
export function labelOf(id: string, data: unknown): string {
  if (id === BODY_ID) return 'Article text';
  if (id === '') return 'The whole file';
  const parts: string[] = [];
  let value: unknown = data;
  for (const raw of id.slice(1).split('/')) {
    const part = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(value) && /^\d+$/.test(part)) {
      const entry: unknown = value[Number(part)];
      const name =
        entry && typeof entry === 'object'
          ? NAMING_KEYS.map((k) => (entry as Record<string, unknown>)[k]).find((v): v is string => typeof v === 'string' && v.trim() !== '')
          : undefined;
      parts.push(name ? `“${name.length > 80 ? `${name.slice(0, 79)}…` : name}”` : `entry ${Number(part) + 1}`);
      value = entry;
    } else {
      parts.push(part);
      value = value && typeof value === 'object' ? (value as Record<string, unknown>)[part] : undefined;
    }
  }
  return parts.join(' › ');
}

/** Who saved each file last through the editor, by version: a conflict names them. */
export class SaveRecords {
  private readonly last = new Map<string, SavedBy & { version: string }>();

  note(path: string, text: string, by: string, at: Date): void {
    this.last.set(path, { version: versionOf(text), by, at: at.toISOString() });
  }

  /** Who saved this version of the file; a version not saved through the editor is the file's, at its time of change. */
  of(path: string, text: string, full: string): SavedBy {
    const record = this.last.get(path);
    if (record?.version === versionOf(text)) return { by: record.by, at: record.at };
    let at = new Date(0);
    try {
      at = statSync(full).mtime;
    } catch {
      // Gone meanwhile: the time stays unknown (1970), the save is refused anyway.
    }
    return { by: null, at: at.toISOString() };
  }
}
