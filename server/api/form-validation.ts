import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import {
  HONEYPOT_FIELD,
  messageFor,
  payloadSchema,
  preparedValues,
  type FormValues,
  type SubmissionRules,
} from '../../engine/forms/payload';
import type { Form } from '../../engine/content/model';
import { decodePointerSegment as decodePointer } from '../../engine/content/json-pointer';
import { linearRegExp } from '../../engine/content/linear-pattern';
import { isPlainAddress } from '../notify/config';

type JsonSchema = Record<string, unknown>;

/** Longest string a pattern or format is run on when its field sets no maxLength. */
const UNBOUNDED_PATTERN_INPUT = 2_000;
const SUBSCHEMA_KEYS = new Set(['items', 'oneOf', 'anyOf', 'allOf']);

export interface CompiledForm {
  form: SubmissionRules;
  validate: ValidateFunction;
  /** The form's own field schema, as the browser checks it; a form post is answered field by field from it. */
  validateFields: ValidateFunction;
  /** Payload keys whose value may span lines; every other string loses CR and LF. */
  multiline: ReadonlySet<string>;
}

export type Outcome = { ok: true; payload: Record<string, unknown>; spam: boolean } | { ok: false; fields: Record<string, string> };

/**
 * Runs pattern and format only on strings within the field's length limit: patterns run in linear
 * time here, but a format's own check (ajv-formats) need not, and a 60 KB value is refused unread.
 */
function guardPatterns(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(guardPatterns);
  if (typeof schema !== 'object' || schema === null) return schema;
  const { pattern, format, ...rest } = schema as JsonSchema;
  const out: JsonSchema = {};
  for (const [k, v] of Object.entries(rest)) {
    if (k === 'properties') out[k] = Object.fromEntries(Object.entries(v as JsonSchema).map(([f, s]) => [f, guardPatterns(s)]));
    else out[k] = SUBSCHEMA_KEYS.has(k) ? guardPatterns(v) : v;
  }
  if (pattern === undefined && format === undefined) return out;
  const limit = typeof rest.maxLength === 'number' ? rest.maxLength : UNBOUNDED_PATTERN_INPUT;
  const checks: JsonSchema = {};
  if (pattern !== undefined) checks.pattern = pattern;
  if (format !== undefined) checks.format = format;
  return { ...out, if: { maxLength: limit }, then: checks, else: { maxLength: limit } };
}

function multilineKeys(form: SubmissionRules): Set<string> {
  const ui = (form.ui ?? {}) as Record<string, { 'ui:widget'?: unknown } | undefined>;
  const keys = new Set(Object.keys(form.fields.properties ?? {}).filter((f) => ui[f]?.['ui:widget'] === 'textarea'));
  // A contact payload's message is a textarea, a details field, or fields joined line by line.
  if (form.submit.payload === 'contact') keys.add('message');
  return keys;
}

/** One ajv instance and one compiled validator per form, built when the app starts. */
export function compileForms(forms: Record<string, SubmissionRules>): Map<string, CompiledForm> {
  // The same options the content check compiles field schemas with, so a form that passes it compiles here;
  // a writer's rule runs on the linear engine, so no answer can make it backtrack on the request's thread.
  const ajv = new Ajv({ allErrors: true, strict: true, allowUnionTypes: true, code: { regExp: linearRegExp } });
  addFormats(ajv);
  const compiled = new Map<string, CompiledForm>();
  for (const form of Object.values(forms)) {
    try {
      compiled.set(form.id, {
        form,
        validate: ajv.compile(guardPatterns(payloadSchema(form)) as JsonSchema),
        validateFields: ajv.compile(guardPatterns(form.fields) as JsonSchema),
        multiline: multilineKeys(form),
      });
    } catch (err) {
      throw new Error(`Form "${form.id}" cannot be checked on the server: ${(err as Error).message}`, { cause: err });
    }
  }
  return compiled;
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
export function checkSubmission(compiled: CompiledForm, body: Record<string, unknown>): Outcome {
  const { [HONEYPOT_FIELD]: honeypot, ...rest } = body;
  const spam = honeypot !== undefined && honeypot !== null && honeypot !== '';
  const payload: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(rest)) payload[key] = clean(value, !compiled.multiline.has(key));
  if (!compiled.validate(payload)) return { ok: false, fields: fieldMessages(compiled.form, compiled.validate.errors ?? []) };
  const replyTo = payload[REPLY_TO_FIELD];
  if (typeof replyTo === 'string' && replyTo !== '' && !isPlainAddress(replyTo)) {
    return { ok: false, fields: { [REPLY_TO_FIELD]: addressMessage(compiled.form) } };
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
  if (compiled.validateFields(preparedValues(form, values))) return {};
  return fieldMessages(compiled.form, compiled.validateFields.errors ?? []);
}
