import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import type { SubmissionRules } from '../forms/payload';
import { ADDRESS_FIELD, noticeFormIssues } from '../notices/notice-form';
import { closest } from './closest';
import { linearPatternProblem } from './linear-pattern';
import { patternProblem } from './pattern-safety';
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

// What a form's field may declare here: what the renderer (engine/forms/widgets.tsx) and the
// checks in the browser and on the server all read. Anything else is a typo or unsupported.
const FIELD_KEYS = ['type', 'title', 'description', 'minLength', 'maxLength', 'pattern', 'format', 'enum', 'oneOf'];
const FIELD_TYPES = ['string', 'number', 'integer', 'boolean'];
const FORMATS = ['email', 'uri', 'date'];
// addresses: the takedown notice's address box, which counts per host as the visitor types (engine/forms/AddressList.tsx).
const WIDGETS = ['text', 'textarea', 'select', 'radio', 'email', 'hidden', 'addresses'];
const UI_KEYS = ['ui:widget', 'ui:placeholder', 'ui:help', 'ui:autocomplete', 'ui:inputType', 'ui:options', 'ui:title', 'ui:description'];
const UI_OPTIONS = ['rows'];
const INPUT_TYPES = ['text', 'email', 'tel', 'url', 'number', 'search'];

// A value as a message may show it: text as written (shortened), anything else as YAML would read it.
const shown = (value: unknown): string => {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? 'nothing');
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
};

const didYouMean = (word: string, known: readonly string[]) => {
  const guess = closest(word, known);
  return guess ? ` Did you mean "${guess}"?` : ` Allowed: ${known.join(', ')}`;
};

// The values a field accepts from a list, or undefined when it takes any value of its type.
function choicesOf(field: Record<string, unknown>): unknown[] | undefined {
  if (Array.isArray(field.enum)) return field.enum;
  if (Array.isArray(field.oneOf)) return field.oneOf.map((o) => (o && typeof o === 'object' ? Reflect.get(o, 'const') : undefined));
  return undefined;
}

const fitsType = (value: unknown, type: unknown) =>
  type === 'string'
    ? typeof value === 'string'
    : type === 'boolean'
      ? typeof value === 'boolean'
      : type === 'integer'
        ? Number.isInteger(value)
        : type === 'number'
          ? typeof value === 'number'
          : true;

function readable(pattern: string): boolean {
  try {
    new RegExp(pattern, 'u');
    return true;
  } catch {
    return false;
  }
}

const TYPE_WORDS: Record<string, string> = { string: 'text', number: 'a number', integer: 'a whole number', boolean: 'true or false' };

