import type { Request, RequestHandler } from 'express';
import type { PendingStep } from '../../contracts/inbox-contract';
import { ERROR_CODES, HEADERS, REQUESTED_WITH } from '../../contracts/api-contract';
import { parseUrl } from '../../engine/parse-url';
import { sendApiError } from '../api/router';
import { signIn, type AdminContext } from './context';

const SECOND_STEP_NEEDED = 'Finish signing in first: enter a code from your authenticator app.';
const ENROLMENT_NEEDED = 'Set up two-step sign-in first: it is required for this account.';

function hostOf(origin: string): string | null {
  return parseUrl(origin)?.host ?? null;
}

/**
 * State-changing calls must come from the inbox's own pages: the X-Requested-With header (which a
 * cross-site form cannot send without a preflight we never grant), and no foreign Origin. The
 * Origin is compared by host: behind a proxy that ends HTTPS the server itself may see plain HTTP.
 */
export function sameOriginProblem(req: Request, siteOrigin: string): string | null {
  if (req.get(HEADERS.requestedWith)?.toLowerCase() !== REQUESTED_WITH.toLowerCase())
    return `Changes must come from the inbox itself (header ${HEADERS.requestedWith}: ${REQUESTED_WITH}).`;
  const origin = req.get('origin');
  if (origin !== undefined && origin !== siteOrigin && hostOf(origin) !== req.get('host'))
    return 'Changes must come from the inbox’s own origin.';
  const site = req.get('sec-fetch-site');
  if (site !== undefined && site !== 'same-origin') return 'Changes must come from the inbox’s own origin.';
  return null;
}

/**
 * A read that writes to the audit log (a lead opened, an export) answers only the inbox's own calls:
 * its fetches (Sec-Fetch-Dest: empty, from the same origin, as the export link's download is too) or
 * a request carrying the inbox's header. A picture, frame or page elsewhere that names the address
 * is refused before anything is read or logged, even with the team member's cookie.
 */
export const fromAdminApp: RequestHandler = (req, res, next) => {
  if (req.get(HEADERS.requestedWith)?.toLowerCase() === REQUESTED_WITH.toLowerCase()) return next();
  const site = req.get('sec-fetch-site');
  if (req.get('sec-fetch-dest') === 'empty' && (site === undefined || site === 'same-origin')) return next();
  sendApiError(res, 403, ERROR_CODES.forbidden, 'This address answers only the inbox itself: open the lead or the export from the inbox.');
};

/** The site's origin as SITE_URL names it; empty when it names none. */
export function siteOriginOf(siteUrl: string): string {
  return parseUrl(siteUrl)?.origin ?? '';
}

/** What a session owing a step may call: that step, and signing out. */
const ALLOWED_WHILE: Record<PendingStep, ReadonlySet<string>> = {
  code: new Set(['/sign-in/code', '/sign-out']),
  enrol: new Set(['/two-step', '/two-step/start', '/two-step/confirm', '/sign-out']),
};

/**
 * Everything behind it needs a session; without one the answer is 401 whatever the path, so
 * nothing about the inbox's API is learnt signed out. Changes must pass the same-origin check, and
 * a session owing a second step reaches only that step.
 */
export function requireSession(ctx: AdminContext): RequestHandler {
  const siteOrigin = siteOriginOf(ctx.config.siteUrl);
  return (req, res, next) => {
    (async () => {
      const user = await ctx.session(req);
      if (!user) return ctx.signedOut(res);
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        const problem = sameOriginProblem(req, siteOrigin);
        if (problem) return sendApiError(res, 403, ERROR_CODES.forbidden, problem);
      }
      if (user.pending && !ALLOWED_WHILE[user.pending].has(req.path))
        return sendApiError(res, 403, 'SECOND_STEP_NEEDED', user.pending === 'code' ? SECOND_STEP_NEEDED : ENROLMENT_NEEDED);
      signIn(res, user);
      next();
    })().catch(next);
  };
}
