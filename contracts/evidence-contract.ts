// A takedown request's evidence files as the inbox sees them: the list on the lead's page and the
// download of each file. The bytes are never shown in the inbox, only downloaded.
import { ADMIN_API } from './inbox-contract';

/** The only kinds of file a request may bring, each known by its first bytes, never by its name or declared type. */
export const EVIDENCE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'application/pdf'] as const;
export type EvidenceType = (typeof EVIDENCE_TYPES)[number];

/** At most this many files with one request… */
export const MAX_EVIDENCE_FILES = 5;
/** …of at most this many bytes each (10 MB). */
export const MAX_EVIDENCE_BYTES = 10 * 1024 * 1024;

/** What the inbox calls each type, and the extension its download is named with. */
export const EVIDENCE_TYPE_LABELS: Record<EvidenceType, { label: string; extension: string }> = {
  'image/png': { label: 'PNG image', extension: 'png' },
  'image/jpeg': { label: 'JPEG image', extension: 'jpg' },
  'image/webp': { label: 'WebP image', extension: 'webp' },
  'application/pdf': { label: 'PDF document', extension: 'pdf' },
};

/** One stored file, without its bytes. */
export interface EvidenceFile {
  /** Its place in the request, 1 to MAX_EVIDENCE_FILES: the file's id within its lead. */
  position: number;
  /** The name the visitor's file had, cleaned for display (server/notices/evidence.ts); never used to name the download. */
  fileName: string;
  mediaType: EvidenceType;
  size: number;
  /** Hex SHA-256 of the bytes as stored: the team can show a file is the one that was sent. */
  sha256: string;
  createdAt: string;
}

/** GET EVIDENCE_ROUTES.list(id): the lead's files (none for a lead without any, or erased). */
export interface EvidenceList {
  files: EvidenceFile[];
}

export const EVIDENCE_ROUTES = {
  /** GET: EvidenceList. Leads role. */
  list: (leadId: string) => `${ADMIN_API}/leads/${encodeURIComponent(leadId)}/evidence`,
  /** GET: the file as a download (application/octet-stream, attachment). Leads role; audited. */
  file: (leadId: string, position: number) => `${ADMIN_API}/leads/${encodeURIComponent(leadId)}/evidence/${position}`,
};

/** The name a download is saved under: the lead's place and the type found, never anything the visitor typed. */
export function evidenceDownloadName(position: number, mediaType: EvidenceType): string {
  return `evidence-${position}.${EVIDENCE_TYPE_LABELS[mediaType].extension}`;
}
