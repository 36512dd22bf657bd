import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Form } from '../../../engine/content/model';
import type { NotifyConfig } from '../../../server/notify/config';
import { readNotifyConfig } from '../../../server/config';
import { describeNotifyConfig } from '../../../server/notify/config';
import { planNotifications, renderSubject, throttleKey, type NotificationRules } from '../../../server/notify/plan';

const SECRET = 'a server secret';
import { oneLine, visibleLines } from '../../../server/notify/text';
import { retryDelay } from '../../../server/notify/worker';

const form = {
  id: 'contact',
  title: 'Send us a message',
  submit: { endpoint: '/api/contact', formType: 'contact', payload: 'contact' },
  fields: {
    type: 'object',
    properties: {
      name: { type: 'string', title: 'Full name' },
      urgency: {
        type: 'string',
        title: 'Urgency',
        oneOf: [
          { const: 'normal', title: 'Normal (24-48 hours)' },
          { const: 'urgent', title: 'Urgent (2-6 hours)' },
        ],
      },
    },
  },
  messages: {},
  autoReply: { subject: 'We received your message', text: 'Thank you.' },
} as unknown as Form;

const config: NotifyConfig = {
  smtpUrl: 'smtp://127.0.0.1:2525',
  mailFrom: 'leads@example.org',
  leadsEmailTo: ['team@example.org'],
  webhookUrl: 'https://hooks.example.org/leads',
  webhookSecret: 'whsec_c2VjcmV0c2VjcmV0c2VjcmV0',
};

const rules: NotificationRules = {
  defaultSubject: 'New lead: {{form}}',
  rules: [
    { id: 'urgent', forms: ['contact'], when: { urgency: ['urgent', 'emergency'] }, to: ['oncall@example.org'], subject: 'Now: {{name}}' },
    { id: 'api', endpoints: ['/api/takedown-request'], subject: 'API: {{email}}' },
  ],
};

const lead = (payload: Record<string, unknown>, extra: Partial<{ endpoint: string; formId: string | null; spam: boolean }> = {}) => ({
  endpoint: '/api/contact',
  formId: 'contact',
  payload,
  spam: false,
  ...extra,
});

describe('which notifications a lead gets', () => {
  it.each([
    [
      'no rule matches: the default to LEADS_EMAIL_TO, the auto-reply and the webhook',
      lead({ name: 'Ann', email: 'ann@example.org', urgency: 'normal' }),
      [
        ['email', 'default', { to: ['team@example.org'], subject: '[Normal (24-48 hours)] New lead: Send us a message' }],
        ['auto-reply', 'auto-reply', { to: 'ann@example.org', subject: 'We received your message', text: 'Thank you.' }],
        ['webhook', 'webhook', {}],
      ],
    ],
    [
      "a rule's condition holds: its own recipients and subject instead of the default",
      lead({ name: 'Ann', email: 'ann@example.org', urgency: 'urgent' }),
      [
        ['email', 'urgent', { to: ['oncall@example.org'], subject: '[Urgent (2-6 hours)] Now: Ann' }],
        ['auto-reply', 'auto-reply', { to: 'ann@example.org', subject: 'We received your message', text: 'Thank you.' }],
        ['webhook', 'webhook', {}],
      ],
    ],
    [
      'a rule by endpoint without recipients: LEADS_EMAIL_TO; no form, so no auto-reply',
      lead({ email: 'api@example.org' }, { endpoint: '/api/takedown-request', formId: null }),
      [
        ['email', 'api', { to: ['team@example.org'], subject: 'API: api@example.org' }],
        ['webhook', 'webhook', {}],
      ],
    ],
    ['spam: only the webhook', lead({ name: 'Bot', email: 'bot@example.org' }, { spam: true }), [['webhook', 'webhook', {}]]],
    [
      'an address that is a list is no address: no auto-reply to it',
      lead({ name: 'Eve', email: 'a@example.org,b@example.org', urgency: 'normal' }),
      [
        ['email', 'default', { to: ['team@example.org'], subject: '[Normal (24-48 hours)] New lead: Send us a message' }],
        ['webhook', 'webhook', {}],
      ],
    ],
  ])('%s', (_label, facts, expected) => {
    const planned = planNotifications(facts, facts.formId ? form : undefined, rules, config, SECRET);
    expect(planned.map((p) => [p.channel, p.rule, p.data])).toEqual(expected);
  });

  it('the auto-reply is throttled per address (case-insensitive) for an hour, by a keyed hash that is not the address', () => {
    const autoReply = (email: string, secret = SECRET) =>
      planNotifications(lead({ email }), form, rules, { ...config, leadsEmailTo: [], webhookUrl: null }, secret).find(
        (p) => p.channel === 'auto-reply',
      )!;
    const a = autoReply('Ann@Example.org');
    expect(a.throttle).toEqual(autoReply('ann@example.org').throttle);
    expect(a.throttle!.seconds).toBe(3600);
    expect(a.throttle!.key).not.toContain('ann');
    // Not the plain SHA-256 of the address, which anyone could compute from a list of addresses.
    expect(a.throttle!.key).not.toContain(createHash('sha256').update('ann@example.org').digest('base64url'));
    expect(a.throttle!.key).toBe(throttleKey('ann@example.org', SECRET));
    expect(autoReply('ann@example.org', 'another server secret').throttle!.key).not.toBe(a.throttle!.key);
  });

  it('without a mail server, nothing but the webhook', () => {
    expect(
      planNotifications(lead({ email: 'ann@example.org' }), form, rules, { ...config, smtpUrl: null }, SECRET).map((p) => p.channel),
    ).toEqual(['webhook']);
  });
});

