import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { EVIDENCE_TYPES, MAX_EVIDENCE_FILES, type EvidenceFile, type EvidenceType } from '../../contracts/evidence-contract';
import { isoTime, isUuid } from './rows';
import type { Db, Schema, StoreDialect } from './schema';

/** A file to keep with a lead: its bytes already checked (server/notices/evidence.ts). */
export interface NewEvidence {
  /** 1 to MAX_EVIDENCE_FILES: its place in the request. */
  position: number;
  fileName: string;
  mediaType: EvidenceType;
  bytes: Uint8Array;
}

/** A stored file with its bytes, for the download. */
export interface StoredEvidence extends EvidenceFile {
  bytes: Buffer;
}

/** A takedown request's evidence files (evidence_files, migration 23), shared by every process on the store. */
export interface EvidenceSlice {
  /**
   * Keeps the files with the lead, in one transaction, after the lead is stored and before the
   * visitor is answered. A place already filled keeps its first file, so a resent request (the same
   * idempotency key) stores nothing twice. Nothing is kept for an erased or unknown lead. Resolves
   * with the lead's files.
   */
  saveEvidence(leadId: string, files: readonly NewEvidence[]): Promise<EvidenceFile[]>;
  /** The lead's files without their bytes, in their order. */
  listEvidence(leadId: string): Promise<EvidenceFile[]>;
  /** One file with its bytes; null when the lead has none at that place. */
  getEvidence(leadId: string, position: number): Promise<StoredEvidence | null>;
}

const INFO_COLUMNS = ['position', 'file_name', 'media_type', 'size', 'sha256', 'created_at'] as const;

type InfoRow = {
  position: number;
  file_name: string;
  media_type: string;
  size: number | string;
  sha256: string;
  created_at: string | Date;
};

function fromRow(row: InfoRow): EvidenceFile {
  if (!(EVIDENCE_TYPES as readonly string[]).includes(row.media_type))
    throw new Error(`Unknown evidence type in the store: ${row.media_type}`);
  return {
    position: row.position,
    fileName: row.file_name,
    mediaType: row.media_type as EvidenceType,
    size: Number(row.size),
    sha256: row.sha256,
    createdAt: isoTime(row.created_at),
  };
}

const validPosition = (n: number) => Number.isInteger(n) && n >= 1 && n <= MAX_EVIDENCE_FILES;

async function listIn(db: Db, leadId: string): Promise<EvidenceFile[]> {
  const rows = await db.selectFrom('evidence_files').select(INFO_COLUMNS).where('lead_id', '=', leadId).orderBy('position').execute();
  return rows.map(fromRow);
}

/** Deletes every file of a lead, in the caller's transaction: each erasure (inbox.ts eraseIn) calls it. */
export async function eraseEvidenceIn(trx: Db, leadId: string): Promise<number> {
  const result = await trx.deleteFrom('evidence_files').where('lead_id', '=', leadId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export function evidenceSlice(db: () => Kysely<Schema>, d: StoreDialect, now: () => Date): EvidenceSlice {
  return {
    async saveEvidence(leadId, files) {
      if (!isUuid(leadId)) return [];
      for (const f of files)
        if (!validPosition(f.position)) throw new Error(`Evidence position ${f.position} is not 1 to ${MAX_EVIDENCE_FILES}.`);
      return db()
        .transaction()
        .execute(async (trx) => {
          // Under the lead's row lock: an erasure that commits first leaves nothing to add files to.
          const lead = await d.lockRows(trx.selectFrom('leads').select(['id', 'erased_at']).where('id', '=', leadId)).executeTakeFirst();
          if (!lead || lead.erased_at !== null) return [];
          const at = now().toISOString();
          for (const f of files) {
            const bytes = Buffer.from(f.bytes.buffer, f.bytes.byteOffset, f.bytes.byteLength);
            await trx
              .insertInto('evidence_files')
              .values({
                lead_id: leadId,
                position: f.position,
                file_name: f.fileName,
                media_type: f.mediaType,
                size: bytes.length,
                sha256: createHash('sha256').update(bytes).digest('hex'),
                bytes,
                created_at: at,
              })
              .onConflict((oc) => oc.columns(['lead_id', 'position']).doNothing())
              .execute();
          }
          return listIn(trx, leadId);
        });
    },
    listEvidence: async (leadId) => (isUuid(leadId) ? listIn(db(), leadId) : []),
    async getEvidence(leadId, position) {
      if (!isUuid(leadId) || !validPosition(position)) return null;
      const row = await db()
        .selectFrom('evidence_files')
        .select([...INFO_COLUMNS, 'bytes'])
        .where('lead_id', '=', leadId)
        .where('position', '=', position)
        .executeTakeFirst();
      return row ? { ...fromRow(row), bytes: Buffer.from(row.bytes) } : null;
    },
  };
}
