/**
 * The hostile-input corpus: requests kept as data in tests/resilience/corpus/*.json, each with the
 * class of answer it must get. Bodies are text, JSON, base64 bytes, or parts with repeated runs
 * (for the multi-megabyte and deeply nested ones), so a reviewer can read every request sent.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const CORPUS_DIR = join(import.meta.dirname, '..', 'corpus');

/**
 * - api-error: a 4xx with a JSON error body ({ success: false, message, error }).
 * - honeypot: the honeypot field is filled, so 201 like a real submission, stored once as spam.
 * - not-found-page: the site's 404 page (HTML), never a file from elsewhere.
 * - page-method: 405 from the static site (Allow: GET, HEAD).
 * - malformed-http: refused by the HTTP layer before the app sees it: 400, 413, 417 or 431 with a
 *   JSON error body and the security headers, then the connection closes.
 * - missing-host: an HTTP/1.1 request without Host, refused before the app with 400, a JSON error
 *   body and the security headers.
 */
export const EXPECTATIONS = ['api-error', 'honeypot', 'not-found-page', 'page-method', 'malformed-http', 'missing-host'] as const;
export type Expectation = (typeof EXPECTATIONS)[number];

export interface CorpusEntry {
  /** Unique across the corpus; the test's name. */
  name: string;
  method: string;
  /** The request target exactly as sent: never encoded or normalised. */
  path: string;
  /** Adds the headers the site's own form sends (JSON, X-Requested-With, X-Form-Id) for this form id. */
  form?: string;
  /** Added after the form's headers, replacing one of the same name; null removes it. Sent raw (CR/LF included). */
  headers?: Record<string, string | null>;
  body?: string;
  bodyBase64?: string;
  bodyJson?: unknown;
  /**
   * Text pieces and repeated runs, joined: `["{\"a\":\"", { "repeat": "x", "times": 65600 }, "\"}"]`.
   * A run with `counter` replaces that text in each repeat by its number (0, 1, 2…), for distinct keys.
   */
  bodyParts?: Array<string | { repeat: string; times: number; counter?: string }>;
  /** auto (default): Content-Length of the body; omit; chunked; or a number to lie with. */
  contentLength?: 'auto' | 'omit' | 'chunked' | number;
  /** HTTP version of the request line; 1.1 unless given. */
  version?: string;
  expect: Expectation;
  /** The exact status, where the class allows several. */
  status?: number;
  /** The exact `error` code of an API answer. */
  error?: string;
}

export interface LoadedEntry extends CorpusEntry {
  file: string;
}

const KEYS = new Set([
  'name',
  'method',
  'path',
  'form',
  'headers',
  'body',
  'bodyBase64',
  'bodyJson',
  'bodyParts',
  'contentLength',
  'version',
  'expect',
  'status',
  'error',
]);

function check(entry: CorpusEntry, where: string): void {
  const problems: string[] = [];
  for (const key of Object.keys(entry)) if (!KEYS.has(key)) problems.push(`unknown key "${key}"`);
  if (typeof entry.name !== 'string' || !entry.name) problems.push('no name');
  if (typeof entry.method !== 'string' || !entry.method) problems.push('no method');
  if (typeof entry.path !== 'string') problems.push('no path');
  if (!EXPECTATIONS.includes(entry.expect)) problems.push(`expect must be one of ${EXPECTATIONS.join(', ')}`);
  const bodies = ['body', 'bodyBase64', 'bodyJson', 'bodyParts'].filter((k) => k in entry);
  if (bodies.length > 1) problems.push(`more than one body (${bodies.join(', ')})`);
  for (const part of entry.bodyParts ?? []) {
    const run = part as { repeat?: unknown; times?: unknown; counter?: unknown };
    const validRun = typeof run.repeat === 'string' && Number.isInteger(run.times) && (run.times as number) > 0;
    if (typeof part !== 'string' && !(validRun && (run.counter === undefined || (typeof run.counter === 'string' && run.counter !== '')))) {
      problems.push('bodyParts holds something other than text or { repeat, times, counter? }');
    }
  }
  if (entry.status !== undefined && !(entry.status >= 400 && entry.status < 500) && entry.expect !== 'honeypot')
    problems.push('status must be a 4xx');
  if (problems.length) throw new Error(`${where}: ${problems.join('; ')}`);
}

