import { describe, expect, it } from 'vitest';
import type { Form } from '../../../engine/content/model';
import { formAction, sentAddress, valuesFromPost } from '../../../engine/forms/form-post';

const form = {
  fields: {
    type: 'object',
    properties: {
      name: { type: 'string' },
      agree: { type: 'boolean' },
      count: { type: 'integer' },
      tags: { type: 'array', items: { type: 'string' } },
    },
  },
} as unknown as Pick<Form, 'fields'>;

describe('a form as the browser posts it', () => {
  it('is read field by field in the types the fields declare, ignoring everything else', () => {
    const params = new URLSearchParams('name=Ada+%3Cb%3E&agree=on&count=3&tags=a&tags=b&form-id=x&__proto__=1&other=2');
    expect(valuesFromPost(form, params)).toEqual({ name: 'Ada <b>', agree: true, count: 3, tags: ['a', 'b'] });
  });

  it('keeps an empty field as empty text, and a number it cannot read as text for the checks to refuse', () => {
    expect(valuesFromPost(form, new URLSearchParams('name=&count=three'))).toEqual({ name: '', count: 'three' });
  });

  it('posts to its page and is sent on to the page with only the form named in the address', () => {
    expect(formAction('/contact-us', 'contact-us')).toBe('/contact-us#contact-us-form-card');
    expect(sentAddress('/contact-us', 'contact-us')).toBe('/contact-us?sent=contact-us#contact-us-form-card');
  });
});
