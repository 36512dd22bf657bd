/**
 * npm run leads -- backup FILE | import FILE: an online copy of the SQLite store, and loading an
 * export (npm run leads -- export --format json) into whichever store DATABASE_URL/DATA_DIR selects.
 */
import { closeSync, existsSync, openSync, readFileSync, unlinkSync } from 'node:fs';
import Database from 'better-sqlite3';
import { SOURCE_COLUMNS } from '../server/leads/lead-source';
import type { StoreChoice } from '../server/store/create-store';
import type { LeadStore, StoredLead } from '../server/store/types';

/**
 * Copies the SQLite database with VACUUM INTO while the server keeps writing: one read transaction,
 * so the copy is the database at one moment, every lead committed by then in it, WAL included.
 * (The page-by-page backup API starts over whenever another connection writes, so under steady
 * traffic it may never finish.)
 */
export async function backupSqlite(choice: StoreChoice, destination: string): Promise<string> {
  if (choice.kind !== 'sqlite') {
    throw new Error(
      `backup copies the SQLite store; leads are in ${choice.description}. Use pg_dump for PostgreSQL (see docs/operators/deploy.md).`,
    );
  }
  if (!existsSync(choice.file!)) throw new Error(`No lead database at ${choice.file} to back up.`);
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
    db = new Database(choice.file!, { readonly: true, fileMustExist: true });
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
      const leads = copy.prepare('SELECT count(*) FROM leads').pluck().get() as number;
      return `Backed up ${leads} leads from ${choice.file} to ${destination}.\n`;
    } finally {
      copy.close();
    }
  } finally {
    db.close();
  }
}

const LEAD_FIELDS: ReadonlyArray<[keyof StoredLead, (v: unknown) => boolean]> = [
  ['id', (v) => typeof v === 'string' && v.length > 0],
  ['createdAt', (v) => typeof v === 'string' && !Number.isNaN(Date.parse(v))],
  ['endpoint', (v) => typeof v === 'string'],
  ['formType', (v) => typeof v === 'string'],
  ['formId', (v) => v === null || typeof v === 'string'],
  ['payload', (v) => typeof v === 'object' && v !== null && !Array.isArray(v)],
  ['idempotencyKey', (v) => v === null || typeof v === 'string'],
  ['ipHash', (v) => v === null || typeof v === 'string'],
  ['userAgent', (v) => v === null || typeof v === 'string'],
  ['spam', (v) => typeof v === 'boolean'],
];

/** The leads of an export file, each checked field by field, so a wrong file is refused before anything is written. */
export function readExport(text: string, file: string): StoredLead[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (err) {
    throw new Error(`${file} is not JSON (${(err as Error).message}). Make it with: npm run leads -- export --format json > ${file}`, {
      cause: err,
    });
  }
  if (!Array.isArray(parsed)) throw new Error(`${file} does not hold a list of leads, as npm run leads -- export --format json writes.`);
  parsed.forEach((lead: unknown, i) => {
    for (const [field, valid] of LEAD_FIELDS) {
      if (typeof lead !== 'object' || lead === null || !valid((lead as Record<string, unknown>)[field])) {
        throw new Error(`${file}: lead ${i + 1} has no valid "${field}"; nothing was imported.`);
      }
    }
    const source = (lead as Record<string, unknown>).source;
    if (source !== undefined && source !== null && !validSource(source)) {
      throw new Error(`${file}: lead ${i + 1} has a "source" that is not one an export writes; nothing was imported.`);
    }
    // An erased lead stays erased in the store it is loaded into.
    const erasedAt = (lead as Record<string, unknown>).erasedAt;
    if (erasedAt !== undefined && erasedAt !== null && (typeof erasedAt !== 'string' || Number.isNaN(Date.parse(erasedAt)))) {
      throw new Error(`${file}: lead ${i + 1} has an "erasedAt" that is not a time; nothing was imported.`);
    }
  });
  // Exports made before sources were recorded have none.
  return (parsed as StoredLead[]).map((lead) => ({ ...lead, source: lead.source ?? null }));
}

/** A lead's source as an export writes it: each part text or null, nothing else. */
function validSource(source: unknown): boolean {
  if (typeof source !== 'object' || Array.isArray(source)) return false;
  const parts = source as Record<string, unknown>;
  return (
    Object.keys(parts).every((k) => (SOURCE_COLUMNS as readonly string[]).includes(k)) &&
    SOURCE_COLUMNS.every((k) => parts[k] === undefined || parts[k] === null || typeof parts[k] === 'string')
  );
}

export async function importLeads(store: LeadStore, choice: StoreChoice, file: string): Promise<string> {
  const leads = readExport(readFileSync(file, 'utf8'), file);
  const added = await store.importLeads(leads);
  return `Imported ${added} of ${leads.length} leads from ${file} into ${choice.description}; ${leads.length - added} were already there.\n`;
}
