import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import express, { type ErrorRequestHandler, type Request, type Response } from 'express';
import { BADGE_API_PATH } from '../engine/badges/resolve';
import { parseUrl } from '../engine/parse-url';
import type { Badges, Form, SiteModel } from '../engine/content/model';
import type { KnownLinks } from '../engine/generated/content';
import { ADMIN_API, ADMIN_PATH } from '../contracts/inbox-contract';
import { formsById } from './admin/inbox-view';
import type { ScryptCost } from './admin/passwords';
import type { AdminStore, EditorSource } from './admin/context';
import type { ReplySettings } from './admin/saved-replies';
import type { NoticeSettings } from './admin/notice-view';
import { createBadgeRouter } from './api/badges';
import { createApiRouter, sendApiError, shownPath } from './api/router';
import { createSubmissions } from './api/submissions';
import type { Scanner } from './notices/clamd';
import type { ChallengeStep } from './spam/challenge';
import { createFormPosts, pageHasForm } from './api/form-posts';
import type { PageAssets } from '../engine/render/render-page';
import type { Store as RateLimitStore } from 'express-rate-limit';
import { createRequestLogger, REQUEST_ID_HEADER, requestIdOf, requestLogger, silentLogger, type Logger } from './logging';
import type { Metrics } from './metrics';
import { DEFAULT_RATE_LIMIT, DEFAULT_SEARCH_RATE_LIMIT, DEFAULT_SIGN_IN_RATE_LIMIT } from './config';
import { RATE_LIMITED_MESSAGE, rateLimitMiddleware } from './rate-limit';
import type { Readiness } from './readiness';
import { createRouteOf, errorCodeOf, noteRoute } from './request-route';
import { SECURITY_HEADERS, setSecurityHeaders } from './security-headers';
import { INTERNAL_MESSAGE } from './internal-error';
import { lazyHandler } from './lazy';
import { createStaticHandler, splitTarget, type PageViewed, type SiteHandler } from './static-files';
import { searchPagePath, withSearchPage } from './search/search-page';
import type { SiteSearch } from '../engine/search/search-index';
import type { SubmissionRules } from '../engine/forms/payload';
import { teamTimeZone, type ReplyPromise } from '../engine/content/reply-promise';
import type { Notifier } from './notify/notifier';
import type { FormTokens } from './spam/form-token';
import type { SpamScorer } from './spam/score';
import type { Publisher } from './publish/publisher';
import type { LeadStore } from './store/types';

/**
 * What answers everything outside the API and the health check: the built site in `clientDir`
 * (`npm start`), or another handler (`npm run dev`: Vite and the page renderer).
 */
export type SiteSource = { clientDir: string; site?: never } | { site: SiteHandler; clientDir?: never };

