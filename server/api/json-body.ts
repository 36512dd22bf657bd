import type { Request } from 'express';

/** Largest request body the API reads; a long takedown request is a few kilobytes. */
export const MAX_BODY_BYTES = 64 * 1024;

export interface BodyProblem {
  status: number;
  error: string;
  message: string;
}

export const TOO_LARGE: BodyProblem = {
  status: 413,
  error: 'PAYLOAD_TOO_LARGE',
  message: `The request body is larger than ${MAX_BODY_BYTES / 1024} KB.`,
};

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** Checks that need only the headers, so an oversized or foreign body is refused before it is read. */
export function checkBodyHeaders(req: Request): BodyProblem | null {
  const declared = req.headers['content-length'];
  if (declared !== undefined && Number(declared) > MAX_BODY_BYTES) return TOO_LARGE;

  const [mediaType = '', ...params] = (req.headers['content-type'] ?? '').split(';').map((s) => s.trim().toLowerCase());
  const charset = params
    .find((p) => p.startsWith('charset='))
    ?.slice('charset='.length)
    .replace(/^"|"$/g, '');
  if (mediaType !== 'application/json' || (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8')) {
    return { status: 415, error: 'UNSUPPORTED_MEDIA_TYPE', message: 'Send the request body as JSON with Content-Type: application/json.' };
  }
  const encoding = (req.headers['content-encoding'] ?? 'identity').trim().toLowerCase();
  if (encoding !== 'identity') {
    return { status: 415, error: 'UNSUPPORTED_MEDIA_TYPE', message: 'Compressed request bodies are not accepted; send plain JSON.' };
  }
  return null;
}

export type BodyRead = { kind: 'ok'; bytes: Buffer } | { kind: 'too-large' } | { kind: 'aborted' };

/**
 * Reads the body up to the limit. Past it the rest is discarded as it arrives (never buffered), so a
 * body without Content-Length, or one that lies about it, cannot grow memory.
 */
export function readBody(req: Request, limit = MAX_BODY_BYTES): Promise<BodyRead> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const settle = (result: BodyRead) => {
      if (settled) return;
      settled = true;
      resolve(result);
    };
    req.on('data', (chunk: Buffer) => {
      if (settled) return;
      size += chunk.length;
      if (size > limit) {
        chunks.length = 0;
        settle({ kind: 'too-large' });
      } else {
        chunks.push(chunk);
      }
    });
    req.on('end', () => settle({ kind: 'ok', bytes: Buffer.concat(chunks, size) }));
    req.on('error', () => settle({ kind: 'aborted' }));
    req.on('close', () => settle({ kind: 'aborted' }));
  });
}

const badJson = (message: string): BodyProblem => ({ status: 400, error: 'BAD_JSON', message });

class ForbiddenKey extends Error {}

/** The body as a plain JSON object, or what is wrong with it in words a developer can act on. */
export function parseJsonObject(bytes: Buffer): { value: Record<string, unknown> } | { problem: BodyProblem } {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return { problem: badJson('The request body is not valid UTF-8 text.') };
  }
  if (text.trim() === '') return { problem: badJson('The request body is empty; send the form values as a JSON object.') };
  let value: unknown;
  try {
    // Keys that reach Object.prototype are refused outright rather than trusted to every later consumer.
    value = JSON.parse(text, (key, v: unknown) => {
      if (FORBIDDEN_KEYS.has(key)) throw new ForbiddenKey();
      return v;
    });
  } catch (err) {
    if (err instanceof ForbiddenKey) {
      return { problem: badJson('The request body must not use the keys __proto__, constructor or prototype.') };
    }
    return { problem: badJson('The request body is not valid JSON.') };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { problem: badJson('The request body must be a JSON object of form values.') };
  }
  return { value: value as Record<string, unknown> };
}

/** Reads and parses the body as one JSON object; null when the client went away before sending it all. */
export async function readJsonObject(req: Request): Promise<{ value: Record<string, unknown> } | { problem: BodyProblem } | null> {
  const read = await readBody(req);
  if (read.kind === 'aborted') return null;
  if (read.kind === 'too-large') return { problem: TOO_LARGE };
  return parseJsonObject(read.bytes);
}
