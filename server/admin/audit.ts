import { Router } from 'express';
import { filterParams, PAGE_SIZE, type AuditAction, type LeadFilter } from '../../contracts/inbox-contract';
import type { AuditSlice } from '../store/inbox-types';
import { ACCOUNT_LIMIT, ADDRESS_LIMIT } from './sign-in-limits';
import { badRequest, route } from './context';
import { requireRole } from './role-guard';

/** Who a failed sign-in to an address with no account is logged as: never the typed text. */
const UNKNOWN_ACCOUNT = 'unknown account';

/** Who an operator's command is logged as, as the other account commands are. */
const OPERATOR = 'command line';

const sessions = (n: number) => `${n} other session${n === 1 ? '' : 's'} ended`;

/**
 * "status=new, q", for the audit log's note of an export: the search's words are what a visitor
 * typed (an e-mail address, a name), so only its name is kept; the other filters are form ids,
 * statuses and dates.
 */
/** Filters whose value is free text: named, never quoted. */
const FREE_TEXT = new Set(['q', 'page', 'campaign', 'referrer']);

function describeFilter(filter: LeadFilter): string {
  const params = [...filterParams(filter)].map(([k, v]) => (FREE_TEXT.has(k) ? k : `${k}=${v}`));
  return params.length ? params.join(', ') : 'none';
}

/** What the audit log is written to: the audit slice's one method for it. */
export type AuditWriter = Pick<AuditSlice, 'add'>;

const lines = (n: number) => `${n} line${n === 1 ? '' : 's'}`;

/**
 * Every line written to the audit log, in its words, whoever writes it: the inbox, the content
 * editor, the publisher and the operator's account commands. Never what a visitor or caller typed.
 */
export function createAuditLog(auditSlice: AuditWriter) {
  const write = (actor: string, action: AuditAction, detail: string, leadId: string | null = null) =>
    auditSlice.add({ actor, action, leadId, detail });
  return {
    accountLocked: (email: string | undefined) =>
      write(
        email ?? UNKNOWN_ACCOUNT,
        'lock',
        `sign-ins to this account locked for ${ACCOUNT_LIMIT.lockMs / 60_000} minutes after ${ACCOUNT_LIMIT.max} attempts from any address`,
      ),
    addressLocked: (addressKey: string) =>
      write(
        UNKNOWN_ACCOUNT,
        'lock',
        `sign-ins from one address (${addressKey.slice(8, 16)}) locked for ${ADDRESS_LIMIT.lockMs / 60_000} minutes after ${ADDRESS_LIMIT.max} attempts`,
      ),
    wrongPassword: (email: string | undefined) =>
      write(email ?? UNKNOWN_ACCOUNT, 'sign-in-failed', email ? 'wrong password' : 'no account has the address typed'),
    wrongCode: (email: string) => write(email, 'sign-in-failed', 'wrong or used code'),
    signedIn: (email: string, detail: string) => write(email, 'sign-in', detail),
    signedOut: (email: string) => write(email, 'sign-out', 'signed out'),
    endedOthers: (email: string, ended: number) => write(email, 'sign-out', `signed out everywhere else (${sessions(ended)})`),
    twoStepOn: (email: string, ended: number) =>
      write(email, 'two-step', `two-step sign-in turned on; new recovery codes made; ${sessions(ended)}`),
    twoStepReplaced: (email: string, ended: number) =>
      write(email, 'two-step', `two-step sign-in moved to a new app; new recovery codes made; ${sessions(ended)}`),
    twoStepOff: (email: string) => write(email, 'two-step', 'two-step sign-in turned off'),
    /** By an operator, from the command line (npm run leads). */
    twoStepRemovedByOperator: (email: string, ended: number) =>
      write(OPERATOR, 'two-step', `two-step sign-in of ${email} removed; ${ended} session${ended === 1 ? '' : 's'} ended`),
    passwordResetByOperator: (email: string, twoStepStays: boolean) =>
      write(
        OPERATOR,
        'account',
        `password of ${email} changed; its sessions ended; two-step sign-in ${twoStepStays ? 'stays on' : 'was not set up'}`,
      ),
    accountAddedByOperator: (email: string, roles: readonly string[]) =>
      write(OPERATOR, 'account', `account ${email} added, roles: ${roles.join(', ')}`),
    rolesChangedByOperator: (email: string, before: readonly string[], after: readonly string[]) =>
      write(OPERATOR, 'account', `roles of ${email}: ${before.join(', ')} → ${after.join(', ')}`),
    twoStepRequiredByOperator: (email: string, required: boolean) =>
      write(OPERATOR, 'two-step', required ? `two-step sign-in required of ${email}` : `two-step sign-in no longer required of ${email}`),
    accountRemovedByOperator: (email: string) => write(OPERATOR, 'account', `account ${email} removed; its sessions ended`),
    /** The content editor: a save that changed lines, a new file, a deleted one. */
    contentSaved: (email: string, path: string, changed: number, merged: boolean) =>
      write(email, 'save', `saved ${path} (${lines(changed)} changed${merged ? ', merged with a newer save' : ''})`),
    contentCreated: (email: string, path: string) => write(email, 'create', `made ${path}`),
    contentDeleted: (email: string, path: string, redirect: string | undefined) =>
      write(
        email,
        'delete',
        `deleted ${path} (${redirect === undefined ? 'its address answers 404' : `its address redirects to ${redirect}`})`,
      ),
    /** The publisher: a publish refused, a release made live, a rollback. */
    publishRefused: (by: string, problems: number) =>
      write(by, 'publish', `publish refused: ${problems} problem(s); the live site is unchanged`),
    published: (by: string, release: { id: string; pages: number; commit?: string; pushed: string; durationMs: number }) =>
      write(
        by,
        'publish',
        `published release ${release.id} (${release.pages} pages${release.commit ? `, commit ${release.commit.slice(0, 12)}` : ''}${release.pushed}) in ${release.durationMs} ms`,
      ),
    rolledBack: (by: string, id: string, what: string) => write(by, 'rollback', `rolled the site back to release ${id}${what}`),
    exported: (email: string, count: number, filter: LeadFilter) =>
      write(email, 'export', `${count} leads exported, filter: ${describeFilter(filter)}`),
    viewed: (email: string, leadId: string) => write(email, 'view', 'opened the lead', leadId),
    /** By its place and hash: the file's name is what the visitor typed. */
    evidenceDownloaded: (email: string, leadId: string, position: number, sha256: string) =>
      write(email, 'export', `evidence file ${position} downloaded (SHA-256 ${sha256.slice(0, 16)}…)`, leadId),
  };
}

export type AuditLog = ReturnType<typeof createAuditLog>;

/** GET /audit: the log, newest first, a page at a time. */
export function auditRoutes(audit: Pick<AuditSlice, 'list'>): Router {
  const router = Router({ caseSensitive: true });
  router.get(
    '/audit',
    requireRole('leads'),
    route(async (req, res) => {
      const cursor = new URLSearchParams(req.originalUrl.split('?')[1] ?? '').get('cursor') ?? undefined;
      if (cursor !== undefined && !/^[1-9][0-9]{0,15}$/.test(cursor)) return badRequest(res, 'cursor is not one this log gave out.');
      const entries = await audit.list({ before: cursor, limit: PAGE_SIZE + 1 });
      const page = entries.slice(0, PAGE_SIZE);
      res.json({ entries: page, nextCursor: entries.length > PAGE_SIZE ? page[page.length - 1]!.id : null });
    }),
  );
  return router;
}
