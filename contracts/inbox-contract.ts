/**
 * The leads inbox's API as the browser app and the server both speak it: paths, the filter and its
 * query string, statuses and the shapes of the answers. Both sides import this module, so a renamed
 * parameter or status cannot drift between them. Errors use the site API's ErrorAnswer shape.
 */

import type { Role } from './editor-contract';
import type { NoticeConversion, NoticeProgress } from './notice-contract';

/** Where the inbox's browser app lives; every path below it that is not the API is the app. */
export const ADMIN_PATH = '/admin';
/** The inbox's JSON API. Every call but sign-in answers 401 without a session. */
export const ADMIN_API = '/admin/api';

export const ADMIN_ROUTES = {
  /** GET: who is signed in and what the filters can choose from (200 InboxSession, 401 SignedOut). */
  session: `${ADMIN_API}/session`,
  /** POST SignInRequest: 204 and a session cookie (which may still need a second step: see InboxSession.pending); 401 wrong e-mail or password; 429 wait a while. */
  signIn: `${ADMIN_API}/sign-in`,
  /** POST SecondStepRequest, in a session pending 'code': 204 and a new session cookie; 401 wrong or used code; 429 wait. */
  signInCode: `${ADMIN_API}/sign-in/code`,
  /** GET: TwoStepStatus. */
  twoStep: `${ADMIN_API}/two-step`,
  /** POST { password } (and { code } or { recoveryCode } when an app is set up already, to replace it): TwoStepOffer, a new secret to confirm (replacing any earlier offer). 422 wrong password or code. */
  twoStepStart: `${ADMIN_API}/two-step/start`,
  /** POST { code }: TwoStepConfirmed with the recovery codes, shown once; the session becomes a full one. 422 wrong code. */
  twoStepConfirm: `${ADMIN_API}/two-step/confirm`,
  /** POST { password, code } (or { password, recoveryCode }): 204, two-step sign-in turned off; 422 wrong password or code; 409 when it is required. */
  twoStepRemove: `${ADMIN_API}/two-step/remove`,
  /** GET: SessionList, the signed-in account's sessions. */
  sessions: `${ADMIN_API}/sessions`,
  /** POST: { ended }, every other session of the account ended. */
  endOtherSessions: `${ADMIN_API}/sessions/end-others`,
  /** POST: 204, and the session is deleted on the server. */
  signOut: `${ADMIN_API}/sign-out`,
  /** GET ?filter&cursor: LeadPage, newest first. */
  leads: `${ADMIN_API}/leads`,
  /** GET: ViewCounts, how many leads each of INBOX_VIEWS holds for the signed-in account. */
  views: `${ADMIN_API}/views`,
  /** GET ?filter: the filtered view as CSV, every page of it. */
  export: `${ADMIN_API}/leads.csv`,
  /** GET: LeadDetail. PATCH LeadChange: LeadDetail. DELETE: erases the lead, answers LeadDetail (the tombstone). */
  lead: (id: string) => `${ADMIN_API}/leads/${encodeURIComponent(id)}`,
  /** POST: LeadDetail, the lead out of quarantine and its held notifications queued (once, however often it is asked); 409 when it is not in quarantine. */
  release: (id: string) => `${ADMIN_API}/leads/${encodeURIComponent(id)}/release`,
  /** POST NoteRequest: LeadDetail with the new note. */
  notes: (id: string) => `${ADMIN_API}/leads/${encodeURIComponent(id)}/notes`,
  /** POST ReplyRequest: LeadDetail with the reply queued to the visitor; 409 when the lead cannot be answered by e-mail. */
  replies: (id: string) => `${ADMIN_API}/leads/${encodeURIComponent(id)}/replies`,
  /** GET ?cursor: AuditPage, newest first. */
  audit: `${ADMIN_API}/audit`,
  /** GET ?from&to (YYYY-MM-DD, UTC; the last CONVERSION_DEFAULT_DAYS days without them): ConversionReport. */
  conversion: `${ADMIN_API}/conversion`,
  /** GET ?from&to: the same report as CSV, one row per page, campaign, referring site and form. */
  conversionCsv: `${ADMIN_API}/conversion.csv`,
} as const;

