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
  type SignedOut,
} from '../../engine/admin/inbox-contract';
import { ERROR_CODES, HEADERS, REQUESTED_WITH } from '../../engine/api-contract';
import { checkBodyHeaders, readJsonObject } from '../api/json-body';
import { sendApiError, shownPath } from '../api/router';
import { isPlainAddress } from '../notify/config';
import { noteRoute } from '../request-route';
import type { InboxLead, LeadPosition } from '../store/inbox-types';
import type { LeadStore } from '../store/types';
import { csvRow } from '../leads/csv';
import { leadDetail, leadSummary, type FormsById } from './inbox-view';
import { randomBytes } from 'node:crypto';
import { hashPassword, verifyPassword, type ScryptCost } from './passwords';
import {
  clearSessionCookie,
  newSessionToken,
  readSessionToken,
  SESSION_IDLE_MS,
  sessionTokenHash,
  setSessionCookie,
} from './session-cookie';
import { accountKey, failureRules, lockedMessage } from './sign-in-limits';

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
}

interface SignedIn {
  accountId: string;
  email: string;
  tokenHash: string;
}

const SIGNED_OUT_MESSAGE = 'Sign in to use the leads inbox.';
const WRONG_CREDENTIALS = 'The e-mail address or password is not right.';
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

  const session = async (req: Request): Promise<SignedIn | null> => {
    const token = readSessionToken(req, secureCookies);
    if (!token) return null;
    const tokenHash = sessionTokenHash(token);
    const found = await store.findSession(tokenHash, SESSION_IDLE_MS);
    return found ? { ...found, tokenHash } : null;
  };

  const signedOut = async (res: Response) => {
    const body: SignedOut = {
      success: false,
      error: 'UNAUTHENTICATED',
      message: SIGNED_OUT_MESSAGE,
      setupNeeded: (await store.countAccounts()) === 0,
    };
    res.status(401).json(body);
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
      const address = email.trim().toLowerCase();
      const rules = failureRules(address, req.ip ?? '', config.ipHashSalt);
      const locked = await store.lockedUntil(rules.map((r) => r.key));
      if (locked) {
        res.set('Retry-After', String(Math.max(1, Math.ceil((locked.getTime() - now().getTime()) / 1000))));
        return sendApiError(res, 429, 'SIGN_IN_LOCKED', lockedMessage(locked, now()));
      }
      const account = isPlainAddress(address) ? await store.findAccount(address) : null;
      // Checked against a decoy when there is no such account, so the answer takes as long either way.
      const matches = await verifyPassword(password, account?.passwordHash ?? (await decoyHash()));
      if (!account || !matches) {
        await store.recordFailure(rules);
        return sendApiError(res, 401, 'WRONG_CREDENTIALS', WRONG_CREDENTIALS);
      }
      await store.clearFailures(accountKey(address));
      const token = newSessionToken();
      // A new id at every sign-in; the session the browser came with (if any) ends with it.
      const previous = readSessionToken(req, secureCookies);
      await store.createSession(sessionTokenHash(token), account.id, {
        replacing: previous ? sessionTokenHash(previous) : undefined,
        idleMs: SESSION_IDLE_MS,
      });
      await store.audit({ actor: account.email, action: 'sign-in', leadId: null, detail: 'signed in' });
      setSessionCookie(res, token, secureCookies);
      res.status(204).end();
    }),
  );

  router.get(
    '/session',
    handle(async (req, res) => {
      const user = await session(req);
      if (!user) return signedOut(res);
      const body: InboxSession = { user: { email: user.email }, forms: formList };
      res.json(body);
    }),
  );

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
