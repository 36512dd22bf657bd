import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request, type IncomingHttpHeaders, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { readConfig, type Env } from '../../../server/config';
import { createServer as createSiteServer, type RunningServer, type ServedModel, type ServerDeps } from '../../../server/create-server';
import { silentLogger } from '../../../server/logging';
import { writeCompressedSiblings } from '../../../server/static-files';
import type { LeadStore } from '../../../server/store/types';

const paragraph = '<p>We remove copied photos, videos and texts from websites and platforms.</p>\n';

export const fixturePages = {
  'index.html': `<!doctype html><html><head><title>Home</title></head><body><h1>Home</h1>${paragraph.repeat(20)}</body></html>`,
  'about/index.html': `<!doctype html><html><head><title>About</title></head><body><h1>About us</h1>${paragraph.repeat(20)}</body></html>`,
  '404.html': `<!doctype html><html><head><title>Not found</title></head><body><h1>Page not found</h1>${paragraph.repeat(5)}</body></html>`,
  'assets/app-abc123.js': `export function start() {\n${'  console.log("ready");\n'.repeat(40)}}\n`,
  'sitemap.xml': `<?xml version="1.0" encoding="UTF-8"?><urlset><url><loc>https://example.com/</loc></url><url><loc>https://example.com/about</loc></url></urlset>`,
} as const;

export const SECRET = 'TOP-SECRET-OUTSIDE-CLIENT-DIR';

export interface Fixture {
  root: string;
  clientDir: string;
  cleanup(): void;
}

/** A tiny built site with its compressed siblings, as `npm run build` writes it, plus a secret file next to it that must never be served. */
export function createFixture(): Fixture {
  const root = mkdtempSync(join(tmpdir(), 'site-server-'));
  const clientDir = join(root, 'client');
  for (const [file, content] of Object.entries(fixturePages)) {
    const full = join(clientDir, file);
    mkdirSync(dirname(full), { recursive: true });
    writeFileSync(full, content);
  }
  writeCompressedSiblings(clientDir);
  writeFileSync(join(root, 'secret.txt'), SECRET);
  writeFileSync(join(clientDir, '.env'), SECRET);
  return { root, clientDir, cleanup: () => rmSync(root, { recursive: true, force: true }) };
}

export interface Running {
  url: string;
  port: number;
  close(): Promise<void>;
}

/**
 * The settings every test server starts with, on top of which a test sets its own: loopback on a
 * free port, a fixed salt, and the features a test turns on when it is about them (form tokens,
 * the spam score, page views), since a test posting straight to the API has no page to take a token from.
 */
export const TEST_ENV: Env = {
  PORT: '0',
  HOST: '127.0.0.1',
  SITE_URL: 'https://example.com',
  IP_HASH_SALT: 'salt',
  FORM_TOKENS: 'off',
  SPAM_QUARANTINE_SCORE: 'off',
  PAGE_VIEWS: 'off',
};

export interface ServerOptions extends Partial<ServerDeps> {
  /** Environment variables on top of TEST_ENV, read by readConfig as `npm start` reads them. */
  env?: Env;
  /** The content served; no forms without it. */
  model?: ServedModel;
}

export interface TestServer extends Running {
  server: RunningServer;
  store: LeadStore;
  /** The metrics endpoint's url when METRICS_PORT is set (0 takes a free port). */
  metricsUrl: string | null;
}

/**
 * Starts the server as `npm start` does (createServer, in process, on a free port): the store, the
 * clock, the logger and the content come from `options`, everything else from the environment. A
 * store passed in stays the caller's to close; the fake one made without it needs no closing.
 */
export async function startServer(options: ServerOptions = {}): Promise<TestServer> {
  const { env, ...deps } = options;
  const config = readConfig({ ...TEST_ENV, ...(deps.buildDir && { DIST_DIR: deps.buildDir }), ...env });
  const store = deps.store ?? fakeStore();
  const server = createSiteServer(config, {
    logger: silentLogger,
    delivery: null,
    editor: null,
    model: { forms: {} },
    ...deps,
    store,
  });
  const port = await server.listen();
  const url = `http://127.0.0.1:${port}`;
  const metricsUrl = server.metricsPort === null ? null : `http://127.0.0.1:${server.metricsPort}/metrics`;
  return { url, port, server, store, metricsUrl, close: () => server.close() };
}

export async function listen(app: RequestListener): Promise<Running> {
  const server: Server = await new Promise((resolve) => {
    const s = createServer(app).listen(0, '127.0.0.1', () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** Sends the path byte for byte: fetch() would normalise `..` and undo content encodings. */
export function rawRequest(port: number, path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** A fake store's overrides: the store's own methods, and a slice's methods by slice. */
export type FakeStoreOverrides = Partial<Pick<LeadStore, 'init' | 'ping' | 'close'>> & {
  [S in Exclude<keyof LeadStore, 'init' | 'ping' | 'close'>]?: Partial<LeadStore[S]>;
};

/** A method the tests using a fake store never reach: it fails when called. */
function unused<T extends object>(methods: Partial<T>, slice: string): T {
  return new Proxy(methods, {
    get: (target, name) =>
      name in target || typeof name !== 'string' || name === 'then'
        ? target[name as keyof T]
        : () => {
            throw new Error(`not used: ${slice}.${name}`);
          },
  }) as T;
}

export function fakeStore(overrides: FakeStoreOverrides = {}): LeadStore {
  const { init, ping, close, leads, outbox, ...others } = overrides;
  const slices = { inbox: {}, audit: {}, spam: {}, tokens: {}, accounts: {}, releases: {}, views: {}, limits: {}, ...others };
  return {
    init: init ?? (async () => {}),
    ping: ping ?? (async () => {}),
    close: close ?? (async () => {}),
    leads: unused(
      {
        insertLead: async () => {
          throw new Error('not used');
        },
        listLeads: async () => [],
        importLeads: async () => 0,
        ...leads,
      },
      'leads',
    ),
    outbox: unused(
      { claimJobs: async () => [], finishJobs: async () => {}, listJobs: async () => [], requeueJob: async () => false, ...outbox },
      'outbox',
    ),
    ...(Object.fromEntries(Object.entries(slices).map(([name, methods]) => [name, unused<object>(methods, name)])) as unknown as Omit<
      LeadStore,
      'init' | 'ping' | 'close' | 'leads' | 'outbox'
    >),
  };
}