export type AppConfig = SiteSource & {
  /** The slices the app's routes use: the submissions' leads, the inbox's, and the health check's ping. */
  store: AdminStore & Pick<LeadStore, 'leads' | 'ping'>;
  siteUrl: string;
  /** The site model's forms; each is accepted by the submission endpoint it names. None: every submission is refused. */
  forms?: Record<string, Form>;
  /** What an endpoint accepts from a request that names no form, by endpoint (site/forms/api/). */
  apiPayloads?: Record<string, SubmissionRules>;
  /** The build's validator code for these forms and payloads; without it they are compiled when the app is made. */
  formValidators?: string;
  /** The site model's badges; required when a form posts to /api/generate-badge. */
  badges?: Badges;
  /** The site's reply promise: each lead is stored with the time its answer is due. None: no due times. */
  replyPromise?: ReplyPromise;
  /** Set when running behind exactly one reverse proxy, so `req.ip` is the visitor's address. */
  trustProxy?: boolean;
  /** Requests per client address on /api; defaults to 30 a minute. */
  rateLimit?: { windowMs: number; max: number };
  /** Where rate-limit counts live; in this process without it (StoredRateLimits shares them across processes). */
  rateLimitStore?: RateLimitStore;
  /** Searches per client address on the search page; defaults to 60 a minute, counted in this process. */
  searchRateLimit?: { windowMs: number; max: number };
  /** Clock for sessions, codes and form-post keys; injectable so tests control time (rate-limit windows follow Date.now). */
  now?: () => Date;
  /** Where request lines and errors go; silent without it. */
  logger?: Logger;
  /** Scans the files a form brings (CLAMD_SOCKET, server/notices/clamd.ts); checked by their bytes alone without it. */
  scanner?: Scanner | null;
  /** Counts and times every answer (prom-client); none without it. */
  metrics?: Metrics;
  /** Tells /readyz the process is draining; without it only the store's health counts. */
  readiness?: Readiness;
  /** Key for hashing client addresses stored with leads; without it no address hash is stored. */
  ipHashSalt?: string;
  /** Queues e-mails and webhooks with each new lead; without it none are. */
  notifier?: Notifier;
  /** Scores each lead (server/spam): above its threshold the lead is quarantined; without it none is. */
  spam?: SpamScorer;
  /** The proof-of-work step for a doubtful spam score. */
  challenge?: ChallengeStep;
  /** site/links.yaml's known links; each that names a `redirect` is answered 301 to it. */
  knownLinks?: KnownLinks['known'];
  /** The whole site model and its page assets: forms posted without script are answered with their page, rendered again. */
  pages?: { model: SiteModel; assets: PageAssets };
  /** The leads inbox at /admin (its API, and its page from the built site); without it /admin is an ordinary path. */
  inbox?: InboxConfig;
  /** The site search's index: the search page (with `pages`) is answered with results for ?q=. */
  search?: SiteSearch;
  /** Counts each page of the built site answered to a GET (server/page-view-counter.ts); no counting without it. */
  countView?: PageViewed;
  /**
   * Form tokens (FORM_TOKENS): the pages with a form set one in a cookie, and a site form's post
   * without a good one is refused; without it (tests that post without a page) none is asked for.
   */
  formTokens?: FormTokens;
};

export interface InboxConfig {
  /** Served over HTTPS: the session cookie is Secure and `__Host-` prefixed. */
  secureCookies: boolean;
  /** Answers the inbox's page instead of the built one (`npm run dev`: Vite's transformed page). */
  page?: SiteHandler;
  scryptCost?: ScryptCost;
  /** INBOX_REQUIRE_2FA=1: every account passes a second step (and sets one up first when it has none). */
  requireTwoStep?: boolean;
  /** Requests to POST /admin/api/sign-in per client address and window; SIGN_IN_RATE_LIMIT_MAX. */
  signInRateLimit?: { windowMs: number; max: number };
  /** Where those counts live (the shared PostgreSQL table when DATABASE_URL is set). */
  signInRateLimitStore?: RateLimitStore;
  /** Publishing for the content editor (npm start); without it the publish endpoints say why there is none. */
  publisher?: Publisher;
  /** The content editor's API under /admin/api/content; none without it. */
  editor?: EditorSource;
  /** Replies to visitors from the inbox; none without e-mail. */
  replies?: ReplySettings;
  /** The site's notice template and recipient directory, for the inbox's notice screens. */
  notices?: NoticeSettings;
  /** SPAM_CLASSIFIER_MIN_MARKS, when leads are scored: the Quarantine view says how far the spam filter is from voting. */
  spamFilterMinMarks?: number;
}

function isInboxPath(path: string): boolean {
  return path === ADMIN_PATH || path.startsWith(`${ADMIN_PATH}/`);
}

function isApiPath(path: string): boolean {
  return path === '/api' || path.startsWith('/api/');
}

/**
 * API paths are matched case-sensitively: `/API/contact` is no endpoint. It is still answered as an
 * API path (a JSON 404), never as a page, so a client that got the case wrong learns why.
 */
function isMiscasedApiPath(path: string): boolean {
  return !isApiPath(path) && isApiPath(path.toLowerCase());
}

/** The paths the Express app answers (miscased API paths too, for their JSON 404); everything else is the site's. */
function isAppPath(path: string, inbox: boolean): boolean {
  return path === '/healthz' || path === '/readyz' || isApiPath(path) || isMiscasedApiPath(path) || (inbox && isInboxPath(path));
}

function isApiRequest(req: Request): boolean {
  const path = req.originalUrl.split('?')[0] ?? '';
  return isApiPath(path) || isMiscasedApiPath(path) || path === ADMIN_API || path.startsWith(`${ADMIN_API}/`);
}

