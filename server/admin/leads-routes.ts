import { Router, type Request, type Response } from 'express';
import {
  INBOX_VIEWS,
  LEAD_STATUSES,
  MAX_NOTE_LENGTH,
  MAX_REPLY_LENGTH,
  MAX_REPLY_SUBJECT_LENGTH,
  PAGE_SIZE,
  readFilter,
  type LeadChange,
  type LeadFilter,
  type LeadPage,
  type ViewCounts,
} from '../../contracts/inbox-contract';
import { sendApiError } from '../api/router';
import { positionOf } from '../store/leads';
import type { InboxLead, LeadPosition } from '../store/inbox-types';
import { badRequest, leadOr404, leadRoute, noSuchLead, readBodyOf, route, type AdminContext } from './context';
import { fromAdminApp } from './csrf';
import { leadDetail, leadSummary } from './inbox-view';
import { newMessageId, replyAddress, replyState, savedRepliesFor, type ReplyFacts } from './saved-replies';
import { oneLine } from '../notify/text';
import { requireRole } from './role-guard';
import { withNoticeProgress } from './notice-routes';

/** The position a cursor stands for; cursors are opaque to the browser. */
function readCursor(value: unknown): LeadPosition | null | undefined {
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string' || value.length > 200) return null;
  try {
    const [createdAt, id, dueAt] = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as unknown[];
    if (typeof createdAt !== 'string' || typeof id !== 'string' || Number.isNaN(Date.parse(createdAt))) return null;
    if (dueAt === undefined) return { createdAt, id };
    if (typeof dueAt !== 'string' || Number.isNaN(Date.parse(dueAt))) return null;
    return { createdAt, id, dueAt };
  } catch {
    return null;
  }
}

function writeCursor(position: LeadPosition): string {
  const fields = position.dueAt === undefined ? [position.createdAt, position.id] : [position.createdAt, position.id, position.dueAt];
  return Buffer.from(JSON.stringify(fields)).toString('base64url');
}

/** The list's filter and cursor from the query string (one value per name, as the inbox sends it); null once a 400 was sent. */
export function listQuery(req: Request, res: Response): { filter: LeadFilter; after?: LeadPosition } | null {
  const params = new URLSearchParams(req.originalUrl.split('?')[1] ?? '');
  const { filter, problems } = readFilter(params);
  const after = readCursor(params.get('cursor') ?? undefined);
  if (after === null) problems.push('cursor is not one this inbox gave out; start again from the first page.');
  if (problems.length) {
    badRequest(res, problems.join(' '));
    return null;
  }
  return { filter, after: after ?? undefined };
}

