import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request, type IncomingHttpHeaders, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
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