/** Each field's own declaration: its keys, type, rules and choices, in the engine's words. */
function fieldIssues(name: string, field: unknown): DataIssue[] {
  const at = (key: string | number, ...rest: Array<string | number>) => ['fields', 'properties', name, key, ...rest];
  if (!field || typeof field !== 'object' || Array.isArray(field))
    return [{ path: ['fields', 'properties', name], at: 'value', message: 'a field is a group of keys: type, title and its rules' }];
  const f = field as Record<string, unknown>;
  const issues: DataIssue[] = [];
  for (const key of Object.keys(f))
    if (!FIELD_KEYS.includes(key))
      issues.push({ path: at(key), at: 'key', message: `a field cannot declare "${key}".${didYouMean(key, FIELD_KEYS)}` });
  // A misspelled "type" key is reported once, as the unknown key it is.
  if (!FIELD_TYPES.includes(f.type as string) && !(f.type === undefined && issues.length > 0))
    issues.push({
      path: f.type === undefined ? ['fields', 'properties', name] : at('type'),
      at: f.type === undefined ? 'key' : 'value',
      message:
        f.type === undefined
          ? `the field "${name}" needs a type: string, number, integer or boolean`
          : `"${shown(f.type)}" is not a field type.${didYouMean(shown(f.type), FIELD_TYPES)}`,
    });
  if (f.title !== undefined && typeof f.title !== 'string')
    issues.push({ path: at('title'), at: 'value', message: 'the label must be text' });
  for (const key of ['minLength', 'maxLength'])
    if (f[key] !== undefined && !(Number.isInteger(f[key]) && (f[key] as number) >= 0))
      issues.push({ path: at(key), at: 'value', message: 'must be a whole number of characters (0 or more)' });
  if (Number.isInteger(f.minLength) && Number.isInteger(f.maxLength) && (f.minLength as number) > (f.maxLength as number))
    issues.push({ path: at('minLength'), at: 'value', message: `is more than maxLength (${String(f.maxLength)}): no answer could pass` });
  if (f.pattern !== undefined) {
    if (typeof f.pattern !== 'string') issues.push({ path: at('pattern'), at: 'value', message: 'a pattern is text, in quotes' });
    else if (!readable(f.pattern))
      issues.push({
        path: at('pattern'),
        at: 'value',
        message: 'is not a pattern the browser can read: check its brackets and backslashes',
      });
    else if (linearPatternProblem(f.pattern))
      issues.push({
        path: at('pattern'),
        at: 'value',
        message:
          'uses a look-ahead, look-behind or back-reference, which the server cannot check in a bounded time: write the rule without (?=, (?!, (?<= or \\1',
      });
    else {
      // A rule that can backtrack would stall every browser that checks an answer.
      const slow = patternProblem(f.pattern, Number.isInteger(f.maxLength) ? (f.maxLength as number) : undefined);
      if (slow) issues.push({ path: at('pattern'), at: 'value', message: slow });
    }
  }
  if (f.format !== undefined && !FORMATS.includes(f.format as string))
    issues.push({
      path: at('format'),
      at: 'value',
      message: `"${shown(f.format)}" is not a format.${didYouMean(shown(f.format), FORMATS)}`,
    });
  if (f.enum !== undefined && !(Array.isArray(f.enum) && f.enum.length > 0))
    issues.push({ path: at('enum'), at: 'value', message: 'a list of choices needs at least one entry' });
  if (f.oneOf !== undefined) {
    if (!Array.isArray(f.oneOf) || f.oneOf.length === 0)
      issues.push({ path: at('oneOf'), at: 'value', message: 'a list of choices needs at least one "- { const: value, title: Label }"' });
    else
      f.oneOf.forEach((choice, i) => {
        const c = choice as Record<string, unknown> | null;
        if (!c || typeof c !== 'object' || Array.isArray(c) || !('const' in c))
          return issues.push({ path: at('oneOf', i), at: 'value', message: 'each choice is "{ const: value, title: Label }"' });
        for (const key of Object.keys(c))
          if (key !== 'const' && key !== 'title')
            issues.push({
              path: at('oneOf', i, key),
              at: 'key',
              message: `a choice has only const and title.${didYouMean(key, ['const', 'title'])}`,
            });
        if (FIELD_TYPES.includes(f.type as string) && !fitsType(c.const, f.type))
          issues.push({ path: at('oneOf', i, 'const'), at: 'value', message: `must be ${TYPE_WORDS[f.type as string]}, like the field` });
      });
  }
  return issues;
}

