import { Router, type Request, type Response } from 'express';
import type { LeadSummary } from '../../contracts/inbox-contract';
import { NOTICE_FORM_TYPE, NOTICE_STATUSES, type NoticeStatus } from '../../contracts/notice-contract';
import { readNoticeRequest } from '../../engine/notices/notice-request';
import { sendApiError } from '../api/router';
import type { InboxLead } from '../store/inbox-types';
import type { NoticeChangeResult } from '../store/notices';
import type { LeadStore } from '../store/types';
import { badRequest, leadOr404, readBodyOf, route, type AdminContext } from './context';
import { fromAdminApp } from './csrf';
import { hostNotices, noticeBoard, noticeFileName, noticeLabel, recipientEmail, sendBlocked, type HostNotices } from './notice-view';
import { requireRole } from './role-guard';
import { newMessageId } from './saved-replies';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A takedown notice request's lead and its notices by host. */
interface NoticeRequest {
  lead: InboxLead;
  hosts: HostNotices[];
}

/** The summaries with each notice request's progress added; one query for the whole page. */
export async function withNoticeProgress(
  store: Pick<LeadStore, 'notices'>,
  leads: readonly InboxLead[],
  summaries: LeadSummary[],
): Promise<LeadSummary[]> {
  const requests = leads.filter((l) => l.formType === NOTICE_FORM_TYPE && !l.erasedAt && readNoticeRequest(l.payload));
  if (requests.length === 0) return summaries;
  const progress = await store.notices.noticeProgress(requests);
  return summaries.map((s) => (progress[s.id] ? { ...s, notice: progress[s.id] } : s));
}

/**
 * A takedown notice request's notices and their tracking: the board of hosts, a notice as a
 * plain-text download, a host's status, and sending a host's notice through the outbox. Only for
 * accounts with the leads role; nothing is ever sent but by one of these calls.
 */
