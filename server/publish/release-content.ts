/**
 * The content files a release was built from, kept in its folder (`content/site/`), and what the
 * screens say about them: which files differ between two states of site/, each file's title, and
 * who saved each since a time, as the audit log recorded the editor's saves.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTwoFilesPatch } from 'diff';
import type { ChangedFile } from '../../contracts/editor-contract';
import type { AuditSlice } from '../store/inbox-types';
import { contentPath, fileData, summaryOf } from '../content/content-files';

/** A state of site/: each file's text by its path from the content root (`site/pages/about.yaml`). */
export type ContentFiles = Map<string, string>;

/** Where a release folder keeps the files it was built from. */
export const RELEASE_CONTENT = 'content';

/** Every file under `<root>/site`, or null when there is no such folder. */
export function readContentFiles(root: string): ContentFiles | null {
  const site = join(root, 'site');
  if (!existsSync(site)) return null;
  const files: ContentFiles = new Map();
  const walk = (dir: string, rel: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = `${rel}/${entry.name}`;
      // The editor's half-written temporary files (".x.editing") are no content.
      if (entry.name.startsWith('.')) continue;
      if (entry.isDirectory()) walk(join(dir, entry.name), path);
      else if (entry.isFile()) files.set(path, readFileSync(join(dir, entry.name), 'utf8'));
    }
  };
  walk(site, 'site');
  return files;
}

/** The file's title as the editor lists it, and whether it is a draft; its name when it is no page or article. */
export function describeFile(path: string, text: string | undefined): { title: string; draft: boolean } {
  const name = path.replace(/^.*\//, '');
  if (text === undefined) return { title: name, draft: false };
  try {
    const summary = summaryOf(contentPath(path), fileData(contentPath(path), text).data);
    return { title: summary.title, draft: summary.draft === true };
  } catch {
    return { title: name, draft: false };
  }
}

/** The files that differ from `before` to `after`, by path, each titled from the side that has it. */
export function changedFiles(before: ContentFiles, after: ContentFiles): ChangedFile[] {
  const paths = [...new Set([...before.keys(), ...after.keys()])].sort();
  return paths.flatMap((path): ChangedFile[] => {
    const was = before.get(path);
    const now = after.get(path);
    if (was === now) return [];
    const change = was === undefined ? 'added' : now === undefined ? 'removed' : 'changed';
    return [{ path, title: describeFile(path, now ?? was).title, change }];
  });
}

export function fileDiff(path: string, before: string | undefined, after: string | undefined, from: string, to: string): string {
  if (before === after) return '';
  return createTwoFilesPatch(path, path, before ?? '', after ?? '', from, to);
}

/** A save, new file or deletion the audit log holds for a content file. */
export interface RecordedSave {
  path: string;
  actor: string;
  at: string;
}

const SAVE_ACTIONS = new Set(['save', 'create', 'delete']);
/** The audit details the editor writes: "saved site/x.yaml (…)", "made site/x.md", "deleted site/x.yaml …". */
const SAVED_PATH = /^(?:saved|made|deleted) (site\/\S+)/;
const PAGE = 200;
/** How far back a list of changes looks, in audit entries, whatever the time. */
const MOST_ENTRIES = 20_000;

/** The editor's saves since `since` (ISO; all when null), newest first. */
export async function savesSince(audit: Pick<AuditSlice, 'list'>, since: string | null): Promise<RecordedSave[]> {
  const from = since ? Date.parse(since) : -Infinity;
  const saves: RecordedSave[] = [];
  let before: string | undefined;
  for (let read = 0; read < MOST_ENTRIES; read += PAGE) {
    const entries = await audit.list({ ...(before ? { before } : {}), limit: PAGE });
    for (const entry of entries) {
      if (Date.parse(entry.at) < from) return saves;
      const path = SAVE_ACTIONS.has(entry.action) ? SAVED_PATH.exec(entry.detail)?.[1] : undefined;
      if (path) saves.push({ path, actor: entry.actor, at: entry.at });
    }
    if (entries.length < PAGE) break;
    before = entries.at(-1)!.id;
  }
  return saves;
}

/** A publish message made from the titles of what changed: "Fair use for streamers (new); About us". */
export function messageFrom(changes: readonly ChangedFile[]): string {
  if (!changes.length) return 'Publish the saved content';
  const words = { added: 'new', changed: '', removed: 'deleted' } as const;
  const parts = changes.map((c) => (words[c.change] ? `${c.title} (${words[c.change]})` : c.title));
  const shown = parts.slice(0, 6).join('; ');
  return parts.length > 6 ? `${shown}; and ${parts.length - 6} more` : shown;
}
