import type { ErrorSchema, RJSFSchema, ValidatorType } from '@rjsf/utils';
import type { Form as FormDefinition } from '../generated/content';
import { messageFor, preparedValues, type FormValues } from './payload';
import { noticeProblems } from '../notices/notice-form';

/** Field → the message a visitor reads for it. */
export type FieldErrors = Record<string, string>;

/** Field → message for every broken rule, in the form's own words (the first broken rule per field). */
export function checkValues(form: FormDefinition, validator: ValidatorType, values: FormValues): FieldErrors {
  const prepared = preparedValues(form, values);
  const { errors } = validator.validateFormData(prepared, form.fields as RJSFSchema);
  // A takedown notice's own checks, as the server runs them; a field's own rule is named first.
  const out: FieldErrors = {};
  const notice = noticeProblems(form, prepared);
  for (const e of errors) {
    const field = (e.property ?? '').replace(/^\./, '').split('.')[0];
    if (field && !out[field]) out[field] = messageFor(form, field, e.name ?? '');
  }
  return { ...notice, ...out };
}

/** The messages in the shape the form library shows beside each field. */
export const toErrorSchema = (errors: FieldErrors): ErrorSchema =>
  Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, { __errors: [v] }])) as ErrorSchema;
