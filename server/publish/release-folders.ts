import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Release } from '../../contracts/editor-contract';

/** A release's id and folder name: its UTC time to the second and six random hex digits, `20261126T170102Z-3fa9c1`. */
const RELEASE_ID = /^\d{8}T\d{6}Z-[0-9a-f]{6}$/;
/** A build in progress (or one a crash left half-written): never served, removed by the next publish. */
const BUILDING = '.building-';
/** Written last into a finished build, before it gets its release name. */
const RECORD = 'release.json';
/** A symbolic link to the live release's folder, swapped by rename, for operators and other tools. */
const CURRENT = 'current';

export const isReleaseId = (id: string) => RELEASE_ID.test(id);

export function newReleaseId(at: Date): string {
  return `${at.toISOString().replace(/[-:]/g, '').slice(0, 15)}Z-${randomBytes(3).toString('hex')}`;
}

export type ReleaseRecord = Omit<Release, 'live'>;

/** The releases folder: one finished build per release id, builds in progress beside them under a dot name. */
export function releaseFolders(root: string) {
  const folderOf = (id: string) => join(root, id);
  return {
    root,
    folderOf,
    /** A fresh folder for a build, with nothing half-written from an earlier one left around it. */
    startBuild(id: string): string {
      mkdirSync(root, { recursive: true });
      for (const name of readdirSync(root)) if (name.startsWith(BUILDING)) rmSync(join(root, name), { recursive: true, force: true });
      return join(root, `${BUILDING}${id}`);
    },
    /** Names a finished build as its release in one rename: until then no process can find it. */
    finish(building: string, record: ReleaseRecord): string {
      writeFileSync(join(building, RECORD), JSON.stringify(record));
      const folder = folderOf(record.id);
      renameSync(building, folder);
      return folder;
    },
    /** True when the release's folder was finished (named, with its record). */
    isComplete(id: string): boolean {
      return isReleaseId(id) && existsSync(join(folderOf(id), RECORD));
    },
    /** Points `current` at the release, replacing the old link in one rename. */
    pointCurrentAt(id: string): void {
      const next = join(root, `.${CURRENT}-${id}`);
      rmSync(next, { force: true });
      symlinkSync(id, next);
      renameSync(next, join(root, CURRENT));
    },
    /** The record a finished release was named with (its message, authors and changes); null when it cannot be read. */
    record(id: string): ReleaseRecord | null {
      if (!this.isComplete(id)) return null;
      try {
        return JSON.parse(readFileSync(join(folderOf(id), RECORD), 'utf8')) as ReleaseRecord;
      } catch {
        return null;
      }
    },
    /** Finished release folders by id. */
    list(): string[] {
      if (!existsSync(root)) return [];
      return readdirSync(root).filter((name) => this.isComplete(name));
    },
    remove(id: string): void {
      if (isReleaseId(id)) rmSync(folderOf(id), { recursive: true, force: true });
    },
  };
}

export type ReleaseFolders = ReturnType<typeof releaseFolders>;
