import type { RequestHandler } from 'express';
import { ROLE_LABELS, type Role } from '../../contracts/editor-contract';
import { sendApiError } from '../api/router';
import type { SignedIn } from './context';

/** The sentence a signed-in account without the role reads: what it lacks and who can give it. */
export function missingRoleMessage(role: Role): string {
  return `This account may not do this: it needs the role "${role}" (${ROLE_LABELS[role]}). Ask someone who manages accounts to add it.`;
}

/**
 * Behind the session guard: lets the call through when the signed-in account has `role`, and
 * answers 403 otherwise, before the handler reads anything.
 */
export function requireRole(role: Role): RequestHandler {
  return (_req, res, next) => {
    const user = (res.locals as { user?: SignedIn }).user;
    if (user?.roles.includes(role)) return next();
    sendApiError(res, 403, 'ROLE_NEEDED', missingRoleMessage(role));
  };
}
