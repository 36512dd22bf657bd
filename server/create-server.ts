import { existsSync, readFileSync } from 'node:fs';
import { createServer as createNodeServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { SiteModel } from '../engine/content/model';
import { teamTimeZone } from '../engine/content/reply-promise';
import { PAGE_ASSETS_FILE, type PageAssets } from '../engine/render/page-assets';
import { formsById } from './admin/inbox-view';
import type { ScryptCost } from './admin/passwords';
import { FORM_VALIDATORS_FILE, formValidatorsHash, hashInSource, type CheckedForms } from './api/form-validators-code';
import { createApp, type AppConfig } from './app';
import { readBuiltModel, type Config } from './config';
import { createHttpServer } from './http-server';
import type { Logger } from './logging';
import { createMetrics, createMetricsListener } from './metrics';
import { describeNotifyConfig } from './notify/config';
import type { Delivery } from './notify/deliver';
import { createNotifier } from './notify/notifier';
import { createDigestSweep } from './notify/digest';
import { createReminderSweep, createSweep } from './notify/reminders';
import { createMailDomainCheck, systemResolver, type MailResolver } from './spam/mail-domain';
import { createChallengeStep } from './spam/challenge';
import { keptCounts } from './spam/classifier';
import { createSpamScorer, type SpamScorer } from './spam/score';
import { createFormTokens } from './spam/form-token';
import { createOutboxWorker } from './notify/worker';
import { ownHostsOf } from './leads/lead-source';
import { createViewCounter } from './page-view-counter';
import { createReadiness } from './readiness';
import { pingClamd, scannerFor } from './notices/clamd';
import { StoredRateLimits } from './rate-limit';
import type { Publisher } from './publish/publisher';
import type { Editor } from './content/editor';
import { lazy, ready, type Lazy } from './lazy';
import type { SiteHandler } from './static-files';
import type { LeadStore } from './store/types';
import { readSiteSearch } from './search/search-page';

const SHUTDOWN_TIMEOUT_MS = 10_000;
/** Most quarantined leads one sweep erases; the next sweep takes the rest. */
const QUARANTINE_SWEEP_LIMIT = 100;
/** Who the audit log says erased a quarantined lead whose period had passed. */
export const QUARANTINE_ERASER = 'quarantine retention';

/** What the server checks submissions against: the build's model (npm start) or the content as it is now (npm run dev). */
export type ServedModel = Pick<SiteModel, 'forms'> &
  Partial<
    Pick<
      SiteModel,
      | 'badges'
      | 'notifications'
      | 'site'
      | 'apiPayloads'
      | 'knownLinks'
      | 'savedReplies'
      | 'spamWords'
      | 'noticeTemplate'
      | 'noticeRecipients'
    >
  > & {
    pages?: AppConfig['pages'];
    search?: AppConfig['search'];
    formValidators?: AppConfig['formValidators'];
  };

export interface ServerDeps {
  /** Initialised by the caller, who also closes it after close(). */
  store: LeadStore;
  logger: Logger;
  /** The clock for rate-limit windows, sessions and codes; the system clock without it. */
  now?: () => Date;
  /** Sends e-mails and webhooks; made from config.notify without it; null turns notifications off. */
  delivery?: Delivery | null;
  /** The content served; read from config.distDir (the build) without it. */
  model?: ServedModel;
  /** Answers pages and files; the build's dist/client without it (npm run dev passes Vite and the renderer). */
  site?: SiteHandler;
  /** Answers the inbox's page; the built one without it (npm run dev passes Vite's). */
  inboxPage?: SiteHandler;
  /** The build folder served (client/, site-model.json…): the live release's; config.distDir without it. */
  buildDir?: string;
  /** Publishing, releases and rollback for the content editor; none in npm run dev, whose files are live. */
  publisher?: Publisher;
  /** The content editor; made from config.contentRoot and config.schemasDir without it; null turns it off. */
  editor?: Editor | null;
  /** Answers the spam score's DNS questions (SPAM_MAIL_CHECK); the system's resolver without it. */
  mailResolver?: MailResolver;
  /** The cost of hashing inbox passwords; the production cost without it (tests pass a cheaper one). */
  scryptCost?: ScryptCost;
}

export interface RunningServer {
  /** The Node HTTP server (timeouts, parser-level answers); Vite's live reload attaches to it. */
  readonly http: Server;
  /** Makes the app again for changed content (npm run dev); throws when the content cannot be served. */
  reload(model: ServedModel | undefined): void;
  /**
   * Reads another build folder (a release) in full and returns the switch to it: one assignment, so
   * every request is answered wholly by the old build or wholly by the new. Throws when it cannot be read.
   */
  prepareBuild(dir: string): () => void;
  /** Listens on config.port and config.host (and the metrics port); resolves with the public port. */
  listen(): Promise<number>;
  /** The metrics port once listening (METRICS_PORT=0 takes a free one); null without metrics or before listen(). */
  readonly metricsPort: number | null;
  /**
   * Stops taking requests, lets those in flight finish (at most 10 s), writes the page views left,
   * stops the outbox worker. Rejects (after closing the rest) when page views could not be written.
   */
  close(): Promise<void>;
}

/** Why the server cannot start: said once, as the only line, before the process exits. */
export class StartError extends Error {}

/** The forms, badges and notification rules as the build saw them, so the server checks exactly what the pages submit. */
export function readSiteModel(distDir: string, log: Logger): ServedModel {
  if (!existsSync(join(distDir, 'client', 'index.html')))
    throw new StartError('The site has not been built yet. Run `npm run build` first.');
  const file = join(distDir, 'site-model.json');
  if (!existsSync(file)) {
    log.warn(`${file} is missing, so every form submission will be refused. Run \`npm run build\` to write it.`);
    return { forms: {} };
  }
  let model: Partial<SiteModel>;
  try {
    // Parsed once per start: readConfig has read it already for the site's url when SITE_URL is not set.
    model = readBuiltModel(file) as Partial<SiteModel>;
  } catch (err) {
    throw new StartError(`${file} could not be read (${(err as Error).message}). Run \`npm run build\` again.`);
  }
  if (typeof model.forms !== 'object' || model.forms === null) throw new StartError(`${file} has no forms. Run \`npm run build\` again.`);
  if (typeof model.notifications !== 'object' || model.notifications === null)
    throw new StartError(`${file} has no notification rules. Run \`npm run build\` again.`);
  // The whole model and the page assets, so a form posted without script is answered with its page.
  const assets = join(distDir, PAGE_ASSETS_FILE);
  const pages =
    Array.isArray(model.pages) && existsSync(assets)
      ? { model: model as SiteModel, assets: JSON.parse(readFileSync(assets, 'utf8')) as PageAssets }
      : undefined;
  if (!pages) log.warn(`${assets} is missing, so forms posted without JavaScript will not be answered. Run \`npm run build\` again.`);
  const search = readSiteSearch(distDir, (message) => log.warn(message));
  const { forms, badges, notifications, site, apiPayloads, knownLinks, savedReplies, spamWords, noticeTemplate, noticeRecipients } = model;
  const formValidators = readFormValidators(distDir, { forms, apiPayloads: apiPayloads ?? {} }, log);
  return {
    ...{ forms, badges, notifications, site, apiPayloads, knownLinks, savedReplies, spamWords, noticeTemplate, noticeRecipients },
    ...{ pages, search, formValidators },
  };
}

/** The build's validator code when it was made from these very forms; otherwise they are compiled at start, as the warning says. */
function readFormValidators(distDir: string, checked: CheckedForms, log: Logger): string | undefined {
  const file = join(distDir, FORM_VALIDATORS_FILE);
  const source = existsSync(file) ? readFileSync(file, 'utf8') : null;
  if (source !== null && hashInSource(source) === formValidatorsHash(checked)) return source;
  const why = source === null ? 'is missing' : 'was made from other forms than site-model.json';
  log.warn(`${file} ${why}, so the forms are compiled at start instead. Run \`npm run build\` again.`);
  return undefined;
}

/**
 * The content editor over config.contentRoot's site/, when there is one to edit: whether there is
 * one is said at start; its code and the schemas are loaded with the first request for it.
 */
function editorFor(config: Config, model: ServedModel, log: Logger): Lazy<Editor> | undefined {
  if (!existsSync(join(config.contentRoot, 'site')) || !existsSync(config.schemasDir)) {
    log.info(
      `The content editor is off: there is no site/ in ${config.contentRoot} (CONTENT_ROOT) or no schemas/ in ${config.schemasDir}.`,
    );
    return undefined;
  }
  return lazy(async () => {
    const [{ createEditor }, { readSchemaSet }] = await Promise.all([import('./content/editor'), import('./content/content-files')]);
    return createEditor({
      contentRoot: config.contentRoot,
      schemas: readSchemaSet(config.schemasDir),
      siteUrl: config.siteUrl,
      previewStylesheets: model.pages?.assets.stylesheets ?? [],
    });
  });
}

/**
 * The composition root: one server from the configuration and what is passed in. `npm start`,
 * `npm run dev` and the tests all build it here, so they run the same pipeline.
 */
export function createServer(config: Config, deps: ServerDeps): RunningServer {
  const { store, logger: log } = deps;
  const buildDir = deps.buildDir ?? config.distDir;
  const model = deps.model ?? readSiteModel(buildDir, log);
  const editor = deps.editor === undefined ? editorFor(config, model, log) : deps.editor ? ready(deps.editor) : undefined;
  const metrics = config.metrics ? createMetrics({ outbox: store.outbox, processMetrics: true }) : undefined;
  const readiness = createReadiness();
  // With PostgreSQL every process counts in the store's table (migration 5), so the limit holds across them;
  // one object per limiter, since express-rate-limit gives each limiter's store its window.
  const rateLimitStore = config.databaseUrl ? new StoredRateLimits(store.limits) : undefined;
  const signInRateLimitStore = config.databaseUrl ? new StoredRateLimits(store.limits) : undefined;

  if (deps.delivery !== null) log.info(describeNotifyConfig(config.notify));
  const notifyOn = deps.delivery !== null && (config.notify.smtpUrl !== null || config.notify.webhookUrl !== null);
  // A lead records the form or API payload that accepted it; its e-mail is labelled from that.
  const describedOf = (m: ServedModel) => formsById(m.forms, m.apiPayloads ?? {});
  // Without a build's rules nothing can be submitted, so there is nothing to notify.
  // The mail and webhook code is loaded with the first job the worker claims.
  const delivery =
    notifyOn && model.notifications
      ? deps.delivery
        ? ready(deps.delivery)
        : lazy(async () =>
            (await import('./notify/deliver')).createDelivery(config.notify, {
              forms: describedOf(model),
              siteName: model.site?.name ?? config.siteUrl,
              place: { siteUrl: config.siteUrl, timeZone: teamTimeZone(model.site?.replyPromise) },
            }),
          )
      : null;
  const worker = delivery
    ? createOutboxWorker({
        outbox: store.outbox,
        deliver: async (job) => (await delivery.get()).deliver(job),
        retry: config.retry,
        pollMs: config.notifyPollMs,
        leaseMs: config.notifyLeaseMs,
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
  // Reminders and the digest are e-mails: without a mail server there is nobody to remind.
  const mailOn = worker !== null && config.notify.smtpUrl !== null && config.notify.mailFrom !== null;
  const replyPromise = model.site?.replyPromise;
  const sweepOptions = (name: string) => ({
    outbox: store.outbox,
    forms: describedOf(model),
    teamAddresses: config.notify.leadsEmailTo,
    now: deps.now,
    everyMs: config.reminderSweepMs,
    onQueued: () => worker?.poke(),
    onError: (err: unknown) => {
      metrics?.storeError('outbox');
      log.error({ err }, name);
    },
  });
  const reminders =
    mailOn && replyPromise
      ? createReminderSweep({ ...sweepOptions('Reminder sweep'), subject: model.notifications?.reminderSubject })
      : null;
  const digestSettings = model.notifications?.digest;
  // `npm run validate` makes sure a digest has a reply promise; its recipients are the server's.
  if (mailOn && digestSettings && config.notify.leadsEmailTo.length === 0)
    log.warn('The morning digest is on in site/notifications.yaml, but LEADS_EMAIL_TO is empty: no digest is sent.');
  const digest =
    mailOn && digestSettings && replyPromise && config.notify.leadsEmailTo.length > 0
      ? createDigestSweep({ ...sweepOptions('Digest sweep'), promise: replyPromise, settings: digestSettings })
      : null;

  // Visitors' answers come back to the leads only when an operator opens the port (behind the relay that receives REPLY_DOMAIN's mail).
  const replyDomain = config.notify.replyDomain ?? config.notify.mailFrom?.split('@')[1] ?? null;
  if (config.inbound && !replyDomain)
    log.warn('INBOUND_SMTP_PORT is set, but neither REPLY_DOMAIN nor MAIL_FROM: no answers are received.');
  // Its code (an SMTP server, a MIME parser) is loaded when listen() opens the port.
  const inbound = config.inbound;
  const answers =
    inbound && replyDomain
      ? lazy(async () =>
          (await import('./inbound/answers')).createAnswerListener({
            inbox: store.inbox,
            domain: replyDomain,
            port: inbound.port,
            host: inbound.host,
            teamAddresses: config.notify.leadsEmailTo,
            subject: (lead) => {
              const form = lead.formId ? describedOf(model)[lead.formId] : undefined;
              return `Visitor answered: ${form?.title ?? lead.formType}`;
            },
            onQueued: () => worker?.poke(),
            onError: (err) => log.error({ err }, 'Inbound answers'),
          }),
        )
      : null;

  // Quarantined leads never released are erased once the operator's period has passed; any process may, the row locks keep them apart.
  const spam = config.spam;
  const quarantineSweep = spam
    ? createSweep(
        () =>
          store.inbox.eraseQuarantined({
            before: new Date((deps.now?.() ?? new Date()).getTime() - spam.retentionDays * 86_400_000),
            limit: QUARANTINE_SWEEP_LIMIT,
            actor: QUARANTINE_ERASER,
          }),
        {
          everyMs: config.reminderSweepMs,
          onError: (err) => {
            metrics?.storeError('quarantine');
            log.error({ err }, 'Quarantine erasure');
          },
        },
      )
    : null;
  // The site's forms' tokens, keyed by IP_HASH_SALT (a key derived from it): every process signs and checks alike.
  const tokenSettings = config.formTokens;
  const formTokens = tokenSettings
    ? createFormTokens({ ...tokenSettings, secret: config.ipHashSalt, secure: config.siteUrl.startsWith('https:'), now: deps.now })
    : undefined;
  // A spent token's nonce (or challenge) is of no use once it has expired; any process may forget it.
  const tokenSweep =
    tokenSettings || spam?.challenge
      ? createSweep(() => store.tokens.pruneSpentTokens(deps.now?.() ?? new Date()), {
          everyMs: config.reminderSweepMs,
          onError: (err) => {
            // The metric keeps its first label: dashboards count these errors under it.
            metrics?.storeError('form_tokens');
            log.error({ err }, 'Spent form tokens and challenges');
          },
        })
      : null;
  // One cache for every reload: a domain's answer does not change with the content.
  const mailDomain = spam?.mailCheck ? createMailDomainCheck({ resolver: deps.mailResolver ?? systemResolver() }) : undefined;
  // Kept across releases: the counts belong to the store, not to a release.
  const classifierCounts = keptCounts((keys) => store.spam.classifierCounts(keys));
  const scorerFor = (m: ServedModel | undefined): SpamScorer | undefined =>
    spam
      ? createSpamScorer({
          threshold: spam.threshold,
          weights: spam.weights,
          language: m?.site?.language ?? 'en',
          words: m?.spamWords ?? [],
          countSameMessage: (query) => store.spam.countSameMessage(query),
          mailDomain,
          classifier: {
            minMarks: spam.classifierMinMarks,
            weight: spam.classifierWeight,
            counts: classifierCounts,
          },
          now: deps.now,
        })
      : undefined;

  // One for every reload: a challenge given before a content change is still checked after it.
  const challenge =
    spam?.challenge &&
    createChallengeStep({
      score: spam.challenge.score,
      hmacKey: spam.challenge.hmacKey,
    });

  // Only the built site's pages are counted: npm run dev renders them on every request instead.
  const views =
    config.pageViews && !deps.site
      ? createViewCounter({
          save: (counts) => store.views.addViewCounts(counts),
          ownHosts: ownHostsOf(config.siteUrl, undefined),
          flushMs: config.pageViews.flushMs,
          // A view is counted on the server clock's day.
          ...(deps.now && { now: () => deps.now!().getTime() }),
          onError: (err) => {
            metrics?.storeError('page_views');
            log.error({ err }, 'Page views could not be saved; they are kept for the next try');
          },
        })
      : null;

  const appFor = (m: ServedModel | undefined, dir = buildDir): RequestListener => {
    const notifier =
      worker && m?.notifications
        ? createNotifier({
            config: config.notify,
            rules: m.notifications,
            forms: describedOf(m),
            throttleSecret: config.ipHashSalt,
            onQueued: () => worker.poke(),
          })
        : undefined;
    const site = deps.site ? { site: deps.site } : { clientDir: join(dir, 'client') };
    return createApp({
      ...site,
      ...{ store, siteUrl: config.siteUrl, trustProxy: config.trustProxy, rateLimit: config.rateLimit, ipHashSalt: config.ipHashSalt },
      searchRateLimit: config.searchRateLimit,
      ...{
        forms: m?.forms,
        apiPayloads: m?.apiPayloads ?? {},
        formValidators: m?.formValidators,
        badges: m?.badges,
        replyPromise: m?.site?.replyPromise,
        knownLinks: m?.knownLinks,
        pages: m?.pages,
        search: m?.search,
        notifier,
        spam: scorerFor(m),
        challenge: challenge || undefined,
        scanner: scannerFor(config.clamd),
      },
      ...{ logger: log, metrics, readiness, rateLimitStore, now: deps.now, countView: views?.count, formTokens },
      inbox: {
        // The session cookie is Secure (and __Host- prefixed) whenever visitors reach the site over HTTPS.
        secureCookies: config.siteUrl.startsWith('https:') || config.trustProxy,
        scryptCost: deps.scryptCost,
        requireTwoStep: config.requireTwoStep,
        spamFilterMinMarks: spam?.classifierMinMarks,
        signInRateLimit: config.signInRateLimit,
        signInRateLimitStore,
        page: deps.inboxPage,
        publisher: deps.publisher,
        editor: editor && (() => editor.get()),
        notices: m?.noticeTemplate ? { template: m.noticeTemplate, directory: m.noticeRecipients ?? [] } : undefined,
        replies:
          mailOn && config.notify.mailFrom
            ? {
                from: config.notify.mailFrom,
                domain: config.notify.replyDomain ?? config.notify.mailFrom.split('@')[1]!,
                saved: m?.savedReplies ?? null,
                siteName: m?.site?.name ?? config.siteUrl,
                queued: () => worker?.poke(),
              }
            : undefined,
      },
    });
  };

  let app = appFor(model);
  let shuttingDown = false;
  // Slow clients are answered 408 or closed; parser-level refusals carry the same security headers and JSON body.
  const server = createHttpServer((req, res) => {
    // Keep-alive clients get told to reconnect elsewhere once we are draining.
    if (shuttingDown) res.setHeader('Connection', 'close');
    app(req, res);
  }, config.timeouts);
  // Its own port, never the public one: the figures are for the operator, not for visitors.
  const metricsServer = metrics ? createNodeServer(createMetricsListener(metrics)) : null;

  const listenOn = (s: Server, port: number, host: string) =>
    new Promise<number>((resolve, reject) => {
      s.once('error', reject);
      s.listen(port, host, () => {
        s.off('error', reject);
        // Once listening, a server error is said; it no longer stops the start.
        s.on('error', (err) => log.error({ err }, 'HTTP server error'));
        resolve((s.address() as AddressInfo).port);
      });
    });

  let metricsPort: number | null = null;
  return {
    http: server,
    get metricsPort() {
      return metricsPort;
    },
    reload(next) {
      app = appFor(next);
    },
    prepareBuild(dir) {
      const next = appFor(readSiteModel(dir, log), dir);
      return () => {
        app = next;
      };
    },
    async listen() {
      if (metricsServer && config.metrics) {
        const { host } = config.metrics;
        metricsPort = await listenOn(metricsServer, config.metrics.port, host).catch((err: unknown) => {
          throw new StartError(`Metrics server on ${host}:${config.metrics!.port}: ${String(err)}`);
        });
        log.info(`Metrics at http://${host}:${metricsPort}/metrics`);
      }
      const port = await listenOn(server, config.port, config.host).catch((err: NodeJS.ErrnoException) => {
        throw new StartError(err.code === 'EADDRINUSE' ? `Port ${config.port} is already in use. Set PORT to another value.` : String(err));
      });
      if (answers && config.inbound) {
        const { host } = config.inbound;
        const inboundPort = await answers
          .get()
          .then((listener) => listener.listen())
          .catch((err: unknown) => {
            throw new StartError(`Inbound SMTP on ${host}:${config.inbound!.port}: ${String(err)}`);
          });
        log.info(`Answers to replies are received by SMTP on ${host}:${inboundPort} for reply+…@${replyDomain}`);
      }
      const clamd = config.clamd;
      if (clamd)
        void pingClamd(clamd).then((ok) =>
          ok
            ? log.info(`Evidence files are scanned by clamd at ${clamd.socket}`)
            : log.warn(`CLAMD_SOCKET is set, but clamd does not answer at ${clamd.socket}: every evidence file is refused until it does.`),
        );
      // Also delivers what an earlier run queued and could not send before it stopped.
      worker?.start();
      reminders?.start();
      digest?.start();
      quarantineSweep?.start();
      tokenSweep?.start();
      // Erasure is due at start too, not only after the first interval.
      void quarantineSweep?.runOnce().catch((err: unknown) => log.error({ err }, 'Quarantine erasure'));
      views?.start();
      return port;
    },
    async close() {
      if (shuttingDown) return;
      shuttingDown = true;
      readiness.startDraining();
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
      // After the last request: every view answered is written, or the loss is said and the close fails.
      const viewsLost = await views?.stop().then(
        () => null,
        (err: unknown) => {
          log.error({ err }, (err as Error).message);
          return err;
        },
      );
      await answers?.loaded?.close();
      await reminders?.stop();
      await digest?.stop();
      await quarantineSweep?.stop();
      await tokenSweep?.stop();
      await worker?.stop();
      // Only the editor made here (once it has been loaded): one passed in is closed by its maker.
      if (deps.editor === undefined && editor?.started) await (await editor.get().catch(() => undefined))?.close();
      delivery?.loaded?.close();
      rateLimitStore?.shutdown();
      signInRateLimitStore?.shutdown();
      metricsServer?.close();
      if (viewsLost) throw viewsLost;
    },
  };
}
