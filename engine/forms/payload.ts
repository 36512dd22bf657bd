import type { Form } from '../generated/content';

/**
 * What checking a submission needs of a form: its fields, their messages and how the payload is
 * built. A site form has all of it, and so does a payload the API accepts without a form
 * (site/forms/api/*.yaml).
 */
export type SubmissionRules = Pick<Form, 'id' | 'title' | 'fields' | 'messages'> & {
  submit: Pick<Form['submit'], 'endpoint' | 'formType' | 'payload'> & Partial<Form['submit']>;
  ui?: Form['ui'];
  trim?: Form['trim'];
  defaults?: Form['defaults'];
  /** Files the form takes beside its values (only a site form declares them). */
  files?: Form['files'];
};

/** Form values as the visitor entered them. */
export type FormValues = Record<string, unknown>;
/** What is posted to the endpoint. */
export type Payload = Record<string, unknown>;
type JsonSchema = Record<string, unknown>;

/**
 * A field no person sees (hidden from view and from assistive technology). Bots fill it in; a
 * submission that does is answered like any other but stored as spam.
 */
export const HONEYPOT_FIELD = 'confirm_email';

/** Subjects /api/contact uses when the form has none, by form type (spec 000 §7). */
export const DEFAULT_SUBJECTS: Record<string, string> = {
  contact: 'Contact Form Submission',
  consultation: 'Legal Consultation Request',
  newsletter: 'Newsletter Subscription',
  quote: 'Service Quote Request',
};

const NEWSLETTER_MESSAGE = 'Newsletter subscription request';
const NO_MESSAGE = 'No message provided';

const str = (v: unknown) => (typeof v === 'string' ? v : v === undefined || v === null ? '' : String(v));

function fieldSchemas(form: SubmissionRules): Record<string, JsonSchema> {
  return (form.fields.properties ?? {}) as Record<string, JsonSchema>;
}

function fieldTitle(form: SubmissionRules, field: string): string {
  return str(fieldSchemas(form)[field]?.title) || field;
}

/** Values with the form's trim rule applied; what is both checked and sent. */
export function preparedValues(form: Form, values: FormValues): FormValues {
  const out: FormValues = { ...values };
  for (const field of form.trim ?? []) if (typeof out[field] === 'string') out[field] = (out[field] as string).trim();
  // An empty field is "not given": a required one then fails as required, an optional one skips its rules.
  for (const [k, v] of Object.entries(out)) if (v === '' || v === undefined || v === null) delete out[k];
  return out;
}

/**
 * The message a form writes for a visitor who wrote none (submit.messageFrom): each named field's
 * title and value, one per line; '' when the form names none or none was filled in.
 */
export function messageFromChoices(form: SubmissionRules, values: FormValues): string {
  return (form.submit.messageFrom ?? [])
    .filter((f) => str(values[f]) !== '')
    .map((f) => `${fieldTitle(form, f)}: ${str(values[f])}`)
    .join('\n');
}

/** The body posted to the form's endpoint. */
export function buildPayload(form: Form, values: FormValues): Payload {
  const v = preparedValues(form, values);
  const omit = new Set(form.submit.omit ?? []);
  // A notice is sent as its fields; the server reads them into the notice it stores (engine/notices/notice-form.ts).
  if (form.submit.payload === 'as-is' || form.submit.payload === 'notice') {
    const body: Payload = {};
    for (const [k, val] of Object.entries(v)) if (!omit.has(k)) body[k] = val;
    return body;
  }
  const { formType } = form.submit;
  const fromFields = messageFromChoices(form, v);
  const body: Payload = {
    name: str(v.name) || str(v.fullName) || 'Anonymous',
    email: str(v.email),
    subject: str(v.subject) || form.submit.subjectFallback || DEFAULT_SUBJECTS[formType] || DEFAULT_SUBJECTS.contact,
    message: str(v.message) || str(v.details) || (formType === 'newsletter' ? NEWSLETTER_MESSAGE : fromFields || NO_MESSAGE),
    serviceInterest: (form.submit.serviceInterestFrom && str(v[form.submit.serviceInterestFrom])) || formType,
  };
  for (const f of form.submit.passThrough ?? []) if (v[f] !== undefined && !omit.has(f)) body[f] = v[f];
  return body;
}

/**
 * The JSON Schema the server checks a posted body against: derived from the same field schema the
 * browser validates with, so both apply the same rules and say the same messages.
 */
export function payloadSchema(form: SubmissionRules): JsonSchema {
  const fields = fieldSchemas(form);
  const honeypot = { [HONEYPOT_FIELD]: { type: 'string', maxLength: 500 } };
  if (form.submit.payload === 'as-is' || form.submit.payload === 'notice') {
    const omit = new Set(form.submit.omit ?? []);
    const properties = Object.fromEntries(Object.entries(fields).filter(([k]) => !omit.has(k)));
    const required = ((form.fields as { required?: string[] }).required ?? []).filter((k) => !omit.has(k));
    return { type: 'object', additionalProperties: false, required, properties: { ...properties, ...honeypot } };
  }
  const text = (max: number): JsonSchema => ({ type: 'string', minLength: 1, maxLength: max });
  const properties: Record<string, JsonSchema> = {
    name: { ...text(200), ...pick(fields.name) },
    email: { ...text(320), ...pick(fields.email) },
    subject: { ...text(300), ...pick(fields.subject) },
    message: { ...text(20_000), ...pick(fields.message) },
    serviceInterest: text(100),
  };
  for (const f of form.submit.passThrough ?? []) if (fields[f]) properties[f] = fields[f];
  return {
    type: 'object',
    additionalProperties: false,
    required: ['name', 'email', 'subject', 'message', 'serviceInterest'],
    properties: { ...properties, ...honeypot },
  };
}

// The checks of a form field that also make sense on the posted value (not its label or widget).
function pick(schema: JsonSchema | undefined): JsonSchema {
  if (!schema) return {};
  const out: JsonSchema = {};
  for (const k of ['type', 'minLength', 'maxLength', 'pattern', 'format', 'enum']) if (k in schema) out[k] = schema[k];
  return out;
}

/** The form's own words for a broken rule, else a plain default. */
export function messageFor(form: SubmissionRules, field: string, rule: string): string {
  // A choice list fails as oneOf/const (labelled options) or enum; the YAML names all of them enum.
  const key = rule === 'oneOf' || rule === 'const' ? 'enum' : rule;
  const own = (form.messages as Record<string, Record<string, string> | undefined>)[field]?.[key];
  if (own) return own;
  const title = fieldTitle(form, field);
  switch (rule) {
    case 'required':
      return `${title} is required`;
    case 'additionalProperties':
      return `${field} is not a field of this form`;
    default:
      return `Please check ${title}`;
  }
}
