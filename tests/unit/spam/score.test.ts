import { describe, expect, it, vi } from 'vitest';
import { createSpamScorer, freeTexts, messageHashOf } from '../../../server/spam/score';
import { DEFAULT_SPAM_WEIGHTS, readFreeText } from '../../../server/spam/signals';
import { messageFromChoices, type SubmissionRules } from '../../../engine/forms/payload';

const form = {
  id: 'contact',
  title: 'Contact',
  submit: { endpoint: '/api/contact', formType: 'contact' },
  fields: {
    type: 'object',
    properties: {
      name: { type: 'string' },
      email: { type: 'string', format: 'email' },
      website: { type: 'string', format: 'uri' },
      urgency: { type: 'string', oneOf: [{ const: 'normal' }] },
      message: { type: 'string' },
    },
  },
  ui: { message: { 'ui:widget': 'textarea' } },
} as unknown as SubmissionRules;

const genuine = {
  name: 'Dana Reyes',
  email: 'dana@studio.example',
  website: 'https://a.example/1',
  urgency: 'normal',
  message: 'Someone copied my photographs to https://copies.example/gallery without asking. Please help me take them down.',
};
const spammy = {
  ...genuine,
  message: `Best SEO services for your casino site, guest post and backlinks: ${Array.from({ length: 6 }, (_, i) => `https://spam.example/${i}`).join(' ')}`,
};

function scorer(opts: { others?: number; receives?: 'yes' | 'no' | 'unknown'; threshold?: number } = {}) {
  const countSameMessage = vi.fn(async () => opts.others ?? 0);
  const mailDomain = vi.fn(async () => opts.receives ?? 'yes');
  const score = createSpamScorer({
    weights: DEFAULT_SPAM_WEIGHTS,
    threshold: opts.threshold ?? 5,
    language: 'en',
    words: ['casino', 'guest post', 'backlinks', 'seo services'],
    countSameMessage,
    mailDomain,
  });
  return { score, countSameMessage, mailDomain };
}

describe('the spam score', () => {
  it.each([
    ['a genuine request', genuine, {}, [], false],
    ['listed words and many links', spammy, {}, ['words', 'links'], true],
    ['an address whose domain takes no mail, alone', genuine, { receives: 'no' }, ['mail-domain'], false],
    ['a DNS that did not answer', genuine, { receives: 'unknown' }, [], false],
    ['the same message from two other addresses', genuine, { others: 2 }, ['same-message'], true],
    ['the same message from one other address', genuine, { others: 1 }, [], false],
    [
      'a message in another script, from a domain that takes no mail',
      { ...genuine, message: 'Здравствуйте, предлагаем услуги продвижения сайта недорого и быстро' },
      { receives: 'no' },
      ['script', 'mail-domain'],
      true,
    ],
  ] as const)('%s: %j, quarantined %s', async (_what, payload, opts, codes, quarantined) => {
    const verdict = await scorer(opts).score({ form, payload });
    expect(verdict.reasons.map((r) => r.code).sort()).toEqual([...codes].sort());
    expect(verdict.score).toBe(verdict.reasons.reduce((sum, r) => sum + r.weight, 0));
    expect(verdict.quarantined).toBe(quarantined);
    // Heaviest first, each with what was found.
    expect(verdict.reasons.map((r) => r.weight)).toEqual([...verdict.reasons.map((r) => r.weight)].sort((a, b) => b - a));
    for (const r of verdict.reasons) expect(r.detail.length).toBeGreaterThan(0);
  });

  it('reads only what was typed freely: not the address, a link field or a choice', () => {
    expect(freeTexts(form, genuine)).toEqual({ all: [genuine.name, genuine.message], messages: [genuine.message] });
  });

  it('leaves out the message a form wrote from the visitor’s choices: many choose alike, and that is no campaign', async () => {
    const quote = {
      ...form,
      id: 'quote',
      submit: { endpoint: '/api/contact', formType: 'quote', payload: 'contact', messageFrom: ['artType', 'platform'] },
      fields: {
        type: 'object',
        properties: {
          ...form.fields.properties,
          artType: { type: 'string', title: 'Type of art', oneOf: [{ const: 'illustrations' }] },
          platform: { type: 'string', title: 'Main platform', oneOf: [{ const: 'instagram' }] },
        },
      },
    } as unknown as SubmissionRules;
    const chosen = { name: 'Dana Reyes', email: 'dana@studio.example', artType: 'illustrations', platform: 'instagram' };
    const composed = { ...chosen, message: messageFromChoices(quote, chosen) };
    expect(composed.message.length).toBeGreaterThan(40);
    expect(freeTexts(quote, composed).messages).toEqual([]);
    const s = scorer({ others: 5 });
    const verdict = await s.score({ form: quote, payload: composed });
    expect(verdict.messageHash).toBeNull();
    expect(verdict.quarantined).toBe(false);
    // What a visitor typed is still read, and counted when the same text comes from many addresses.
    const typed = { ...chosen, message: 'I draw book covers and they keep turning up on print shops. What would monitoring cost?' };
    expect(freeTexts(quote, typed).messages).toEqual([typed.message]);
    expect((await s.score({ form: quote, payload: typed })).reasons.map((r) => r.code)).toEqual(['same-message']);
  });

  it('hashes a message by its words, and not a short one', () => {
    expect(messageHashOf([readFreeText('Hello,   WORLD! This is the same message, word for word.')])).toBe(
      messageHashOf([readFreeText('hello world this is the same message word for word')]),
    );
    expect(messageHashOf([readFreeText('Call me back.')])).toBeNull();
  });

  it('asks about the domain after the @ only, and nothing when there is no address', async () => {
    const s = scorer();
    await s.score({ form, payload: genuine });
    expect(s.mailDomain).toHaveBeenCalledWith('studio.example');
    await s.score({ form, payload: { ...genuine, email: undefined } });
    expect(s.mailDomain).toHaveBeenCalledTimes(1);
  });

  it('with the mail check off, makes no DNS question at all', async () => {
    const countSameMessage = vi.fn(async () => 0);
    const score = createSpamScorer({ weights: DEFAULT_SPAM_WEIGHTS, threshold: 5, language: 'en', words: [], countSameMessage });
    expect((await score({ form, payload: genuine })).reasons).toEqual([]);
  });
});
