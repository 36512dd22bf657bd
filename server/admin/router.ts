import { Router, type Request, type RequestHandler, type Response } from 'express';
import {
  ADMIN_API,
  LEAD_STATUSES,
  MAX_NOTE_LENGTH,
  PAGE_SIZE,
  readFilter,
  filterParams,
  type InboxSession,
  type LeadChange,
  type LeadFilter,
  type LeadPage,
  type PendingStep,
  type SessionList,
  type SignedOut,
  type TwoStepConfirmed,
  type TwoStepOffer,
  type TwoStepStatus,
} from '../../contracts/inbox-contract';
import { ERROR_CODES, HEADERS, REQUESTED_WITH } from '../../contracts/api-contract';
import { checkBodyHeaders, readJsonObject } from '../api/json-body';
import { sendApiError, shownPath } from '../api/router';
import { isPlainAddress } from '../notify/config';
import { noteRoute } from '../request-route';
import type { AttemptVerdict, InboxLead, LeadPosition, SignedInSession } from '../store/inbox-types';
import type { LeadStore } from '../store/types';
import { csvRow } from '../leads/csv';
import { leadDetail, leadSummary, type FormsById } from './inbox-view';
import { randomBytes } from 'node:crypto';
import { hashPassword, verifyPassword, type ScryptCost } from './passwords';
import {
  browserLabel,
  clearSessionCookie,
  newSessionToken,
  readSessionToken,
  SESSION_IDLE_MS,
  SESSION_MAX_AGE_MS,
  sessionTokenHash,
  setSessionCookie,
} from './session-cookie';
import {
  addressHash,
  ACCOUNT_LIMIT,
  ADDRESS_LIMIT,
  lockedMessage,
  normaliseEmail,
  secondStepRules,
  signInKeys,
  signInRules,
} from './sign-in-limits';
import { codeStep, newRecoveryCodes, newTotpSecret, otpauthUri, qrCodeImage, recoveryCodeHash } from './two-step';

export interface AdminConfig {
  store: LeadStore;
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
}

interface SignedIn extends SignedInSession {
  tokenHash: string;
  /** The step this session still owes, or null. */
  pending: PendingStep | null;
}

const SIGNED_OUT_MESSAGE = 'Sign in to use the leads inbox.';
const WRONG_CREDENTIALS = 'The e-mail address or password is not right.';
const WRONG_CODE = 'That code is not right, or was used already. Check the app and try the newest code.';
const SECOND_STEP_NEEDED = 'Finish signing in first: enter a code from your authenticator app.';
const ENROLMENT_NEEDED = 'Set up two-step sign-in first: it is required for this account.';
/** Who a failed sign-in to an address with no account is logged as: never the typed text. */
const UNKNOWN_ACCOUNT = 'unknown account';
const EXPORT_BATCH = 500;

