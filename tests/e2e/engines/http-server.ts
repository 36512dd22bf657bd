// The server the Firefox and WebKit journeys use: the built site, one per worker, with a store of
// its own and SITE_URL set to its plain-http address. Plain http, because the shared test server
// says https, so its inbox cookie is Secure, and WebKit, as Safari does, keeps no Secure cookie from
// a plain-http address (Chromium and Firefox make an exception for 127.0.0.1). Its own, so the
// journeys' form posts do not count against the shared server's per-address rate limit.
import { spawn } from 'node:child_process';
import { freePort } from '../../support/free-port';

export interface HttpServer {
  url: string;
  dataDir: string;
  stop(): void;
}

/** Starts the server; `env` adds to its environment (the editor's journey gives it a CONTENT_ROOT of its own). */
export async function startHttpServer(dataDir: string, env: Record<string, string> = {}): Promise<HttpServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['dist/server/index.js'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SITE_URL: url, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = () => void server.kill();
  for (let i = 0; i < 150; i++) {
    if (server.exitCode !== null) throw new Error(`The site's server exited with ${server.exitCode} before it answered.`);
    if (
      await fetch(`${url}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { url, dataDir, stop };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  stop();
  throw new Error(`The site's server did not answer on ${url}/healthz within 15 s.`);
}
