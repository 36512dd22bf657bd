import { closeSync, existsSync, openSync, unlinkSync } from 'node:fs';
import Database from 'better-sqlite3';

/**
 * Copies the SQLite database in `file` to `destination` with VACUUM INTO while the server keeps
 * writing: one read transaction, so the copy is the database at one moment, every lead committed
 * by then in it, WAL included. (The page-by-page backup API starts over whenever another
 * connection writes, so under steady traffic it may never finish.) The copy is checked for
 * integrity; returns how many leads it holds. Nothing half-written is left behind on failure.
 */
export function backupSqliteFile(file: string, destination: string): number {
  if (!existsSync(file)) throw new Error(`No lead database at ${file} to back up.`);
  // Created empty, readable by its owner only, before VACUUM INTO fills it (it takes an empty file as new).
  try {
    closeSync(openSync(destination, 'wx', 0o600));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST')
      throw new Error(`${destination} already exists; choose a new file, so no backup is overwritten.`, { cause: err });
    throw err;
  }
  // Read-only: the backup never takes the write lock the server needs.
  let db: Database.Database;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
  } catch (err) {
    unlinkSync(destination);
    throw err;
  }
  try {
    try {
      db.prepare('VACUUM INTO ?').run(destination);
    } catch (err) {
      // Nothing half-written is left to be mistaken for a backup.
      unlinkSync(destination);
      throw err;
    }
    const copy = new Database(destination, { readonly: true });
    try {
      const check = copy.pragma('integrity_check', { simple: true });
      if (check !== 'ok') throw new Error(`The copy in ${destination} failed its integrity check: ${String(check)}`);
      return copy.prepare('SELECT count(*) FROM leads').pluck().get() as number;
    } finally {
      copy.close();
    }
  } finally {
    db.close();
  }
}