/** The leads: a page of the list, one lead with its notes and notifications, and the changes the team makes. */
export function leadRoutes(ctx: AdminContext): Router {
  const { store, forms } = ctx;
  const router = Router({ caseSensitive: true });
  const leads = requireRole('leads');

  const replies = ctx.config.replies;
  /** What a saved reply is filled with for this lead. */
  const factsOf = (lead: InboxLead): ReplyFacts => {
    const summary = leadSummary(lead, forms);
    return { name: summary.name, form: summary.formTitle, site: replies?.siteName ?? '', payload: lead.payload };
  };

  /** The lead's page: the lead as the caller already has it, with its notes, notifications, replies and answers. */
  const sendDetail = async (res: Response, lead: InboxLead) => {
    const [notes, jobs, messages, history] = await Promise.all([
      store.inbox.listNotes(lead.id),
      store.outbox.listLeadJobs(lead.id),
      store.inbox.listMessages(lead.id),
      store.audit.listLead(lead.id),
    ]);
    const facts = factsOf(lead);
    const detail = leadDetail(lead, forms, notes, jobs, {
      messages,
      history,
      reply: replyState(lead, facts, replies),
      savedReplies: lead.erasedAt ? [] : savedRepliesFor(facts, replies),
    });
    [detail.lead] = await withNoticeProgress(store, [lead], [detail.lead]);
    res.json(detail);
  };

  router.get(
    '/leads',
    leads,
    route(async (req, res, user) => {
      const query = listQuery(req, res);
      if (!query) return;
      const found = await store.inbox.findLeads({ ...query, limit: PAGE_SIZE + 1, now: ctx.now(), viewer: user.email });
      const page = found.slice(0, PAGE_SIZE);
      const last = page[page.length - 1];
      const body: LeadPage = {
        leads: await withNoticeProgress(
          store,
          page,
          page.map((l) => leadSummary(l, forms)),
        ),
        nextCursor: found.length > PAGE_SIZE && last ? writeCursor(positionOf(last, query.filter.sort)) : null,
      };
      res.json(body);
    }),
  );

  router.get(
    '/views',
    leads,
    route(async (_req, res, user) => {
      const now = ctx.now();
      const counted = await Promise.all(
        INBOX_VIEWS.map(
          async (view) =>
            [
              view.id,
              await store.inbox.countLeads({ filter: readFilter(new URLSearchParams(view.params)).filter, now, viewer: user.email }),
            ] as const,
        ),
      );
      const minMarks = ctx.config.spamFilterMinMarks;
      const marks = minMarks === undefined ? null : await store.spam.classifierMarks();
      const body: ViewCounts = {
        counts: Object.fromEntries(counted) as ViewCounts['counts'],
        spamFilter: marks && { spam: marks.spam, notSpam: marks.ham, votesAfter: minMarks! },
      };
      res.json(body);
    }),
  );

  router.get(
    '/leads/:id',
    leads,
    fromAdminApp,
    leadRoute(store, async (req, res, user, lead) => {
      await ctx.audit.viewed(user.email, String(req.params.id));
      await sendDetail(res, lead);
    }),
  );

  router.patch(
    '/leads/:id',
    leads,
    route(async (req, res, user) => {
      const body = await readBodyOf(req, res);
      if (!body) return;
      const change: LeadChange = {};
      const { status, spam, assignee, ...rest } = body;
      if (Object.keys(rest).length) return badRequest(res, 'Only status, spam and assignee can be changed.');
      if (status !== undefined) {
        if (!(LEAD_STATUSES as readonly unknown[]).includes(status))
          return badRequest(res, `status must be one of ${LEAD_STATUSES.join(', ')}.`);
        change.status = status as LeadChange['status'];
      }
      if (spam !== undefined) {
        if (typeof spam !== 'boolean') return badRequest(res, 'spam must be true or false.');
        change.spam = spam;
      }
      if (assignee !== undefined) {
        // Only an account can own a lead: a typo must not give it to nobody in particular.
        const known = typeof assignee === 'string' && (await store.accounts.findAccount(assignee)) !== null;
        if (assignee !== null && !known) return badRequest(res, 'assignee must be the address of an inbox account, or null.');
        change.assignee = assignee as string | null;
      }
      if (change.status === undefined && change.spam === undefined && change.assignee === undefined)
        return badRequest(res, 'Send a status, spam, an assignee, or several.');
      const id = String(req.params.id);
      const existing = await store.inbox.getLead(id);
      if (existing?.erasedAt) return sendApiError(res, 409, 'ERASED', 'This lead was erased; it can no longer be changed.');
      const result = await store.inbox.changeLead(id, change, user.email);
      if (!result) return noSuchLead(res);
      await sendDetail(res, result.lead);
    }),
  );

  // One click in the inbox: the lead leaves quarantine and what was held for it is sent, once.
  router.post(
    '/leads/:id/release',
    leads,
    route(async (req, res, user) => {
      const id = String(req.params.id);
      const result = await store.inbox.releaseLead(id, user.email);
      if (!result) return noSuchLead(res);
      if (!result.changed) {
        const why = result.lead.erasedAt
          ? 'This lead was erased; nothing is held for it.'
          : 'This lead is not in quarantine (released already).';
        return sendApiError(res, 409, 'NOT_QUARANTINED', why);
      }
      await sendDetail(res, result.lead);
    }),
  );

  router.post(
    '/leads/:id/notes',
    leads,
    route(async (req, res, user) => {
      const body = await readBodyOf(req, res);
      if (!body) return;
      const text = typeof body.body === 'string' ? body.body.trim() : '';
      if (!text) return badRequest(res, 'Write the note before adding it.');
      if (text.length > MAX_NOTE_LENGTH) return badRequest(res, `A note may be at most ${MAX_NOTE_LENGTH} characters.`);
      const id = String(req.params.id);
      const note = await store.inbox.addNote(id, user.email, text);
      const lead = await store.inbox.getLead(id);
      if (!lead) return noSuchLead(res);
      if (!note) return sendApiError(res, 409, 'ERASED', 'This lead was erased; notes can no longer be added.');
      await sendDetail(res, lead);
    }),
  );

  router.post(
    '/leads/:id/replies',
    leads,
    route(async (req, res, user) => {
      const body = await readBodyOf(req, res);
      if (!body) return;
      const text = typeof body.body === 'string' ? body.body.replace(/\r\n?/g, '\n').trim() : '';
      const subject = typeof body.subject === 'string' ? oneLine(body.subject, MAX_REPLY_SUBJECT_LENGTH + 1) : '';
      if (!subject) return badRequest(res, 'Write a subject for the reply.');
      if (subject.length > MAX_REPLY_SUBJECT_LENGTH)
        return badRequest(res, `A subject may be at most ${MAX_REPLY_SUBJECT_LENGTH} characters.`);
      if (!text) return badRequest(res, 'Write the reply before sending it.');
      if (text.length > MAX_REPLY_LENGTH) return badRequest(res, `A reply may be at most ${MAX_REPLY_LENGTH} characters.`);
      const id = String(req.params.id);
      const lead = await leadOr404(store, res, id);
      if (!lead) return;
      const state = replyState(lead, factsOf(lead), replies);
      if (state.blocked || !state.to || !replies)
        return sendApiError(res, 409, 'CANNOT_REPLY', state.blocked ?? 'This lead cannot be answered.');
      const sent = await store.inbox.replyToLead(id, {
        author: user.email,
        to: state.to,
        subject,
        body: text,
        messageId: newMessageId(replies.from),
        replyAddress: replyAddress(replies.domain),
      });
      if (sent.kind === 'missing') return noSuchLead(res);
      if (sent.kind === 'erased') return sendApiError(res, 409, 'ERASED', 'This lead was erased; it can no longer be answered.');
      replies.queued();
      await sendDetail(res, sent.lead);
    }),
  );

  router.delete(
    '/leads/:id',
    leads,
    route(async (req, res, user) => {
      const id = String(req.params.id);
      const erased = await store.inbox.eraseLead(id, user.email);
      if (!erased) return noSuchLead(res);
      await sendDetail(res, erased);
    }),
  );
  return router;
}
