// The inbox's calls for a takedown notice request, typed by contracts/notice-contract.ts.
import { NOTICE_ROUTES, type NoticeBoard, type NoticeHostChange } from '../../contracts/notice-contract';
import { call } from './inbox-client';

export const fetchNotices = (leadId: string) => call<NoticeBoard>('GET', NOTICE_ROUTES.board(leadId));
export const changeNoticeHost = (leadId: string, host: string, change: NoticeHostChange) =>
  call<NoticeBoard>('PATCH', NOTICE_ROUTES.host(leadId, host), change);
export const sendNotice = (leadId: string, host: string) => call<NoticeBoard>('POST', NOTICE_ROUTES.send(leadId, host));
/** A plain download link: the browser sends it with Sec-Fetch-Dest: empty, which the inbox's reads require. */
export const noticeTextHref = (leadId: string, host: string, part: number) => NOTICE_ROUTES.text(leadId, host, part);