function clientErrorStatus(err: unknown): number | null {
  const status = (err as { status?: unknown; statusCode?: unknown } | null)?.status ?? (err as { statusCode?: unknown } | null)?.statusCode;
  // The router refuses a path parameter with broken percent-encoding (`/api/badge/%zz/medium/blue`)
  // with a URIError of status 400 that does not set `expose`; it is the client's mistake all the same.
  const expose = (err as { expose?: unknown } | null)?.expose === true || err instanceof URIError;
  return expose && typeof status === 'number' && status >= 400 && status < 500 ? status : null;
}

/** The request's logger (with its id, from the request logger), or a silent one. */
function logOf(req: IncomingMessage): Logger {
  return requestLogger(req);
}

/** Last resort: never lets Express print its HTML page with a stack trace. */
export const errorHandler: ErrorRequestHandler = (err, req, res, next) => {
  if (res.headersSent) {
    next(err);
    return;
  }
  // Malformed or oversized request bodies are the client's problem, not an outage.
  const clientStatus = clientErrorStatus(err);
  if (clientStatus === null) logOf(req).error({ err }, 'Unhandled error');
  res.set('Cache-Control', 'no-store');
  if (isApiRequest(req)) {
    if (clientStatus !== null) sendApiError(res, clientStatus, 'BAD_REQUEST', 'The request could not be processed.');
    else sendApiError(res, 500, 'INTERNAL', INTERNAL_MESSAGE);
    return;
  }
  res
    .status(clientStatus ?? 500)
    .type('text/plain')
    .send(clientStatus === null ? `${INTERNAL_MESSAGE}\n` : 'The request could not be processed.\n');
};

/**
 * The inbox: its JSON API, and for every other path under /admin its one page (the browser app
 * routes from there), or that page's scripts and styles, served like the rest of the built site.
 */
function mountInbox(app: express.Express, config: AppConfig, inbox: InboxConfig, site: SiteHandler): void {
  // Before the password is even looked at: a flood of sign-ins from one address is answered 429 cheaply.
  app.post(
    `${ADMIN_API}/sign-in`,
    (_req, res, next) => (noteRoute(res, `${ADMIN_API}/sign-in`), next()),
    rateLimitMiddleware({
      ...(inbox.signInRateLimit ?? DEFAULT_SIGN_IN_RATE_LIMIT),
      store: inbox.signInRateLimitStore,
      prefix: 'sign-in:',
      logger: config.logger ?? silentLogger,
    }),
  );
  app.use(
    ADMIN_API,
    // Refined to the endpoint by the inbox's router; a call refused before routing keeps this label.
    (_req, res, next) => (noteRoute(res, ADMIN_API), next()),
    // Loaded with the inbox's first call (its code, two-step sign-in's): a page never waits for it.
    lazyHandler(async () => {
      const { createAdminRouter } = await import('./admin/router');
      const site = parseUrl(config.siteUrl);
      return createAdminRouter({
        requireTwoStep: inbox.requireTwoStep,
        issuer: site ? `${site.host} leads inbox` : 'Leads inbox',
        store: config.store,
        forms: formsById(config.forms ?? {}, config.apiPayloads),
        siteUrl: config.siteUrl,
        secureCookies: inbox.secureCookies,
        ipHashSalt: config.ipHashSalt,
        now: config.now,
        scryptCost: inbox.scryptCost,
        timeZone: teamTimeZone(config.replyPromise),
        publisher: inbox.publisher,
        editor: inbox.editor,
        replies: inbox.replies,
        notices: inbox.notices,
        spamFilterMinMarks: inbox.spamFilterMinMarks,
      });
    }),
  );
  app.use(ADMIN_PATH, (req, res) => {
    req.url = req.originalUrl;
    res.setHeader('X-Robots-Tag', 'noindex, nofollow');
    const asset = splitTarget(req.url).path.startsWith(`${ADMIN_PATH}/assets/`);
    noteRoute(res, asset ? 'asset' : ADMIN_PATH);
    if (asset) site(req, res);
    else if (inbox.page) inbox.page(req, res);
    else {
      req.url = ADMIN_PATH;
      site(req, res);
    }
  });
}