import { MAX_CAMPAIGN_VALUE, MAX_SOURCE_PATH, type LeadSource } from './api-contract';

/** The header every state-changing call sends (as the site's forms do); a cross-site page cannot send it without a preflight. */
export { HEADERS, REQUESTED_WITH } from './api-contract';

export const LEAD_STATUSES = ['new', 'in_progress', 'done'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

/** What the team sees for each status, and what it means (also in docs/operators/inbox.md). */
export const STATUS_LABELS: Record<LeadStatus, string> = {
  new: 'New',
  in_progress: 'In progress',
  done: 'Done',
};

/** The status filter: a status, or `open` for New and In progress together. */
export const STATUS_FILTERS = [...LEAD_STATUSES, 'open'] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];
export const STATUS_FILTER_LABELS: Record<StatusFilter, string> = { ...STATUS_LABELS, open: 'Open (New or In progress)' };

/** The list's orders: reply due first then newest (the default, no parameter), only New leads by due time, or newest first. */
export const SORTS = ['due', 'newest'] as const;
export type LeadSort = (typeof SORTS)[number];

/** Spam is hidden unless asked for: `include` shows everything, `only` just the spam. */
export const SPAM_FILTERS = ['exclude', 'include', 'only'] as const;
export type SpamFilter = (typeof SPAM_FILTERS)[number];

/** Leads in quarantine are in no list but the Quarantine view's (`quarantine=only`). */
export const QUARANTINE_FILTERS = ['exclude', 'only'] as const;
export type QuarantineFilter = (typeof QUARANTINE_FILTERS)[number];

/** One reason a lead was quarantined: which signal, the points it added, and what was found. */
export interface QuarantineReason {
  code: string;
  weight: number;
  detail: string;
}

/** Why a lead is in quarantine: its score (at least the threshold then set) and each reason. */
export interface Quarantine {
  at: string;
  score: number;
  reasons: QuarantineReason[];
}

/** What the spam checks found in a lead let through although its score was doubtful (it took the proof-of-work step). */
export interface SpamChecks {
  score: number;
  reasons: QuarantineReason[];
}

/** Most leads one page of the list holds. */
export const PAGE_SIZE = 50;
/** Longest search text accepted; longer is refused with 400. */
export const MAX_SEARCH_LENGTH = 200;
/** Longest note accepted, in characters. */
export const MAX_NOTE_LENGTH = 5000;
/** Longest reply to a visitor accepted, in characters. */
export const MAX_REPLY_LENGTH = 10_000;
/** Longest subject of a reply, in characters. */
export const MAX_REPLY_SUBJECT_LENGTH = 200;

export interface LeadFilter {
  /** A form id (or an API payload's id), as leads record it. */
  form?: string;
  status?: StatusFilter;
  /** The value stored for the form's `urgency` field (`urgent`, `standard`…). */
  urgency?: string;
  spam: SpamFilter;
  /** `only`: the leads in quarantine; without it, none of them. */
  quarantine?: QuarantineFilter;
  /** Received on or after this day (YYYY-MM-DD, UTC). */
  from?: string;
  /** Received on or before this day (YYYY-MM-DD, UTC), the whole day included. */
  to?: string;
  /** Words that must all appear (as word beginnings) in the lead's fields. */
  q?: string;
  /** New leads past their due time (`overdue`), or due within DUE_SOON_MS (`soon`). */
  due?: DueFilter;
  /** Leads the signed-in person owns (`mine`), or that nobody owns (`unassigned`). */
  owner?: OwnerFilter;
  /**
   * Without it, New leads with a due time first (soonest, or longest overdue, first), then every
   * other lead newest first; `due`: only those New leads; `newest`: every lead newest first.
   */
  sort?: LeadSort;
  /** Leads whose form was on this page (its path: `/contact-us`). */
  page?: string;
  /** Leads sent from a page reached with this utm_campaign. */
  campaign?: string;
  /** Leads from visitors that this site (a host) linked to the form's page. */
  referrer?: string;
}

export const OWNER_FILTERS = ['mine', 'unassigned'] as const;
export type OwnerFilter = (typeof OWNER_FILTERS)[number];