/** Sent with every inbox answer: never indexed, never cached, never framed. */
function inboxHeaders(res: Response): void {
  res.set({ 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex, nofollow' });
}

function badRequest(res: Response, message: string): void {
  sendApiError(res, 400, ERROR_CODES.validation, message);
}

/**
 * State-changing calls must come from the inbox's own pages: the X-Requested-With header (which a
 * cross-site form cannot send without a preflight we never grant), and no foreign Origin. The
 * Origin is compared by host: behind a proxy that ends HTTPS the server itself may see plain HTTP.
 */
function sameOriginProblem(req: Request, siteOrigin: string): string | null {
  if (req.get(HEADERS.requestedWith)?.toLowerCase() !== REQUESTED_WITH.toLowerCase())
    return `Changes must come from the inbox itself (header ${HEADERS.requestedWith}: ${REQUESTED_WITH}).`;
  const origin = req.get('origin');
  if (origin !== undefined && origin !== siteOrigin && hostOf(origin) !== req.get('host'))
    return 'Changes must come from the inbox’s own origin.';
  const site = req.get('sec-fetch-site');
  if (site !== undefined && site !== 'same-origin') return 'Changes must come from the inbox’s own origin.';
  return null;
}

function hostOf(origin: string): string | null {
  try {
    return new URL(origin).host;
  } catch {
    return null;
  }
}

/** The position a cursor stands for; cursors are opaque to the browser. */
function readCursor(value: unknown): LeadPosition | null | undefined {
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string' || value.length > 200) return null;
  try {
    const [createdAt, id] = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as unknown[];
    if (typeof createdAt !== 'string' || typeof id !== 'string' || Number.isNaN(Date.parse(createdAt))) return null;
    return { createdAt, id };
  } catch {
    return null;
  }
}

function writeCursor(position: LeadPosition): string {
  return Buffer.from(JSON.stringify([position.createdAt, position.id])).toString('base64url');
}

/** The query string as URLSearchParams: one value per name, as the inbox sends it. */
function searchParams(req: Request): URLSearchParams {
  return new URLSearchParams(req.originalUrl.split('?')[1] ?? '');
}

/**
 * "status=new, q", for the audit log's note of an export: the search's words are what a visitor
 * typed (an e-mail address, a name), so only its name is kept; the other filters are form ids,
 * statuses and dates.
 */
function describeFilter(filter: LeadFilter): string {
  const params = [...filterParams(filter)].map(([k, v]) => (k === 'q' ? 'q' : `${k}=${v}`));
  return params.length ? params.join(', ') : 'none';
}

export function createAdminRouter(config: AdminConfig): Router {
  const { store, forms, secureCookies, now = () => new Date() } = config;
  const siteOrigin = URL.canParse(config.siteUrl) ? new URL(config.siteUrl).origin : '';
  const formList = Object.values(forms)
    .map((f) => ({ id: f.id, title: f.title }))
    .sort((a, b) => a.title.localeCompare(b.title));
  const router = Router({ caseSensitive: true });
  // Made on the first sign-in that needs it, not at start-up: hashing takes a tenth of a second.
  let decoy: Promise<string> | undefined;
  const decoyHash = () => (decoy ??= hashPassword(randomBytes(16).toString('hex'), config.scryptCost));

  const twoStepRequired = (found: { requireTwoStep: boolean }) => config.requireTwoStep === true || found.requireTwoStep;

  const session = async (req: Request): Promise<SignedIn | null> => {
    const token = readSessionToken(req, secureCookies);
    if (!token) return null;
    const tokenHash = sessionTokenHash(token);
    const found = await store.findSession(tokenHash, SESSION_IDLE_MS, SESSION_MAX_AGE_MS);
    if (!found) return null;
    const pending: PendingStep | null = found.totpEnabled ? (found.twoStepDone ? null : 'code') : twoStepRequired(found) ? 'enrol' : null;
    return { ...found, tokenHash, pending };
  };

  // The same answer whether or not any account exists: an anonymous caller learns nothing about them.
  const signedOut = (res: Response) => {
    const body: SignedOut = { success: false, error: 'UNAUTHENTICATED', message: SIGNED_OUT_MESSAGE };
    res.status(401).json(body);
  };

  const refuseAttempt = (res: Response, verdict: Extract<AttemptVerdict, { admitted: false }>) => {
    res.set('Retry-After', String(Math.max(1, Math.ceil((verdict.until.getTime() - now().getTime()) / 1000))));
    sendApiError(res, 429, 'SIGN_IN_LOCKED', lockedMessage(verdict.until, now()));
  };

  /** A new session (a new token), replacing the one the browser came with; its token's hash. */
  const startSession = async (req: Request, res: Response, accountId: string, twoStepDone: boolean): Promise<string> => {
    const token = newSessionToken();
    const previous = readSessionToken(req, secureCookies);
    await store.createSession(sessionTokenHash(token), accountId, {
      replacing: previous ? sessionTokenHash(previous) : undefined,
      idleMs: SESSION_IDLE_MS,
      twoStepDone,
      browser: browserLabel(req.get('user-agent')),
      addressHash: addressHash(req.ip ?? '', config.ipHashSalt),
    });
    setSessionCookie(res, token, secureCookies);
    return sessionTokenHash(token);
  };

  /**
   * An endpoint's handler, labelled with its route for the logs and metrics. A rejected promise goes
   * to the app's error handler (a JSON 500), never an unhandled rejection.
   */
  const handle =
    (handler: (req: Request, res: Response) => Promise<void>): RequestHandler =>
    (req, res, next) => {
      noteRoute(res, `${ADMIN_API}${req.route?.path ?? ''}`);
      handler(req, res).catch(next);
    };
  /** A handler for a signed-in call: the session middleware below has put its account in res.locals. */
  const route = (handler: (req: Request, res: Response, user: SignedIn) => Promise<void>): RequestHandler =>
    handle((req, res) => handler(req, res, (res.locals as { user?: SignedIn }).user!));

  /** The body as a JSON object, or null once the problem with it has been answered (or the client left). */
  const readBodyOf = async (req: Request, res: Response): Promise<Record<string, unknown> | null> => {
    const headerProblem = checkBodyHeaders(req);
    if (headerProblem) {
      sendApiError(res, headerProblem.status, headerProblem.error, headerProblem.message);
      return null;
    }
    const parsed = await readJsonObject(req);
    if (parsed === null) return null;
    if ('problem' in parsed) {
      sendApiError(res, parsed.problem.status, parsed.problem.error, parsed.problem.message);
      return null;
    }
    return parsed.value;
  };

  const noSuchLead = (res: Response) => sendApiError(res, 404, 'NOT_FOUND', 'There is no lead with this id.');

  /** The lead's page: the lead as the caller already has it, with its notes and notifications. */
  const sendDetail = async (res: Response, lead: InboxLead) => {
    const [notes, jobs] = await Promise.all([store.listNotes(lead.id), store.listLeadJobs(lead.id)]);
    res.json(leadDetail(lead, forms, notes, jobs));
  };

  router.use((_req, res, next) => {
    inboxHeaders(res);
    next();
  });

  router.post(
    '/sign-in',
    handle(async (req, res) => {
      const problem = sameOriginProblem(req, siteOrigin);
      if (problem) return sendApiError(res, 403, ERROR_CODES.forbidden, problem);
      const body = await readBodyOf(req, res);
      if (!body) return;
      const { email, password } = body;
      if (typeof email !== 'string' || typeof password !== 'string' || !email.trim() || !password)
        return badRequest(res, 'Enter your e-mail address and password.');
      const address = normaliseEmail(email);
      const keys = signInKeys(address, req.ip ?? '', config.ipHashSalt);
      // Counted before the password is checked: attempts sent at once cannot all slip under the limit.
      const verdict = await store.countAttempt(signInRules(keys));
      if (!verdict.admitted) return refuseAttempt(res, verdict);
      const account = isPlainAddress(address) ? await store.findAccount(address) : null;
      if (verdict.locked.includes(keys.account))
        await store.audit({
          actor: account?.email ?? UNKNOWN_ACCOUNT,
          action: 'lock',
          leadId: null,
          detail: `sign-ins to this account locked for ${ACCOUNT_LIMIT.lockMs / 60_000} minutes after ${ACCOUNT_LIMIT.max} attempts from any address`,
        });
      if (verdict.locked.includes(keys.address))
        await store.audit({
          actor: UNKNOWN_ACCOUNT,
          action: 'lock',
          leadId: null,
          detail: `sign-ins from one address (${keys.address.slice(8, 16)}) locked for ${ADDRESS_LIMIT.lockMs / 60_000} minutes after ${ADDRESS_LIMIT.max} attempts`,
        });
      // Checked against a decoy when there is no such account, so the answer takes as long either way.
      const matches = await verifyPassword(password, account?.passwordHash ?? (await decoyHash()));
      if (!account || !matches) {
        await store.audit({
          actor: account?.email ?? UNKNOWN_ACCOUNT,
          action: 'sign-in-failed',
          leadId: null,
          detail: account ? 'wrong password' : 'no account has the address typed',
        });
        return sendApiError(res, 401, 'WRONG_CREDENTIALS', WRONG_CREDENTIALS);
      }
      await store.settleAttempt([keys.pair], [keys.address, keys.account]);
      const done = !account.totpSecret && !twoStepRequired(account);
      await startSession(req, res, account.id, done);
      await store.audit({
        actor: account.email,
        action: 'sign-in',
        leadId: null,
        detail: done
          ? 'signed in'
          : account.totpSecret
            ? 'password right; a code is asked for'
            : 'password right; two-step set-up is required',
      });
      res.status(204).end();
    }),
  );

  router.get(
    '/session',
    handle(async (req, res) => {
      const user = await session(req);
      if (!user) return signedOut(res);
      const body: InboxSession = { user: { email: user.email }, pending: user.pending, forms: user.pending ? [] : formList };
      res.json(body);
    }),
  );

  /** What a session owing a step may call: that step, and signing out. */
  const ALLOWED_WHILE: Record<PendingStep, ReadonlySet<string>> = {
    code: new Set(['/sign-in/code', '/sign-out']),
    enrol: new Set(['/two-step', '/two-step/start', '/two-step/confirm', '/sign-out']),
  };

  // Everything below needs a session; without one the answer is 401 whatever the path, so nothing
  // about the inbox's API is learnt signed out.
  router.use((req, res, next) => {
    (async () => {
      const user = await session(req);
      if (!user) return signedOut(res);
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        const problem = sameOriginProblem(req, siteOrigin);
        if (problem) return sendApiError(res, 403, ERROR_CODES.forbidden, problem);
      }
      if (user.pending && !ALLOWED_WHILE[user.pending].has(req.path))
        return sendApiError(res, 403, 'SECOND_STEP_NEEDED', user.pending === 'code' ? SECOND_STEP_NEEDED : ENROLMENT_NEEDED);
      (res.locals as { user?: SignedIn }).user = user;
      next();
    })().catch(next);
  });

  router.post(
    '/sign-out',
    route(async (_req, res, user) => {
      await store.deleteSession(user.tokenHash);
      await store.audit({ actor: user.email, action: 'sign-out', leadId: null, detail: 'signed out' });
      clearSessionCookie(res, secureCookies);
      res.status(204).end();
    }),
  );

  /** The account's TOTP secret check, under the second-step attempt limit; null once a refusal was sent. */
  const checkCode = async (
    res: Response,
    user: SignedIn,
    secret: string | null,
    body: Record<string, unknown>,
    /** 401 while signing in; 422 in a signed-in session, whose browser must not take it for a session's end. */
    wrongStatus: 401 | 422,
  ): Promise<{ step: number } | { recovery: true } | null> => {
    const { code, recoveryCode } = body;
    if (typeof code !== 'string' && typeof recoveryCode !== 'string') {
      badRequest(res, 'Enter the 6-digit code from your authenticator app, or a recovery code.');
      return null;
    }
    const rules = secondStepRules(user.accountId);
    const verdict = await store.countAttempt(rules);
    if (!verdict.admitted) {
      refuseAttempt(res, verdict);
      return null;
    }
    let passed: { step: number } | { recovery: true } | null = null;
    if (typeof code === 'string' && secret) {
      const step = codeStep(secret, code, now());
      if (step !== null) passed = { step };
    } else if (typeof recoveryCode === 'string' && recoveryCode.length <= 64) {
      if (await store.useRecoveryCode(user.accountId, recoveryCodeHash(recoveryCode))) passed = { recovery: true };
    }
    if (!passed) {
      await store.audit({ actor: user.email, action: 'sign-in-failed', leadId: null, detail: 'wrong or used code' });
      sendApiError(res, wrongStatus, 'WRONG_CODE', WRONG_CODE);
      return null;
    }
    await store.settleAttempt([rules[0]!.key], []);
    return passed;
  };

  router.post(
    '/sign-in/code',
    route(async (req, res, user) => {
      const body = await readBodyOf(req, res);
      if (!body) return;
      if (user.pending !== 'code') return sendApiError(res, 409, 'NO_STEP_PENDING', 'This session needs no code.');
      const account = await store.findAccount(user.email);
      const passed = await checkCode(res, user, account?.totpSecret ?? null, body, 401);
      if (!passed) return;
      // A code counts once: the same one again, even within its 30 seconds, is refused.
      if ('step' in passed && !(await store.useTotpStep(user.accountId, passed.step)))
        return sendApiError(res, 401, 'WRONG_CODE', WRONG_CODE);
      await startSession(req, res, user.accountId, true);
      const detail =
        'step' in passed
          ? 'signed in with a code from the app'
          : `signed in with a recovery code (${await store.unusedRecoveryCodes(user.accountId)} left)`;
      await store.audit({ actor: user.email, action: 'sign-in', leadId: null, detail });
      res.status(204).end();
    }),
  );

  router.get(
    '/two-step',
    route(async (_req, res, user) => {
      const body: TwoStepStatus = {
        enabled: user.totpEnabled,
        required: twoStepRequired(user),
        recoveryCodesLeft: user.totpEnabled ? await store.unusedRecoveryCodes(user.accountId) : 0,
      };
      res.json(body);
    }),
  );

  router.post(
    '/two-step/start',
    route(async (_req, res, user) => {
      if (user.totpEnabled)
        return sendApiError(res, 409, 'ALREADY_ON', 'Two-step sign-in is on already. Turn it off first to set up a new app.');
      const secret = newTotpSecret();
      await store.offerTotp(user.accountId, secret);
      const uri = otpauthUri(secret, user.email, config.issuer ?? 'Leads inbox');
      const body: TwoStepOffer = { secret, uri, qrCode: await qrCodeImage(uri) };
      res.json(body);
    }),
  );

  router.post(
    '/two-step/confirm',
    route(async (req, res, user) => {
      const body = await readBodyOf(req, res);
      if (!body) return;
      if (typeof body.code !== 'string') return badRequest(res, 'Enter the 6-digit code the app shows.');
      const offered = (await store.findAccount(user.email))?.totpPending ?? null;
      if (!offered) return sendApiError(res, 409, 'NOTHING_OFFERED', 'Start the set-up again: there is no new secret to confirm.');
      const passed = await checkCode(res, user, offered, { code: body.code }, 422);
      if (!passed || !('step' in passed)) return;
      const codes = newRecoveryCodes();
      if (!(await store.confirmTotp(user.accountId, offered, passed.step, codes.map(recoveryCodeHash))))
        return sendApiError(res, 409, 'NOTHING_OFFERED', 'Start the set-up again: the secret was replaced meanwhile.');
      // Sessions signed in with the password alone end: from now on every session has passed both steps.
      const kept = await startSession(req, res, user.accountId, true);
      const ended = await store.endOtherSessions(user.accountId, kept);
      await store.audit({
        actor: user.email,
        action: 'two-step',
        leadId: null,
        detail: `two-step sign-in turned on; new recovery codes made; ${ended} other session${ended === 1 ? '' : 's'} ended`,
      });
      const answer: TwoStepConfirmed = { recoveryCodes: codes };
      res.json(answer);
    }),
  );

  router.post(
    '/two-step/remove',
    route(async (req, res, user) => {
      const body = await readBodyOf(req, res);
      if (!body) return;
      if (!user.totpEnabled) return sendApiError(res, 409, 'ALREADY_OFF', 'Two-step sign-in is off already.');
      if (twoStepRequired(user))
        return sendApiError(res, 409, 'REQUIRED', 'Two-step sign-in is required for this account; it cannot be turned off.');
      const account = await store.findAccount(user.email);
      const passed = await checkCode(res, user, account?.totpSecret ?? null, body, 422);
      if (!passed) return;
      if ('step' in passed && !(await store.useTotpStep(user.accountId, passed.step)))
        return sendApiError(res, 422, 'WRONG_CODE', WRONG_CODE);
      await store.removeTotp(user.accountId);
      await store.audit({ actor: user.email, action: 'two-step', leadId: null, detail: 'two-step sign-in turned off' });
      res.status(204).end();
    }),
  );

  router.get(
    '/sessions',
    route(async (_req, res, user) => {
      const body: SessionList = {
        sessions: (await store.listSessions(user.accountId)).map((s) => ({
          current: s.tokenHash === user.tokenHash,
          browser: s.browser || 'Unknown browser',
          address: s.addressHash ? s.addressHash.slice(0, 8) : 'unknown',
          createdAt: s.createdAt,
          lastSeenAt: s.lastSeenAt,
        })),
      };
      res.json(body);
    }),
  );

  router.post(
    '/sessions/end-others',
    route(async (_req, res, user) => {
      const ended = await store.endOtherSessions(user.accountId, user.tokenHash);
      await store.audit({
        actor: user.email,
        action: 'sign-out',
        leadId: null,
        detail: `signed out everywhere else (${ended} other session${ended === 1 ? '' : 's'} ended)`,
      });
      res.json({ ended });
    }),
  );

  const listQuery = (req: Request, res: Response): { filter: LeadFilter; after?: LeadPosition } | null => {
    const params = searchParams(req);
    const { filter, problems } = readFilter(params);
    const after = readCursor(params.get('cursor') ?? undefined);
    if (after === null) problems.push('cursor is not one this inbox gave out; start again from the first page.');
    if (problems.length) {
      badRequest(res, problems.join(' '));
      return null;
    }
    return { filter, after: after ?? undefined };
  };

  router.get(
    '/leads',
    route(async (req, res) => {
      const query = listQuery(req, res);
      if (!query) return;
      const found = await store.findLeads({ ...query, limit: PAGE_SIZE + 1 });
      const page = found.slice(0, PAGE_SIZE);
      const last = page[page.length - 1];
      const body: LeadPage = {
        leads: page.map((l) => leadSummary(l, forms)),
        nextCursor: found.length > PAGE_SIZE && last ? writeCursor(last) : null,
      };
      res.json(body);
    }),
  );

  router.get(
    '/leads.csv',
    route(async (req, res, user) => {
      const query = listQuery(req, res);
      if (!query) return;
      const day = now().toISOString().slice(0, 10);
      res.set({ 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="leads-${day}.csv"` });
      const columns = ['id', 'receivedAt', 'form', 'status', 'spam', 'name', 'email', 'urgency', 'erasedAt', 'erasedBy', 'payload'];
      let out = csvRow(columns);
      let count = 0;
      let after = query.after;
      // Page by page, so a large export never holds every lead in memory at once.
      for (;;) {
        const batch = await store.findLeads({ filter: query.filter, after, limit: EXPORT_BATCH });
        for (const lead of batch) {
          const s = leadSummary(lead, forms);
          out += csvRow([
            s.id,
            s.createdAt,
            s.formTitle,
            s.status,
            String(s.spam),
            s.name ?? '',
            s.email ?? '',
            s.urgency ?? '',
            lead.erasedAt ?? '',
            lead.erasedBy ?? '',
            lead.erasedAt ? '' : JSON.stringify(lead.payload),
          ]);
        }
        count += batch.length;
        if (out.length > 64 * 1024 || batch.length < EXPORT_BATCH) {
          res.write(out);
          out = '';
        }
        if (batch.length < EXPORT_BATCH) break;
        const last = batch[batch.length - 1]!;
        after = { createdAt: last.createdAt, id: last.id };
      }
      await store.audit({
        actor: user.email,
        action: 'export',
        leadId: null,
        detail: `${count} leads exported, filter: ${describeFilter(query.filter)}`,
      });
      res.end();
    }),
  );

  router.get(
    '/leads/:id',
    route(async (req, res, user) => {
      const id = String(req.params.id);
      const lead = await store.getLead(id);
      if (!lead) return noSuchLead(res);
      await store.audit({ actor: user.email, action: 'view', leadId: id, detail: 'opened the lead' });
      await sendDetail(res, lead);
    }),
  );

  router.patch(
    '/leads/:id',
    route(async (req, res, user) => {
      const body = await readBodyOf(req, res);
      if (!body) return;
      const change: LeadChange = {};
      const { status, spam, ...rest } = body;
      if (Object.keys(rest).length) return badRequest(res, 'Only status and spam can be changed.');
      if (status !== undefined) {
        if (!(LEAD_STATUSES as readonly unknown[]).includes(status))
          return badRequest(res, `status must be one of ${LEAD_STATUSES.join(', ')}.`);
        change.status = status as LeadChange['status'];
      }
      if (spam !== undefined) {
        if (typeof spam !== 'boolean') return badRequest(res, 'spam must be true or false.');
        change.spam = spam;
      }
      if (change.status === undefined && change.spam === undefined) return badRequest(res, 'Send a status, spam, or both.');
      const id = String(req.params.id);
      const existing = await store.getLead(id);
      if (existing?.erasedAt) return sendApiError(res, 409, 'ERASED', 'This lead was erased; it can no longer be changed.');
      const result = await store.changeLead(id, change, user.email);
      if (!result) return noSuchLead(res);
      await sendDetail(res, result.lead);
    }),
  );

  router.post(
    '/leads/:id/notes',
    route(async (req, res, user) => {
      const body = await readBodyOf(req, res);
      if (!body) return;
      const text = typeof body.body === 'string' ? body.body.trim() : '';
      if (!text) return badRequest(res, 'Write the note before adding it.');
      if (text.length > MAX_NOTE_LENGTH) return badRequest(res, `A note may be at most ${MAX_NOTE_LENGTH} characters.`);
      const id = String(req.params.id);
      const note = await store.addNote(id, user.email, text);
      const lead = await store.getLead(id);
      if (!lead) return noSuchLead(res);
      if (!note) return sendApiError(res, 409, 'ERASED', 'This lead was erased; notes can no longer be added.');
      await sendDetail(res, lead);
    }),
  );

  router.delete(
    '/leads/:id',
    route(async (req, res, user) => {
      const id = String(req.params.id);
      const erased = await store.eraseLead(id, user.email);
      if (!erased) return noSuchLead(res);
      await sendDetail(res, erased);
    }),
  );

  router.get(
    '/audit',
    route(async (req, res) => {
      const cursor = searchParams(req).get('cursor') ?? undefined;
      if (cursor !== undefined && !/^[1-9][0-9]{0,15}$/.test(cursor)) return badRequest(res, 'cursor is not one this log gave out.');
      const entries = await store.listAudit({ before: cursor, limit: PAGE_SIZE + 1 });
      const page = entries.slice(0, PAGE_SIZE);
      res.json({ entries: page, nextCursor: entries.length > PAGE_SIZE ? page[page.length - 1]!.id : null });
    }),
  );

  router.use((req, res) => sendApiError(res, 404, 'NOT_FOUND', `No inbox endpoint at ${shownPath(req)}.`));
  return router;
}
