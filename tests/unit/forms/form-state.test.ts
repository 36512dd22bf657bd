import { describe, expect, it } from 'vitest';
import { formReducer, initialFormState, type FormAction, type FormState } from '../../../engine/forms/form-state';

const start = initialFormState({ name: '' });
const withError = (field: string, message: string): FormState => ({ ...start, errors: { [field]: message } });

describe('what a lead form shows as the visitor uses it', () => {
  it.each<[string, FormState, FormAction, Partial<FormState>]>([
    [
      'typing keeps the values and hides the last inline outcome',
      { ...start, outcome: { kind: 'failure', text: 'Try again' } },
      { type: 'edit', values: { name: 'A' } },
      { values: { name: 'A' }, outcome: null },
    ],
    [
      'editing a field hides its message until the next attempt',
      withError('name', 'Name is required'),
      { type: 'edit', values: { name: 'A' }, field: 'name' },
      { errors: {} },
    ],
    [
      'editing a field leaves the other messages',
      withError('email', 'Email is required'),
      { type: 'edit', values: { name: 'A' }, field: 'name' },
      { errors: { email: 'Email is required' } },
    ],
    [
      'a live check that fails shows its message',
      start,
      { type: 'edit', values: { name: 'A' }, field: 'name', message: 'Name is too short' },
      { errors: { name: 'Name is too short' } },
    ],
    [
      'a live check that passes removes the message',
      withError('name', 'Name is too short'),
      { type: 'edit', values: { name: 'Ann' }, field: 'name', message: null },
      { errors: {} },
    ],
    [
      'leaving a field with a failing live check shows its message',
      start,
      { type: 'blur', field: 'name', message: 'Name is required' },
      { errors: { name: 'Name is required' } },
    ],
    [
      'a submit shows the summary from then on and hides the last outcome and download',
      { ...start, outcome: { kind: 'success', text: 'Sent' }, download: '/a.txt' },
      { type: 'submit' },
      { attempted: true, outcome: null, download: null },
    ],
    [
      'the checks before sending replace the messages',
      withError('name', 'old'),
      { type: 'checked', errors: { email: 'Email is required' } },
      { errors: { email: 'Email is required' } },
    ],
    ['sending disables the form', start, { type: 'sending' }, { sending: true }],
    [
      'a refusal with field messages shows them',
      { ...start, sending: true },
      { type: 'refused', errors: { email: 'Taken' } },
      { sending: false, errors: { email: 'Taken' } },
    ],
    [
      'a refusal without field messages keeps the ones shown',
      { ...withError('name', 'x'), sending: true },
      { type: 'refused' },
      { sending: false, errors: { name: 'x' } },
    ],
    [
      'an inline outcome is shown',
      start,
      { type: 'outcome', outcome: { kind: 'success', text: 'Thanks' } },
      { outcome: { kind: 'success', text: 'Thanks' } },
    ],
  ])('%s', (_name, before, action, expected) => {
    expect(formReducer(before, action)).toMatchObject(expected);
  });

  it('leaving a field marks it touched, so later edits are checked live', () => {
    const after = formReducer(start, { type: 'blur', field: 'email' });
    expect([...after.touched]).toEqual(['email']);
    expect(start.touched.size).toBe(0);
  });

  it('a success with reset empties the form, forgets touched fields and the attempt, and offers the download', () => {
    const busy: FormState = {
      ...start,
      values: { name: 'Ann' },
      attempted: true,
      sending: true,
      touched: new Set(['name']),
      errors: { x: 'y' },
    };
    const after = formReducer(busy, { type: 'sent', reset: { name: '' }, download: '/t.txt' });
    expect(after).toMatchObject({ values: { name: '' }, attempted: false, sending: false, errors: {}, download: '/t.txt' });
    expect(after.touched.size).toBe(0);
  });

  it('a success without reset keeps what was typed', () => {
    const busy: FormState = { ...start, values: { name: 'Ann' }, attempted: true, sending: true };
    expect(formReducer(busy, { type: 'sent' })).toMatchObject({ values: { name: 'Ann' }, attempted: true, sending: false, download: null });
  });
});
