/**
 * deploy/nginx.conf as an operator runs it: Debian's nginx ending TLS (a throwaway self-signed
 * certificate made with openssl) in front of the compiled server, on loopback. Plain HTTP answers
 * 301 to HTTPS, HTTPS speaks HTTP/2, the server's security headers (HSTS among them) arrive
 * unchanged, and a submission is stored with the visitor's address, not nginx's.
 */
import Database from 'better-sqlite3';
import { execFileSync, spawnSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request as httpsRequest } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deployNginxConfig, ensureNginx, startNginx, type RunningNginx } from '../../bench/lib/nginx';
import { freePort } from '../../bench/lib/proc';
import { buildPayload } from '../../engine/forms/payload';
import { buildServer } from '../../scripts/build-server';
import { startServer, type ServerProcess } from './support/server-process';
import { BUILT_SERVER, CLIENT_DIR, readBuiltModel, ROOT } from './support/site-build';

/** The salt server-process.ts gives every test server, so the test can compute the stored hash. */
const IP_HASH_SALT = 'resilience-tests';
/** Another loopback address than nginx's own 127.0.0.1, so "the visitor's address" is told apart from the proxy's. */
const VISITOR = '127.0.0.2';
/** The security headers set on every answer; they must reach the visitor exactly as the server sent them. */
const SECURITY_HEADERS = [
  'content-security-policy',
  'strict-transport-security',
  'x-frame-options',
  'x-content-type-options',
  'referrer-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

const nginxFound = await ensureNginx((line) => console.log(line));
const opensslFound = spawnSync('openssl', ['version'], { encoding: 'utf8' });
const skipReason = !nginxFound.ok
  ? nginxFound.reason
  : opensslFound.status !== 0
    ? 'openssl is not installed, so no throwaway certificate can be made (install it with `sudo apt-get install -y openssl`).'
    : null;
if (skipReason) console.warn(`Skipping the TLS test of deploy/nginx.conf: ${skipReason}`);

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

describe.skipIf(skipReason !== null)('deploy/nginx.conf with TLS in front of the server', () => {
  let dir: string;
  let certificate: string;
  let server: ServerProcess;
  let nginx: RunningNginx;
  let httpPort: number;

  /** An HTTPS request to nginx that trusts only the throwaway certificate. */
  const overTls = (
    path: string,
    options: { method?: string; headers?: Record<string, string>; body?: string; localAddress?: string } = {},
  ) =>
    new Promise<Answer>((resolve, reject) => {
      const req = httpsRequest(
        {
          host: '127.0.0.1',
          port: nginx.port,
          path,
          method: options.method ?? 'GET',
          headers: { Host: 'example.com', ...options.headers },
          ca: certificate,
          servername: 'localhost',
          localAddress: options.localAddress,
        },
        (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (body += chunk));
          res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
        },
      );
      req.on('error', reject);
      req.end(options.body);
    });

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'tls-proxy-'));
    const key = join(dir, 'key.pem');
    const cert = join(dir, 'cert.pem');
    execFileSync(
      'openssl',
      [
        ...['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1'],
        ...['-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1', '-keyout', key, '-out', cert],
      ],
      { stdio: 'pipe' },
    );
    certificate = readFileSync(cert, 'utf8');
    // The compiled server, as the systemd unit runs it; inside the project so its imports find node_modules.
    const compiled = BUILT_SERVER ?? (await buildServer(join(ROOT, 'node_modules', '.cache', 'tls-proxy-server')));
    server = await startServer({ dataDir: dir, nodeArgs: ['--enable-source-maps', compiled], env: { TRUST_PROXY: '1' } });
    httpPort = await freePort();
    if (!nginxFound.ok) throw new Error('unreachable');
    nginx = await startNginx(
      nginxFound.binary,
      CLIENT_DIR,
      deployNginxConfig([server.port], { tls: { certificate: cert, key, httpPort } }),
    );
  }, 180_000);

  afterAll(async () => {
    await nginx?.stop();
    await server?.kill('SIGTERM');
    if (dir) rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  it('answers plain HTTP with 301 to the same path on HTTPS, at the configured name whatever Host says', async () => {
    for (const host of ['example.com', 'evil.example']) {
      const res = await fetch(`http://127.0.0.1:${httpPort}/pricing?plan=pro`, { redirect: 'manual', headers: { Host: host } });
      expect(res.status).toBe(301);
      expect(res.headers.get('location')).toBe('https://example.com/pricing?plan=pro');
    }
  });

  it('offers HTTP/2 over TLS 1.2 or newer', async () => {
    const negotiated = await new Promise<{ alpn: string | false | null; protocol: string | null }>((resolve, reject) => {
      const socket = connect(
        { host: '127.0.0.1', port: nginx.port, ca: certificate, servername: 'localhost', ALPNProtocols: ['h2', 'http/1.1'] },
        () => {
          resolve({ alpn: socket.alpnProtocol, protocol: socket.getProtocol() });
          socket.end();
        },
      );
      socket.on('error', reject);
    });
    expect(negotiated.alpn).toBe('h2');
    expect(['TLSv1.2', 'TLSv1.3']).toContain(negotiated.protocol);
  });

  it("passes the server's security headers through unchanged, HSTS for at least six months among them", async () => {
    for (const path of ['/', '/pricing', '/missing-page']) {
      const direct = await fetch(`${server.url}${path}`);
      const proxied = await overTls(path);
      expect(proxied.status).toBe(direct.status);
      for (const name of SECURITY_HEADERS) expect(proxied.headers[name], `${name} on ${path}`).toBe(direct.headers.get(name) ?? undefined);
    }
    const hsts = String((await overTls('/')).headers['strict-transport-security']);
    expect(Number(/max-age=(\d+)/.exec(hsts)?.[1])).toBeGreaterThanOrEqual(15_768_000);
  });

  it("stores a form submission with the visitor's address as the server sees it, never nginx's or one the visitor made up", async () => {
    const form = readBuiltModel().forms['contact-us']!;
    const body = JSON.stringify(
      buildPayload(form, {
        name: 'Tess Lane',
        email: 'tess@example.com',
        inquiryType: 'takedown',
        subject: 'Through the proxy',
        message: 'Our photos were copied.',
      }),
    );
    const res = await overTls('/api/contact', {
      method: 'POST',
      localAddress: VISITOR,
      body,
      headers: {
        'Content-Type': 'application/json',
        'X-Requested-With': 'XMLHttpRequest',
        'X-Form-Id': form.id,
        'Idempotency-Key': `tls-${Date.now()}`,
        // nginx overwrites this: a visitor cannot pick the address the rate limit counts.
        'X-Forwarded-For': '203.0.113.9',
      },
    });
    expect(res.status, res.body).toBe(201);
    const id = (JSON.parse(res.body) as { data: { id: string } }).data.id;
    const db = new Database(join(dir, 'leads.sqlite'), { readonly: true });
    const row = db.prepare('SELECT ip_hash FROM leads WHERE id = ?').get(id) as { ip_hash: string } | undefined;
    db.close();
    const hashOf = (ip: string) => createHmac('sha256', IP_HASH_SALT).update(ip).digest('hex');
    expect(row?.ip_hash).toBe(hashOf(VISITOR));
    expect(row?.ip_hash).not.toBe(hashOf('127.0.0.1'));
    expect(row?.ip_hash).not.toBe(hashOf('203.0.113.9'));
  });
});
