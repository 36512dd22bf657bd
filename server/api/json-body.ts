import express, { type Request, type Response } from 'express';

/** Largest request body the API reads; a long takedown request is a few kilobytes. */
export const MAX_BODY_BYTES = 64 * 1024;

/**
 * Largest body of a complete takedown notice (a form whose payload is "notice"): its address box
 * holds up to 1,000 addresses (200,000 characters), which a browser's form encoding makes up to
 * about half as long again.
 */
export const NOTICE_MAX_BODY_BYTES = 512 * 1024;

export interface BodyProblem {
  status: number;
  error: string;
  message: string;
}

export const tooLarge = (limit: number): BodyProblem => ({
  status: 413,
  error: 'PAYLOAD_TOO_LARGE',
  message: `The request body is larger than ${limit / 1024} KB.`,
});

export const TOO_LARGE: BodyProblem = tooLarge(MAX_BODY_BYTES);

const UNSUPPORTED_TYPE: BodyProblem = {
  status: 415,
  error: 'UNSUPPORTED_MEDIA_TYPE',
  message: 'Send the request body as JSON with Content-Type: application/json.',
};

const badJson = (message: string): BodyProblem => ({ status: 400, error: 'BAD_JSON', message });
const NOT_AN_OBJECT = badJson('The request body must be a JSON object of form values.');
const FORBIDDEN_KEY = badJson('The request body must not use the keys __proto__, constructor or prototype.');
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

class ForbiddenKey extends Error {}
const EMPTY_BODY = Symbol('empty body');
class NotUtf8 extends Error {}
const EMPTY = badJson('The request body is empty; send the form values as a JSON object.');

/**
 * Checks that need only the headers, so an oversized or foreign body is refused before a byte of it
 * is read (express.json would read off the whole body first, however large, before answering).
 */
export function checkBodyHeaders(req: Request, limit = MAX_BODY_BYTES): BodyProblem | null {
  const declared = req.headers['content-length'];
  if (declared !== undefined && Number(declared) > limit) return tooLarge(limit);
  // Only JSON, and only in UTF-8 (a charset parameter of utf-8 or none).
  const [mediaType = '', ...params] = (req.headers['content-type'] ?? '').split(';').map((s) => s.trim().toLowerCase());
  const charset = params
    .find((p) => p.startsWith('charset='))
    ?.slice('charset='.length)
    .replace(/^"|"$/g, '');
  if (mediaType !== 'application/json' || (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8')) return UNSUPPORTED_TYPE;
  if ((req.headers['content-encoding'] ?? 'identity').trim().toLowerCase() !== 'identity')
    return { ...UNSUPPORTED_TYPE, message: 'Compressed request bodies are not accepted; send plain JSON.' };
  return null;
}

const jsonParser = (limit: number) =>
  express.json({
    limit,
    strict: true,
    inflate: false,
    type: () => true,
    // Keys that reach Object.prototype are refused outright rather than trusted to every later consumer.
    reviver: (key, value: unknown) => {
      if (FORBIDDEN_KEYS.has(key)) throw new ForbiddenKey();
      return value;
    },
    verify: (req, _res, bytes) => {
      if (bytes.length === 0) (req as Request & { [EMPTY_BODY]?: true })[EMPTY_BODY] = true;
      try {
        new TextDecoder('utf-8', { fatal: true }).decode(bytes);
      } catch {
        throw new NotUtf8();
      }
    },
  });
const parsers = new Map([MAX_BODY_BYTES, NOTICE_MAX_BODY_BYTES].map((limit) => [limit, jsonParser(limit)]));

/** What express.json's refusal means for the client, or null when the client went away before sending it all. */
function problemOf(err: { type?: string; body?: unknown } & Error, limit: number): BodyProblem | null {
  if (err instanceof NotUtf8) return badJson('The request body is not valid UTF-8 text.');
  if (err instanceof ForbiddenKey) return FORBIDDEN_KEY;
  switch (err.type) {
    case 'entity.too.large':
      return tooLarge(limit);
    case 'request.aborted':
      return null;
    case 'entity.parse.failed': {
      const text = typeof err.body === 'string' ? err.body : '';
      if (text.trim() === '') return EMPTY;
      // Strict mode refuses JSON that is no object or array (`null`, `1`) as a syntax error; it is valid JSON of the wrong shape.
      return isJson(text) ? NOT_AN_OBJECT : badJson('The request body is not valid JSON.');
    }
    default:
      return UNSUPPORTED_TYPE;
  }
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** Reads and parses the body as one JSON object with express.json; null when the client went away before sending it all. */
export async function readJsonObject(
  req: Request,
  res: Response,
  limit: typeof MAX_BODY_BYTES | typeof NOTICE_MAX_BODY_BYTES = MAX_BODY_BYTES,
): Promise<{ value: Record<string, unknown> } | { problem: BodyProblem } | null> {
  const parseJson = parsers.get(limit)!;
  const refused = await new Promise<unknown>((done) => parseJson(req, res, done));
  if (refused) {
    const problem = problemOf(refused as Error, limit);
    return problem && { problem };
  }
  const body: unknown = req.body;
  // No body at all (none declared), or an empty one, which express.json reads as {}.
  if (body === undefined || (req as Request & { [EMPTY_BODY]?: true })[EMPTY_BODY]) return { problem: EMPTY };
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return { problem: NOT_AN_OBJECT };
  return { value: body as Record<string, unknown> };
}
