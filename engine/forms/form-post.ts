import { createContext } from 'react';
import type { Form } from '../generated/content';
import type { FieldErrors } from './check-values';
import type { FormValues } from './payload';

/** The hidden field that names which form of the page was sent (never a field name: those have no hyphen). */
export const FORM_ID_FIELD = 'form-id';

/** The query parameter of the address a sent form leads to: its page, showing that form's success message. */
export const SENT_PARAM = 'sent';

/** The media type a browser posts a form in without script. */
export const FORM_MEDIA_TYPE = 'application/x-www-form-urlencoded';

/** How a form was answered on the server: refused with its messages and what was typed, or sent. */
export type PostedForm =
  | {
      formId: string;
      values: FormValues;
      errors: FieldErrors;
      /** Shown as the form's failure message when the server could not take it. */ failure?: string;
    }
  /** `values`: what was sent, for a form whose confirmation shows it (a takedown notice's addresses by host). */
  | { formId: string; sent: true; values?: FormValues };

/** What the page being rendered tells its forms: where they post, and how the server answered one of them. */
export interface FormPostState {
  /** The page's own path: a form posts to the page it is on, so every answer keeps its address. */
  action: string | null;
  posted: PostedForm | null;
}

export const FormPostContext = createContext<FormPostState>({ action: null, posted: null });

/** The anchor of a form's card, so the answer to a post opens where the summary or the message is. */
export const formCardId = (formId: string) => `${formId}-form-card`;

/** Where a form posts: its page, scrolled to the form. */
export const formAction = (path: string, formId: string) => `${path}#${formCardId(formId)}`;

/** The address a successful post is sent on to (303): the page in the form's success state. */
export const sentAddress = (path: string, formId: string) => `${path}?${SENT_PARAM}=${encodeURIComponent(formId)}#${formCardId(formId)}`;

type FieldSchema = { type?: unknown };

/**
 * A form's values as a browser posts them (every value a string) in the types its fields declare.
 * Only the form's own fields are read; anything else in the body is ignored.
 */
export function valuesFromPost(form: Pick<Form, 'fields'>, params: URLSearchParams): FormValues {
  const values: FormValues = {};
  for (const [name, schema] of Object.entries((form.fields.properties ?? {}) as Record<string, FieldSchema>)) {
    const type = schema.type;
    if (type === 'array') {
      const all = params.getAll(name);
      if (all.length) values[name] = all;
      continue;
    }
    const raw = params.get(name);
    if (raw === null) continue;
    if (type === 'boolean') values[name] = raw === 'true' || raw === 'on';
    else if ((type === 'number' || type === 'integer') && raw.trim() !== '' && Number.isFinite(Number(raw))) values[name] = Number(raw);
    else values[name] = raw;
  }
  return values;
}
