// A takedown request posted with its evidence files (multipart/form-data), read with a bound on
// memory: a body longer than MAX_NOTICE_BODY_BYTES is refused from its Content-Length before any of
// it is read, or as soon as that many bytes have come when it is sent without one. The parts are
// read by the runtime's own parser (Response.formData(), undici), so no parser is added.
import type { IncomingMessage } from 'node:http';
import { MAX_EVIDENCE_BYTES, MAX_EVIDENCE_FILES } from '../../contracts/evidence-contract';
import type { EvidencePart } from './evidence';

/** Every file at its largest, with 1 MB for the request's text fields and the parts' headers. */
export const MAX_NOTICE_BODY_BYTES = MAX_EVIDENCE_FILES * MAX_EVIDENCE_BYTES + 1024 * 1024;

export type MultipartReading = { form: FormData } | { status: 400 | 413 | 415; message: string };

const TOO_LARGE = `The request is larger than ${Math.round(MAX_NOTICE_BODY_BYTES / (1024 * 1024))} MB: attach at most ${MAX_EVIDENCE_FILES} files of at most ${MAX_EVIDENCE_BYTES / (1024 * 1024)} MB each.`;
const NOT_MULTIPART = 'A request with files must be sent as multipart/form-data.';
const UNREADABLE = 'The request’s parts could not be read. Send the form again.';

/** The boundary a multipart/form-data Content-Type names, or null when it is not one. */
function isMultipart(contentType: string | undefined): contentType is string {
  return !!contentType && /^multipart\/form-data\s*;(?:.*;)?\s*boundary=/i.test(contentType);
}

/** The parts of a multipart body already read. */
export async function parseMultipart(body: Uint8Array, contentType: string | undefined): Promise<MultipartReading> {
  if (!isMultipart(contentType)) return { status: 415, message: NOT_MULTIPART };
  if (body.length > MAX_NOTICE_BODY_BYTES) return { status: 413, message: TOO_LARGE };
  try {
    // A view of the same memory (no copy), typed as the fetch API takes it.
    const view = new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.byteLength);
    return { form: await new Response(view, { headers: { 'content-type': contentType } }).formData() };
  } catch {
    return { status: 400, message: UNREADABLE };
  }
}

/**
 * Reads a request's multipart body, at most `maxBytes` of it. When refused for its size the rest
 * of the body is not read: answer with `Connection: close`.
 */
export async function readMultipart(req: IncomingMessage, maxBytes = MAX_NOTICE_BODY_BYTES): Promise<MultipartReading> {
  const contentType = req.headers['content-type'];
  if (!isMultipart(contentType)) return { status: 415, message: NOT_MULTIPART };
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) return { status: 413, message: TOO_LARGE };
  const body = await new Promise<Buffer | null>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let length = 0;
    const onData = (chunk: Buffer) => {
      length += chunk.length;
      if (length <= maxBytes) return void chunks.push(chunk);
      // Nothing more is kept; the answer goes out with Connection: close, which ends the upload.
      req.off('data', onData);
      req.pause();
      chunks.length = 0;
      resolve(null);
    };
    req.on('data', onData);
    req.once('end', () => resolve(Buffer.concat(chunks, length)));
    req.once('error', reject);
  });
  if (!body) return { status: 413, message: TOO_LARGE };
  return parseMultipart(body, contentType);
}

/**
 * The files sent in `field`, in their order, as readEvidence takes them. The empty part a form
 * without JavaScript sends for a file input left empty (no name, no bytes) is no file.
 */
export async function evidenceParts(form: FormData, field = 'evidence'): Promise<EvidencePart[]> {
  const files = form.getAll(field).filter((v): v is File => typeof v !== 'string' && !(v.size === 0 && v.name === ''));
  return Promise.all(files.map(async (f) => ({ name: f.name, bytes: new Uint8Array(await f.arrayBuffer()) })));
}
