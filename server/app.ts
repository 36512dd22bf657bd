import express, { type ErrorRequestHandler, type Request } from 'express';
import helmet from 'helmet';
import type { Badges, Form } from '../engine/content/model';
import { createBadgeRouter } from './api/badges';
import { createApiRouter, sendApiError, type ApiEndpoint } from './api/router';
import { createSubmissionEndpoints } from './api/submissions';
import { createRateLimiter, DEFAULT_RATE_LIMIT, rateLimitMiddleware } from './rate-limit';
import { createStaticHandler } from './static-files';
import type { LeadStore } from './store/types';

export interface AppConfig {
  clientDir: string;
  store: LeadStore;
  siteUrl: string;
  /** The site model's forms; each is accepted by the submission endpoint it names. None: every submission is refused. */
  forms?: Record<string, Form>;
  /** The site model's badges; required when a form posts to /api/generate-badge. */
  badges?: Badges;
  /** Further API endpoints, mounted after the submission endpoints. */
  apiEndpoints?: ApiEndpoint[];
  /** Set when running behind exactly one reverse proxy, so `req.ip` is the visitor's address. */
  trustProxy?: boolean;
  /** Requests per client address on /api; defaults to 30 a minute. */
  rateLimit?: { windowMs: number; max: number };
  /** Clock for rate-limit windows; injectable so tests control time. */
  now?: () => Date;
  /** Key for hashing client addresses stored with leads; without it no address hash is stored. */
  ipHashSalt?: string;
}

// Scripts only from our own origin; inline JSON data blocks are not executed, so they need no exception.
export const contentSecurityPolicy = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:'],
  fontSrc: ["'self'"],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

const INTERNAL_MESSAGE = 'Something went wrong on our side. Please try again.';

function isApiRequest(req: Request): boolean {
  const path = req.originalUrl.split('?')[0] ?? '';
  return path === '/api' || path.startsWith('/api/');
}

function clientErrorStatus(err: unknown): number | null {
  const status = (err as { status?: unknown; statusCode?: unknown } | null)?.status ?? (err as { statusCode?: unknown } | null)?.statusCode;
  const expose = (err as { expose?: unknown } | null)?.expose === true;
  return expose && typeof status === 'number' && status >= 400 && status < 500 ? status : null;
}

/** Last resort: never lets Express print its HTML page with a stack trace. */
export const errorHandler: ErrorRequestHandler = (err, req, res, next) => {
  if (res.headersSent) {
    next(err);
    return;
  }
  // Malformed or oversized request bodies are the client's problem, not an outage.
  const clientStatus = clientErrorStatus(err);
  if (clientStatus === null) console.error(err);
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

export function createApp(config: AppConfig): express.Express {
  const app = express();
  app.disable('x-powered-by');
  // The static handler sets its own strong ETags; API answers must not be cached.
  app.set('etag', false);
  app.set('trust proxy', config.trustProxy ? 1 : false);
  app.locals.siteUrl = config.siteUrl;

  app.use(
    helmet({
      contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      xFrameOptions: { action: 'deny' },
    }),
  );

  app.get('/healthz', async (_req, res) => {
    res.set('Cache-Control', 'no-store');
    try {
      await config.store.ping();
      res.json({ status: 'ok' });
    } catch (err) {
      console.error('Health check failed:', err);
      res.status(503).json({ status: 'unavailable' });
    }
  });

  // Badge images are cached GETs embedded on other sites; they are not rate-limited like submissions.
  if (config.badges) app.use('/api/badge', createBadgeRouter({ badges: config.badges }));

  const limiter = createRateLimiter({ ...(config.rateLimit ?? DEFAULT_RATE_LIMIT), now: config.now });
  app.use('/api', rateLimitMiddleware(limiter));
  const submissions = createSubmissionEndpoints({
    forms: config.forms ?? {},
    badges: config.badges,
    store: config.store,
    siteUrl: config.siteUrl,
    ipHashSalt: config.ipHashSalt,
  });
  app.use('/api', createApiRouter([...submissions, ...(config.apiEndpoints ?? [])]));
  app.use(createStaticHandler(config.clientDir));
  app.use(errorHandler);
  return app;
}
