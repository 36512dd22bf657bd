import { Router, type Response } from 'express';
import type { TwoStepConfirmed, TwoStepOffer, TwoStepStatus } from '../../contracts/inbox-contract';
import { sendApiError } from '../api/router';
import { badRequest, readBodyOf, route, type AdminContext, type SignedIn } from './context';
import { verifyPassword } from './passwords';
import { ACCOUNT_LIMIT, accountKey, secondStepRules } from './sign-in-limits';
import { codeStep, newRecoveryCodes, newTotpSecret, otpauthUri, qrCodeImage, recoveryCodeHash } from './two-step';

export const WRONG_CODE = 'That code is not right, or was used already. Check the app and try the newest code.';
export const WRONG_PASSWORD = 'That password is not right. Type the password you sign in with.';

/**
 * The account's own password, typed again before its two-step set-up changes: a session alone (a
 * stolen cookie) cannot set up its own app or take the owner's away. Guesses count against the
 * account's sign-in limit. False once a refusal was sent.
 */
async function checkPassword(ctx: AdminContext, res: Response, user: SignedIn, body: Record<string, unknown>): Promise<boolean> {
  const { password } = body;
  if (typeof password !== 'string' || !password) {
    badRequest(res, 'Type your password: changing two-step sign-in needs it.');
    return false;
  }
  const key = accountKey(user.email);
  const verdict = await ctx.store.accounts.countAttempt([{ key, ...ACCOUNT_LIMIT }]);
  if (!verdict.admitted) {
    ctx.refuseAttempt(res, verdict);
    return false;
  }
  const account = await ctx.store.accounts.findAccount(user.email);
  if (!account || !(await verifyPassword(password, account.passwordHash))) {
    await ctx.audit.wrongPassword(user.email);
    sendApiError(res, 422, 'WRONG_PASSWORD', WRONG_PASSWORD);
    return false;
  }
  await ctx.store.accounts.settleAttempt([], [key]);
  return true;
}

/** The current app's code (or a recovery code), used up so it counts once; false once a refusal was sent. */
async function checkCurrentCode(ctx: AdminContext, res: Response, user: SignedIn, body: Record<string, unknown>): Promise<boolean> {
  const account = await ctx.store.accounts.findAccount(user.email);
  const passed = await checkCode(ctx, res, user, account?.totpSecret ?? null, body, 422);
  if (!passed) return false;
  if ('step' in passed && !(await ctx.store.accounts.useTotpStep(user.accountId, passed.step))) {
    sendApiError(res, 422, 'WRONG_CODE', WRONG_CODE);
    return false;
  }
  return true;
}

/** The account's TOTP secret check, under the second-step attempt limit; null once a refusal was sent. */
export async function checkCode(
  ctx: AdminContext,
  res: Response,
  user: SignedIn,
  secret: string | null,
  body: Record<string, unknown>,
  /** 401 while signing in; 422 in a signed-in session, whose browser must not take it for a session's end. */
  wrongStatus: 401 | 422,
): Promise<{ step: number } | { recovery: true } | null> {
  const { store } = ctx;
  const { code, recoveryCode } = body;
  if (typeof code !== 'string' && typeof recoveryCode !== 'string') {
    badRequest(res, 'Enter the 6-digit code from your authenticator app, or a recovery code.');
    return null;
  }
  const rules = secondStepRules(user.accountId);
  const verdict = await store.accounts.countAttempt(rules);
  if (!verdict.admitted) {
    ctx.refuseAttempt(res, verdict);
    return null;
  }
  let passed: { step: number } | { recovery: true } | null = null;
  if (typeof code === 'string' && secret) {
    const step = codeStep(secret, code, ctx.now());
    if (step !== null) passed = { step };
  } else if (typeof recoveryCode === 'string' && recoveryCode.length <= 64) {
    if (await store.accounts.useRecoveryCode(user.accountId, recoveryCodeHash(recoveryCode))) passed = { recovery: true };
  }
  if (!passed) {
    await ctx.audit.wrongCode(user.email);
    sendApiError(res, wrongStatus, 'WRONG_CODE', WRONG_CODE);
    return null;
  }
  await store.accounts.settleAttempt([rules[0]!.key], []);
  return passed;
}

/** Two-step sign-in for the signed-in account: its state, setting it up with an app, and turning it off. */
export function twoStepRoutes(ctx: AdminContext): Router {
  const { store, config } = ctx;
  const router = Router({ caseSensitive: true });

  router.get(
    '/two-step',
    route(async (_req, res, user) => {
      const body: TwoStepStatus = {
        enabled: user.totpEnabled,
        required: ctx.twoStepRequired(user),
        recoveryCodesLeft: user.totpEnabled ? await store.accounts.unusedRecoveryCodes(user.accountId) : 0,
      };
      res.json(body);
    }),
  );

  router.post(
    '/two-step/start',
    route(async (req, res, user) => {
      const body = await readBodyOf(req, res);
      if (!body) return;
      // Setting up asks for the password; replacing the app asks for the current app's code too.
      if (!(await checkPassword(ctx, res, user, body))) return;
      if (user.totpEnabled && !(await checkCurrentCode(ctx, res, user, body))) return;
      const secret = newTotpSecret();
      await store.accounts.offerTotp(user.accountId, secret);
      const uri = otpauthUri(secret, user.email, config.issuer ?? 'Leads inbox');
      const answer: TwoStepOffer = { secret, uri, qrCode: await qrCodeImage(uri) };
      res.json(answer);
    }),
  );

  router.post(
    '/two-step/confirm',
    route(async (req, res, user) => {
      const body = await readBodyOf(req, res);
      if (!body) return;
      if (typeof body.code !== 'string') return badRequest(res, 'Enter the 6-digit code the app shows.');
      const offered = (await store.accounts.findAccount(user.email))?.totpPending ?? null;
      if (!offered) return sendApiError(res, 409, 'NOTHING_OFFERED', 'Start the set-up again: there is no new secret to confirm.');
      const passed = await checkCode(ctx, res, user, offered, { code: body.code }, 422);
      if (!passed || !('step' in passed)) return;
      const codes = newRecoveryCodes();
      if (!(await store.accounts.confirmTotp(user.accountId, offered, passed.step, codes.map(recoveryCodeHash))))
        return sendApiError(res, 409, 'NOTHING_OFFERED', 'Start the set-up again: the secret was replaced meanwhile.');
      // Sessions signed in with the password alone end: from now on every session has passed both steps.
      const kept = await ctx.startSession(req, res, user.accountId, true);
      const ended = await store.accounts.endOtherSessions(user.accountId, kept);
      await (user.totpEnabled ? ctx.audit.twoStepReplaced(user.email, ended) : ctx.audit.twoStepOn(user.email, ended));
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
      if (ctx.twoStepRequired(user))
        return sendApiError(res, 409, 'REQUIRED', 'Two-step sign-in is required for this account; it cannot be turned off.');
      if (!(await checkPassword(ctx, res, user, body))) return;
      if (!(await checkCurrentCode(ctx, res, user, body))) return;
      await store.accounts.removeTotp(user.accountId);
      await ctx.audit.twoStepOff(user.email);
      res.status(204).end();
    }),
  );
  return router;
}
