import type { ErrorObject, ValidateFunction } from 'ajv';
import { HONEYPOT_FIELD, messageFor, preparedValues, type FormValues, type SubmissionRules } from '../../engine/forms/payload';
import type { Form } from '../../engine/content/model';
import { decodePointerSegment as decodePointer } from '../../engine/content/json-pointer';
import { isPlainAddress } from '../notify/config';
import { isNoticeForm, noticeProblems, noticeRequestOf } from '../../engine/notices/notice-form';
import { formValidatorsSource, loadFormValidators } from './form-validators-code';

export interface CompiledForm {
  form: SubmissionRules;
  validate: ValidateFunction;
  /** The form's own field schema, as the browser checks it; a form post is answered field by field from it. */
  validateFields: ValidateFunction;
  /** Payload keys whose value may span lines; every other string loses CR and LF. */
  multiline: ReadonlySet<string>;
}

export type Outcome =
  /** `stored`: what the store keeps when it is not the payload as checked (a notice form's NoticeRequest). */
  | { ok: true; payload: Record<string, unknown>; spam: boolean; stored?: Record<string, unknown> }
  | { ok: false; fields: Record<string, string> };

/** One validator per form, made now: the same code the build writes for the server, made in memory. */
export function compileForms(forms: Record<string, SubmissionRules>): Map<string, CompiledForm> {
  const checked = { forms, apiPayloads: {} };
  return loadFormValidators(formValidatorsSource(checked), checked).forms;
}

// NUL goes everywhere (PostgreSQL text refuses it); CR and LF only where a line break is never meant.
function clean(value: unknown, singleLine: boolean): unknown {
  if (typeof value === 'string') return singleLine ? value.replace(/[\r\n\0]/g, '') : value.replace(/\0/g, '');
  if (Array.isArray(value)) return value.map((v) => clean(v, singleLine));
  return value;
}

/** Most problems a validation answer lists one by one; the rest are counted. */
export const MAX_LISTED_PROBLEMS = 20;
/** The key under which an answer counts the problems it does not list; no form field can be named so. */
export const UNLISTED_KEY = '(not listed)';
// An unknown key is repeated back only when it is short and plain: never a long or invisible name.
const NAMEABLE_KEY = /^[A-Za-z0-9_.-]{1,40}$/;

function plural(n: number, one: string, many: string): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
}

/**
 * Field → message, the first broken rule per field. Bounded whatever was sent: at most
 * MAX_LISTED_PROBLEMS fields are listed, an unknown key is named only if it is short and plain,
 * and what is left out is counted under UNLISTED_KEY.
 */
export function fieldMessages(form: SubmissionRules, errors: readonly ErrorObject[]): Record<string, string> {
  const fields: Record<string, string> = {};
  const seen = new Set<string>();
  let listed = 0;
  let unlistedFields = 0;
  let unlistedUnknown = 0;
  for (const e of errors) {
    // if/else only wrap the pattern guard; the real rule is reported by its own error.
    if (e.keyword === 'if') continue;
    let field: string;
    let message: () => string;
    let unknown = false;
    if (e.keyword === 'required' && e.instancePath === '') {
      field = String(e.params.missingProperty);
      message = () => messageFor(form, field, 'required');
    } else if (e.keyword === 'additionalProperties' && e.instancePath === '') {
      field = String(e.params.additionalProperty);
      unknown = true;
      message = () => `"${field}" is not a field of this form`;
    } else {
      field = decodePointer(e.instancePath.split('/')[1] ?? '');
      message = () => messageFor(form, field, e.keyword);
    }
    // The first broken rule per field is the one a person fixes first.
    if (seen.has(field)) continue;
    seen.add(field);
    if (unknown && (!NAMEABLE_KEY.test(field) || listed >= MAX_LISTED_PROBLEMS)) unlistedUnknown += 1;
    else if (listed >= MAX_LISTED_PROBLEMS) unlistedFields += 1;
    else {
      fields[field] = message();
      listed += 1;
    }
  }
  const unlisted: string[] = [];
  if (unlistedUnknown) unlisted.push(`${plural(unlistedUnknown, 'key that is', 'keys that are')} not a field of this form`);
  if (unlistedFields) unlisted.push(`${plural(unlistedFields, 'more field', 'more fields')} to correct`);
  if (unlisted.length) fields[UNLISTED_KEY] = `Also ${unlisted.join(', and ')}.`;
  return fields;
}

/**
 * Cleans and checks a posted body; the honeypot is taken out first so it never decides the answer.
 * Whatever the form's own rule, an e-mail address must be one plain address (no list, no display
 * name, no comment) before it can reach a mail header.
 */
export function checkSubmission(compiled: CompiledForm, body: Record<string, unknown>, now: Date = new Date()): Outcome {
  const { [HONEYPOT_FIELD]: honeypot, ...rest } = body;
  const spam = honeypot !== undefined && honeypot !== null && honeypot !== '';
  const payload: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(rest)) payload[key] = clean(value, !compiled.multiline.has(key));
  if (!compiled.validate(payload)) return { ok: false, fields: fieldMessages(compiled.form, compiled.validate.errors ?? []) };
  const replyTo = payload[REPLY_TO_FIELD];
  if (typeof replyTo === 'string' && replyTo !== '' && !isPlainAddress(replyTo)) {
    return { ok: false, fields: { [REPLY_TO_FIELD]: addressMessage(compiled.form) } };
  }
  // A notice's addresses are read as the form read them while the visitor typed; it is stored as a NoticeRequest, signed today (UTC).
  if (isNoticeForm(compiled.form)) {
    const problems = noticeProblems(compiled.form, payload);
    if (Object.keys(problems).length > 0) return { ok: false, fields: problems };
    return { ok: true, payload, spam, stored: { ...noticeRequestOf(compiled.form, payload, now.toISOString().slice(0, 10)) } };
  }
  return { ok: true, payload, spam };
}

/** The field whose value becomes the team e-mail's Reply-To (server/notify/messages.ts). */
const REPLY_TO_FIELD = 'email';

/** The form's own words for a wrong address, whichever rule it words them under. */
function addressMessage(form: SubmissionRules): string {
  const own = (form.messages as Record<string, Record<string, string> | undefined>)[REPLY_TO_FIELD];
  return own?.format ?? own?.pattern ?? 'Please enter a valid email address';
}

/**
 * The messages a form shows beside its fields for what a visitor typed: the browser's check, run
 * on the server with the same field schema and the same words, for a form posted without script.
 */
export function checkFields(compiled: CompiledForm, form: Form, values: FormValues): Record<string, string> {
  const prepared = preparedValues(form, values);
  const fields = compiled.validateFields(prepared) ? {} : fieldMessages(compiled.form, compiled.validateFields.errors ?? []);
  // A notice's own checks (its address lines, the signer's authority) where its fields' rules found nothing.
  return { ...noticeProblems(compiled.form, prepared), ...fields };
}