export const DUE_FILTERS = ['overdue', 'soon'] as const;
export type DueFilter = (typeof DUE_FILTERS)[number];
/** How near its due time a lead is "due soon". */
export const DUE_SOON_MS = 30 * 60_000;

export const EMPTY_FILTER: LeadFilter = Object.freeze({ spam: 'exclude' });

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function isDay(value: string): boolean {
  if (!DAY.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/**
 * The filter a query string asks for, and a sentence per parameter that makes no sense. The
 * browser keeps the filter in its address with the same names, so a copied link shows the same view.
 */
export function readFilter(params: URLSearchParams): { filter: LeadFilter; problems: string[] } {
  const problems: string[] = [];
  const filter: LeadFilter = { spam: 'exclude' };
  const form = params.get('form');
  if (form) {
    if (/^[a-z][a-z0-9-]{0,99}$/.test(form)) filter.form = form;
    else problems.push('form must be a form id, such as "contact".');
  }
  /** A parameter that must be one of a list of words: the word, or undefined (and a problem when it is none of them). */
  const oneOf = <T extends string>(name: string, choices: readonly T[]): T | undefined => {
    const value = params.get(name);
    if (!value) return undefined;
    if ((choices as readonly string[]).includes(value)) return value as T;
    problems.push(`${name} must be one of ${choices.join(', ')}.`);
    return undefined;
  };
  const status = oneOf('status', STATUS_FILTERS);
  if (status) filter.status = status;
  const urgency = params.get('urgency');
  if (urgency) {
    if (/^[a-z0-9][a-z0-9_-]{0,39}$/i.test(urgency)) filter.urgency = urgency;
    else problems.push('urgency must be one of the urgencies a form offers, such as "urgent".');
  }
  filter.spam = oneOf('spam', SPAM_FILTERS) ?? filter.spam;
  if (oneOf('quarantine', QUARANTINE_FILTERS) === 'only') filter.quarantine = 'only';
  for (const key of ['from', 'to'] as const) {
    const value = params.get(key);
    if (!value) continue;
    if (isDay(value)) filter[key] = value;
    else problems.push(`${key} must be a date written YYYY-MM-DD.`);
  }
  if (filter.from && filter.to && filter.from > filter.to) problems.push('from must not be after to.');
  const due = oneOf('due', DUE_FILTERS);
  if (due) filter.due = due;
  const owner = oneOf('owner', OWNER_FILTERS);
  if (owner) filter.owner = owner;
  const sort = oneOf('sort', SORTS);
  if (sort) filter.sort = sort;
  const page = params.get('page');
  if (page) {
    if (page.length <= MAX_SOURCE_PATH && /^\/\S*$/.test(page)) filter.page = page;
    else problems.push('page must be a path of the site, such as /contact-us.');
  }
  const campaign = params.get('campaign')?.trim();
  if (campaign) {
    if (campaign.length <= MAX_CAMPAIGN_VALUE) filter.campaign = campaign;
    else problems.push(`campaign may be at most ${MAX_CAMPAIGN_VALUE} characters.`);
  }
  const referrer = params.get('referrer')?.trim().toLowerCase();
  if (referrer) {
    if (/^[a-z0-9.-]{1,253}(:[0-9]{1,5})?$/.test(referrer)) filter.referrer = referrer;
    else problems.push('referrer must be a host name, such as news.example.com.');
  }
  const q = params.get('q')?.trim();
  if (q) {
    if (q.length <= MAX_SEARCH_LENGTH) filter.q = q;
    else problems.push(`The search may be at most ${MAX_SEARCH_LENGTH} characters.`);
  }
  return { filter, problems };
}

/** The query string for a filter; defaults leave no trace, so the plain inbox has a plain address. */
export function filterParams(filter: LeadFilter): URLSearchParams {
  const params = new URLSearchParams();
  if (filter.form) params.set('form', filter.form);
  if (filter.status) params.set('status', filter.status);
  if (filter.urgency) params.set('urgency', filter.urgency);
  if (filter.spam !== 'exclude') params.set('spam', filter.spam);
  if (filter.quarantine === 'only') params.set('quarantine', 'only');
  if (filter.from) params.set('from', filter.from);
  if (filter.to) params.set('to', filter.to);
  if (filter.q) params.set('q', filter.q);
  if (filter.due) params.set('due', filter.due);
  if (filter.owner) params.set('owner', filter.owner);
  if (filter.sort) params.set('sort', filter.sort);
  if (filter.page) params.set('page', filter.page);
  if (filter.campaign) params.set('campaign', filter.campaign);
  if (filter.referrer) params.set('referrer', filter.referrer);
  return params;
}

/** The period the conversion view shows when none is asked for: the last 30 days, today included. */
export const CONVERSION_DEFAULT_DAYS = 30;
/** The longest period one report covers. */
export const CONVERSION_MAX_DAYS = 366;

/** Most rows a conversion report (and its CSV) gives per table; the rest, with the fewest leads and views, are counted in `omitted`. */
export const CONVERSION_MAX_ROWS = 200;
/**
 * The name the arrivals of a day's campaigns (as utm_source) and referring sites (as host) past
 * the day's limit are counted under; no real host has parentheses.
 */
export const OTHER_SOURCES = '(other)';

/** One row of the conversion view: views (or arrivals) counted by the server, leads that came from it, leads per view (null without views). */
export interface ConversionFigures {
  views: number;
  leads: number;
  rate: number | null;
}

export interface ConversionReport {
  /** The days covered, both included (YYYY-MM-DD, UTC). */
  from: string;
  to: string;
  /** Per page: its views, and the leads whose form was on it. */
  pages: Array<{ path: string } & ConversionFigures>;
  /** Per campaign (its utm_source, utm_medium and utm_campaign): arrivals on an address carrying it, and leads sent from such a page. */
  campaigns: Array<{ utmSource: string | null; utmMedium: string | null; utmCampaign: string | null } & ConversionFigures>;
  /** Per referring site: arrivals from it, and leads sent with script from a page it linked to. */
  referrers: Array<{ host: string } & ConversionFigures>;
  /** Rows left out of pages, campaigns and referrers past CONVERSION_MAX_ROWS each. */
  omitted: { pages: number; campaigns: number; referrers: number };
  /** Per form: its leads by status, spam apart, and the reply promise kept. */
  forms: Array<{
    formId: string;
    new: number;
    inProgress: number;
    done: number;
    spam: number;
    /** Leads (not spam) whose promise is decided: answered, or past their due time unanswered. */
    promised: number;
    /** Of those, answered at or before their due time. */
    answeredInTime: number;
  }>;
  /** Takedown notice requests of the period: how complete they are, and how long removals took. */
  notices: NoticeConversion;
}

/** The period a conversion query asks for (today's last CONVERSION_DEFAULT_DAYS days without one), or the problems with it. */
export function readPeriod(params: URLSearchParams, today: string): { from: string; to: string } | { problems: string[] } {
  const problems: string[] = [];
  const to = params.get('to') || today;
  const start = new Date(`${to}T00:00:00Z`);
  start.setUTCDate(start.getUTCDate() - (CONVERSION_DEFAULT_DAYS - 1));
  const from = params.get('from') || (isDay(to) ? start.toISOString().slice(0, 10) : '');
  for (const [key, value] of [
    ['from', from],
    ['to', to],
  ] as const)
    if (!isDay(value)) problems.push(`${key} must be a date written YYYY-MM-DD.`);
  if (problems.length) return { problems };
  if (from > to) return { problems: ['from must not be after to.'] };
  if (Date.parse(to) - Date.parse(from) >= CONVERSION_MAX_DAYS * 86_400_000)
    return { problems: [`A report covers at most ${CONVERSION_MAX_DAYS} days.`] };
  return { from, to };
}

export interface SignInRequest {
  email: string;
  password: string;
}

/** 401 from /session; it says nothing about which accounts, or whether any, exist. */
export interface SignedOut {
  success: false;
  error: 'UNAUTHENTICATED';
  message: string;
}

/** The second step is due: type a code ('code'), or set two-step sign-in up first ('enrol', when it is required). */
export type PendingStep = 'code' | 'enrol';

export interface SecondStepRequest {
  /** Six digits from the authenticator app… */
  code?: string;
  /** …or one of the recovery codes. */
  recoveryCode?: string;
}

export interface TwoStepStatus {
  enabled: boolean;
  /** By INBOX_REQUIRE_2FA or the account's own setting: it cannot be turned off. */
  required: boolean;
  recoveryCodesLeft: number;
}

export interface TwoStepOffer {
  /** Base32, to type into the app when the QR code cannot be scanned. */
  secret: string;
  /** The otpauth:// address the QR code holds. */
  uri: string;
  /** The QR code as a data: URL (SVG). */
  qrCode: string;
}

export interface TwoStepConfirmed {
  recoveryCodes: string[];
}

export interface SessionView {
  current: boolean;
  /** "Firefox on Linux". */
  browser: string;
  /** The start of a keyed hash of the address it signed in from: the same address shows the same letters. */
  address: string;
  createdAt: string;
  lastSeenAt: string;
}

export interface SessionList {
  sessions: SessionView[];
}

export interface InboxSession {
  user: { email: string };
  /** What the account may do: the app shows the leads to `leads`, the editor to `content`. */
  roles: Role[];
  /** Null once every step is done; the API then answers only the calls that step needs. */
  pending: PendingStep | null;
  /** Every form and API payload a lead can come from, for the form filter. */
  forms: Array<{ id: string; title: string }>;
  /** Every urgency a form offers (its stored value), for the urgency filter; titles are the forms' own words. */
  urgencies: Array<{ value: string; title: string }>;
  /** The team's IANA time zone, from the site's reply promise: due times are shown in it. */
  timeZone: string;
  /** Every account's address: whom a lead can be assigned to. */
  team: string[];
}

/** One row of the list. Name, e-mail and urgency are null when the form has no such field, or the lead was erased. */
export interface LeadSummary {
  id: string;
  /** ISO 8601, UTC. */
  createdAt: string;
  formId: string | null;
  formTitle: string;
  name: string | null;
  email: string | null;
  /** The urgency as the form words it (its option title). */
  urgency: string | null;
  status: LeadStatus;
  spam: boolean;
  /** Set once the lead is erased: its fields are gone, this tombstone remains. */
  erased: { at: string; by: string } | null;
  /** When the answer is due by the site's reply promise (ISO 8601); null when the lead has none. */
  dueAt: string | null;
  /** When the lead first left New, which stopped its clock; null while it is New. */
  firstAnsweredAt: string | null;
  /** The team member who owns the lead (an account's address); null when nobody does. */
  assignee: string | null;
  /** Set while the lead is in quarantine: why it was held. */
  quarantine: Quarantine | null;
  /** Set for a lead let through with a doubtful score: what was found; null for every other lead. */
  spamChecks: SpamChecks | null;
  /** Set for a takedown notice request: how many of its hosts were sent and are done (notice-contract.ts). */
  notice?: NoticeProgress;
}

/** The saved views atop the list, each a filter in the address's words. */
export const INBOX_VIEWS = [
  { id: 'mine', label: 'Mine', params: 'owner=mine&status=open' },
  { id: 'unassigned', label: 'Unassigned', params: 'status=open&owner=unassigned' },
  { id: 'soon', label: 'Due soon', params: 'due=soon' },
  { id: 'overdue', label: 'Overdue', params: 'due=overdue' },
  { id: 'new', label: 'New', params: 'status=new' },
  { id: 'spam', label: 'Spam', params: 'spam=only' },
  // Whatever the team marked as spam meanwhile: it is held until released or erased.
  { id: 'quarantine', label: 'Quarantine', params: 'quarantine=only&spam=include' },
] as const;
export type InboxViewId = (typeof INBOX_VIEWS)[number]['id'];

/** The leads each saved view holds now. */
export interface ViewCounts {
  counts: Record<InboxViewId, number>;
  /** The marks the spam filter learned from, and how many of each it needs to vote; null when leads are not scored. */
  spamFilter: SpamFilterMarks | null;
}

/** "Spam" and "Not spam" marks (releases count as the latter) the spam filter learned from. */
export interface SpamFilterMarks {
  spam: number;
  notSpam: number;
  /** Until both reach this, its reason is advice worth 0 points. */
  votesAfter: number;
}

export interface LeadPage {
  leads: LeadSummary[];
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  nextCursor: string | null;
}

export interface LeadField {
  name: string;
  /** As the form labels the field. */
  label: string;
  /** The answer as text (an option's title where the form offers options); shown as text, never as markup. */
  value: string;
}

export interface LeadNote {
  id: string;
  author: string;
  body: string;
  createdAt: string;
}

export interface LeadNotification {
  channel: 'email' | 'auto-reply' | 'webhook' | 'reply';
  rule: string;
  status: 'pending' | 'done' | 'dead';
  attempts: number;
  lastError: string | null;
  createdAt: string;
  finishedAt: string | null;
}

export interface LeadDetail {
  lead: LeadSummary;
  fields: LeadField[];
  /** Where the visitor came from: the form's page, the campaign and the referring site; null when nothing is known. */
  source: LeadSource | null;
  meta: {
    endpoint: string;
    idempotencyKey: string | null;
    userAgent: string | null;
  };
  notes: LeadNote[];
  notifications: LeadNotification[];
  /** The team's replies and the visitor's answers, oldest first; shown as text. */
  messages: LeadMessage[];
  /** Whether the team can reply from the inbox, and to which address. */
  reply: ReplyState;
  /** The team's saved replies (site/replies.yaml), filled with this lead's name, form and links. */
  savedReplies: SavedReplyView[];
  /** Everything that happened to the lead, oldest first: received, then each audited change, reply and answer. */
  timeline: TimelineEvent[];
}

export interface TimelineEvent {
  at: string;
  /** `received`, or the audit action. */
  kind: 'received' | AuditAction;
  /** Who did it: a team member's address, `visitor`, or null when the lead arrived. */
  actor: string | null;
  detail: string;
}

/** A reply the team sent (`out`), or an answer the visitor sent back (`in`). */
export interface LeadMessage {
  id: string;
  direction: 'out' | 'in';
  /** The team member who sent it, or the address the answer came from. */
  author: string;
  subject: string;
  body: string;
  createdAt: string;
}

/** `to` is the visitor's address; `blocked` says in plain words why no reply can be sent, or is null. */
export interface ReplyState {
  to: string | null;
  blocked: string | null;
  /** The subject a reply starts with. */
  subject: string;
}

export interface SavedReplyView {
  id: string;
  title: string;
  subject: string;
  body: string;
}

/** POST body of a reply: plain text, sent from the team's address. */
export interface ReplyRequest {
  subject: string;
  body: string;
}

/** PATCH body: any of them. */
export interface LeadChange {
  status?: LeadStatus;
  spam?: boolean;
  /** An account's address to give the lead to, or null to leave it unowned. */
  assignee?: string | null;
}

export interface NoteRequest {
  body: string;
}

export const AUDIT_ACTIONS = [
  'sign-in',
  'sign-in-failed',
  'lock',
  'sign-out',
  'two-step',
  'view',
  'status',
  'spam',
  'assign',
  'note',
  /** A reply sent to the visitor from the inbox; the visitor's answer that came back. */
  'reply',
  'answer',
  'export',
  'erase',
  /** A lead let out of quarantine: its held notifications sent. */
  'release',
  'account',
  'publish',
  'rollback',
  /** The content editor: a file saved, a file made, a page or article deleted. */
  'save',
  'create',
  'delete',
  /** A takedown notice's host: its status changed, or its notice sent by e-mail. */
  'notice',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export interface AuditEntry {
  id: string;
  at: string;
  /** The account's e-mail address ("unknown account" for a failed sign-in to an address that has none; never the typed text). */
  actor: string;
  action: AuditAction;
  leadId: string | null;
  /** What changed, in words ("status: new → done", "12 leads, filter: status=new"); never a lead's field values. */
  detail: string;
}

export interface AuditPage {
  entries: AuditEntry[];
  nextCursor: string | null;
}
