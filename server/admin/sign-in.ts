import { randomBytes } from 'node:crypto';
import { Router } from 'express';
import type { InboxSession, SessionList } from '../../contracts/inbox-contract';
import { ERROR_CODES } from '../../contracts/api-contract';
import { sendApiError } from '../api/router';
import { isPlainAddress } from '../notify/config';
import { badRequest, handle, readBodyOf, route, type AdminContext } from './context';
import { sameOriginProblem, siteOriginOf } from './csrf';
import { hashPassword, verifyPassword } from './passwords';
import { clearSessionCookie } from './session-cookie';
import { normaliseEmail, signInKeys, signInRules } from './sign-in-limits';
import { checkCode, WRONG_CODE } from './two-step-routes';
import type { FormsById } from './inbox-view';
import { optionsOf, optionTitle } from '../notify/plan';

const WRONG_CREDENTIALS = 'The e-mail address or password is not right.';

/** Signing in with a password, and the session the browser holds: open to a caller without a session. */
export function signInRoutes(ctx: AdminContext): Router {
  const { store, config } = ctx;
  const siteOrigin = siteOriginOf(config.siteUrl);
  const formList = Object.values(ctx.forms)
    .map((f) => ({ id: f.id, title: f.title }))
    .sort((a, b) => a.title.localeCompare(b.title));
  const urgencies = urgencyChoices(ctx.forms);
  // Made on the first sign-in that needs it, not at start-up: hashing takes a tenth of a second.
  let decoy: Promise<string> | undefined;
  const decoyHash = () => (decoy ??= hashPassword(randomBytes(16).toString('hex'), config.scryptCost));
  const router = Router({ caseSensitive: true });

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
      const verdict = await store.accounts.countAttempt(signInRules(keys));
      if (!verdict.admitted) return ctx.refuseAttempt(res, verdict);
      const account = isPlainAddress(address) ? await store.accounts.findAccount(address) : null;
      if (verdict.locked.includes(keys.account)) await ctx.audit.accountLocked(account?.email);
      if (verdict.locked.includes(keys.address)) await ctx.audit.addressLocked(keys.address);
      // Checked against a decoy when there is no such account, so the answer takes as long either way.
      const matches = await verifyPassword(password, account?.passwordHash ?? (await decoyHash()));
      if (!account || !matches) {
        await ctx.audit.wrongPassword(account?.email);
        return sendApiError(res, 401, 'WRONG_CREDENTIALS', WRONG_CREDENTIALS);
      }
      await store.accounts.settleAttempt([keys.pair], [keys.address, keys.account]);
      const done = !account.totpSecret && !ctx.twoStepRequired(account);
      await ctx.startSession(req, res, account.id, done);
      await ctx.audit.signedIn(
        account.email,
        done ? 'signed in' : account.totpSecret ? 'password right; a code is asked for' : 'password right; two-step set-up is required',
      );
      res.status(204).end();
    }),
  );

  router.get(
    '/session',
    handle(async (req, res) => {
      const user = await ctx.session(req);
      if (!user) return ctx.signedOut(res);
      const leads = user.roles.includes('leads');
      const body: InboxSession = {
        user: { email: user.email },
        roles: user.roles,
        pending: user.pending,
        // The forms and the team are the inbox's: an account that cannot see leads is told neither.
        forms: user.pending || !leads ? [] : formList,
        urgencies: user.pending || !leads ? [] : urgencies,
        timeZone: ctx.config.timeZone ?? 'UTC',
        team: user.pending || !leads ? [] : await ctx.store.accounts.listAccountEmails(),
      };
      res.json(body);
    }),
  );
  return router;
}

/** Behind the session guard: the code step of signing in, signing out, and the account's sessions. */
export function sessionRoutes(ctx: AdminContext): Router {
  const { store, config } = ctx;
  const router = Router({ caseSensitive: true });

  router.post(
    '/sign-out',
    route(async (_req, res, user) => {
      await store.accounts.deleteSession(user.tokenHash);
      await ctx.audit.signedOut(user.email);
      clearSessionCookie(res, config.secureCookies);
      res.status(204).end();
    }),
  );

  router.post(
    '/sign-in/code',
    route(async (req, res, user) => {
      const body = await readBodyOf(req, res);
      if (!body) return;
      if (user.pending !== 'code') return sendApiError(res, 409, 'NO_STEP_PENDING', 'This session needs no code.');
      const account = await store.accounts.findAccount(user.email);
      const passed = await checkCode(ctx, res, user, account?.totpSecret ?? null, body, 401);
      if (!passed) return;
      // A code counts once: the same one again, even within its 30 seconds, is refused.
      if ('step' in passed && !(await store.accounts.useTotpStep(user.accountId, passed.step)))
        return sendApiError(res, 401, 'WRONG_CODE', WRONG_CODE);
      await ctx.startSession(req, res, user.accountId, true);
      await ctx.audit.signedIn(
        user.email,
        'step' in passed
          ? 'signed in with a code from the app'
          : `signed in with a recovery code (${await store.accounts.unusedRecoveryCodes(user.accountId)} left)`,
      );
      res.status(204).end();
    }),
  );

  router.get(
    '/sessions',
    route(async (_req, res, user) => {
      const body: SessionList = {
        sessions: (await store.accounts.listSessions(user.accountId)).map((s) => ({
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
      const ended = await store.accounts.endOtherSessions(user.accountId, user.tokenHash);
      await ctx.audit.endedOthers(user.email, ended);
      res.json({ ended });
    }),
  );
  return router;
}

/** Every urgency a form offers, by its stored value, with the words each form shows for it. */
export function urgencyChoices(forms: FormsById): Array<{ value: string; title: string }> {
  const titles = new Map<string, string[]>();
  for (const form of Object.values(forms)) {
    const field = (form.fields.properties as Record<string, { enum?: unknown[] }> | undefined)?.urgency;
    const values = optionsOf(form, 'urgency')?.map((o) => o.const) ?? field?.enum ?? [];
    for (const value of values) {
      if (typeof value !== 'string') continue;
      const title = optionTitle(form, 'urgency', value);
      const known = titles.get(value) ?? [];
      if (!known.includes(title)) known.push(title);
      titles.set(value, known);
    }
  }
  return [...titles].map(([value, shown]) => ({ value, title: shown.join(' / ') }));
}
