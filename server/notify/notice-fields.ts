// A takedown notice request as the team reads it outside the notices panel (the new-lead e-mail, the
// CSV export, the lead's "What they sent"): its elements one per line, in the order a notice gives
// them (requester, work, signature, statements, hosts), under the labels the form showed, instead of
// the stored request's nested objects as JSON. The addresses themselves are not listed: a request
// holds up to 1,000, which neither an e-mail nor a spreadsheet cell reads well; each host's count is
// given, and the inbox has the addresses and each host's notice.
import { isNoticeForm } from '../../engine/notices/notice-form';
import { readNoticeRequest } from '../../engine/notices/notice-request';
import type { NoticeRequest } from '../../engine/notices/notice-text';
import type { StoredLead } from '../store/types';
import { optionTitle, type Described } from './plan';
import { oneLine, visibleLines } from './text';

export interface LeadField {
  /** The form's field name (`date` for the day the notice was signed). */
  name: string;
  label: string;
  value: string;
}

/**
 * Labels for what the form shows without a title of its own (the statements are titled by their
 * own words) or does not ask at all (the date is the day of sending).
 */
const OWN_LABELS: Record<string, string> = {
  requesterName: 'Requester',
  email: 'Email',
  telephone: 'Telephone',
  postalAddress: 'Postal address',
  workDescription: 'Work',
  workKind: 'Kind of work',
  authorisedCopy: 'Authorised copy',
  registration: 'Registration number',
  fullName: 'Signed by',
  capacity: 'Signs as',
  authority: 'Authority',
  date: 'Signed on',
  goodFaith: 'Statement of good faith',
  accuracy: 'Statement of accuracy and authority',
  lumenConsent: 'Copy to a public database (Lumen)',
  urls: 'Hosts',
};

/** The fields titled by their own words: the form's title is the statement, not a label. */
const STATEMENTS = new Set(['goodFaith', 'accuracy', 'lumenConsent']);

/** The request a notice lead holds, or null for any other lead (or a notice payload without its hosts). */
export function noticeRequestOfLead(lead: Pick<StoredLead, 'formType' | 'payload'>, form: Described | undefined): NoticeRequest | null {
  if (!(form ? isNoticeForm(form) : lead.formType === 'notice')) return null;
  return readNoticeRequest(lead.payload);
}

/** The hosts with their counts, one a line, after a line with the totals. */
export function hostLines(request: NoticeRequest): string[] {
  const total = request.groups.reduce((sum, g) => sum + g.urls.length, 0);
  const count = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
  const addresses = (n: number) => count(n, 'address', 'addresses');
  return [
    `${addresses(total)} on ${count(request.groups.length, 'host', 'hosts')}`,
    ...request.groups.map((g) => `${g.displayHost === g.host ? g.host : `${g.host} (${g.displayHost})`}: ${addresses(g.urls.length)}`),
  ];
}

/** The request's elements in a notice's order, labelled as the form labels them; empty optional ones left out. */
export function noticeFields(request: NoticeRequest, form: Described | undefined): LeadField[] {
  const properties = (form?.fields.properties ?? {}) as Record<string, { title?: string }>;
  const label = (name: string) => oneLine((!STATEMENTS.has(name) && properties[name]?.title) || OWN_LABELS[name]!, 100);
  const { requester, work, signature, statements } = request;
  const values: Array<[string, string | undefined]> = [
    ['requesterName', requester.name],
    ['email', requester.email],
    ['telephone', requester.telephone],
    ['postalAddress', requester.postalAddress],
    ['workDescription', work.description],
    ['workKind', work.kind],
    ['authorisedCopy', work.authorisedCopy],
    ['registration', work.registration],
    ['fullName', signature.fullName],
    ['capacity', optionTitle(form, 'capacity', signature.capacity)],
    ['authority', signature.authority],
    ['date', signature.date],
    ['goodFaith', statements.goodFaith],
    ['accuracy', statements.accuracy],
    ['lumenConsent', request.lumenConsent ? 'Agreed' : 'Not agreed'],
    ['urls', hostLines(request).join('\n')],
  ];
  return values
    .filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== '')
    .map(([name, value]) => ({ name, label: label(name), value: visibleLines(value) }));
}

/** The labels noticeFields gives a notice form's leads, in their order: the CSV's columns for that form. */
export function noticeFieldLabels(form: Described): string[] {
  const every: NoticeRequest = {
    signature: { fullName: '-', date: '-', capacity: 'authorised', authority: '-' },
    work: { description: '-', kind: '-', authorisedCopy: '-', registration: '-' },
    requester: { name: '-', postalAddress: '-', telephone: '-', email: '-' },
    statements: { goodFaith: '-', accuracy: '-' },
    lumenConsent: true,
    groups: [],
  };
  return noticeFields(every, form).map((f) => f.label);
}