/**
 * The whole server as one request listener, one pipeline: the log line, the metrics and the security
 * headers for every request; then the Express app for the API, the inbox and the health checks, or
 * the redirects and the site's handler for pages and files. The site is composed in
 * front of the app rather than mounted in it: a page then costs a map lookup and a write, not a
 * pass through the router (see bench/results). The app ends with the same site handler, so a
 * request it does not route (POST /healthz) still gets the site's answer (405).
 */
export function createApp(config: AppConfig): RequestListener {
  const { countView } = config;
  // The inbox's own page is served from the built site too, but is no page of the site.
  const onPage = countView && ((req: IncomingMessage, path: string) => isInboxPath(path) || countView(req, path));
  // The built site's handler writes the security headers and the request id into its own prepared heads.
  const prepared = config.site === undefined;
  const { formTokens, pages } = config;
  // The form token goes beside a page that has a form, in a cookie, never into its prepared bytes.
  const formPage = formTokens && pages ? (path: string) => pageHasForm(pages.model, path) : undefined;
  const cookie = formPage && { pages: formPage, value: (req: IncomingMessage) => formTokens!.renewal(req) };
  const site = withSearchPage(
    config.site ?? createStaticHandler(config.clientDir, { onPage, headers: SECURITY_HEADERS, requestId: requestIdOf, cookie }),
    config,
  );
  const logger = config.logger ?? silentLogger;

  const app = express();
  app.disable('x-powered-by');
  // The static handler sets its own strong ETags; API answers must not be cached.
  app.set('etag', false);
  app.set('trust proxy', config.trustProxy ? 1 : false);
  // Set before the first route: the app's router reads it when it is created.
  app.set('case sensitive routing', true);
  app.locals.siteUrl = config.siteUrl;

  /** Answers `status` when the store answers a ping, else 503 "unavailable", logged at `level`. */
  async function answerIfStoreUp(req: Request, res: Response, status: string, level: 'error' | 'warn', why: string): Promise<void> {
    try {
      await config.store.ping();
      res.json({ status });
    } catch (err) {
      logOf(req)[level]({ err }, why);
      config.metrics?.storeError('ping');
      res.status(503).json({ status: 'unavailable' });
    }
  }

  app.get('/healthz', async (req, res) => {
    noteRoute(res, '/healthz');
    res.set('Cache-Control', 'no-store');
    await answerIfStoreUp(req, res, 'ok', 'error', 'Health check failed: the store does not answer');
  });

  // For a load balancer: 503 while this process drains (SIGTERM) or its store is unreachable.
  app.get('/readyz', async (req, res) => {
    noteRoute(res, '/readyz');
    res.set('Cache-Control', 'no-store');
    if (config.readiness?.draining) {
      res.status(503).json({ status: 'draining' });
      return;
    }
    await answerIfStoreUp(req, res, 'ready', 'warn', 'Not ready: the store does not answer');
  });

  // Badge images are cached GETs embedded on other sites; they are not rate-limited like submissions.
  if (config.badges) {
    const badgeRoute = `${BADGE_API_PATH}/:type/:size/:color`;
    app.use(BADGE_API_PATH, (_req, res, next) => (noteRoute(res, badgeRoute), next()), createBadgeRouter({ badges: config.badges }));
  }

  app.use((req, res, next) => {
    if (isMiscasedApiPath(req.path)) sendApiError(res, 404, 'NOT_FOUND', `No API endpoint at ${shownPath(req)}. API paths are lower case.`);
    else next();
  });

  // One limit for both encodings of a submission: the JSON API and the form posted to its page.
  const limit = rateLimitMiddleware({ ...(config.rateLimit ?? DEFAULT_RATE_LIMIT), store: config.rateLimitStore, logger });
  app.use('/api', limit);
  const submissions = createSubmissions({
    forms: config.forms ?? {},
    apiPayloads: config.apiPayloads,
    formValidators: config.formValidators,
    badges: config.badges,
    leads: config.store.leads,
    files: config.store.evidence,
    siteUrl: config.siteUrl,
    ipHashSalt: config.ipHashSalt,
    notifier: config.notifier,
    spam: config.spam,
    challenge: config.challenge,
    replyPromise: config.replyPromise,
    now: config.now,
    onStoreError: (req, err) => {
      logOf(req).error(
        { err: { type: (err as Error).name, message: (err as Error).message } },
        'Submission refused: the store is unavailable',
      );
      config.metrics?.storeError('insert_lead');
    },
    formTokens,
    // Nothing the visitor sent: only why, and the request's id (the logger's) to find its line.
    onTokenRefused: (req, reason) => logOf(req).info({ formToken: reason }, 'Submission refused: its form token'),
    scanner: config.scanner,
    // clamd's own words (down, slow): no file name or anything else the visitor sent.
    onScanFailed: (req, reason) => logOf(req).warn({ clamd: reason }, 'Evidence file refused: the virus scan failed'),
  });
  const formPosts = config.pages
    ? createFormPosts({ ...config.pages, siteUrl: config.siteUrl, submissions, secret: config.ipHashSalt, now: config.now, formTokens })
    : null;
  if (formPosts) app.use(formPosts.handler(limit));
  app.use('/api', createApiRouter(submissions.endpoints));
  // Each search is answered afresh unless repeated: a limit per address keeps one client from filling the server's time.
  const searchPath = config.search && config.pages ? searchPagePath(config.pages.model) : null;
  if (searchPath) {
    const searchLimit = rateLimitMiddleware({
      ...(config.searchRateLimit ?? DEFAULT_SEARCH_RATE_LIMIT),
      prefix: 'search:',
      logger,
      refuse: (res) => void res.type('text/plain').send(`${RATE_LIMITED_MESSAGE}\n`),
    });
    app.get(searchPath, searchLimit, (req, res) => site(req, res));
  }
  if (config.inbox) mountInbox(app, config, config.inbox, site);
  app.use((req, res) => site(req, res));
  app.use(errorHandler);

  const appPath = (path: string) => isAppPath(path, config.inbox !== undefined);
  // Only exact paths: the schema allows no redirect on a {param} pattern, and a target is always a path of this site.
  const redirects = new Map((config.knownLinks ?? []).filter((k) => k.redirect && !k.href.includes('{')).map((k) => [k.href, k.redirect!]));
  const routeOf = createRouteOf(
    submissions.endpoints.map((e) => `/api${e.path}`),
    appPath,
  );
  // Pages are logged and counted here, in front of the app, so they never pass through its router.
  const { metrics } = config;
  const logRequest = createRequestLogger(
    logger,
    routeOf,
    errorCodeOf,
    metrics && ((req, res, seconds) => metrics.observe(routeOf, req, res, seconds)),
  );
  /** What every answer carries, set ahead for the handlers that build their own heads. */
  const setAnswerHeaders = (res: ServerResponse, id: string) => {
    setSecurityHeaders(res);
    res.setHeader(REQUEST_ID_HEADER, id);
  };

  return (req, res) => {
    const id = logRequest(req, res);
    const path = splitTarget(req.url ?? '/').path;
    if (appPath(path) || path === searchPath || formPosts?.claims(req.method, req.url ?? '/')) {
      setAnswerHeaders(res, id);
      app(req, res);
      return;
    }
    const target = redirects.get(path);
    if (target && (req.method === 'GET' || req.method === 'HEAD')) {
      setAnswerHeaders(res, id);
      noteRoute(res, 'redirect');
      // Cached for an hour, not for ever: the redirect goes once the link is fixed where it is written.
      res.writeHead(301, { Location: target, 'Cache-Control': 'public, max-age=3600', 'Content-Type': 'text/plain; charset=utf-8' });
      res.end(req.method === 'HEAD' ? undefined : `Moved Permanently. Redirecting to ${target}\n`);
      return;
    }
    try {
      if (!prepared) {
        setAnswerHeaders(res, id);
        // npm run dev renders each page afresh: its form pages get their token here.
        const token = formPage?.(path) ? formTokens!.renewal(req) : undefined;
        if (token) res.appendHeader('Set-Cookie', token);
      }
      site(req, res);
    } catch (error) {
      // As the app's error handler does: log it, and never show a stack trace.
      logOf(req).error({ err: error }, 'Unhandled error');
      if (res.headersSent) res.destroy();
      else {
        setAnswerHeaders(res, id);
        res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' }).end(`${INTERNAL_MESSAGE}\n`);
      }
    }
  };
}
