import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import pg from 'pg';
import { join, resolve } from 'node:path';
import type { SiteModel } from '../engine/content/model';
import { formsById } from './admin/inbox-view';
import { createApp, type AppConfig } from './app';
import { PAGE_ASSETS_FILE, type PageAssets } from '../engine/render/render-page';
import { createHttpServer, readTimeouts, type ServerTimeouts } from './http-server';
import { createLogger, readLogLevel, type Logger } from './logging';
import { createMetrics, createMetricsListener } from './metrics';
import { describeNotifyConfig, readNotifyConfig } from './notify/config';
import { createDelivery } from './notify/deliver';
import { createNotifier } from './notify/notifier';
import { createOutboxWorker, DEFAULT_RETRY } from './notify/worker';
import { DEFAULT_RATE_LIMIT, DEFAULT_SIGN_IN_RATE_LIMIT } from './rate-limit';
import { createReadiness } from './readiness';
import { readSiteSearch } from './search/search-page';
import { chooseStore, createStore } from './store/create-store';
import { PostgresRateLimitStore } from './store/postgres-rate-limit';

const SHUTDOWN_TIMEOUT_MS = 10_000;

/** JSON lines on standard output; a bad LOG_LEVEL is reported in the default level before exiting. */
let log: Logger;
try {
  log = createLogger({ level: readLogLevel(process.env.LOG_LEVEL) });
} catch (err) {
  log = createLogger();
  log.fatal((err as Error).message);
  process.exit(1);
}

function fail(message: string): never {
  log.fatal(message);
  process.exit(1);
}

function readPort(value: string | undefined): number {
  const port = Number(value ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`PORT must be a number from 0 to 65535, got "${value}".`);
  return port;
}

function readPositiveInt(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) fail(`${name} must be a whole number of at least 1, got "${value}".`);
  return n;
}

type ServedModel = Pick<SiteModel, 'forms'> &
  Partial<Pick<SiteModel, 'badges' | 'notifications' | 'site' | 'apiPayloads' | 'knownLinks'>> & { pages?: AppConfig['pages'] };

/** The forms, badges and notification rules as the build saw them, so the server checks exactly what the pages submit. */
function readSiteModel(distDir: string): ServedModel {
  const file = join(distDir, 'site-model.json');
  if (!existsSync(file)) {
    log.warn(`${file} is missing, so every form submission will be refused. Run \`npm run build\` to write it.`);
    return { forms: {} };
  }
  let model: Partial<SiteModel>;
  try {
    model = JSON.parse(readFileSync(file, 'utf8')) as Partial<SiteModel>;
  } catch (err) {
    fail(`${file} could not be read (${(err as Error).message}). Run \`npm run build\` again.`);
  }
  if (typeof model.forms !== 'object' || model.forms === null) fail(`${file} has no forms. Run \`npm run build\` again.`);
  if (typeof model.notifications !== 'object' || model.notifications === null)
    fail(`${file} has no notification rules. Run \`npm run build\` again.`);
  return {
    forms: model.forms,
    badges: model.badges,
    notifications: model.notifications,
    site: model.site,
    apiPayloads: model.apiPayloads,
    knownLinks: model.knownLinks,
    pages: readPages(distDir, model),
  };
}

/** The whole model and the page assets, so a form posted without script is answered with its page. */
function readPages(distDir: string, model: Partial<SiteModel>): AppConfig['pages'] {
  const file = join(distDir, PAGE_ASSETS_FILE);
  if (!Array.isArray(model.pages) || !existsSync(file)) {
    log.warn(`${file} is missing, so forms posted without JavaScript will not be answered. Run \`npm run build\` again.`);
    return undefined;
  }
  return { model: model as SiteModel, assets: JSON.parse(readFileSync(file, 'utf8')) as PageAssets };
}

function readIpHashSalt(value: string | undefined): string {
  if (value) return value;
  // A per-process key still lets abuse be traced within one run, without storing reversible address hashes.
  log.warn('IP_HASH_SALT is not set; using a random key, so address hashes will not match across restarts.');
  return randomBytes(32).toString('hex');
}

