/**
 * The inbox's takedown-notice screens as the browser app and the server both speak them: where a
 * notice request's hosts stand (to send, sent, removed, refused, counter-notice received), the
 * notices shown per host, and the calls that copy, download, send and track them.
 */
import { ADMIN_API } from './inbox-contract';

/** The form type a complete takedown notice is stored under. */
export const NOTICE_FORM_TYPE = 'notice';

/** Where a host's notice stands. A host with no record yet is `to_send`. */
export const NOTICE_STATUSES = ['to_send', 'sent', 'removed', 'refused', 'counter_notice'] as const;
export type NoticeStatus = (typeof NOTICE_STATUSES)[number];

/** What the team reads for each status (also in docs/operators/inbox.md). */
export const NOTICE_STATUS_LABELS: Record<NoticeStatus, string> = {
  to_send: 'To send',
  sent: 'Sent',
  removed: 'Removed',
  refused: 'Refused',
  counter_notice: 'Counter-notice received',
};

/** A host is done once it has answered for good: the material is gone, or the host said no. */
export const DONE_STATUSES: readonly NoticeStatus[] = ['removed', 'refused'];
export const isDone = (status: NoticeStatus) => DONE_STATUSES.includes(status);

/** How a notice e-mail's outbox job is named (`notice <host> <part>/<parts>`): it goes by the team's reply channel, and the lead's notifications tell it apart by this. */
export const NOTICE_RULE_PREFIX = 'notice ';

const leadPath = (id: string) => `${ADMIN_API}/leads/${encodeURIComponent(id)}/notices`;

export const NOTICE_ROUTES = {
  /** GET: NoticeBoard; 404 for no lead, 409 NOT_A_NOTICE for a lead that is no notice request. */
  board: leadPath,
  /** PATCH NoticeHostChange: NoticeBoard; 409 when the lead is erased, 404 for a host the request does not name. */
  host: (id: string, host: string) => `${leadPath(id)}/${encodeURIComponent(host)}`,
  /** POST (no body): the host's notice (every part) queued to the recipient's e-mail address, the host marked sent: NoticeBoard. 409 when it cannot be sent. */
  send: (id: string, host: string) => `${leadPath(id)}/${encodeURIComponent(host)}/send`,
  /** GET: one part of the host's notice as a plain-text download. */
  text: (id: string, host: string, part: number) => `${leadPath(id)}/${encodeURIComponent(host)}/${part}.txt`,
} as const;

/** PATCH body: the host's new status; a counter-notice names the day it was received (YYYY-MM-DD). */
export interface NoticeHostChange {
  status: NoticeStatus;
  counterNoticeOn?: string;
}

/** One notice as the team sends it: the whole of a host's addresses, or one part of them. */
export interface NoticePart {
  part: number;
  parts: number;
  /** How many addresses this part lists. */
  count: number;
  subject: string;
  /** Plain text; shown as text, never as markup. */
  body: string;
}

/** Where the host's notices go, from the recipient directory. */
export interface NoticeRecipientView {
  name: string;
  email: string | null;
  webForm: string | null;
  note: string | null;
}

/** The days a host may put material back after a counter-notice (§512(g)(2)(C)): 10 to 14 business days after it was received. */
export interface RestoreWindow {
  earliest: string;
  latest: string;
}

export interface NoticeHostView {
  /** As the URL parser gives it (lower case, punycode): what the notice names. */
  host: string;
  /** As people read it. */
  displayHost: string;
  /** Its addresses in all parts. */
  urls: number;
  /** Null: no entry of the directory takes this host. */
  recipient: NoticeRecipientView | null;
  status: NoticeStatus;
  /** When the status was last changed, and by whom; null while it was never changed. */
  statusAt: string | null;
  changedBy: string | null;
  /** When the notice was sent (by e-mail from the inbox, or marked sent by hand), and to which address when by e-mail. */
  sentAt: string | null;
  sentTo: string | null;
  /** The day a counter-notice was received, while the status says so. */
  counterNoticeOn: string | null;
  restoreWindow: RestoreWindow | null;
  notices: NoticePart[];
  /** Why the inbox cannot send this host's notice by e-mail now, in plain words; null when it can. */
  sendBlocked: string | null;
}

/** How far a request has got: its hosts, those sent (or beyond), those done. */
export interface NoticeProgress {
  hosts: number;
  sent: number;
  done: number;
}

export interface NoticeBoard {
  leadId: string;
  progress: NoticeProgress;
  hosts: NoticeHostView[];
}

/** The days-to-removal bands the conversion view counts in: up to `upTo` days (null: longer). */
export const REMOVAL_BANDS = [
  { label: 'Within 3 days', upTo: 3 },
  { label: '4 to 7 days', upTo: 7 },
  { label: '8 to 14 days', upTo: 14 },
  { label: '15 to 30 days', upTo: 30 },
  { label: 'Over 30 days', upTo: null },
] as const;

/** The conversion view's notice figures for the period's requests (not spam, not erased). */
export interface NoticeConversion {
  requests: number;
  /** Requests by how many of their hosts are done. */
  completeness: { none: number; some: number; all: number };
  /** Hosts removed, by whole days from the notice being sent (or the request received, if never marked sent) to removal; one count per band of REMOVAL_BANDS. */
  removals: number[];
  /** Requests whose every host was removed, by whole days from the request received to its last removal; one count per band. */
  requestsRemoved: number[];
}

/** `day` (YYYY-MM-DD) plus `count` business days, weekends skipped (public holidays are not known here). */
export function addBusinessDays(day: string, count: number): string {
  const d = new Date(`${day}T00:00:00.000Z`);
  let left = count;
  while (left > 0) {
    d.setUTCDate(d.getUTCDate() + 1);
    const weekday = d.getUTCDay();
    if (weekday !== 0 && weekday !== 6) left -= 1;
  }
  return d.toISOString().slice(0, 10);
}

/** The restore window of a counter-notice received on `day`. */
export const restoreWindow = (day: string): RestoreWindow => ({ earliest: addBusinessDays(day, 10), latest: addBusinessDays(day, 14) });

/** The band of REMOVAL_BANDS a number of days falls in. */
export const removalBand = (days: number) => {
  const i = REMOVAL_BANDS.findIndex((b) => b.upTo !== null && days <= b.upTo);
  return i === -1 ? REMOVAL_BANDS.length - 1 : i;
};
