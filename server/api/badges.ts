import { createHash } from 'node:crypto';
import { Router, type RequestHandler } from 'express';
import { renderBadgeSvg } from '../../engine/badges/badge-svg';
import { resolveBadge } from '../../engine/badges/resolve';
import type { Badges } from '../../engine/content/model';
import { sendApiError } from './router';

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

function strongEtag(body: Buffer): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}

/** If-None-Match uses weak comparison (RFC 9110 §13.1.2): W/"x" matches "x". */
function notModified(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/**
 * GET/HEAD /api/badge/:type/:size/:color → the badge SVG. Mount at `/api/badge` before the generic
 * API router; other paths fall through to it and get its JSON 404.
 */
export function createBadgeRouter(options: BadgeRouterOptions): Router {
  const { badges, cacheControl = DEFAULT_CACHE_CONTROL } = options;

  // Every combination up front (45 today): a request is a map lookup, and a broken badge
  // definition fails at startup rather than on a customer's page.
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

  const serveBadge: RequestHandler<{ type: string; size: string; color: string }> = (req, res) => {
    const { type, size, color } = req.params;
    const badge = rendered.get(`${type}/${size}/${color}`);
    if (!badge) {
      const problem = resolveBadge(badges, { type, size, color });
      // Every known combination is in the map, so a miss always has an unknown part.
      sendApiError(res, 404, 'UNKNOWN_BADGE', problem.ok ? 'Unknown badge.' : problem.message);
      return;
    }
    res.set({
      'Content-Type': 'image/svg+xml; charset=utf-8',
      'Cache-Control': cacheControl,
      ETag: badge.etag,
      // Helmet defaults to same-origin, which would stop other sites' <img> from loading the badge.
      'Cross-Origin-Resource-Policy': 'cross-origin',
      // Public artwork: lets a site draw it on a canvas or fetch it, not just show it.
      'Access-Control-Allow-Origin': '*',
      // Opened directly, an SVG is a document; ours has no scripts and should never run any.
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
    });
    if (notModified(req.get('If-None-Match'), badge.etag)) {
      res.status(304).end();
      return;
    }
    // For HEAD, Node sends these headers and drops the body.
    res.set('Content-Length', String(badge.body.length));
    res.status(200).end(badge.body);
  };

  const router = Router({ caseSensitive: true });
  router
    .route('/:type/:size/:color')
    .get(serveBadge)
    .all((req, res) => {
      res.set('Allow', 'GET, HEAD');
      sendApiError(res, 405, 'METHOD_NOT_ALLOWED', `Method ${req.method} is not allowed on ${req.originalUrl.split('?')[0]}. Use GET.`);
    });
  return router;
}
