// A takedown request made into the notices the team sends: one per host, split into parts of at most
// URLS_PER_NOTICE addresses, each a subject line and a plain-text body holding every element of
// 17 U.S.C. §512(c)(3)(A), worded by site/data/notice-template.yaml. Plain text only: nothing here
// is ever HTML, and the subject is one line whatever the visitor typed.
import type { NoticeTemplate } from '../generated/content';
import { formatLongDate } from '../sections/long-date';
import { recipientFor, type NoticeRecipient } from './recipients';
import type { HostGroup } from './urls';

/** At most this many addresses in one notice (Cloudflare's limit per report, and a size every recipient reads). */
export const URLS_PER_NOTICE = 250;

/** What a template's blocks may name as {{placeholder}} (engine/content/file-rules.ts refuses any other). */
export const NOTICE_PLACEHOLDERS = [
  'host',
  'recipient',
  'part',
  'parts',
  'partLabel',
  'count',
  'urls',
  'workDescription',
  'workKind',
  'authorisedCopy',
  'registration',
  'requesterName',
  'postalAddress',
  'telephone',
  'email',
  'goodFaith',
  'accuracy',
  'fullName',
  'capacity',
  'authority',
  'date',
] as const;

export type NoticePlaceholder = (typeof NOTICE_PLACEHOLDERS)[number];

/** A {{placeholder}} in a template's text. */
export const NOTICE_PLACEHOLDER = /\{\{\s*([A-Za-z]+)\s*\}\}/g;

/** A complete takedown request, as the request form stores it. */
export interface NoticeRequest {
  /** Element (i): the signer's full name as typed, the day they signed (YYYY-MM-DD), and in what capacity. */
  signature: { fullName: string; date: string; capacity: 'owner' | 'authorised'; authority?: string };
  /** Element (ii): the copyrighted work. */
  work: { description: string; kind: string; authorisedCopy: string; registration?: string };
  /** Element (iv): the complaining party. */
  requester: { name: string; postalAddress: string; telephone: string; email: string };
  /** Elements (v) and (vi), in the words the signer agreed to (the template's checkboxes as they were shown). */
  statements: { goodFaith: string; accuracy: string };
  /** Whether the requester agreed that a copy may be shared with a public database such as Lumen. */
  lumenConsent: boolean;
  /** Element (iii): the accepted addresses by host, as readAddressList groups them. */
  groups: readonly HostGroup[];
}

/** One notice for one host, or one part of a host's notice. */
export interface Notice {
  host: string;
  recipient: NoticeRecipient | 'unknown';
  /** 1-based; `parts` is 1 when the host's addresses fit in one notice. */
  part: number;
  parts: number;
  urls: string[];
  subject: string;
  body: string;
}

type Values = Partial<Record<NoticePlaceholder, string>>;

// Control characters (C0, DEL, C1), line and paragraph separators, and the bidirectional overrides
// and isolates that make text read in another order than it is written.
const CONTROL = /[\p{Cc}\p{Zl}\p{Zp}\u202A-\u202E\u2066-\u2069]/gu;

/** A visitor's text as plain text: line ends as \n, no control characters but tabs and line ends, no blank edges. */
function plain(text: string | undefined): string {
  return (text ?? '')
    .replace(/\r\n?/g, '\n')
    .replace(CONTROL, (char) => (char === '\n' || char === '\t' ? char : ''))
    .trim();
}

/** A visitor's text on one line: every run of spaces, tabs and line breaks is one space. */
function oneLine(text: string | undefined): string {
  return plain(text)
    .split(/\s+/)
    .filter((word) => word !== '')
    .join(' ');
}

/**
 * A template block with its placeholders filled. A line whose placeholders are all empty is left
 * out (a registration line without a number); a value of several lines keeps them.
 */
export function fillBlock(block: string, values: Values): string {
  const fill = (line: string) => line.replace(NOTICE_PLACEHOLDER, (token, name: string) => values[name as NoticePlaceholder] ?? token);
  return block
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .filter((line) => {
      const names = [...line.matchAll(NOTICE_PLACEHOLDER)].map((m) => m[1] as NoticePlaceholder);
      return names.length === 0 || names.some((name) => (values[name] ?? '') !== '');
    })
    .map(fill)
    .join('\n')
    .trimEnd();
}

/** The request's values, those every notice of it shares. */
function requestValues(request: NoticeRequest, template: NoticeTemplate): Values {
  const authority = oneLine(request.signature.authority);
  const values: Values = {
    workDescription: plain(request.work.description),
    workKind: oneLine(request.work.kind),
    authorisedCopy: oneLine(request.work.authorisedCopy),
    registration: oneLine(request.work.registration),
    requesterName: oneLine(request.requester.name),
    postalAddress: plain(request.requester.postalAddress),
    telephone: oneLine(request.requester.telephone),
    email: oneLine(request.requester.email),
    goodFaith: plain(request.statements.goodFaith),
    accuracy: plain(request.statements.accuracy),
    fullName: oneLine(request.signature.fullName),
    authority,
    date: formatLongDate(oneLine(request.signature.date)),
  };
  const capacity = request.signature.capacity === 'owner' ? template.capacity.owner : template.capacity.authorised;
  return { ...values, capacity: oneLine(fillBlock(capacity, values)) };
}

/** The subject line: one line, never a line break or control character, whatever the values hold. */
function subjectLine(text: string): string {
  return oneLine(text.replace(CONTROL, ' '));
}

/**
 * The notices for a request: for each host in the order given, its addresses in parts of at most
 * URLS_PER_NOTICE ("part 1 of 3" when split), each addressed to the host's recipient in `directory`
 * (or the template's words for an unknown one) and holding every element of the request.
 */
export function noticesFor(request: NoticeRequest, directory: readonly NoticeRecipient[], template: NoticeTemplate): Notice[] {
  const shared = requestValues(request, template);
  const lumen = request.lumenConsent ? template.lumen.given : template.lumen.withheld;
  return request.groups.flatMap((group) => {
    const recipient = recipientFor(group.host, directory);
    const parts = Math.ceil(group.urls.length / URLS_PER_NOTICE);
    const hostValues: Values = { ...shared, host: group.host, parts: String(parts) };
    hostValues.recipient = recipient === 'unknown' ? oneLine(fillBlock(template.unknownRecipient, hostValues)) : recipient.name;
    return Array.from({ length: parts }, (_, i) => {
      const urls = group.urls.slice(i * URLS_PER_NOTICE, (i + 1) * URLS_PER_NOTICE);
      const part: Values = { ...hostValues, part: String(i + 1), count: urls.length.toLocaleString('en-US'), urls: urls.join('\n') };
      part.partLabel = parts > 1 ? fillBlock(template.partLabel, part) : '';
      const blocks = [template.opening, template.work, template.material, template.contact, template.statements, lumen, template.signature];
      const subject = subjectLine(fillBlock(template.subject, part) + (parts > 1 ? ` (${part.partLabel})` : ''));
      const body = `${blocks.map((block) => fillBlock(block, part)).join('\n\n')}\n`;
      return { host: group.host, recipient, part: i + 1, parts, urls, subject, body };
    });
  });
}
