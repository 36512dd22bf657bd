// nginx as the static-file peer: installed with apt-get when missing (and we are root), started in
// the foreground on 127.0.0.1 with a generated config whose pid, logs and temp files live in a
// temp dir, and stopped after the run.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { aptGetCommand } from '../../tests/support/apt-get';
import { freePort, ROOT, runCommand, startServer, type Started } from './proc';

const CANDIDATES = ['/usr/sbin/nginx', '/usr/bin/nginx', '/usr/local/sbin/nginx', '/usr/local/bin/nginx'];

function findBinary(): string | null {
  return CANDIDATES.find((p) => existsSync(p)) ?? null;
}

export type NginxAvailability = { ok: true; binary: string; version: string; installedNow: boolean } | { ok: false; reason: string };

/** Finds nginx, installing Debian's package when it is missing and we may. */
export async function ensureNginx(log: (line: string) => void): Promise<NginxAvailability> {
  let binary = findBinary();
  let installedNow = false;
  if (!binary) {
    if (process.getuid?.() !== 0)
      return {
        ok: false,
        reason: 'nginx is not installed and the benchmark is not running as root (install it with `sudo apt-get install -y nginx`).',
      };
    const env = { DEBIAN_FRONTEND: 'noninteractive' };
    log('nginx is missing; installing it with apt-get (the package is not started as a service)…');
    // In turn with any other run installing a package at the same moment (tests/support/apt-get.ts).
    const install = aptGetCommand(['install', '-y', '--no-install-recommends', 'nginx']);
    let r = await runCommand(install[0], install[1], env);
    if (r.code !== 0) {
      log('apt-get install failed; running apt-get update and trying again…');
      await runCommand(...aptGetCommand(['update']), env);
      r = await runCommand(install[0], install[1], env);
    }
    binary = findBinary();
    if (r.code !== 0 || !binary) return { ok: false, reason: `apt-get could not install nginx:\n${r.output.slice(-2000)}` };
    installedNow = true;
  }
  return { ok: true, binary, version: nginxVersion(binary), installedNow };
}

/** `nginx -v` prints e.g. "nginx version: nginx/1.22.1" on stderr. */
function nginxVersion(binary: string): string {
  const r = spawnSync(binary, ['-v'], { encoding: 'utf8' });
  return `${r.stdout ?? ''}${r.stderr ?? ''}`.trim().replace(/^nginx version:\s*/, '');
}

/** What both benchmark configurations run with: no access log (ours keeps none), sendfile, keep-alive without a request cap (Node has none). */
const BENCH_HTTP_SETTINGS = `access_log off;
  sendfile on;
  tcp_nopush on;
  tcp_nodelay on;
  keepalive_timeout 65;
  keepalive_requests 10000000;
  server_tokens off;`;

/** nginx's temporary folders, under the run's prefix rather than the system's. */
function tempPaths(prefix: string): string {
  const temp = (name: string) => join(prefix, 'temp', name);
  return `client_body_temp_path ${temp('client_body')};
  proxy_temp_path ${temp('proxy')};
  fastcgi_temp_path ${temp('fastcgi')};
  uwsgi_temp_path ${temp('uwsgi')};
  scgi_temp_path ${temp('scgi')};`;
}

/**
 * One worker process (our server is one Node process), sendfile, no access log (ours keeps none),
 * keep-alive without a request cap (Node has none), and the same files: dist/client.
 */
export function nginxConfig(prefix: string, clientDir: string, port: number): string {
  return `worker_processes 1;
daemon off;
pid ${join(prefix, 'nginx.pid')};
error_log ${join(prefix, 'error.log')} warn;
events { worker_connections 1024; }
http {
  types {
    text/html html;
    text/css css;
    text/javascript js mjs;
    image/svg+xml svg;
    application/xml xml;
    text/plain txt;
    application/json json map;
    application/manifest+json webmanifest;
    image/png png;
    image/x-icon ico;
    font/woff2 woff2;
  }
  default_type application/octet-stream;
  ${BENCH_HTTP_SETTINGS}
  # Only for clients that ask: compressed on the fly, as a stock nginx would (the build writes no .gz files).
  gzip on;
  gzip_comp_level 5;
  gzip_vary on;
  gzip_types text/css text/javascript application/json image/svg+xml application/xml text/plain;
  ${tempPaths(prefix)}
  server {
    listen 127.0.0.1:${port};
    root ${clientDir};
    index index.html;
    location / {
      try_files $uri $uri/index.html $uri/ =404;
      add_header Cache-Control "no-cache";
    }
    location /assets/ {
      add_header Cache-Control "public, max-age=31536000, immutable";
    }
    error_page 404 /404.html;
  }
}
`;
}

/**
 * nginx as the floor for the CPU-per-answer rows: one worker, no access log, the recorded answers as
 * files (bench/lib/recorded-answers.ts) with their gzip copies served as they are (gzip_static), the
 * badge's file as SVG and 404.html for any other path.
 */