export function noticeRoutes(ctx: AdminContext): Router {
  const { store } = ctx;
  const router = Router({ caseSensitive: true });
  const leads = requireRole('leads');
  const settings = ctx.config.notices;
  const replies = ctx.config.replies;

  /** The lead and its notices by host, or null once the reason there are none was answered. */
  async function requestOf(res: Response, id: string): Promise<NoticeRequest | null> {
    const lead = await leadOr404(store, res, id);
    if (!lead) return null;
    if (lead.erasedAt) {
      sendApiError(res, 409, 'ERASED', 'This lead was erased; its notices are gone with it.');
      return null;
    }
    const request = lead.formType === NOTICE_FORM_TYPE ? readNoticeRequest(lead.payload) : null;
    if (!request) {
      sendApiError(res, 409, 'NOT_A_NOTICE', 'This lead is not a takedown notice request.');
      return null;
    }
    if (!settings) {
      sendApiError(
        res,
        409,
        'NO_NOTICE_TEMPLATE',
        'The site has no notice template (site/data/notice-template.yaml), so no notice can be made.',
      );
      return null;
    }
    return { lead, hosts: hostNotices(request, settings) };
  }

  const sendBoard = async (res: Response, { lead, hosts }: NoticeRequest) => {
    const records = await store.notices.listNoticeHosts(lead.id);
    res.json(noticeBoard(lead.id, hosts, records, { mailOn: replies !== undefined, erased: lead.erasedAt !== null }));
  };

  /** A read of one notice request, from the inbox's own pages: answered once the lead is found to be one. */
  const readRequest = (path: string, answerWith: (req: Request, res: Response, found: NoticeRequest) => Promise<void> | void) =>
    router.get(
      path,
      leads,
      fromAdminApp,
      route(async (req, res) => {
        const found = await requestOf(res, String(req.params.id));
        if (found) await answerWith(req, res, found);
      }),
    );

  /** The answer to a change: the board as it now is, or why nothing changed. */
  const answer = async (res: Response, id: string, result: NoticeChangeResult) => {
    switch (result.kind) {
      case 'missing':
        return sendApiError(res, 404, 'NOT_FOUND', 'There is no lead with this id.');
      case 'erased':
        return sendApiError(res, 409, 'ERASED', 'This lead was erased; its notices are gone with it.');
      case 'not-a-notice':
        return sendApiError(res, 409, 'NOT_A_NOTICE', 'This lead is not a takedown notice request.');
      case 'no-such-host':
        return sendApiError(res, 404, 'NOT_FOUND', 'This request names no such host.');
      case 'already-sent':
        return sendApiError(res, 409, 'ALREADY_SENT', 'This notice is marked sent already; nothing was sent again.');
      default: {
        const found = await requestOf(res, id);
        if (found) await sendBoard(res, found);
      }
    }
  };

  readRequest('/leads/:id/notices', (_req, res, found) => sendBoard(res, found));

  readRequest('/leads/:id/notices/:host/:part.txt', (req, res, found) => {
    const host = found.hosts.find((h) => h.host === req.params.host);
    const notice = host?.notices.find((n) => String(n.part) === req.params.part);
    if (!host || !notice) return sendApiError(res, 404, 'NOT_FOUND', 'This request has no such notice.');
    res.set({
      'Content-Type': 'text/plain; charset=utf-8',
      'Content-Disposition': `attachment; filename="${noticeFileName(host.host, notice.part, notice.parts)}"`,
      'X-Content-Type-Options': 'nosniff',
    });
    // The subject first, as the recipient's form asks for it, then the notice itself.
    res.send(`${notice.subject}\n\n${notice.body}`);
  });

  router.patch(
    '/leads/:id/notices/:host',
    leads,
    route(async (req, res, user) => {
      const body = await readBodyOf(req, res);
      if (!body) return;
      const { status, counterNoticeOn, ...rest } = body;
      if (Object.keys(rest).length) return badRequest(res, 'Only status and counterNoticeOn can be changed.');
      if (!(NOTICE_STATUSES as readonly unknown[]).includes(status))
        return badRequest(res, `status must be one of ${NOTICE_STATUSES.join(', ')}.`);
      const id = String(req.params.id);
      const found = await requestOf(res, id);
      if (!found) return;
      let day: string | undefined;
      if (status === 'counter_notice') {
        const today = ctx.now().toISOString().slice(0, 10);
        if (typeof counterNoticeOn !== 'string' || !DAY.test(counterNoticeOn) || Number.isNaN(Date.parse(counterNoticeOn)))
          return badRequest(res, 'counterNoticeOn must be the day the counter-notice was received, written YYYY-MM-DD.');
        if (counterNoticeOn > today) return badRequest(res, 'counterNoticeOn cannot be a day still to come.');
        if (counterNoticeOn < found.lead.createdAt.slice(0, 10))
          return badRequest(res, 'counterNoticeOn cannot be before the request was received.');
        day = counterNoticeOn;
      } else if (counterNoticeOn !== undefined) return badRequest(res, 'counterNoticeOn goes only with the status counter_notice.');
      const host = String(req.params.host);
      const result = await store.notices.changeNoticeHost(
        id,
        host,
        { status: status as NoticeStatus, counterNoticeOn: day },
        user.email,
        noticeLabel(found.hosts, host),
      );
      await answer(res, id, result);
    }),
  );

  router.post(
    '/leads/:id/notices/:host/send',
    leads,
    route(async (req, res, user) => {
      const id = String(req.params.id);
      const found = await requestOf(res, id);
      if (!found) return;
      const host = found.hosts.find((h) => h.host === req.params.host);
      if (!host) return sendApiError(res, 404, 'NOT_FOUND', 'This request names no such host.');
      const to = recipientEmail(host.recipient);
      const record = (await store.notices.listNoticeHosts(id)).find((r) => r.host === host.host);
      const blocked = sendBlocked(host, record, replies !== undefined);
      if (blocked || !to || !replies)
        return sendApiError(
          res,
          409,
          record && record.status !== 'to_send' ? 'ALREADY_SENT' : 'CANNOT_SEND',
          blocked ?? 'This notice cannot be sent.',
        );
      const messages = host.notices.map((n) => ({ subject: n.subject, text: n.body, messageId: newMessageId(replies.from) }));
      const result = await store.notices.sendNotice(id, host.host, { to, messages }, user.email, noticeLabel(found.hosts, host.host));
      if (result.kind === 'changed') replies.queued();
      await answer(res, id, result);
    }),
  );
  return router;
}
