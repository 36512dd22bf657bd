import { describe, expect, it } from 'vitest';
import { buildPayload, messageFor, payloadSchema, preparedValues } from '../../../engine/forms/payload';
import type { Form } from '../../../engine/generated/content';

function form(submit: Partial<Form['submit']>, extra: Partial<Form> = {}): Form {
  return {
    id: 'test-form',
    title: 'Test',
    submit: { endpoint: '/api/contact', formType: 'contact', payload: 'contact', ...submit },
    fields: {
      type: 'object',
      required: ['email'],
      properties: {
        name: { type: 'string', title: 'Full name' },
        fullName: { type: 'string', title: 'Full name' },
        email: { type: 'string', title: 'Email address' },
        details: { type: 'string', title: 'Details' },
        company: { type: 'string', title: 'Company' },
        website: { type: 'string', title: 'Website' },
        plan: { type: 'string', title: 'Plan' },
      },
    },
    errors: { show: 'after-submit' },
    buttons: { idle: 'Send', sending: 'Sending...' },
    result: { success: { show: 'banner' }, failure: { show: 'banner' }, resetOnSuccess: true },
    messages: {},
    ...extra,
  } as unknown as Form;
}

describe('buildPayload for /api/contact (spec 000 §7)', () => {
  it('name falls back to fullName, then to Anonymous', () => {
    expect(buildPayload(form({}), { fullName: 'Ada Lovelace', email: 'a@b.co' }).name).toBe('Ada Lovelace');
    expect(buildPayload(form({}), { email: 'a@b.co' }).name).toBe('Anonymous');
  });

  it('subject defaults by form type', () => {
    const subjects = Object.fromEntries(
      (['contact', 'consultation', 'newsletter', 'quote'] as const).map((formType) => [
        formType,
        buildPayload(form({ formType }), { email: 'a@b.co' }).subject,
      ]),
    );
    expect(subjects).toEqual({
      contact: 'Contact Form Submission',
      consultation: 'Legal Consultation Request',
      newsletter: 'Newsletter Subscription',
      quote: 'Service Quote Request',
    });
    expect(buildPayload(form({ subjectFallback: 'General Inquiry' }), { email: 'a@b.co' }).subject).toBe('General Inquiry');
  });

  it('message comes from message or details, a newsletter text, the listed fields, else No message provided', () => {
    expect(buildPayload(form({}), { email: 'a@b.co', details: 'Please help' }).message).toBe('Please help');
    expect(buildPayload(form({ formType: 'newsletter' }), { email: 'a@b.co' }).message).toBe('Newsletter subscription request');
    expect(
      buildPayload(form({ messageFrom: ['website', 'plan'] }), { email: 'a@b.co', website: 'https://x.example', plan: 'Pro' }).message,
    ).toBe('Website: https://x.example\nPlan: Pro');
    expect(buildPayload(form({}), { email: 'a@b.co' }).message).toBe('No message provided');
  });

  it('serviceInterest comes from the named field, else the form type; listed fields pass through', () => {
    const body = buildPayload(form({ formType: 'quote', serviceInterestFrom: 'plan', passThrough: ['company'] }), {
      email: 'a@b.co',
      plan: 'enterprise',
      company: 'Acme',
    });
    expect(body).toEqual({
      name: 'Anonymous',
      email: 'a@b.co',
      subject: 'Service Quote Request',
      message: 'No message provided',
      serviceInterest: 'enterprise',
      company: 'Acme',
    });
    expect(buildPayload(form({ formType: 'quote' }), { email: 'a@b.co' }).serviceInterest).toBe('quote');
  });
});

describe('buildPayload as-is', () => {
  it('sends the fields with their own names, trimmed, without empty or omitted ones', () => {
    const f = form({ endpoint: '/api/takedown-request', payload: 'as-is', omit: ['details'] }, { trim: ['name'] } as Partial<Form>);
    expect(buildPayload(f, { name: '  Ada ', email: 'a@b.co', details: 'x', company: '' })).toEqual({ name: 'Ada', email: 'a@b.co' });
  });
});

describe('preparedValues and payloadSchema', () => {
  it('treats an empty or blank trimmed field as not given', () => {
    const f = form({}, { trim: ['name'] } as Partial<Form>);
    expect(preparedValues(f, { name: '   ', email: 'a@b.co', company: '' })).toEqual({ email: 'a@b.co' });
  });

  it('refuses fields the form does not have, and accepts the hidden bot field', () => {
    const schema = payloadSchema(form({ endpoint: '/api/takedown-request', payload: 'as-is' }));
    expect(schema.additionalProperties).toBe(false);
    expect(Object.keys(schema.properties as object)).toContain('confirm_email');
    expect(schema.required).toEqual(['email']);
  });
});

describe('messageFor', () => {
  it("uses the form's own words, with choice-list rules named enum", () => {
    const f = form({}, { messages: { email: { required: 'Email is required' }, plan: { enum: 'Please pick a plan' } } } as Partial<Form>);
    expect(messageFor(f, 'email', 'required')).toBe('Email is required');
    expect(messageFor(f, 'plan', 'oneOf')).toBe('Please pick a plan');
    expect(messageFor(f, 'plan', 'const')).toBe('Please pick a plan');
  });

  it('falls back to plain defaults', () => {
    const f = form({});
    expect(messageFor(f, 'company', 'required')).toBe('Company is required');
    expect(messageFor(f, 'website', 'pattern')).toBe('Please check Website');
  });
});
