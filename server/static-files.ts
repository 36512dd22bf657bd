import { copyFileSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { basename, extname, join, relative, sep } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { IncomingMessage, ServerResponse } from 'node:http';
import Negotiator from 'negotiator';
import { FEED_CONTENT_TYPE } from '../engine/render/feed';
import { parseUrl } from '../engine/parse-url';
import { trimTrailing } from '../engine/trim';
import { etagMatches, strongEtag } from './etag';
import { REQUEST_ID_HEADER } from './logging';

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

/** Distinct Accept-Encoding values remembered; browsers send a handful, so this is only a bound against a sender inventing more. */
const MAX_REMEMBERED_ACCEPTS = 1_000;
const accepted = new Map<string, readonly ContentEncoding[]>();

/**
 * The encodings an Accept-Encoding value takes, best first, as negotiator (which Express's
 * req.acceptsEncodings runs on) ranks them: highest q wins, br on a tie, q=0 means refused.
 * Worked out once per distinct value and then looked up.
 */
export function acceptedEncodings(header: string | undefined): readonly ContentEncoding[] {
  const key = header ?? '';
  let ranked = accepted.get(key);
  if (ranked === undefined) {
    const asked = { headers: { 'accept-encoding': key } };
    ranked = Object.freeze(new Negotiator(asked).encodings([...ENCODINGS], { preferred: ENCODINGS }) as ContentEncoding[]);
    if (accepted.size >= MAX_REMEMBERED_ACCEPTS) accepted.clear();
    accepted.set(key, ranked);
  }
  return ranked;
}

/** The best of the `available` encodings the client accepts, or null for none (identity). */
export function negotiateEncoding(req: IncomingMessage, available: readonly ContentEncoding[]): ContentEncoding | null {
  if (available.length === 0) return null;
  for (const encoding of acceptedEncodings(req.headers['accept-encoding'])) if (available.includes(encoding)) return encoding;
  return null;
}

/** One encoding of an entry as it is answered: its head (a flat [name, value, …] list, fixed headers first) and its bytes. */
interface PreparedVariant {
  etag: string;
  body: Buffer;
  /** The head of a 200 (or of the not-found page's 404). */
  head: readonly string[];
  /** The head of a 304 (Not Modified): no type, length or encoding. */
  notModified: readonly string[];
}

interface PreparedEntry {
  identity: PreparedVariant;
  br?: PreparedVariant;
  gzip?: PreparedVariant;
  /** The encodings it has besides identity, best first. */
  encodings: readonly ContentEncoding[];
  page: boolean;
  /** A page whose answers may carry a cookie (StaticHandlerOptions.cookie). */
  cookie: boolean;
}

type FixedHeaders = ReadonlyArray<readonly [string, string]>;

/** Every answer of an entry prepared ahead: what a request then costs is a lookup, a negotiation on a table and one write. */
function prepareEntry(entry: StaticEntry, fixed: FixedHeaders, revalidate: boolean, cookie = false): PreparedEntry {
  const encodings = ENCODINGS.filter((coding) => entry[coding]);
  const vary = encodings.length > 0 ? ['Vary', 'Accept-Encoding'] : [];
  // An answer that may set a cookie is the browser's alone: a shared cache must not hand it (or its page without one) to others.
  const cacheControl = cookie ? `private, ${entry.cacheControl}` : entry.cacheControl;
  const variant = (v: Variant, encoding: ContentEncoding | null): PreparedVariant => {
    const cached = ['Cache-Control', cacheControl, ...vary, ...(revalidate ? ['ETag', v.etag] : [])];
    return {
      etag: v.etag,
      body: v.body,
      head: [
        ...fixed.flat(),
        ...cached,
        'Content-Type',
        entry.contentType,
        ...(encoding ? ['Content-Encoding', encoding] : []),
        'Content-Length',
        String(v.body.length),
      ],
      notModified: [...fixed.flat(), ...cached],
    };
  };
  return {
    identity: variant(entry.identity, null),
    br: entry.br && variant(entry.br, 'br'),
    gzip: entry.gzip && variant(entry.gzip, 'gzip'),
    encodings,
    page: entry.contentType === HTML,
    cookie,
  };
}

/** Writes a prepared head, with the request's id last when it has one (and before it, a cookie when there is one). */
function writeHead(res: ServerResponse, status: number, head: readonly string[], id: string | undefined, cookie?: string): void {
  if (cookie !== undefined) res.writeHead(status, [...head, 'Set-Cookie', cookie, ...(id === undefined ? [] : [REQUEST_ID_HEADER, id])]);
  else res.writeHead(status, id === undefined ? (head as string[]) : [...head, REQUEST_ID_HEADER, id]);
}

function send(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  prepared: PreparedEntry,
  revalidate: boolean,
  id: string | undefined,
  cookieOf?: (req: IncomingMessage) => string | undefined,
): void {
  const encoding = negotiateEncoding(req, prepared.encodings);
  const variant = encoding ? prepared[encoding]! : prepared.identity;
  // Asked only for the pages that may carry one: every other answer is written as it was prepared.
  const cookie = prepared.cookie && cookieOf ? cookieOf(req) : undefined;
  if (revalidate && etagMatches(req.headers['if-none-match'], variant.etag)) {
    writeHead(res, 304, variant.notModified, id, cookie);
    res.end();
    return;
  }
  writeHead(res, status, variant.head, id, cookie);
  res.end(req.method === 'HEAD' ? undefined : variant.body);
}

function sendText(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  text: string,
  headers: Record<string, string>,
  fixed: FixedHeaders,
  id: string | undefined,
): void {
  const body = Buffer.from(text);
  const head = [
    ...fixed.flat(),
    ...Object.entries(headers).flat(),
    'Content-Type',
    'text/plain; charset=utf-8',
    'Content-Length',
    String(body.length),
  ];
  writeHead(res, status, head, id);
  res.end(req.method === 'HEAD' ? undefined : body);
}

/** The path and the query of a request target; an absolute-form target (`GET http://host/page`) names its path after the host. */
export function splitTarget(target: string): { path: string; query: string } {
  if (!target.startsWith('/')) {
    const url = parseUrl(target);
    return url ? { path: url.pathname, query: url.search } : { path: target, query: '' };
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

/** Told of each page answered, by its path; the page-view counter. */
export type PageViewed = (req: IncomingMessage, path: string) => void;

const HTML = CONTENT_TYPES['.html'];

export interface StaticHandlerOptions {
  onPage?: PageViewed;
  /** Headers every answer carries (the security headers), written into each prepared head once. */
  headers?: FixedHeaders;
  /** The request's id, sent as X-Request-Id when there is one. */
  requestId?: (req: IncomingMessage) => string | undefined;
  /**
   * A cookie for the pages `pages` names (the form token, server/spam/form-token.ts): `value` is asked
   * per answer of such a page, 304s included, and its Set-Cookie value sent when it gives one.
   * Those pages' answers are `private`. Other answers are untouched.
   */
  cookie?: { pages: (path: string) => boolean; value: (req: IncomingMessage) => string | undefined };
}

/**
 * Serves the built site from memory: the one way the server answers a page, a script, a style, a
 * redirect or the not-found page. Plain Node request and response, so it runs without the router.
 * Every answer's head is prepared when the site is loaded (each entry in each encoding, for 200 and
 * 304), so a request is a lookup, a negotiation on a table and one write. Only paths that exist as
 * keys are ever answered, so no request path is ever joined onto the file system.
 */
export function createStaticHandler(source: string | StaticSite, options: StaticHandlerOptions = {}): SiteHandler {
  const site = typeof source === 'string' ? loadStaticSite(source) : source;
  const { onPage, headers: fixed = [], requestId, cookie } = options;
  const prepared = new Map<string, PreparedEntry>();
  for (const [path, entry] of site.entries)
    prepared.set(path, prepareEntry(entry, fixed, true, cookie !== undefined && entry.contentType === HTML && cookie.pages(path)));
  const notFound = prepareEntry(site.notFound, fixed, false);
  return (req, res) => {
    const id = requestId?.(req);
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      sendText(req, res, 405, 'Method Not Allowed\n', { Allow: 'GET, HEAD' }, fixed, id);
      return;
    }
    const { path: rawPath, query } = splitTarget(req.url ?? '/');
    if (rawPath.length > 1 && rawPath.endsWith('/')) {
      const target = decodePath(trimTrailing(rawPath, '/'));
      // Only redirect to pages that exist, which also rules out open redirects like `//evil.example/`.
      if (target && prepared.has(target)) {
        const location = encodePath(target) + encodeQuery(query);
        sendText(req, res, 301, `Moved Permanently. Redirecting to ${location}`, { Location: location }, fixed, id);
        return;
      }
      send(req, res, 404, notFound, false, id);
      return;
    }
    // A path without a percent sign is its own decoding.
    const decoded = rawPath.includes('%') ? decodePath(rawPath) : rawPath;
    const entry = decoded === null ? undefined : prepared.get(decoded);
    if (!entry) return send(req, res, 404, notFound, false, id);
    send(req, res, 200, entry, true, id, cookie?.value);
    // A page someone asked for, answered whole or as still fresh (304); HEAD and files are no view.
    if (onPage && req.method === 'GET' && entry.page) onPage(req, decoded!);
  };
}