async function main(): Promise<void> {
  const env = process.env;
  const port = readPort(env.PORT);
  const host = env.HOST ?? '0.0.0.0';
  const dataDir = resolve(env.DATA_DIR ?? './data');
  const distDir = resolve(env.DIST_DIR ?? './dist');
  const siteUrl = env.SITE_URL ?? 'https://example.com';
  const trustProxy = env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true';
  const rateLimit = {
    max: readPositiveInt('RATE_LIMIT_MAX', env.RATE_LIMIT_MAX, DEFAULT_RATE_LIMIT.max),
    windowMs: readPositiveInt('RATE_LIMIT_WINDOW_MS', env.RATE_LIMIT_WINDOW_MS, DEFAULT_RATE_LIMIT.windowMs),
  };
  const ipHashSalt = readIpHashSalt(env.IP_HASH_SALT);
  const metricsPort = env.METRICS_PORT ? readPort(env.METRICS_PORT) : null;
  if (metricsPort !== null && metricsPort !== 0 && metricsPort === port)
    fail('METRICS_PORT must differ from PORT: metrics are never served on the public port.');
  const metricsHost = env.METRICS_HOST ?? '127.0.0.1';
  let timeouts: ServerTimeouts;
  try {
    timeouts = readTimeouts(env);
  } catch (err) {
    fail((err as Error).message);
  }

  const clientDir = join(distDir, 'client');
  if (!existsSync(join(clientDir, 'index.html'))) fail('The site has not been built yet. Run `npm run build` first.');

  const { forms, badges, notifications, site, apiPayloads = {}, knownLinks, pages } = readSiteModel(distDir);
  const search = readSiteSearch(distDir, (message) => log.warn(message));
  const notify = readNotifyConfig(env);
  if (notify.problems.length) fail(notify.problems.join('\n'));
  log.info(describeNotifyConfig(notify.config));
  if (notify.config.smtpUrl && notify.config.leadsEmailTo.length === 0) {
    // Rules with their own recipients still send; everything else would reach nobody.
    log.warn('LEADS_EMAIL_TO is empty: leads that no rule with its own `to` matches are e-mailed to nobody.');
  }
  const retry = {
    baseMs: readPositiveInt('NOTIFY_RETRY_BASE_MS', env.NOTIFY_RETRY_BASE_MS, DEFAULT_RETRY.baseMs),
    maxMs: readPositiveInt('NOTIFY_RETRY_MAX_MS', env.NOTIFY_RETRY_MAX_MS, DEFAULT_RETRY.maxMs),
    giveUpAfterMs: DEFAULT_RETRY.giveUpAfterMs,
  };

  let storeConfig: Parameters<typeof createStore>[0];
  try {
    storeConfig = { databaseUrl: env.DATABASE_URL, dataDir, log: (message, err) => log.error({ err }, message) };
    log.info(`Leads are stored in ${chooseStore(storeConfig).description}`);
  } catch (err) {
    fail((err as Error).message);
  }
  const store = createStore(storeConfig);
  await store.init();
  const metrics = metricsPort === null ? undefined : createMetrics({ store, processMetrics: true });
  const readiness = createReadiness();
  // With PostgreSQL every process counts in one table (migration 5), so the limit holds across them.
  const databaseUrl = env.DATABASE_URL?.trim();
  const rateLimitPool = databaseUrl
    ? new pg.Pool({ connectionString: databaseUrl, max: 4, connectionTimeoutMillis: 2_000, statement_timeout: 2_000 })
    : null;
  rateLimitPool?.on('error', (err) => log.error({ err }, 'Rate-limit database connection failed'));
  const rateLimitStore = rateLimitPool ? new PostgresRateLimitStore({ pool: rateLimitPool }) : undefined;

  // Without a build's rules nothing can be submitted, so there is nothing to notify.
  const notifying = (notify.config.smtpUrl !== null || notify.config.webhookUrl !== null) && notifications !== undefined;
  // A lead records the form or API payload that accepted it; its e-mail is labelled from that.
  const described = formsById(forms, apiPayloads);
  const delivery = notifying ? createDelivery(notify.config, { forms: described, siteName: site?.name ?? siteUrl }) : null;
  const worker = delivery
    ? createOutboxWorker({
        store,
        deliver: (job) => delivery.deliver(job),
        retry,
        pollMs: readPositiveInt('NOTIFY_POLL_MS', env.NOTIFY_POLL_MS, 1_000),
        log: (e) => {
          if (e.outcome === 'done') return;
          metrics?.deliveryFailed(e.channel, e.outcome);
          log.warn(`Notification ${e.job} (${e.channel}, ${e.rule}) attempt ${e.attempt}: ${e.outcome}, ${e.detail}`);
        },
        onError: (err) => {
          metrics?.storeError('outbox');
          log.error({ err }, 'Outbox worker');
        },
      })
    : null;
  const notifier = notifying
    ? createNotifier({
        config: notify.config,
        rules: notifications,
        forms: described,
        throttleSecret: ipHashSalt,
        onQueued: () => worker?.poke(),
      })
    : undefined;

  // The session cookie is Secure (and __Host- prefixed) whenever visitors reach the site over HTTPS.
  const inbox = {
    secureCookies: siteUrl.startsWith('https:') || trustProxy,
    requireTwoStep: env.INBOX_REQUIRE_2FA === '1' || env.INBOX_REQUIRE_2FA === 'true',
    signInRateLimit: {
      max: readPositiveInt('SIGN_IN_RATE_LIMIT_MAX', env.SIGN_IN_RATE_LIMIT_MAX, DEFAULT_SIGN_IN_RATE_LIMIT.max),
      windowMs: DEFAULT_SIGN_IN_RATE_LIMIT.windowMs,
    },
    // Its own store object: express-rate-limit gives each limiter's store its window.
    signInRateLimitStore: rateLimitPool ? new PostgresRateLimitStore({ pool: rateLimitPool }) : undefined,
  };
  const app = createApp({
    ...{ clientDir, store, siteUrl, trustProxy, forms, apiPayloads, badges, rateLimit, ipHashSalt, notifier, inbox, knownLinks, pages },
    ...{ logger: log, metrics, readiness, rateLimitStore, search },
  });
  // Slow clients are answered 408 or closed after HEADERS_TIMEOUT_MS / REQUEST_TIMEOUT_MS; parser-level
  // refusals get the same security headers and JSON error body as the app's own answers.
  const server = createHttpServer(app, timeouts);
  let shuttingDown = false;

  // Keep-alive clients get told to reconnect elsewhere once we are draining.
  server.prependListener('request', (_req, res) => {
    if (shuttingDown) res.setHeader('Connection', 'close');
  });

  server.on('error', (err: NodeJS.ErrnoException) => {
    fail(err.code === 'EADDRINUSE' ? `Port ${port} is already in use. Set PORT to another value.` : String(err));
  });

  // Its own port, never the public one: the figures are for the operator, not for visitors.
  const metricsServer = metrics ? createServer(createMetricsListener(metrics)) : null;
  metricsServer?.on('error', (err) => fail(`Metrics server on ${metricsHost}:${metricsPort}: ${String(err)}`));
  metricsServer?.listen(metricsPort!, metricsHost, () => {
    const address = metricsServer.address();
    log.info(`Metrics at http://${metricsHost}:${typeof address === 'object' && address ? address.port : metricsPort}/metrics`);
  });

  server.listen(port, host, () => {
    const address = server.address();
    const actualPort = typeof address === 'object' && address ? address.port : port;
    log.info(`Serving http://localhost:${actualPort}`);
    // Also delivers what an earlier run queued and could not send before it stopped.
    worker?.start();
  });

  async function shutdown(signal: NodeJS.Signals): Promise<void> {
    if (shuttingDown) return;
    shuttingDown = true;
    readiness.startDraining();
    log.info(`${signal} received, finishing in-flight requests…`);
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
      log.error(`Requests still running after ${SHUTDOWN_TIMEOUT_MS / 1000} s; closing them.`);
      server.closeAllConnections();
    }
    await worker?.stop();
    delivery?.close();
    await store.close();
    rateLimitStore?.shutdown();
    inbox.signInRateLimitStore?.shutdown();
    await rateLimitPool?.end();
    metricsServer?.close();
    process.exit(0);
  }

  const onSignal = (signal: NodeJS.Signals) =>
    shutdown(signal).catch((err: unknown) => {
      log.fatal({ err }, 'Shutdown failed');
      process.exit(1);
    });
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}

main().catch((err: unknown) => {
  log.fatal({ err }, 'The server could not start');
  process.exit(1);
});
