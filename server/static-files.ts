import { copyFileSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { basename, extname, join, relative, sep } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { IncomingMessage, ServerResponse } from 'node:http';
import Negotiator from 'negotiator';
import { FEED_CONTENT_TYPE } from '../engine/render/feed';
import { trimTrailing } from '../engine/trim';
import { etagMatches, strongEtag } from './etag';

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

// By file name, before the extension: the blog's feed is XML that feed readers know by its own type.
const CONTENT_TYPES_BY_NAME: Record<string, string> = { 'feed.xml': FEED_CONTENT_TYPE };

const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.svg', '.xml', '.txt', '.json', '.map', '.webmanifest']);

/** The file name suffix of each precompressed sibling: `about/index.html.br` next to `about/index.html`. */
const SIBLING_SUFFIX: Record<ContentEncoding, string> = { br: '.br', gzip: '.gz' };

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

function isSibling(file: string, files: ReadonlySet<string>): boolean {
  return Object.values(SIBLING_SUFFIX).some((suffix) => file.endsWith(suffix) && files.has(file.slice(0, -suffix.length)));
}

/**
 * For `npm run build`: writes a Brotli (`.br`) and a gzip (`.gz`) copy next to every text file of
 * the built site, at the highest levels, so the server never compresses while it starts or runs.
 * A copy is written only when it is smaller than the file. With `reuseFrom` (an earlier build's
 * client folder), a file whose bytes are the same there takes that build's copies instead of being
 * compressed again: a publish that changed one page compresses little more than that page.
 */
export function writeCompressedSiblings(clientDir: string, reuseFrom?: string): { files: number; siblings: number; reused: number } {
  let files = 0;
  let siblings = 0;
  let reused = 0;
  for (const file of listFiles(clientDir)) {
    if (!COMPRESSIBLE.has(extname(file).toLowerCase())) continue;
    files += 1;
    const body = readFileSync(file);
    const earlier = reuseFrom ? join(reuseFrom, relative(clientDir, file)) : null;
    if (earlier && statSync(earlier, { throwIfNoEntry: false })?.isFile() && readFileSync(earlier).equals(body)) {
      reused += 1;
      for (const suffix of Object.values(SIBLING_SUFFIX)) {
        if (!statSync(earlier + suffix, { throwIfNoEntry: false })?.isFile()) continue;
        copyFileSync(earlier + suffix, file + suffix);
        siblings += 1;
      }
      continue;
    }
    const compressed: Record<ContentEncoding, Buffer> = {
      br: brotliCompressSync(body, {
        params: {
          [zlib.BROTLI_PARAM_QUALITY]: 11,
          [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
          [zlib.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      }),
      gzip: gzipSync(body, { level: 9 }),
    };
    for (const encoding of ['br', 'gzip'] as const) {
      if (compressed[encoding].length >= body.length) continue;
      writeFileSync(file + SIBLING_SUFFIX[encoding], compressed[encoding]);
      siblings += 1;
    }
  }
  return { files, siblings, reused };
}

/**
 * One file and its precompressed siblings. A missing sibling (a file added by hand after the build)
 * or one older than its file (the file was edited after the build) is not used: that encoding is
 * then not offered, and the file is answered in the encodings that remain, identity at the least.
 */
function readEntry(file: string, cacheControl: string): StaticEntry {
  const body = readFileSync(file);
  const modified = statSync(file).mtimeMs;
  const entry: StaticEntry = {
    contentType: CONTENT_TYPES_BY_NAME[basename(file)] ?? CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream',
    cacheControl,
    identity: { body, etag: strongEtag(body) },
  };
  for (const encoding of ['br', 'gzip'] as const) {
    const sibling = file + SIBLING_SUFFIX[encoding];
    const stat = statSync(sibling, { throwIfNoEntry: false });
    if (!stat?.isFile() || stat.mtimeMs < modified) continue;
    // Each encoding is a distinct representation, so each gets its own strong ETag.
    entry[encoding] = { body: readFileSync(sibling), etag: strongEtag(body, encoding === 'br' ? '-br' : '-gz') };
  }
  return entry;
}

export function urlPathFor(relativePath: string): string {
  if (relativePath === 'index.html') return '/';
  if (relativePath.endsWith('/index.html')) return `/${relativePath.slice(0, -'/index.html'.length)}`;
  return `/${relativePath}`;
}

/** Reads the built site into memory: every file and its precompressed siblings, nothing compressed here. */
export function loadStaticSite(clientDir: string): StaticSite {
  const entries = new Map<string, StaticEntry>();
  let notFound: StaticEntry | undefined;
  const files = listFiles(clientDir);
  const all = new Set(files);
  for (const file of files) {
    // Siblings are encodings of their file, not pages of their own.
    if (isSibling(file, all)) continue;
    const rel = relative(clientDir, file).split(sep).join('/');
    const urlPath = urlPathFor(rel);
    // Hashed file names (the site's and the inbox's): a new version is a new address.
    const entry = readEntry(file, urlPath.startsWith('/assets/') || urlPath.startsWith('/admin/assets/') ? IMMUTABLE : REVALIDATE);
    // The not-found page is only ever served with a 404 status, never as a 200 page of its own.
    if (rel === NOT_FOUND_FILE) notFound = entry;
    else entries.set(urlPath, entry);
  }
  const plain = Buffer.from('Not found\n');
  notFound ??= { contentType: CONTENT_TYPES['.txt']!, cacheControl: REVALIDATE, identity: { body: plain, etag: strongEtag(plain) } };
  return { entries, notFound };
}

const ENCODINGS: readonly ContentEncoding[] = ['br', 'gzip'];

/**
 * The best of the `available` encodings the client accepts (negotiator, which Express's
 * req.acceptsEncodings runs on): highest q wins, br on a tie, q=0 means refused.
 */
export function negotiateEncoding(req: IncomingMessage, available: readonly ContentEncoding[]): ContentEncoding | null {
  if (available.length === 0) return null;
  return (new Negotiator(req).encodings([...available], { preferred: ENCODINGS })[0] as ContentEncoding | undefined) ?? null;
}

// Vary may already name other fields (set by middleware in front); add ours without repeating it.
function addVary(res: ServerResponse, field: string): void {
  const current = res.getHeader('Vary');
  if (current === undefined) res.setHeader('Vary', field);
  else if (
    !String(current)
      .split(',')
      .some((f) => f.trim().toLowerCase() === field.toLowerCase())
  )
    res.setHeader('Vary', `${String(current)}, ${field}`);
}

function send(req: IncomingMessage, res: ServerResponse, status: number, entry: StaticEntry, revalidate: boolean): void {
  const encoding = negotiateEncoding(
    req,
    ENCODINGS.filter((coding) => entry[coding]),
  );
  const variant = encoding ? entry[encoding]! : entry.identity;
  res.setHeader('Cache-Control', entry.cacheControl);
  if (entry.br || entry.gzip) addVary(res, 'Accept-Encoding');
  if (revalidate) {
    res.setHeader('ETag', variant.etag);
    if (etagMatches(req.headers['if-none-match'], variant.etag)) {
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

function sendText(req: IncomingMessage, res: ServerResponse, status: number, text: string, headers: Record<string, string>): void {
  const body = Buffer.from(text);
  res.writeHead(status, { ...headers, 'Content-Type': 'text/plain; charset=utf-8', 'Content-Length': String(body.length) });
  res.end(req.method === 'HEAD' ? undefined : body);
}

/** The path and the query of a request target; an absolute-form target (`GET http://host/page`) names its path after the host. */
export function splitTarget(target: string): { path: string; query: string } {
  if (!target.startsWith('/')) {
    try {
      const url = new URL(target);
      return { path: url.pathname, query: url.search };
    } catch {
      return { path: target, query: '' };
    }
  }
  const index = target.indexOf('?');
  return index === -1 ? { path: target, query: '' } : { path: target.slice(0, index), query: target.slice(index) };
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

// The query goes back out in a Location header: anything that may not stand in a URL is percent-encoded.
function encodeQuery(query: string): string {
  return query.replace(/[^A-Za-z0-9\-._~!$&'()*+,;=:@/?%]/g, (ch) => encodeURIComponent(ch));
}

export type SiteHandler = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * Serves the built site from memory: the one way the server answers a page, a script, a style, a
 * redirect or the not-found page. Plain Node request and response, so it runs without the router.
 * Only paths that exist as keys are ever answered, so no request path is ever joined onto the file
 * system.
 */
export function createStaticHandler(source: string | StaticSite): SiteHandler {
  const site = typeof source === 'string' ? loadStaticSite(source) : source;
  return (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      sendText(req, res, 405, 'Method Not Allowed\n', { Allow: 'GET, HEAD' });
      return;
    }
    const { path: rawPath, query } = splitTarget(req.url ?? '/');
    if (rawPath.length > 1 && rawPath.endsWith('/')) {
      const target = decodePath(trimTrailing(rawPath, '/'));
      // Only redirect to pages that exist, which also rules out open redirects like `//evil.example/`.
      if (target && site.entries.has(target)) {
        const location = encodePath(target) + encodeQuery(query);
        sendText(req, res, 301, `Moved Permanently. Redirecting to ${location}`, { Location: location });
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
