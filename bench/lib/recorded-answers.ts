// Answers recorded from our server, byte for byte, so the peers of the CPU-per-answer rows (a bare
// node:http server and nginx) answer the same bytes: the bare server from memory, nginx from files.
import { mkdirSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { dirname, join } from 'node:path';
import { gunzipSync } from 'node:zlib';

export interface RecordedAnswer {
  /** The request target (path and query) it answers. */
  target: string;
  status: number;
  /** Every header but those Node writes itself (Date, Connection, Keep-Alive). */
  headers: [string, string][];
  /** The body as sent (gzip when the answer says so), base64. */
  body: string;
  etag?: string;
  /** The headers of the 304 the server gives when asked with that ETag. */
  notModified?: [string, string][];
}

const OWN_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

interface Raw {
  status: number;
  headers: [string, string][];
  body: Buffer;
}

function get(base: string, target: string, headers: Record<string, string>): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request(base + target, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const pairs: [string, string][] = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2) {
          if (!OWN_HEADERS.has(res.rawHeaders[i]!.toLowerCase())) pairs.push([res.rawHeaders[i]!, res.rawHeaders[i + 1]!]);
        }
        resolve({ status: res.statusCode ?? 0, headers: pairs, body: Buffer.concat(chunks) });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const headerOf = (raw: Raw, name: string) => raw.headers.find(([k]) => k.toLowerCase() === name)?.[1];

/** Asks `base` for each target with `headers`, and once more with the ETag it gave, for its 304. */
export async function recordAnswers(base: string, targets: readonly string[], headers: Record<string, string>): Promise<RecordedAnswer[]> {
  const out: RecordedAnswer[] = [];
  for (const target of targets) {
    const raw = await get(base, target, headers);
    const etag = headerOf(raw, 'etag');
    const answer: RecordedAnswer = { target, status: raw.status, headers: raw.headers, body: raw.body.toString('base64'), etag };
    if (etag) {
      const again = await get(base, target, { ...headers, 'If-None-Match': etag });
      if (again.status === 304) answer.notModified = again.headers;
    }
    out.push(answer);
  }
  return out;
}

/**
 * The same answers as files for nginx: each 200 at its path (a page as `<path>/index.html`, a file
 * at its own name) with the gzip copy beside it when the answer was gzip, and the 404 as 404.html.
 */
export function writeAnswerFiles(root: string, answers: readonly RecordedAnswer[]): void {
  for (const a of answers) {
    const path = a.target.split('?')[0]!;
    const type = a.headers.find(([k]) => k.toLowerCase() === 'content-type')?.[1] ?? '';
    const file =
      a.status === 404 ? join(root, '404.html') : type.startsWith('text/html') ? join(root, path, 'index.html') : join(root, path);
    const body = Buffer.from(a.body, 'base64');
    const gzip = a.headers.some(([k, v]) => k.toLowerCase() === 'content-encoding' && v === 'gzip');
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, gzip ? gunzipSync(body) : body);
    if (gzip) writeFileSync(`${file}.gz`, body);
  }
}
