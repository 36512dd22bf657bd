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

/** The part of a multipart submission that holds the form's values as JSON; the files go beside it under their field's name. */
export const VALUES_PART = 'values';

/**
 * How long a request with files may take to arrive (10 minutes: 50 MB at about 700 kbit/s): the
 * browser waits this long, and so does the server by default (UPLOAD_TIMEOUT_MS).
 */
export const UPLOAD_TIMEOUT_MS = 10 * 60_000;

/** What is wrong with the files chosen before they are sent (how many, how large), or null: the server says the same and more. */
export function chosenFilesProblem(files: readonly { name: string; size: number }[]): string | null {
  if (files.length > MAX_EVIDENCE_FILES) return `Attach at most ${MAX_EVIDENCE_FILES} files; ${files.length} were chosen.`;
  const large = files.filter((f) => f.size > MAX_EVIDENCE_BYTES).map((f) => `“${f.name}”`);
  if (large.length)
    return `${large.join(', ')} ${large.length > 1 ? 'are' : 'is'} larger than ${MAX_EVIDENCE_BYTES / (1024 * 1024)} MB, the most one file may be.`;
  const empty = files.filter((f) => f.size === 0).map((f) => `“${f.name}”`);
  if (empty.length) return `${empty.join(', ')} ${empty.length > 1 ? 'are' : 'is'} empty.`;
  return null;
}

/** A file's size as a person reads it: 340 KB, 2.4 MB. */
export function fileSizeText(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** The file picker's accept list: the types and their usual extensions. */
export const EVIDENCE_ACCEPT = [...EVIDENCE_TYPES, '.png', '.jpg', '.jpeg', '.webp', '.pdf'].join(',');

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
