import { Router, type RequestHandler, type Request, type Response } from 'express';
import { renderBadgeSvg } from './badge-svg';
import { resolveBadge } from '../../engine/badges/resolve';
import type { Badges } from '../../engine/content/model';
import { etagMatches, strongEtag } from '../etag';
import { echo } from '../error-echo';
import { sendApiError, shownPath } from './router';

export interface BadgeRouterOptions {
  badges: Badges;
  /** Browser and CDN freshness; see DEFAULT_CACHE_CONTROL. */
  cacheControl?: string;
}

/**
 * Badges are embedded on other people's pages, so every one of their visitors asks for one. A day
 * of freshness keeps that traffic off the server while a redesign still reaches every site within
 * a day (the URL cannot carry a version: it is pasted into pages we do not control). After that,
 * stale-while-revalidate shows the cached badge at once and revalidates in the background, which
 * costs a 304 thanks to the ETag.
 */
export const DEFAULT_CACHE_CONTROL = 'public, max-age=86400, stale-while-revalidate=604800';

interface RenderedBadge {
  body: Buffer;
  etag: string;
}

/** Every combination up front (45 today), keyed `type/size/color`. */
function renderAll(badges: Badges): Map<string, RenderedBadge> {
  // A request is then a map lookup, and a broken badge definition fails at startup rather than on a customer's page.
  const rendered = new Map<string, RenderedBadge>();
  for (const type of badges.types) {
    for (const size of badges.sizes) {
      for (const color of badges.colors) {
        const svg = renderBadgeSvg(badges, type.id, size.id, color.id)!;
        const body = Buffer.from(svg, 'utf8');
        rendered.set(`${type.id}/${size.id}/${color.id}`, { body, etag: strongEtag(body) });
      }
    }
  }
  return rendered;
}

function answerBadge(req: Request, res: Response, badge: RenderedBadge, cacheControl: string): void {
  res.setHeader('Content-Type', 'image/svg+xml; charset=utf-8');
  res.setHeader('Cache-Control', cacheControl);
  res.setHeader('ETag', badge.etag);
  // Helmet defaults to same-origin, which would stop other sites' <img> from loading the badge.
  res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
  // Public artwork: lets a site draw it on a canvas or fetch it, not just show it.
  res.setHeader('Access-Control-Allow-Origin', '*');
  // Opened directly, an SVG is a document; ours has no scripts and should never run any.
  res.setHeader('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'");
  if (etagMatches(req.headers['if-none-match'], badge.etag)) {
    res.statusCode = 304;
    res.end();
    return;
  }
  // For HEAD, Node sends these headers and drops the body.
  res.setHeader('Content-Length', String(badge.body.length));
  res.statusCode = 200;
  res.end(badge.body);
}

/**
 * GET/HEAD /api/badge/:type/:size/:color → the badge SVG. Mount at `/api/badge` before the generic
 * API router; other paths fall through to it and get its JSON 404.
 */
export function createBadgeRouter(options: BadgeRouterOptions): Router {
  const { badges, cacheControl = DEFAULT_CACHE_CONTROL } = options;
  const rendered = renderAll(badges);

  const serveBadge: RequestHandler<{ type: string; size: string; color: string }> = (req, res) => {
    const { type, size, color } = req.params;
    const badge = rendered.get(`${type}/${size}/${color}`);
    if (!badge) {
      const problem = resolveBadge(badges, { type, size, color }, echo);
      // Every known combination is in the map, so a miss always has an unknown part.
      sendApiError(res, 404, 'UNKNOWN_BADGE', problem.ok ? 'Unknown badge.' : problem.message);
      return;
    }
    answerBadge(req, res, badge, cacheControl);
  };

  const router = Router({ caseSensitive: true });
  router
    .route('/:type/:size/:color')
    .get(serveBadge)
    .all((req, res) => {
      res.set('Allow', 'GET, HEAD');
      sendApiError(res, 405, 'METHOD_NOT_ALLOWED', `Method ${echo(req.method)} is not allowed on ${shownPath(req)}. Use GET.`);
    });
  return router;
}
