// A notice request as the inbox shows it: per host, its notices (split at 250 addresses) made by the
// shared engine/notices module from the site's template and recipient directory, its recipient and
// where it stands. The notices are made again from the stored request each time, so a corrected
// directory entry reaches requests already received.
import {
  isDone,
  restoreWindow,
  type NoticeBoard,
  type NoticeHostView,
  type NoticeProgress,
  type NoticeRecipientView,
} from '../../contracts/notice-contract';
import type { NoticeTemplate } from '../../engine/generated/content';
import { noticesFor, type Notice, type NoticeRequest } from '../../engine/notices/notice-text';
import type { NoticeRecipient } from '../../engine/notices/recipients';
import { isPlainAddress } from '../notify/config';
import type { NoticeHostRecord } from '../store/notices';

/** What making notices needs of the site: site/data/notice-template.yaml and notice-recipients.yaml. */
export interface NoticeSettings {
  template: NoticeTemplate;
  directory: readonly NoticeRecipient[];
}

/** One host's notices, in part order. */
export interface HostNotices {
  host: string;
  displayHost: string;
  urls: number;
  recipient: NoticeRecipient | 'unknown';
  notices: Notice[];
}

/** The request's notices by host, hosts in the request's order. */
export function hostNotices(request: NoticeRequest, settings: NoticeSettings): HostNotices[] {
  const all = noticesFor(request, settings.directory, settings.template);
  return request.groups.map((group) => {
    const notices = all.filter((n) => n.host === group.host);
    return { host: group.host, displayHost: group.displayHost, urls: group.urls.length, recipient: notices[0]!.recipient, notices };
  });
}

/**
 * How a host's notice is named in the audit log: its place in the request and its recipient from
 * the directory (site content), never the host itself, which comes from what the visitor pasted.
 */
export function noticeLabel(hosts: readonly HostNotices[], host: string): string {
  const i = hosts.findIndex((h) => h.host === host);
  const recipient = hosts[i]?.recipient;
  return `notice ${i + 1} of ${hosts.length} (${!recipient || recipient === 'unknown' ? 'unknown recipient' : recipient.name})`;
}

/** The address a host's notice can be e-mailed to: the directory's, when it gives a plain one. */
export function recipientEmail(recipient: NoticeRecipient | 'unknown'): string | null {
  return recipient !== 'unknown' && isPlainAddress(recipient.email) ? recipient.email : null;
}

function recipientView(recipient: NoticeRecipient | 'unknown'): NoticeRecipientView | null {
  if (recipient === 'unknown') return null;
  return { name: recipient.name, email: recipient.email ?? null, webForm: recipient.webForm ?? null, note: recipient.note ?? null };
}

/** Why the inbox cannot e-mail this host's notice now; null when it can. */
export function sendBlocked(h: HostNotices, record: NoticeHostRecord | undefined, mailOn: boolean): string | null {
  if (record && record.status !== 'to_send')
    return 'This notice is marked sent already. To send it again, set its status back to To send first.';
  if (h.recipient === 'unknown')
    return 'No recipient is known for this host: find its copyright agent, then send the notice yourself and mark it sent.';
  if (!recipientEmail(h.recipient))
    return 'This recipient takes notices through its web form, not by e-mail: copy the notice into the form, then mark it sent.';
  if (!mailOn) return 'E-mail is not set up on this server (SMTP_URL and MAIL_FROM), so notices cannot be sent from the inbox.';
  return null;
}

export function progressOf(hosts: readonly HostNotices[], records: readonly NoticeHostRecord[]): NoticeProgress {
  const named = new Set(hosts.map((h) => h.host));
  const mine = records.filter((r) => named.has(r.host));
  return {
    hosts: hosts.length,
    sent: mine.filter((r) => r.status !== 'to_send').length,
    done: mine.filter((r) => isDone(r.status)).length,
  };
}

export function noticeBoard(
  leadId: string,
  hosts: readonly HostNotices[],
  records: readonly NoticeHostRecord[],
  opts: { mailOn: boolean; erased: boolean },
): NoticeBoard {
  const byHost = new Map(records.map((r) => [r.host, r]));
  return {
    leadId,
    progress: progressOf(hosts, records),
    hosts: hosts.map((h): NoticeHostView => {
      const record = byHost.get(h.host);
      const counterNoticeOn = record?.status === 'counter_notice' ? record.counterNoticeOn : null;
      return {
        host: h.host,
        displayHost: h.displayHost,
        urls: h.urls,
        recipient: recipientView(h.recipient),
        status: record?.status ?? 'to_send',
        statusAt: record?.statusAt ?? null,
        changedBy: record?.changedBy ?? null,
        sentAt: record?.sentAt ?? null,
        sentTo: record?.sentTo ?? null,
        counterNoticeOn,
        restoreWindow: counterNoticeOn ? restoreWindow(counterNoticeOn) : null,
        notices: h.notices.map((n) => ({ part: n.part, parts: n.parts, count: n.urls.length, subject: n.subject, body: n.body })),
        sendBlocked: opts.erased ? 'This lead was erased.' : sendBlocked(h, record, opts.mailOn),
      };
    }),
  };
}

/** A download's file name: the host in letters, digits, dots and hyphens only, and the part. */
export function noticeFileName(host: string, part: number, parts: number): string {
  const safe = host.replace(/[^a-z0-9.-]/gi, '_');
  return parts > 1 ? `notice-${safe}-part-${part}-of-${parts}.txt` : `notice-${safe}.txt`;
}