/** The layout (`ui`): known `ui:` keys on known fields, widgets the renderer has, and their options. */
function uiIssues(ui: Record<string, unknown>, fields: Record<string, Record<string, unknown>>): DataIssue[] {
  const issues: DataIssue[] = [];
  const names = Object.keys(fields);
  for (const [key, value] of Object.entries(ui)) {
    if (key === 'ui:order') {
      if (!Array.isArray(value)) issues.push({ path: ['ui', key], at: 'value', message: 'is the list of fields in the order they show' });
      else
        value.forEach((name, i) => {
          if (name !== '*' && !names.includes(shown(name)))
            issues.push({
              path: ['ui', key, i],
              at: 'value',
              message: `"${shown(name)}" is not one of the fields.${didYouMean(shown(name), names)}`,
            });
        });
      continue;
    }
    if (key.startsWith('ui:')) {
      issues.push({
        path: ['ui', key],
        at: 'key',
        message: `"${key}" is not a setting for the whole form.${didYouMean(key, ['ui:order'])}`,
      });
      continue;
    }
    if (!names.includes(key)) {
      issues.push({ path: ['ui', key], at: 'key', message: `"${key}" is not one of the fields.${didYouMean(key, names)}` });
      continue;
    }
    if (!value || typeof value !== 'object' || Array.isArray(value)) {
      issues.push({ path: ['ui', key], at: 'value', message: 'is a group of ui: settings, e.g. { "ui:widget": textarea }' });
      continue;
    }
    // A field that is not a group of keys is reported at the field; its settings wait for it.
    const field: unknown = fields[key];
    if (!field || typeof field !== 'object') continue;
    const choices = choicesOf(fields[key]);
    for (const [setting, v] of Object.entries(value as Record<string, unknown>)) {
      const path = ['ui', key, setting];
      if (!UI_KEYS.includes(setting)) {
        issues.push({ path, at: 'key', message: `"${setting}" is not a field setting.${didYouMean(setting, UI_KEYS)}` });
      } else if (setting === 'ui:widget') {
        if (!WIDGETS.includes(v as string))
          issues.push({ path, at: 'value', message: `the form has no widget "${shown(v)}".${didYouMean(shown(v), WIDGETS)}` });
        else if ((v === 'select' || v === 'radio') && !choices)
          issues.push({ path, at: 'value', message: `a ${shown(v)} needs choices: give the field enum or oneOf` });
        else if (v === 'textarea' && fields[key].type !== 'string')
          issues.push({ path, at: 'value', message: 'a textarea is for a text field (type: string)' });
        else if (v === 'addresses' && key !== ADDRESS_FIELD)
          issues.push({ path, at: 'value', message: `the address box is the "${ADDRESS_FIELD}" field of a notice form` });
      } else if (setting === 'ui:options') {
        if (!v || typeof v !== 'object' || Array.isArray(v)) issues.push({ path, at: 'value', message: 'is a group such as { rows: 6 }' });
        else
          for (const [option, o] of Object.entries(v)) {
            if (!UI_OPTIONS.includes(option))
              issues.push({
                path: [...path, option],
                at: 'key',
                message: `"${option}" is not an option here.${didYouMean(option, UI_OPTIONS)}`,
              });
            else if (!(Number.isInteger(o) && (o as number) >= 1 && (o as number) <= 50))
              issues.push({ path: [...path, option], at: 'value', message: 'must be a whole number of lines from 1 to 50' });
          }
      } else if (setting === 'ui:inputType' && !INPUT_TYPES.includes(v as string)) {
        issues.push({ path, at: 'value', message: `"${shown(v)}" is not an input type.${didYouMean(shown(v), INPUT_TYPES)}` });
      } else if (setting !== 'ui:inputType' && typeof v !== 'string') {
        issues.push({ path, at: 'value', message: 'must be text' });
      }
    }
  }
  return issues;
}

/** Initial values that the field itself would accept: its type, and one of its choices if it has a list. */
function defaultIssues(defaults: Record<string, unknown>, fields: Record<string, Record<string, unknown>>): DataIssue[] {
  const issues: DataIssue[] = [];
  for (const [name, value] of Object.entries(defaults)) {
    const field = fields[name];
    if (!field || typeof field !== 'object') continue;
    const choices = choicesOf(field);
    if (choices && !choices.includes(value)) {
      const labels = choices.map((c) => shown(c));
      issues.push({
        path: ['defaults', name],
        at: 'value',
        message: `${JSON.stringify(value)} is not one of the choices of "${name}".${didYouMean(shown(value), labels)}`,
      });
    } else if (FIELD_TYPES.includes(field.type as string) && !fitsType(value, field.type)) {
      issues.push({
        path: ['defaults', name],
        at: 'value',
        message: `must be ${TYPE_WORDS[field.type as string]}, like the field "${name}"`,
      });
    }
  }
  return issues;
}

const FIELDS_KEYS = ['type', 'required', 'properties'];

let compiler: Ajv | null = null;

