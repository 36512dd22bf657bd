import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import type { NoticeRecipient, NoticeTemplate } from '../../../engine/generated/content';
import { URLS_PER_NOTICE, fillBlock, noticesFor, type NoticeRequest } from '../../../engine/notices/notice-text';
import { recipientFor } from '../../../engine/notices/recipients';
import { readAddressList } from '../../../engine/notices/urls';
import { model } from '../../support/site-pages';

const fixture: NoticeTemplate = parse(readFileSync(new URL('../../fixtures/notices/template.yaml', import.meta.url), 'utf8'));

const directory: NoticeRecipient[] = [
  { id: 'tube', name: 'Tube Video Inc.', hosts: ['tube.example', 'tu.be'], email: 'dmca@tube.example' },
  { id: 'pages', name: 'Pages Hosting', hosts: ['pages.example'], webForm: 'https://pages.example/dmca' },
  { id: 'special', name: 'Special Pages Team', hosts: ['special.pages.example'], webForm: 'https://pages.example/special' },
];

function request(urls: string, changes: Partial<NoticeRequest> = {}): NoticeRequest {
  return {
    signature: {
      fullName: 'Dana Q. Writer',
      date: '2026-11-28',
      capacity: 'authorised',
      authority: 'Licensing manager of Riverside Press',
    },
    work: {
      description: 'The novel "Salt Roads" (2024), all 31 chapters.\nThe cover art by the same author.',
      kind: 'Literary work',
      authorisedCopy: 'https://riverside.example/salt-roads',
      registration: 'TX 9-876-543',
    },
    requester: {
      name: 'Riverside Press LLC',
      postalAddress: '12 Quay Street\nPortland, OR 97201\nUSA',
      telephone: '+1 503 555 0100',
      email: 'rights@riverside.example',
    },
    statements: { goodFaith: fixture.checkboxes.goodFaith, accuracy: fixture.checkboxes.accuracy },
    lumenConsent: true,
    groups: readAddressList(urls).groups,
    ...changes,
  };
}

describe('recipientFor', () => {
  it.each([
    ['tube.example', 'tube'],
    ['www.tube.example', 'tube'],
    ['m.tube.example', 'tube'],
    ['tu.be', 'tube'],
    ['pages.example', 'pages'],
    ['blog.pages.example', 'pages'],
    ['special.pages.example', 'special'],
    ['a.special.pages.example', 'special'],
    ['nottube.example', 'unknown'],
    ['tube.example.evil.example', 'unknown'],
  ])('%s → %s', (host, id) => {
    const found = recipientFor(host, directory);
    expect(found === 'unknown' ? found : found.id).toBe(id);
  });

  it('finds a recipient in the site’s directory for the platforms the site names', () => {
    const entryOf = (host: string) => {
      const found = recipientFor(host, model!.noticeRecipients);
      return found === 'unknown' ? found : found.id;
    };
    const hosts = ['youtube.com', 'instagram.com', 'tiktok.com', 'facebook.com', 'x.com', 'google.com', 'cloudflare.com', 'amazon.com'];
    for (const host of hosts) expect(entryOf(host), host).not.toBe('unknown');
    expect(new Set(hosts.map(entryOf)).size).toBe(hosts.length);
    for (const [alias, host] of [
      ['www.youtube.com', 'youtube.com'],
      ['m.youtube.com', 'youtube.com'],
      ['youtu.be', 'youtube.com'],
      ['twitter.com', 'x.com'],
      ['mobile.twitter.com', 'x.com'],
      ['www.instagram.com', 'instagram.com'],
    ])
      expect(entryOf(alias), alias).toBe(entryOf(host));
    expect(entryOf('files.unknown-host.example')).toBe('unknown');
  });
});

describe('fillBlock', () => {
  it('fills placeholders and leaves out a line whose placeholders are all empty', () => {
    expect(
      fillBlock('A {{host}}\nReg: {{registration}}\nB {{host}} {{registration}}\nplain\n', { host: 'h.example', registration: '' }),
    ).toBe('A h.example\nB h.example \nplain');
  });

  it('does not read a placeholder in a filled value', () => {
    expect(fillBlock('{{requesterName}} / {{email}}', { requesterName: '{{email}}', email: 'a@b.example' })).toBe(
      '{{email}} / a@b.example',
    );
  });
});