export function staticAnswersConfig(root: string): NginxConfigFor {
  return (prefix, port) => {
    return `worker_processes 1;
daemon off;
pid ${join(prefix, 'nginx.pid')};
error_log ${join(prefix, 'error.log')} warn;
events { worker_connections 1024; }
http {
  types { text/html html; }
  default_type application/octet-stream;
  ${BENCH_HTTP_SETTINGS}
  gzip off;
  gzip_static on;
  gzip_vary on;
  ${tempPaths(prefix)}
  server {
    listen 127.0.0.1:${port};
    root ${root};
    location / {
      try_files $uri $uri/index.html =404;
      add_header Cache-Control "no-cache";
    }
    location /api/badge/ {
      default_type image/svg+xml;
    }
    error_page 404 /404.html;
  }
}
`;
  };
}

/** A certificate for deploy/nginx.conf's HTTPS server, and the loopback port its plain HTTP server answers on. */
export interface TlsOnLoopback {
  certificate: string;
  key: string;
  httpPort: number;
}

/**
 * deploy/nginx.conf (the reverse proxy in front of several server processes) with these upstream
 * ports and its pid, logs and temp files under the prefix. `trustClientAddress` makes nginx take
 * the visitor address from X-Forwarded-For sent by loopback clients, so a test's simulated visitors
 * are each their own address to the rate limit, as real visitors are. With `tls` the HTTPS server
 * listens on the port with that certificate and the redirecting HTTP server on `tls.httpPort`;
 * without it the HTTPS server answers plain HTTP on the port and the redirecting one is left out.
 */
export function deployNginxConfig(
  ports: readonly number[],
  options: { trustClientAddress?: boolean; tls?: TlsOnLoopback } = {},
): NginxConfigFor {
  return (prefix, port) => {
    let conf = readFileSync(join(ROOT, 'deploy', 'nginx.conf'), 'utf8');
    const swap = (from: RegExp, to: string) => {
      if (!from.test(conf)) throw new Error(`deploy/nginx.conf no longer has ${from}; update deployNginxConfig.`);
      conf = conf.replace(from, to);
    };
    swap(/^worker_processes .*;$/m, 'worker_processes 1;');
    swap(/^pid .*;$/m, `pid ${join(prefix, 'nginx.pid')};\ndaemon off;`);
    swap(/^error_log .*;$/m, `error_log ${join(prefix, 'error.log')} warn;`);
    swap(/^ *listen \[::\]:443 [^\n]*\n/m, '');
    const { tls } = options;
    if (tls) {
      swap(/listen 80;/, `listen 127.0.0.1:${tls.httpPort};`);
      swap(/^ *listen \[::\]:80;\n/m, '');
      swap(/listen 443 ssl http2;/, `listen 127.0.0.1:${port} ssl http2;`);
      swap(/ssl_certificate \S+;/, `ssl_certificate ${tls.certificate};`);
      swap(/ssl_certificate_key \S+;/, `ssl_certificate_key ${tls.key};`);
    } else {
      swap(/^ *# --- plain HTTP[\s\S]*# --- end of plain HTTP ---\n/m, '');
      swap(/listen 443 ssl http2;/, `listen 127.0.0.1:${port};`);
      swap(/^ *ssl_[^\n]*\n/gm, '');
    }
    // The example lists three processes; keep as many as there are ports.
    const servers = ports.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=2s;`).join('\n');
    swap(/( {4}server 127\.0\.0\.1:300\d [^\n]*\n)+/, `${servers}\n`);
    const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `  ${t}_temp_path ${join(prefix, 'temp', t)};`).join('\n');
    const realIp = options.trustClientAddress ? '\n  set_real_ip_from 127.0.0.1;\n  real_ip_header X-Forwarded-For;' : '';
    swap(/^http \{$/m, `http {\n${temp}${realIp}`);
    return conf;
  };
}

export interface RunningNginx extends Started {
  prefix: string;
}

/** Its config from its prefix (pid, logs, temp files) and port; the static-file peer's by default. */
export type NginxConfigFor = (prefix: string, port: number) => string;

export async function startNginx(binary: string, clientDir: string, configFor?: NginxConfigFor): Promise<RunningNginx> {
  const prefix = mkdtempSync(join(tmpdir(), 'bench-nginx-'));
  mkdirSync(join(prefix, 'temp'), { recursive: true });
  const port = await freePort();
  const conf = join(prefix, 'nginx.conf');
  writeFileSync(conf, configFor ? configFor(prefix, port) : nginxConfig(prefix, clientDir, port));
  // nginx prints nothing once it listens, so a tiny wrapper echoes the port after `nginx -t` passes
  // and then becomes nginx itself (exec), keeping one process to stop.
  const script = `${binary} -t -q -p ${prefix} -e ${join(prefix, 'error.log')} -c ${conf} || exit 1; echo "listening on ${port}"; exec ${binary} -p ${prefix} -e ${join(prefix, 'error.log')} -c ${conf}`;
  const started = await startServer({ command: '/bin/sh', args: ['-c', script], portPattern: /listening on (\d+)/, label: 'nginx' });
  // Wait until it accepts connections.
  for (let i = 0; i < 100; i++) {
    try {
      await fetch(`http://127.0.0.1:${port}/`);
      break;
    } catch {
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  const stop = async () => {
    // SIGTERM: nginx's fast shutdown of the master and its worker.
    await started.stop();
    rmSync(prefix, { recursive: true, force: true });
  };
  return { ...started, stop, prefix };
}
