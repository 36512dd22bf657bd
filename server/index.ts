import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import { join, resolve } from 'node:path';
import { createApp } from './app';
import { createSqliteStore } from './store/sqlite';

const SHUTDOWN_TIMEOUT_MS = 10_000;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

function readPort(value: string | undefined): number {
  const port = Number(value ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`PORT must be a number from 0 to 65535, got "${value}".`);
  return port;
}

async function main(): Promise<void> {
  const env = process.env;
  const port = readPort(env.PORT);
  const host = env.HOST ?? '0.0.0.0';
  const dataDir = resolve(env.DATA_DIR ?? './data');
  const distDir = resolve(env.DIST_DIR ?? './dist');
  const siteUrl = env.SITE_URL ?? 'https://example.com';
  const trustProxy = env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true';

  const clientDir = join(distDir, 'client');
  if (!existsSync(join(clientDir, 'index.html'))) fail('The site has not been built yet. Run `npm run build` first.');

  const store = createSqliteStore({ file: join(dataDir, 'leads.sqlite') });
  await store.init();

  const app = createApp({ clientDir, store, siteUrl, trustProxy });
  const server = createServer(app);
  let shuttingDown = false;

  // Keep-alive clients get told to reconnect elsewhere once we are draining.
  server.prependListener('request', (_req, res) => {
    if (shuttingDown) res.setHeader('Connection', 'close');
  });

  server.on('error', (err: NodeJS.ErrnoException) => {
    fail(err.code === 'EADDRINUSE' ? `Port ${port} is already in use. Set PORT to another value.` : String(err));
  });

  server.listen(port, host, () => {
    const address = server.address();
    const actualPort = typeof address === 'object' && address ? address.port : port;
    console.log(`Serving http://localhost:${actualPort}`);
  });

  async function shutdown(signal: NodeJS.Signals): Promise<void> {
    if (shuttingDown) return;
    shuttingDown = true;
    console.log(`${signal} received, finishing in-flight requests…`);
    const closed = new Promise<boolean>((done) => server.close(() => done(true)));
    server.closeIdleConnections();
    // Connections become idle as their last response finishes; close them as soon as they do.
    const sweep = setInterval(() => server.closeIdleConnections(), 200);
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<boolean>((done) => {
      timer = setTimeout(() => done(false), SHUTDOWN_TIMEOUT_MS);
    });
    const drained = await Promise.race([closed, timedOut]);
    clearInterval(sweep);
    clearTimeout(timer);
    if (!drained) {
      console.error(`Requests still running after ${SHUTDOWN_TIMEOUT_MS / 1000} s; closing them.`);
      server.closeAllConnections();
    }
    await store.close();
    process.exit(0);
  }

  const onSignal = (signal: NodeJS.Signals) =>
    shutdown(signal).catch((err: unknown) => {
      console.error(err);
      process.exit(1);
    });
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
