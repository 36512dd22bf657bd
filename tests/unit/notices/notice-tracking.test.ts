// What the inbox's notice screens rest on: a stored payload read back as a request, the
// counter-notice's restore window in business days, and a template whose subject (an e-mail header
// once sent) can name nothing the visitor typed.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { addBusinessDays, removalBand, restoreWindow, REMOVAL_BANDS } from '../../../contracts/notice-contract';
import { loadSite } from '../../../engine/content/load-site';
import { formatProblem } from '../../../engine/content/problem';
import { noticeHosts, readNoticeRequest } from '../../../engine/notices/notice-request';
import { readSchemas } from '../../../scripts/read-project';
import { noticeFileName } from '../../../server/admin/notice-view';
import { minimalSite } from '../../fixtures/minimal-site';
import { noticeRequest } from '../../support/notice-request';

const schemas = readSchemas();
const TEMPLATE = 'site/data/notice-template.yaml';
const fixtureTemplate = readFileSync(new URL('../../fixtures/notices/template.yaml', import.meta.url), 'utf8');
const { model } = loadSite(minimalSite({ [TEMPLATE]: fixtureTemplate }), schemas);
const template = model!.noticeTemplate!;

describe('a stored notice request', () => {
  it('reads back as the request it was', () => {
    const request = noticeRequest(template);
    expect(readNoticeRequest(JSON.parse(JSON.stringify(request)))).toEqual(request);
    expect(noticeHosts(request)).toEqual(request.groups.map((g) => g.host));
  });

  it.each([
    ['no groups', { name: 'Ann' }],
    ['empty groups', { groups: [] }],
    ['a group without addresses', { groups: [{ host: 'a.example' }] }],
    ['an address that is no text', { groups: [{ host: 'a.example', urls: [1] }] }],
    [
      'a host twice',
      {
        groups: [
          { host: 'a.example', urls: [] },
          { host: 'a.example', urls: [] },
        ],
      },
    ],
    ['no object', 'groups'],
  ])('is no request with %s', (_what, payload) => {
    expect(readNoticeRequest(payload)).toBeNull();
    expect(noticeHosts(payload)).toEqual([]);
  });

  it('reads a missing or mistyped text as empty, and only "authorised" as an agent signing', () => {
    const read = readNoticeRequest({
      groups: [{ host: 'a.example', urls: ['https://a.example/1'] }],
      requester: { name: 7 },
      lumenConsent: 'yes',
    });
    expect(read).toMatchObject({
      requester: { name: '', email: '' },
      signature: { capacity: 'owner' },
      lumenConsent: false,
      groups: [{ host: 'a.example', displayHost: 'a.example', urls: ['https://a.example/1'] }],
    });
  });
});

describe('business days', () => {
  it.each([
    ['2026-03-02', 1, '2026-03-03'], // Monday → Tuesday
    ['2026-03-06', 1, '2026-03-09'], // Friday → Monday
    ['2026-03-07', 1, '2026-03-09'], // Saturday → Monday
    ['2026-03-02', 10, '2026-03-16'],
    ['2026-03-02', 14, '2026-03-20'],
    ['2026-12-30', 3, '2027-01-04'],
  ])('%s plus %i is %s', (day, count, expected) => {
    expect(addBusinessDays(day, count)).toBe(expected);
  });

  it('puts a counter-notice’s restore window 10 to 14 business days after it arrived', () => {
    expect(restoreWindow('2026-03-06')).toEqual({ earliest: '2026-03-20', latest: '2026-03-26' });
  });

  it('bands days to removal with the last band open-ended', () => {
    expect([0, 3, 4, 7, 8, 14, 15, 30, 31, 400].map(removalBand)).toEqual([0, 0, 1, 1, 2, 2, 3, 3, 4, 4]);
    expect(REMOVAL_BANDS).toHaveLength(5);
  });
});

describe('a notice’s subject', () => {
  it.each(['requesterName', 'fullName', 'workDescription', 'email'])('may not name {{%s}}, which the visitor typed', (name) => {
    const text = fixtureTemplate.replace("subject: 'Infringement notice: {{host}}'", `subject: 'Notice from {{${name}}}: {{host}}'`);
    const { problems } = loadSite(minimalSite({ [TEMPLATE]: text }), schemas);
    expect(problems.map(formatProblem)).toEqual([
      expect.stringMatching(new RegExp(`^${TEMPLATE}:\\d+:\\d+ subject: \\{\\{${name}\\}\\} cannot`)),
    ]);
  });

  it('may name the host and the part, as the site’s template does', () => {
    expect(loadSite(minimalSite({ [TEMPLATE]: fixtureTemplate }), schemas).problems).toEqual([]);
  });
});

describe('a download’s file name', () => {
  it('keeps letters, digits, dots and hyphens of the host only', () => {
    expect(noticeFileName('youtube.com', 1, 1)).toBe('notice-youtube.com.txt');
    expect(noticeFileName('xn--bcher-kva.example', 2, 3)).toBe('notice-xn--bcher-kva.example-part-2-of-3.txt');
    expect(noticeFileName('[2001:db8::1]', 1, 1)).toBe('notice-_2001_db8__1_.txt');
  });
});
