/**
 * npm run leads -- backup FILE | import FILE: an online copy of the SQLite store, and loading an
 * export (npm run leads -- export --format json) into whichever store DATABASE_URL/DATA_DIR selects.
 */
import { readFileSync } from 'node:fs';
import { SOURCE_COLUMNS } from '../server/leads/lead-source';
import type { StoreChoice } from '../server/store/store-choice';
import { backupSqliteFile } from '../server/store/sqlite-backup';
import type { LeadsSlice, StoredLead } from '../server/store/types';

/** npm run leads -- backup FILE: the SQLite store's own online copy (server/store/sqlite-backup.ts). */
export async function backupSqlite(choice: StoreChoice, destination: string): Promise<string> {
  if (choice.kind !== 'sqlite') {
    throw new Error(
      `backup copies the SQLite store; leads are in ${choice.description}. Use pg_dump for PostgreSQL (see docs/operators/deploy.md).`,
    );
  }
  const leads = backupSqliteFile(choice.file!, destination);
  return `Backed up ${leads} leads from ${choice.file} to ${destination}.\n`;
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

export async function importLeads(store: Pick<LeadsSlice, 'importLeads'>, choice: StoreChoice, file: string): Promise<string> {
  const leads = readExport(readFileSync(file, 'utf8'), file);
  const added = await store.importLeads(leads);
  return `Imported ${added} of ${leads.length} leads from ${file} into ${choice.description}; ${leads.length - added} were already there.\n`;
}
