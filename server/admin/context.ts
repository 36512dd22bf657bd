import type { Request, RequestHandler, Response } from 'express';
import { ADMIN_API, type PendingStep, type SignedOut } from '../../contracts/inbox-contract';
import { ERROR_CODES } from '../../contracts/api-contract';
import { readJsonObject, checkBodyHeaders } from '../api/json-body';
import { sendApiError } from '../api/router';
import { noteRoute } from '../request-route';
import type { AttemptVerdict, InboxLead, SignedInSession } from '../store/inbox-types';
import type { LeadStore } from '../store/types';
import { createAuditLog, type AuditLog } from './audit';
import type { Editor } from '../content/editor';
import type { FormsById } from './inbox-view';
import type { ReplySettings } from './saved-replies';
import type { NoticeSettings } from './notice-view';
import type { ScryptCost } from './passwords';
import type { Publisher } from '../publish/publisher';
import {
  browserLabel,
  newSessionToken,
  readSessionToken,
  SESSION_IDLE_MS,
  SESSION_MAX_AGE_MS,
  sessionTokenHash,
  setSessionCookie,
} from './session-cookie';
import { addressHash, lockedMessage } from './sign-in-limits';

/**
 * The content editor, or the function that loads and makes it (the composition root's), called with
 * the first request that reaches the editor's routes, so signing in never waits for the editor.
 */
export type EditorSource = Editor | (() => Promise<Editor | undefined>);

/** The slices of the store the inbox's API works on. */
export type AdminStore = Pick<LeadStore, 'inbox' | 'audit' | 'accounts' | 'outbox' | 'views' | 'spam' | 'evidence' | 'notices'>;

export interface AdminConfig {
  store: AdminStore;
  /** Forms and API payloads by id, to label what each lead holds. */
  forms: FormsById;
  /** The site's public address; a change whose Origin is this one is the site's own. */
  siteUrl: string;
  /** HTTPS (SITE_URL https, or behind a proxy): the cookie is Secure and `__Host-` prefixed. */
  secureCookies: boolean;
  /** Keys the per-address sign-in counter, as it keys leads' address hashes. */
  ipHashSalt?: string;
  now?: () => Date;
  /** The cost of the hash checked when no account has the address (so both answers take as long); as accounts are hashed. */
  scryptCost?: ScryptCost;
  /** INBOX_REQUIRE_2FA: every account must pass a second step; those without one set it up first. */
  requireTwoStep?: boolean;
  /** Names the site in authenticator apps. */
  issuer?: string;
  /** The team's IANA zone (the site's reply promise): the inbox shows due times in it. UTC without it. */
  timeZone?: string;
  /** Publishing for the content editor; none in npm run dev. */
  publisher?: Publisher;
  /** The content editor's files and schemas; without it the editor's API answers 404. */
  editor?: EditorSource;
  /** Replying to visitors from a lead; without it (no e-mail set up) the reply box says why there is none. */
  replies?: ReplySettings;
  /** SPAM_CLASSIFIER_MIN_MARKS, when leads are scored; without it the views answer no spam filter counts. */
  spamFilterMinMarks?: number;
  /** The site's notice template and recipient directory; without them a notice request shows no notices. */
  notices?: NoticeSettings;
}

export interface SignedIn extends SignedInSession {
  tokenHash: string;
  /** The step this session still owes, or null. */
  pending: PendingStep | null;
}

const SIGNED_OUT_MESSAGE = 'Sign in to use the leads inbox.';

export function badRequest(res: Response, message: string): void {
  sendApiError(res, 400, ERROR_CODES.validation, message);
}

/** The answer to an id that names no lead. */
export function noSuchLead(res: Response): void {
  sendApiError(res, 404, 'NOT_FOUND', 'There is no lead with this id.');
}

/** The lead with this id, or null once a 404 has answered that there is none. */
export async function leadOr404(store: Pick<LeadStore, 'inbox'>, res: Response, id: string): Promise<InboxLead | null> {
  const lead = await store.inbox.getLead(id);
  if (!lead) noSuchLead(res);
  return lead;
}

/** The body as a JSON object, or null once the problem with it has been answered (or the client left). */
export async function readBodyOf(req: Request, res: Response): Promise<Record<string, unknown> | null> {
  const headerProblem = checkBodyHeaders(req);
  if (headerProblem) {
    sendApiError(res, headerProblem.status, headerProblem.error, headerProblem.message);
    return null;
  }
  const parsed = await readJsonObject(req, res);
  if (parsed === null) return null;
  if ('problem' in parsed) {
    sendApiError(res, parsed.problem.status, parsed.problem.error, parsed.problem.message);
    return null;
  }
  return parsed.value;
}