describe('noticesFor: the notice text', () => {
  it('matches the golden text for two hosts, one of them without a recipient', async () => {
    const notices = noticesFor(
      request('https://www.tube.example/watch?v=1&utm_source=x\nhttps://files.unknown.example/salt-roads.pdf\nhttps://tu.be/2#t=3'),
      directory,
      fixture,
    );
    expect(notices.map((n) => [n.host, n.recipient === 'unknown' ? 'unknown' : n.recipient.id, n.part, n.parts])).toEqual([
      ['www.tube.example', 'tube', 1, 1],
      ['files.unknown.example', 'unknown', 1, 1],
      ['tu.be', 'tube', 1, 1],
    ]);
    const text = notices.map((n) => `Subject: ${n.subject}\n\n${n.body}`).join('\n-----\n\n');
    await expect(text).toMatchFileSnapshot('../../fixtures/notices/notice.golden.txt');
  });

  it('leaves out an empty registration number and says when the owner signs', () => {
    const [notice] = noticesFor(
      request('https://tube.example/1', {
        work: { description: 'A photograph.', kind: 'Photograph', authorisedCopy: 'https://riverside.example/photo' },
        signature: { fullName: 'Dana Q. Writer', date: '2026-11-28', capacity: 'owner' },
        lumenConsent: false,
      }),
      directory,
      fixture,
    );
    const lines = notice!.body.split('\n');
    expect(lines.some((line) => line.startsWith('Registration'))).toBe(false);
    expect(lines).toContain(`Dana Q. Writer, ${fixture.capacity.owner}`);
    expect(lines).toContain(fixture.lumen.withheld);
    expect(lines).not.toContain(fixture.lumen.given);
  });

  it(`splits 600 addresses of one host into notices of ${URLS_PER_NOTICE}, ${URLS_PER_NOTICE} and 100, numbered`, () => {
    const urls = Array.from({ length: 600 }, (_, i) => `https://tube.example/watch/${i}`);
    const notices = noticesFor(request(urls.join('\n')), directory, fixture);
    expect(notices.map((n) => [n.part, n.parts, n.urls.length])).toEqual([
      [1, 3, 250],
      [2, 3, 250],
      [3, 3, 100],
    ]);
    expect(notices.flatMap((n) => n.urls)).toEqual(urls);
    expect(notices.map((n) => n.subject)).toEqual([1, 2, 3].map((part) => `Infringement notice: tube.example (part ${part} of 3)`));
    notices.forEach((notice, i) => {
      expect(notice.body).toContain(`This is part ${i + 1} of 3.`);
      expect(notice.body).toContain(`MATERIAL (count: ${notice.urls.length})\n${notice.urls.join('\n')}\n`);
      const others = urls.filter((url) => !notice.urls.includes(url));
      for (const url of others) expect(notice.body.split('\n')).not.toContain(url);
    });
  });

  it('a notice in one part says nothing of parts', () => {
    const [notice] = noticesFor(request('https://tube.example/1'), directory, fixture);
    expect(notice!.subject).toBe('Infringement notice: tube.example');
    expect(notice!.body).not.toContain('This is');
  });

  it('keeps what the visitor typed out of the subject and off new lines of the body', () => {
    const hostile = request('https://tube.example/1', {
      requester: {
        name: 'Riverside\r\nBcc: victim@example.com',
        postalAddress: '12 Quay Street\r\nPortland',
        telephone: '555\u0000\u202E0100',
        email: 'rights@riverside.example\nSubject: other',
      },
    });
    const [notice] = noticesFor(hostile, directory, { ...fixture, subject: 'Notice {{host}} {{requesterName}}' });
    expect(notice!.subject).toBe('Notice tube.example Riverside Bcc: victim@example.com');
    expect(notice!.subject).not.toMatch(/[\r\n]/);
    const lines = notice!.body.split('\n');
    expect(lines.some((line) => /^(Bcc|Subject):/.test(line))).toBe(false);
    expect(lines).toContain('Riverside Bcc: victim@example.com');
    expect(lines).toContain('Tel. 5550100');
    expect(notice!.body).not.toMatch(/\r/);
  });
});

describe('noticesFor: every element in every part, with the site’s template', () => {
  const template = model!.noticeTemplate!;
  const urls = Array.from({ length: 520 }, (_, i) => `https://www.youtube.com/watch?v=clip${i}`);
  const base = request([...urls, 'https://files.unknown-host.example/copy.pdf'].join('\n'), {
    statements: { goodFaith: template.checkboxes.goodFaith, accuracy: template.checkboxes.accuracy },
  });
  const notices = noticesFor(base, model!.noticeRecipients, template);

  it('makes three parts for YouTube and one for the unknown host', () => {
    expect(notices.map((n) => [n.host, n.part, n.parts, n.urls.length])).toEqual([
      ['www.youtube.com', 1, 3, 250],
      ['www.youtube.com', 2, 3, 250],
      ['www.youtube.com', 3, 3, 20],
      ['files.unknown-host.example', 1, 1, 1],
    ]);
    expect(notices[3]!.recipient).toBe('unknown');
  });

  it.each([0, 1, 2, 3])('part %i holds every element, in the order of §512(c)(3)(A) with the signature last', (index) => {
    const notice = notices[index]!;
    const { body } = notice;
    const recipientName =
      notice.recipient === 'unknown' ? fillBlock(template.unknownRecipient, { host: notice.host }) : notice.recipient.name;
    const inOrder = [
      recipientName,
      base.work.description,
      base.work.kind,
      base.work.authorisedCopy,
      base.work.registration!,
      notice.urls.join('\n'),
      base.requester.name,
      base.requester.postalAddress,
      base.requester.telephone,
      base.requester.email,
      template.checkboxes.goodFaith,
      template.checkboxes.accuracy,
      template.lumen.given,
      base.signature.fullName,
      base.signature.authority!,
      'November 28, 2026',
    ];
    let from = 0;
    for (const element of inOrder) {
      const at = body.indexOf(element, from);
      expect(at, element).toBeGreaterThanOrEqual(from);
      from = at + element.length;
    }
    expect(notice.subject).toContain(notice.host);
    expect(notice.subject).not.toMatch(/[\r\n]/);
    expect(body).not.toMatch(/\{\{|<[a-z]/i);
  });
});