export function loadCorpus(dir = CORPUS_DIR): LoadedEntry[] {
  const entries: LoadedEntry[] = [];
  const names = new Set<string>();
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    const list = JSON.parse(readFileSync(join(dir, file), 'utf8')) as CorpusEntry[];
    if (!Array.isArray(list)) throw new Error(`${file}: must hold a JSON array of requests`);
    list.forEach((entry, i) => {
      check(entry, `${file}[${i}]`);
      if (names.has(entry.name)) throw new Error(`${file}[${i}]: the name "${entry.name}" is used twice`);
      names.add(entry.name);
      entries.push({ ...entry, file });
    });
  }
  return entries;
}

/** The headers of the site's own submissions, for `form`. */
export function formHeaders(formId: string): Record<string, string> {
  return { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest', 'X-Form-Id': formId };
}

function bodyOf(entry: CorpusEntry): Buffer[] | null {
  if (entry.body !== undefined) return [Buffer.from(entry.body, 'utf8')];
  if (entry.bodyBase64 !== undefined) return [Buffer.from(entry.bodyBase64, 'base64')];
  if (entry.bodyJson !== undefined) return [Buffer.from(JSON.stringify(entry.bodyJson), 'utf8')];
  if (entry.bodyParts) {
    const parts: Buffer[] = [];
    for (const part of entry.bodyParts) {
      if (typeof part === 'string') {
        parts.push(Buffer.from(part, 'utf8'));
        continue;
      }
      if (part.counter !== undefined) {
        const counter = part.counter;
        parts.push(Buffer.from(Array.from({ length: part.times }, (_, i) => part.repeat.split(counter).join(String(i))).join(''), 'utf8'));
        continue;
      }
      // Slices of about 1 MB, rather than one string of the whole run.
      const perSlice = Math.max(1, Math.floor((1 << 20) / Math.max(1, part.repeat.length)));
      for (let left = part.times; left > 0; left -= perSlice) parts.push(Buffer.from(part.repeat.repeat(Math.min(perSlice, left)), 'utf8'));
    }
    return parts;
  }
  return null;
}

/** The request line and headers, and the body, byte for byte as the entry describes them. */
export function encodeRequest(entry: CorpusEntry, port: number): { head: Buffer; body: Buffer[] | null } {
  const headers: Record<string, string | null> = { Host: `127.0.0.1:${port}` };
  if (entry.form) Object.assign(headers, formHeaders(entry.form));
  for (const [name, value] of Object.entries(entry.headers ?? {})) {
    for (const existing of Object.keys(headers)) if (existing.toLowerCase() === name.toLowerCase()) delete headers[existing];
    headers[name] = value;
  }
  let body = bodyOf(entry);
  const length = body ? body.reduce((n, b) => n + b.length, 0) : 0;
  const mode = entry.contentLength ?? 'auto';
  if (typeof mode === 'number') headers['Content-Length'] = String(mode);
  else if (mode === 'chunked') {
    headers['Transfer-Encoding'] = 'chunked';
    body = [
      ...(body ?? []).flatMap((b) => [Buffer.from(`${b.length.toString(16)}\r\n`), b, Buffer.from('\r\n')]),
      Buffer.from('0\r\n\r\n'),
    ];
  } else if (mode === 'auto' && body) headers['Content-Length'] = String(length);

  const lines = [`${entry.method} ${entry.path} HTTP/${entry.version ?? '1.1'}`];
  for (const [name, value] of Object.entries(headers)) if (value !== null) lines.push(`${name}: ${value}`);
  // latin1 keeps each character one byte, so a header can carry any byte the entry spells.
  return { head: Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1'), body };
}