/** One Ajv for every form: a new instance compiles JSON Schema's meta-schema again, which costs more than a form. */
function fieldSchemaCompiler(): Ajv {
  if (!compiler) {
    compiler = new Ajv({ strict: true, allErrors: true, allowUnionTypes: true });
    addFormats(compiler);
  }
  return compiler;
}

// The field schema compiled once per text: the dev server and the fuzz test check the same forms again and again.
const compiledBefore = new Map<string, boolean>();

function compiles(fields: unknown): boolean {
  const key = JSON.stringify(fields);
  let ok = compiledBefore.get(key);
  if (ok === undefined) {
    const ajv = fieldSchemaCompiler();
    try {
      ajv.compile(fields as object);
      ok = true;
    } catch {
      ok = false;
    } finally {
      ajv.removeSchema(fields as object);
    }
    compiledBefore.set(key, ok);
  }
  return ok;
}

/**
 * What the form schema cannot say about itself, in the engine's own rules: each field's keys, type,
 * rules and choices; the layout's fields, widgets and options; defaults that fit their field; and
 * every field named by a rule, message, layout or payload setting exists, and every message belongs
 * to a rule the field really has (a message that can never show is a mistake).
 */
export function checkFormDefinition(form: SubmissionRules): DataIssue[] {
  const issues: DataIssue[] = [];
  const fields = (form.fields.properties ?? {}) as Record<string, Record<string, unknown>>;
  const names = Object.keys(fields);
  const listed: unknown = (form.fields as { required?: unknown }).required;
  const required = new Set(Array.isArray(listed) ? listed.map(String) : []);
  if (listed !== undefined && !Array.isArray(listed))
    issues.push({ path: ['fields', 'required'], at: 'value', message: 'is the list of fields a visitor must fill in, e.g. [name, email]' });
  const known = (field: string) => names.includes(field);
  const list = names.join(', ');

  for (const key of Object.keys(form.fields))
    if (!FIELDS_KEYS.includes(key))
      issues.push({ path: ['fields', key], at: 'key', message: `"fields" cannot declare "${key}".${didYouMean(key, FIELDS_KEYS)}` });
  for (const [name, field] of Object.entries(fields)) issues.push(...fieldIssues(name, field));
  const ui = (form as { ui?: unknown }).ui;
  if (ui && typeof ui === 'object' && !Array.isArray(ui)) issues.push(...uiIssues(ui as Record<string, unknown>, fields));
  if (form.defaults) issues.push(...defaultIssues(form.defaults as Record<string, unknown>, fields));
  // The engine's rules above cover what a form may say; this is the last word on anything they missed.
  if (issues.length === 0 && !compiles(form.fields))
    issues.push({
      path: ['fields'],
      at: 'key',
      message: 'these fields cannot be checked as written: compare them with another form in site/forms/',
    });
  for (const r of required)
    if (!known(r))
      issues.push({ path: ['fields', 'required'], at: 'value', message: `"${r}" is required but is not one of the fields (${list})` });

  for (const [field, rules] of Object.entries(form.messages ?? {})) {
    if (!known(field)) {
      issues.push({ path: ['messages', field], at: 'key', message: `"${field}" is not one of the fields (${list})` });
      continue;
    }
    for (const rule of Object.keys(rules ?? {})) {
      const declared: unknown = fields[field];
      // A field that is not a group of keys is reported as such above.
      if (!declared || typeof declared !== 'object') continue;
      // A notice form asks for the signer's authority only of someone who acts for the owner.
      const conditional = field === 'authority' && form.submit.payload === 'notice';
      const has = rule === 'required' ? required.has(field) || conditional : (RULE_KEYWORDS[rule] ?? []).some((k) => k in declared);
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
  for (const issue of noticeFormIssues(form)) issues.push({ ...issue, at: 'value' });
  if (form.submit.payload === 'contact' && !known('email')) {
    issues.push({ path: ['submit', 'payload'], at: 'value', message: 'a contact payload needs an "email" field' });
  }
  return issues;
}