/**
 * An endpoint's handler, labelled with its route for the logs and metrics. A rejected promise goes
 * to the app's error handler (a JSON 500), never an unhandled rejection.
 */
export const handle =
  (handler: (req: Request, res: Response) => Promise<void>): RequestHandler =>
  (req, res, next) => {
    noteRoute(res, `${ADMIN_API}${req.route?.path ?? ''}`);
    handler(req, res).catch(next);
  };

/** A handler for a signed-in call: the session guard has put its account in res.locals. */
export const route = (handler: (req: Request, res: Response, user: SignedIn) => Promise<void>): RequestHandler =>
  handle((req, res) => handler(req, res, (res.locals as { user?: SignedIn }).user!));

/** A signed-in handler for a path whose :id names a lead, called with the lead; a 404 answers where there is none. */
export const leadRoute = (
  store: Pick<LeadStore, 'inbox'>,
  handler: (req: Request, res: Response, user: SignedIn, lead: InboxLead) => Promise<void>,
): RequestHandler =>
  route(async (req, res, user) => {
    const lead = await leadOr404(store, res, String(req.params.id));
    if (lead) await handler(req, res, user, lead);
  });

export function signIn(res: Response, user: SignedIn): void {
  (res.locals as { user?: SignedIn }).user = user;
}

/** What every part of the inbox's API shares: the store, the clock, sessions and the audit log. */
export interface AdminContext {
  config: AdminConfig;
  store: AdminStore;
  forms: FormsById;
  now: () => Date;
  audit: AuditLog;
  twoStepRequired(found: { requireTwoStep: boolean }): boolean;
  /** The session the request's cookie names, when it is still open. */
  session(req: Request): Promise<SignedIn | null>;
  /** The same answer whether or not any account exists: an anonymous caller learns nothing about them. */
  signedOut(res: Response): void;
  refuseAttempt(res: Response, verdict: Extract<AttemptVerdict, { admitted: false }>): void;
  /** A new session (a new token), replacing the one the browser came with; its token's hash. */
  startSession(req: Request, res: Response, accountId: string, twoStepDone: boolean): Promise<string>;
}

export function createAdminContext(config: AdminConfig): AdminContext {
  const { store, secureCookies, now = () => new Date() } = config;
  const twoStepRequired = (found: { requireTwoStep: boolean }) => config.requireTwoStep === true || found.requireTwoStep;
  return {
    config,
    store,
    forms: config.forms,
    now,
    audit: createAuditLog(store.audit),
    twoStepRequired,
    async session(req) {
      const token = readSessionToken(req, secureCookies);
      if (!token) return null;
      const tokenHash = sessionTokenHash(token);
      const found = await store.accounts.findSession(tokenHash, SESSION_IDLE_MS, SESSION_MAX_AGE_MS);
      if (!found) return null;
      const pending: PendingStep | null = found.totpEnabled ? (found.twoStepDone ? null : 'code') : twoStepRequired(found) ? 'enrol' : null;
      return { ...found, tokenHash, pending };
    },
    signedOut(res) {
      const body: SignedOut = { success: false, error: 'UNAUTHENTICATED', message: SIGNED_OUT_MESSAGE };
      res.status(401).json(body);
    },
    refuseAttempt(res, verdict) {
      res.set('Retry-After', String(Math.max(1, Math.ceil((verdict.until.getTime() - now().getTime()) / 1000))));
      sendApiError(res, 429, 'SIGN_IN_LOCKED', lockedMessage(verdict.until, now()));
    },
    async startSession(req, res, accountId, twoStepDone) {
      const token = newSessionToken();
      const previous = readSessionToken(req, secureCookies);
      await store.accounts.createSession(sessionTokenHash(token), accountId, {
        replacing: previous ? sessionTokenHash(previous) : undefined,
        idleMs: SESSION_IDLE_MS,
        twoStepDone,
        browser: browserLabel(req.get('user-agent')),
        addressHash: addressHash(req.ip ?? '', config.ipHashSalt),
      });
      setSessionCookie(res, token, secureCookies);
      return sessionTokenHash(token);
    },
  };
}
