import type { ErrorSchema, RJSFSchema, ValidatorType } from '@rjsf/utils';
import type { Form as FormDefinition } from '../generated/content';
import { messageFor, preparedValues, type FormValues } from './payload';

/** Field → the message a visitor reads for it. */
export type FieldErrors = Record<string, string>;

/** Field → message for every broken rule, in the form's own words (the first broken rule per field). */
export function checkValues(form: FormDefinition, validator: ValidatorType, values: FormValues): FieldErrors {
  const { errors } = validator.validateFormData(preparedValues(form, values), form.fields as RJSFSchema);
  const out: FieldErrors = {};
  for (const e of errors) {
    const field = (e.property ?? '').replace(/^\./, '').split('.')[0];
    if (field && !out[field]) out[field] = messageFor(form, field, e.name ?? '');
  }
  return out;
}

/** The messages in the shape the form library shows beside each field. */
export const toErrorSchema = (errors: FieldErrors): ErrorSchema =>
  Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, { __errors: [v] }])) as ErrorSchema;
