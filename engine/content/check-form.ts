import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import type { SubmissionRules } from '../forms/payload';
import type { DataIssue } from './validate';

const RULE_KEYWORDS: Record<string, string[]> = {
  required: [],
  minLength: ['minLength'],
  maxLength: ['maxLength'],
  pattern: ['pattern'],
  format: ['format'],
  enum: ['enum', 'oneOf'],
  type: ['type'],
};

/**
 * What the form schema cannot say about itself: the field schema compiles, and every field named
 * by a rule, message, layout or payload setting exists, and every message belongs to a rule the
 * field really has (a message that can never show is a mistake).
 */
let compiler: Ajv | null = null;

/** One Ajv for every form: a new instance compiles JSON Schema's meta-schema again, which costs more than a form. */
function fieldSchemaCompiler(): Ajv {
  if (!compiler) {
    compiler = new Ajv({ strict: true, allErrors: true, allowUnionTypes: true });
    addFormats(compiler);
  }
  return compiler;
}

export function checkFormDefinition(form: SubmissionRules): DataIssue[] {
  const issues: DataIssue[] = [];
  const fields = (form.fields.properties ?? {}) as Record<string, Record<string, unknown>>;
  const names = Object.keys(fields);
  const required = new Set((form.fields as { required?: string[] }).required ?? []);
  const known = (field: string) => names.includes(field);
  const list = names.join(', ');

  try {
    const ajv = fieldSchemaCompiler();
    try {
      ajv.compile(form.fields);
    } finally {
      // Nothing is kept between checks: the next load brings new schema objects.
      ajv.removeSchema(form.fields);
    }
  } catch (err) {
    issues.push({ path: ['fields'], at: 'key', message: `is not a valid field schema: ${(err as Error).message}` });
  }
  for (const r of required)
    if (!known(r))
      issues.push({ path: ['fields', 'required'], at: 'value', message: `"${r}" is required but is not one of the fields (${list})` });

  for (const [field, rules] of Object.entries(form.messages ?? {})) {
    if (!known(field)) {
      issues.push({ path: ['messages', field], at: 'key', message: `"${field}" is not one of the fields (${list})` });
      continue;
    }
    for (const rule of Object.keys(rules ?? {})) {
      const has = rule === 'required' ? required.has(field) : (RULE_KEYWORDS[rule] ?? []).some((k) => k in fields[field]);
      if (!has)
        issues.push({
          path: ['messages', field, rule],
          at: 'key',
          message: `"${field}" has no ${rule} rule in fields, so this message would never show`,
        });
    }
  }

  const namedLists: Array<[string[] | undefined, Array<string | number>]> = [
    [form.trim, ['trim']],
    [form.submit.omit, ['submit', 'omit']],
    [form.submit.passThrough, ['submit', 'passThrough']],
    [form.submit.messageFrom, ['submit', 'messageFrom']],
  ];
  for (const [items, path] of namedLists) {
    (items ?? []).forEach((f, i) => {
      if (!known(f)) issues.push({ path: [...path, i], at: 'value', message: `"${f}" is not one of the fields (${list})` });
    });
  }
  const single = form.submit.serviceInterestFrom;
  if (single && !known(single))
    issues.push({ path: ['submit', 'serviceInterestFrom'], at: 'value', message: `"${single}" is not one of the fields (${list})` });
  for (const key of Object.keys(form.defaults ?? {})) {
    if (!known(key)) issues.push({ path: ['defaults', key], at: 'key', message: `"${key}" is not one of the fields (${list})` });
  }
  if (form.submit.payload === 'contact' && !known('email')) {
    issues.push({ path: ['submit', 'payload'], at: 'value', message: 'a contact payload needs an "email" field' });
  }
  return issues;
}
