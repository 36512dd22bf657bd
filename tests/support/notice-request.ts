// A complete takedown notice request as the notice form stores it (form type `notice`, the payload a
// NoticeRequest), its addresses read by readAddressList from a pasted list: for tests that put such
// a lead in a store directly. The statements' words are the template's, read from the site model.
import type { NoticeTemplate } from '../../engine/generated/content';
import type { NoticeRequest } from '../../engine/notices/notice-text';
import { readAddressList } from '../../engine/notices/urls';
import type { NewLead } from '../../server/store/types';

/** How many addresses the list below gives each host, in its order: one host past the 250 a notice holds. */
export const HOST_COUNTS: ReadonlyArray<readonly [string, number]> = [
  ['youtube.com', 260],
  ['instagram.com', 20],
  ['t.me', 10],
  ['copies.example.net', 10],
];

/** 300 addresses over the four hosts, with what a paste holds: duplicates, a fragment, a tracking parameter, refused lines. */
export function noticeList(): string {
  const lines: string[] = [];
  for (const [host, count] of HOST_COUNTS)
    for (let i = 1; i <= count; i++) {
      const path = host === 'youtube.com' ? `/watch?v=clip${i}` : `/p/${host.split('.')[0]}-${i}`;
      lines.push(
        `https://${host}${path}${i % 7 === 0 ? '#t=10' : ''}${i % 11 === 0 ? (path.includes('?') ? '&' : '?') + 'utm_source=x' : ''}`,
      );
    }
  // What is never a notice's address: refused or counted once.
  lines.splice(3, 0, 'https://youtube.com/watch?v=clip1', 'javascript:alert(1)', 'http://192.168.1.20/copy.jpg', '');
  return lines.join('\n');
}

export interface NoticeFacts {
  fullName: string;
  requesterName: string;
  email: string;
  description: string;
  postalAddress: string;
}

export const NOTICE_FACTS: NoticeFacts = {
  fullName: 'Rosa Delgado',
  requesterName: 'Rosa Delgado',
  email: 'rosa@example.com',
  description: 'Night Harbour, a photograph series of 40 images taken in 2024.',
  postalAddress: '12 Quay Street\nPortsmouth PO1 2AB\nUnited Kingdom',
};

/** The stored request: NoticeRequest's fields, the groups as readAddressList makes them. */
export function noticeRequest(template: NoticeTemplate, facts: Partial<NoticeFacts> = {}, list = noticeList()): NoticeRequest {
  const f = { ...NOTICE_FACTS, ...facts };
  const read = readAddressList(list, { ownCopies: ['https://rosa.example.com/night-harbour'] });
  return {
    signature: { fullName: f.fullName, date: '2026-03-01', capacity: 'owner' },
    work: {
      description: f.description,
      kind: 'Photographs',
      authorisedCopy: 'https://rosa.example.com/night-harbour',
      registration: 'VA 2-345-678',
    },
    requester: { name: f.requesterName, postalAddress: f.postalAddress, telephone: '+44 23 9200 0000', email: f.email },
    statements: { goodFaith: template.checkboxes.goodFaith, accuracy: template.checkboxes.accuracy },
    lumenConsent: true,
    groups: read.groups,
  };
}

/** The lead as the notice form would store it. */
export function noticeLead(template: NoticeTemplate, facts: Partial<NoticeFacts> = {}, list?: string): NewLead {
  return {
    endpoint: '/api/leads',
    formType: 'notice',
    payload: { ...noticeRequest(template, facts, list) } as unknown as Record<string, unknown>,
  };
}