describe('subjects', () => {
  it.each([
    ['{{name}} wrote', { name: 'Ann\r\nBcc: x@example.org' }, 'Ann Bcc: x@example.org wrote'],
    ['{{name}}', { name: 'x'.repeat(200) }, `${'x'.repeat(79)}…`],
    ['{{ name }} / {{missing}}', { name: 'Ann' }, 'Ann /'],
    ['{{name}}', { name: 'abc\u202Etxt.exe' }, 'abc\\u202Etxt.exe'],
    ['{{form}}', {}, 'Send us a message'],
  ])('%j with %j is %j', (template, payload, expected) => {
    expect(renderSubject(template, lead(payload), form)).toBe(expected);
  });
});

describe('lead text in e-mails', () => {
  it.each([
    ['line breaks and tabs become spaces on one line', 'a\r\nb\tc', 'a b c'],
    ['invisible characters are shown', '\u200Bx\u009B', '\\u200Bx\\u009B'],
  ])('oneLine: %s', (_label, text, expected) => {
    expect(oneLine(text, 100)).toBe(expected);
  });

  it('visibleLines keeps line breaks (CRLF and CR as LF) and shows the rest', () => {
    expect(visibleLines('one\r\ntwo\rthree\u202E')).toBe('one\ntwo\nthree\\u202E');
  });
});

describe('retry waits', () => {
  const policy = { baseMs: 10_000, maxMs: 1_800_000, giveUpAfterMs: 86_400_000 };
  it.each([
    [1, 0, 5_000],
    [1, 1, 10_000],
    [2, 1, 20_000],
    [4, 0.5, 60_000],
    [20, 1, 1_800_000],
  ])('after attempt %i with random %d: %i ms', (attempts, random, expected) => {
    expect(retryDelay(attempts, policy, () => random)).toBe(expected);
  });
});

describe('the environment', () => {
  it('says in one line that notifications are off when nothing is set', () => {
    const { config: off, problems } = readNotifyConfig({});
    expect(problems).toEqual([]);
    expect(describeNotifyConfig(off)).toMatch(/^Notifications are off: set SMTP_URL/);
  });

  it('names the channels without the password', () => {
    const { config: on } = readNotifyConfig({
      SMTP_URL: 'smtps://leads:hunter2@smtp.example.org:465',
      MAIL_FROM: 'leads@example.org',
      WEBHOOK_URL: 'https://hooks.example.org/x?token=abc',
      WEBHOOK_SECRET: 'whsec_c2VjcmV0c2VjcmV0c2VjcmV0',
    });
    const line = describeNotifyConfig(on);
    expect(line).toBe(
      'Notifications are on: e-mail through smtp.example.org:465 from leads@example.org; webhooks to https://hooks.example.org.',
    );
    expect(line).not.toContain('hunter2');
  });

  it('a list in LEADS_EMAIL_TO is split; a bad address is named', () => {
    const { config: c, problems } = readNotifyConfig({ LEADS_EMAIL_TO: 'a@example.org, b@example.org,,not-an-address' });
    expect(c.leadsEmailTo).toEqual(['a@example.org', 'b@example.org', 'not-an-address']);
    expect(problems).toEqual(['LEADS_EMAIL_TO must be e-mail addresses separated by commas; these are not: not-an-address.']);
  });
});
