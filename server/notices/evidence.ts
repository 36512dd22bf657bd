// The evidence a takedown request may bring: up to MAX_EVIDENCE_FILES screenshots or PDFs of at most
// MAX_EVIDENCE_BYTES each. A file is known by its first bytes alone: its name and the type the
// browser declared are never believed, so an HTML page or an SVG named "proof.png" is refused. When
// a scanner is set (CLAMD_SOCKET), each file that passes is scanned before anything is stored.
import { EVIDENCE_TYPE_LABELS, MAX_EVIDENCE_BYTES, MAX_EVIDENCE_FILES, type EvidenceType } from '../../contracts/evidence-contract';
import type { NewEvidence } from '../store/evidence';
import type { Scanner } from './clamd';

/** A file as the request brought it: the name it was given, its bytes (the declared type is not asked for). */
export interface EvidencePart {
  name: string;
  bytes: Uint8Array;
}

export type EvidenceReading = { files: NewEvidence[] } | { errors: Record<string, string>; problems: string[] };

const startsWith = (bytes: Uint8Array, at: number, expected: readonly number[]) =>
  bytes.length >= at + expected.length && expected.every((b, i) => bytes[at + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/**
 * The type a file's bytes say it is, or null. Each signature must stand at the very start: PNG's
 * eight bytes, JPEG's start-of-image marker, a RIFF container of WEBP, "%PDF-". Text of any kind
 * (HTML, SVG, scripts) has none of them.
 */
export function sniffEvidenceType(bytes: Uint8Array): EvidenceType | null {
  if (startsWith(bytes, 0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, 0, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, 0, ascii('RIFF')) && startsWith(bytes, 8, ascii('WEBP'))) return 'image/webp';
  if (startsWith(bytes, 0, ascii('%PDF-'))) return 'application/pdf';
  return null;
}

const MAX_NAME_LENGTH = 120;

/**
 * The file's name as the team reads it: its last path part, without control or invisible format
 * characters (a right-to-left override can make "gpj.exe" read as "exe.jpg"), spaces collapsed, at
 * most 120 characters. Shown as text only; the download is never named by it.
 */
export function displayFileName(given: string, position: number): string {
  const base = given.normalize('NFC').split(/[/\\]/).pop() ?? '';
  const clean = base
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, '')
    .replace(/\s+/gu, ' ')
    .trim()
    .replace(/^\.+/, '');
  const short = [...clean].slice(0, MAX_NAME_LENGTH).join('');
  return short || `evidence-${position}`;
}

const MB = MAX_EVIDENCE_BYTES / (1024 * 1024);
const TYPES_SAID = 'a PNG, JPEG or WebP image or a PDF';

/** Quoted for a message: the name as it will be shown. */
const quoted = (name: string) => `“${name}”`;

/**
 * Checks the files a request brought, in order: how many, each one's size and type by its bytes,
 * then (with a scanner) each one's scan. Either every file is good and comes back ready to store,
 * or the field's message says what is wrong with which file and nothing is kept. `field` names the
 * form's file field, where the message is shown.
 */
export async function readEvidence(
  parts: readonly EvidencePart[],
  options: {
    scanner?: Scanner | null;
    field?: string;
    /** Told why a scan failed (clamd down, timed out), for the operators' log. */ onScanFailed?: (reason: string) => void;
  } = {},
): Promise<EvidenceReading> {
  const field = options.field ?? 'evidence';
  const problems: string[] = [];
  const refuse = () => ({ errors: { [field]: problems.join(' ') }, problems });
  if (parts.length > MAX_EVIDENCE_FILES) {
    problems.push(`Attach at most ${MAX_EVIDENCE_FILES} files; ${parts.length} were sent.`);
    return refuse();
  }
  const files: NewEvidence[] = parts.map((part, i) => {
    const position = i + 1;
    const fileName = displayFileName(part.name, position);
    const mediaType = sniffEvidenceType(part.bytes);
    if (part.bytes.length === 0) problems.push(`${quoted(fileName)} is empty.`);
    else if (part.bytes.length > MAX_EVIDENCE_BYTES)
      problems.push(`${quoted(fileName)} is larger than ${MB} MB, the most one file may be.`);
    else if (!mediaType) problems.push(`${quoted(fileName)} is not ${TYPES_SAID}: only those can be attached.`);
    return { position, fileName, mediaType: mediaType ?? 'application/pdf', bytes: part.bytes };
  });
  if (problems.length) return refuse();
  if (options.scanner) {
    // One at a time: clamd holds a thread per stream, and a request brings at most five.
    for (const file of files) {
      const result = await options.scanner.scan(file.bytes);
      if (result.verdict === 'infected')
        problems.push(`${quoted(file.fileName)} was refused: the virus scanner found ${result.signature} in it.`);
      else if (result.verdict === 'failed') {
        options.onScanFailed?.(result.reason);
        problems.push(
          `${quoted(file.fileName)} could not be checked for viruses just now, so it was not accepted. Try again in a few minutes, or send the request without it.`,
        );
      }
    }
    if (problems.length) return refuse();
  }
  return { files };
}

/** What the inbox calls a stored type. */
export const evidenceTypeLabel = (type: EvidenceType) => EVIDENCE_TYPE_LABELS[type].label;
