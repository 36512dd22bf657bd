import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Express, RequestHandler } from 'express';

export type ContentEncoding = 'br' | 'gzip';

export interface Variant {
  body: Buffer;
  etag: string;
}

export interface StaticEntry {
  contentType: string;
  cacheControl: string;
  identity: Variant;
  br?: Variant;
  gzip?: Variant;
}

export interface StaticSite {
  /** Keyed by URL path: `/`, `/takedowns/commercial`, `/assets/app-1a2b.js`. */
  entries: ReadonlyMap<string, StaticEntry>;
  notFound: StaticEntry;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';
const NOT_FOUND_FILE = '404.html';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.pdf': 'application/pdf',
};

const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.svg', '.xml', '.txt', '.json', '.map', '.webmanifest']);

function etagOf(hash: string, suffix = ''): string {
  return `"${hash}${suffix}"`;
}

// Compressed copies are only worth keeping when they actually save bytes.
function smaller(candidate: Buffer, original: Buffer): Buffer | undefined {
  return candidate.length < original.length ? candidate : undefined;
}

export function buildEntry(body: Buffer, ext: string, cacheControl: string): StaticEntry {
  const hash = createHash('sha256').update(body).digest('base64url').slice(0, 27);
  const entry: StaticEntry = {
    contentType: CONTENT_TYPES[ext] ?? 'application/octet-stream',
    cacheControl,
    identity: { body, etag: etagOf(hash) },
  };
  if (COMPRESSIBLE.has(ext)) {
    const br = smaller(
      brotliCompressSync(body, {
        params: {
          [zlib.BROTLI_PARAM_QUALITY]: 11,
          [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
          [zlib.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      }),
      body,
    );
    const gzip = smaller(gzipSync(body, { level: 9 }), body);
    // Each encoding is a distinct representation, so each gets its own strong ETag.
    if (br) entry.br = { body: br, etag: etagOf(hash, '-br') };
    if (gzip) entry.gzip = { body: gzip, etag: etagOf(hash, '-gz') };
  }
  return entry;
}

function listFiles(dir: string): string[] {
  const files: string[] = [];
  for (const dirent of readdirSync(dir, { withFileTypes: true })) {
    // Dotfiles (.DS_Store, .gitkeep) are never part of the public site.
    if (dirent.name.startsWith('.')) continue;
    const full = join(dir, dirent.name);
    if (dirent.isDirectory()) files.push(...listFiles(full));
    else if (dirent.isFile()) files.push(full);
  }
  return files;
}

export function urlPathFor(relativePath: string): string {
  if (relativePath === 'index.html') return '/';
  if (relativePath.endsWith('/index.html')) return `/${relativePath.slice(0, -'/index.html'.length)}`;
  return `/${relativePath}`;
}

export function loadStaticSite(clientDir: string): StaticSite {
  const entries = new Map<string, StaticEntry>();
  let notFound: StaticEntry | undefined;
  for (const file of listFiles(clientDir)) {
    const rel = relative(clientDir, file).split(sep).join('/');
    const ext = extname(file).toLowerCase();
    const urlPath = urlPathFor(rel);
    const entry = buildEntry(readFileSync(file), ext, urlPath.startsWith('/assets/') ? IMMUTABLE : REVALIDATE);
    // The not-found page is only ever served with a 404 status, never as a 200 page of its own.
    if (rel === NOT_FOUND_FILE) notFound = entry;
    else entries.set(urlPath, entry);
  }
  notFound ??= buildEntry(Buffer.from('Not found\n'), '.txt', REVALIDATE);
  return { entries, notFound };
}

/** Picks the best encoding the client accepts: highest q wins, br on a tie, q=0 means refused. */
export function negotiateEncoding(header: string | undefined, entry: StaticEntry): ContentEncoding | null {
  if (!header || (!entry.br && !entry.gzip)) return null;
  const quality = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.split(';');
    const coding = name.trim().toLowerCase();
    if (!coding || quality.has(coding)) continue;
    let q = 1;
    for (const param of params) {
      const [key = '', value] = param.split('=');
      if (key.trim().toLowerCase() === 'q') q = Number(value?.trim()) || 0;
    }
    quality.set(coding, q);
  }
  let best: ContentEncoding | null = null;
  let bestQ = 0;
  for (const coding of ['br', 'gzip'] as const) {
    if (!entry[coding]) continue;
    const q = quality.get(coding) ?? quality.get('*') ?? 0;
    if (q > bestQ) {
      best = coding;
      bestQ = q;
    }
  }
  return best;
}

// If-None-Match uses weak comparison, so a W/ prefix added by a proxy still matches.
function ifNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

function addVary(res: ServerResponse, field: string): void {
  const current = res.getHeader('Vary');
  if (current === undefined) res.setHeader('Vary', field);
  else if (!String(current).split(',').some((f) => f.trim().toLowerCase() === field.toLowerCase())) res.setHeader('Vary', `${String(current)}, ${field}`);
}

// Plain Node response methods only, so the router-free path below answers byte for byte the same.
function send(req: IncomingMessage, res: ServerResponse, status: number, entry: StaticEntry, revalidate: boolean): void {
  const encoding = negotiateEncoding(req.headers['accept-encoding'], entry);
  const variant = encoding ? entry[encoding]! : entry.identity;
  res.setHeader('Cache-Control', entry.cacheControl);
  if (entry.br || entry.gzip) addVary(res, 'Accept-Encoding');
  if (revalidate) {
    res.setHeader('ETag', variant.etag);
    if (ifNoneMatch(req.headers['if-none-match'], variant.etag)) {
      res.statusCode = 304;
      res.end();
      return;
    }
  }
  res.statusCode = status;
  res.setHeader('Content-Type', entry.contentType);
  if (encoding) res.setHeader('Content-Encoding', encoding);
  res.setHeader('Content-Length', variant.body.length);
  res.end(req.method === 'HEAD' ? undefined : variant.body);
}

function queryOf(originalUrl: string): string {
  const index = originalUrl.indexOf('?');
  return index === -1 ? '' : originalUrl.slice(index);
}

function decodePath(rawPath: string): string | null {
  try {
    return decodeURIComponent(rawPath);
  } catch {
    return null;
  }
}

function encodePath(urlPath: string): string {
  return urlPath.split('/').map(encodeURIComponent).join('/');
}

/**
 * Serves the prerendered site from memory. Only paths that exist as keys are ever answered,
 * so no request path is ever joined onto the file system.
 */
export function createStaticHandler(source: string | StaticSite): RequestHandler {
  const site = typeof source === 'string' ? loadStaticSite(source) : source;
  return (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.status(405).set('Allow', 'GET, HEAD').type('text/plain').send('Method Not Allowed\n');
      return;
    }
    const rawPath = req.path;
    if (rawPath.length > 1 && rawPath.endsWith('/')) {
      const target = decodePath(rawPath.replace(/\/+$/, ''));
      // Only redirect to pages that exist, which also rules out open redirects like `//evil.example/`.
      if (target && site.entries.has(target)) {
        res.redirect(301, encodePath(target) + queryOf(req.originalUrl));
        return;
      }
      send(req, res, 404, site.notFound, false);
      return;
    }
    const decoded = decodePath(rawPath);
    const entry = decoded === null ? undefined : site.entries.get(decoded);
    if (entry) send(req, res, 200, entry, true);
    else send(req, res, 404, site.notFound, false);
  };
}

/** Answers a request when it is for a file of the site; false leaves it to the app. */
export type FileResponder = (req: IncomingMessage, res: ServerResponse) => boolean;

export interface FileResponderOptions {
  /** Headers every answer carries, e.g. the security headers the app's middleware would set. */
  headers?: ReadonlyArray<readonly [string, string]>;
  /** Paths the app routes itself (the API, the health check): never answered here, even if a file matches. */
  reserved?: (path: string) => boolean;
}

/** Response headers of one variant, as flat [name, value, …] lists ready for writeHead. */
interface PreparedHeaders {
  ok: string[];
  notModified: string[];
}

/**
 * The static handler's answer for GET and HEAD of a file that exists, with nothing else involved.
 * Anything else (another method, an unknown path, a trailing-slash redirect, a 404) returns false
 * and goes through the app as before, so this path only ever gives answers the handler would give.
 * Each variant's headers are put together once and written in one call.
 */
export function createFileResponder(site: StaticSite, options: FileResponderOptions = {}): FileResponder {
  const { headers = [], reserved = () => false } = options;
  // writeHead sends a repeated name twice, so the file's own headers replace any of the same name.
  const own = new Set(['cache-control', 'vary', 'etag', 'content-type', 'content-encoding', 'content-length']);
  const common = headers.filter(([name]) => !own.has(name.toLowerCase())).flatMap(([name, value]) => [name, value]);
  const prepared = new WeakMap<Variant, PreparedHeaders>();

  function headersOf(entry: StaticEntry, encoding: ContentEncoding | null, variant: Variant): PreparedHeaders {
    let h = prepared.get(variant);
    if (!h) {
      // The same headers, in the same cases, that send() sets.
      const revalidation = [...common, 'Cache-Control', entry.cacheControl, ...(entry.br || entry.gzip ? ['Vary', 'Accept-Encoding'] : []), 'ETag', variant.etag];
      h = {
        notModified: revalidation,
        ok: [...revalidation, 'Content-Type', entry.contentType, ...(encoding ? ['Content-Encoding', encoding] : []), 'Content-Length', String(variant.body.length)],
      };
      prepared.set(variant, h);
    }
    return h;
  }

  return (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const url = req.url ?? '';
    if (url.charCodeAt(0) !== 47 /* '/' */) return false;
    const q = url.indexOf('?');
    const path = decodePath(q === -1 ? url : url.slice(0, q));
    if (path === null || reserved(path)) return false;
    const entry = site.entries.get(path);
    if (!entry) return false;
    const encoding = negotiateEncoding(req.headers['accept-encoding'], entry);
    const variant = encoding ? entry[encoding]! : entry.identity;
    const h = headersOf(entry, encoding, variant);
    if (ifNoneMatch(req.headers['if-none-match'], variant.etag)) {
      res.writeHead(304, h.notModified);
      res.end();
    } else {
      res.writeHead(200, h.ok);
      res.end(req.method === 'HEAD' ? undefined : variant.body);
    }
    return true;
  };
}

/**
 * Puts `respond` in front of the app's router. Express's routing costs more per request than
 * sending a page from memory (about three times the throughput without it; see bench/), and the
 * pages, scripts and styles are most of a visit's requests. Everything `respond` declines takes
 * the usual way through the app's middleware.
 */
export function answerBeforeRouter(app: Express, respond: FileResponder): void {
  const routed = (app as unknown as { handle: (req: IncomingMessage, res: ServerResponse, next?: unknown) => void }).handle.bind(app);
  (app as unknown as { handle: typeof routed }).handle = (req, res, next) => {
    if (!respond(req, res)) routed(req, res, next);
  };
}

/** The headers a middleware sets on every response, recorded once so they can be replayed. */
export function headersSetBy(middleware: RequestHandler): Array<[string, string]> {
  const headers = new Map<string, [string, string]>();
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.set(name.toLowerCase(), [name, Array.isArray(value) ? value.join(', ') : String(value)]);
      return recorder;
    },
    removeHeader(name: string) {
      headers.delete(name.toLowerCase());
    },
    getHeader(name: string) {
      return headers.get(name.toLowerCase())?.[1];
    },
  };
  let called = false;
  middleware({ headers: {}, method: 'GET', url: '/' } as never, recorder as never, (err?: unknown) => {
    if (err) throw err;
    called = true;
  });
  if (!called) throw new Error('The middleware did not finish synchronously, so its headers cannot be recorded.');
  return [...headers.values()];
}
