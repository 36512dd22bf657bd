/**
 * The server's form validators as code: the build writes them (ajv standalone output) beside the
 * site model, and a process loads that code at start instead of compiling every form's schema.
 * Tests and `npm run dev` make the same code in memory; it is run the same way either way.
 */
import { createHash } from 'node:crypto';
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import ajvPackage from 'ajv/package.json' with { type: 'json' };
import standaloneCode from 'ajv/dist/standalone/index.js';
import * as equalModule from 'ajv/dist/runtime/equal.js';
import * as ucs2lengthModule from 'ajv/dist/runtime/ucs2length.js';
import * as uriModule from 'ajv/dist/runtime/uri.js';
import * as validationErrorModule from 'ajv/dist/runtime/validation_error.js';
import * as formatsModule from 'ajv-formats/dist/formats.js';
import { payloadSchema, type SubmissionRules } from '../../engine/forms/payload';
import { LINEAR_PATTERN_MODULE, linearPattern, linearRegExp } from '../../engine/content/linear-pattern';
import type { CompiledForm } from './form-validation';

type JsonSchema = Record<string, unknown>;

/** The file, in a build folder, that holds the server's form validators (a CommonJS module). */
export const FORM_VALIDATORS_FILE = 'server-form-validators.cjs';

/** The forms a server checks posts against: the site's forms and what each endpoint takes without one. */
export interface CheckedForms {
  forms: Record<string, SubmissionRules>;
  apiPayloads: Record<string, SubmissionRules>;
}

/** Each form's validators, by form id, for the site's forms and the documented API payloads. */
export interface LoadedForms {
  forms: Map<string, CompiledForm>;
  apiPayloads: Map<string, CompiledForm>;
}

/** Longest string a pattern or format is run on when its field sets no maxLength. */
const UNBOUNDED_PATTERN_INPUT = 2_000;
const SUBSCHEMA_KEYS = new Set(['items', 'oneOf', 'anyOf', 'allOf']);
// The same options the content check compiles field schemas with, so a form that passes it compiles here;
// a writer's rule runs on the linear engine, so no answer can make it backtrack on the request's thread.
const AJV_OPTIONS = { allErrors: true, strict: true, allowUnionTypes: true } as const;
const AJV_VERSION = ajvPackage.version;
const HASH_LINE = /^\/\* form validators ([0-9a-f]{64}) \*\//;

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
  const multiline = new Set(['textarea', 'addresses']);
  const keys = new Set(Object.keys(form.fields.properties ?? {}).filter((f) => multiline.has(ui[f]?.['ui:widget'] as string)));
  // A contact payload's message is a textarea, a details field, or fields joined line by line.
  if (form.submit.payload === 'contact') keys.add('message');
  return keys;
}

/** The two schemas each form is checked with, in a fixed order: the code's export names follow it. */
function schemasOf(checked: CheckedForms): Array<{ form: SubmissionRules; name: string; payload: JsonSchema; fields: JsonSchema }> {
  const groups = [
    ['f', checked.forms],
    ['a', checked.apiPayloads],
  ] as const;
  return groups.flatMap(([prefix, forms]) =>
    Object.values(forms).map((form, i) => ({
      form,
      name: `${prefix}${i}`,
      payload: guardPatterns(payloadSchema(form)) as JsonSchema,
      fields: guardPatterns(form.fields) as JsonSchema,
    })),
  );
}

/** Names what the code is made from: the schemas, the options and ajv's version; any change gives other code. */
function hashOf(schemas: ReturnType<typeof schemasOf>): string {
  const made = { ajv: AJV_VERSION, options: AJV_OPTIONS, schemas: schemas.map(({ name, payload, fields }) => [name, payload, fields]) };
  return createHash('sha256').update(JSON.stringify(made)).digest('hex');
}

/** The hash the code for these forms carries on its first line; the server compares it with the file's. */
export function formValidatorsHash(checked: CheckedForms): string {
  return hashOf(schemasOf(checked));
}

/** The validators of every form as one CommonJS module (ajv standalone code), its first line naming what it was made from. */
export function formValidatorsSource(checked: CheckedForms): string {
  const schemas = schemasOf(checked);
  const ajv = new Ajv({ ...AJV_OPTIONS, code: { source: true, regExp: linearRegExp } });
  addFormats(ajv);
  const exportNames: Record<string, string> = {};
  for (const { form, name, payload, fields } of schemas) {
    try {
      for (const [key, schema] of [
        [`${name}p`, payload],
        [`${name}f`, fields],
      ] as const) {
        ajv.addSchema(schema, key);
        // Compiled here, one by one, so a schema ajv refuses is named by its form.
        ajv.getSchema(key);
        exportNames[key] = key;
      }
    } catch (err) {
      throw new Error(`Form "${form.id}" cannot be checked on the server: ${(err as Error).message}`, { cause: err });
    }
  }
  const header = `/* form validators ${hashOf(schemas)} */\n// Generated by the build (server/api/form-validators-code.ts) from the site's forms; do not edit.\n`;
  return schemas.length ? header + standaloneCode(ajv, exportNames) : `${header}"use strict";\n`;
}

/** The hash on the code's first line, or null when it has none. */
export function hashInSource(source: string): string | null {
  return HASH_LINE.exec(source)?.[1] ?? null;
}

/** A CommonJS module's exports, whether the loader hands them over as `default` (Node, the bundle) or as the namespace (Vitest). */
function commonJsExports(namespace: object): unknown {
  const inner = (namespace as { default?: { __esModule?: boolean } }).default;
  return inner?.__esModule ? inner : namespace;
}

// Imported here rather than required by name, so the server's bundle carries them and nothing is looked up at start.
const RUNTIME: Record<string, unknown> = {
  'ajv/dist/runtime/equal': commonJsExports(equalModule),
  'ajv/dist/runtime/ucs2length': commonJsExports(ucs2lengthModule),
  'ajv/dist/runtime/uri': commonJsExports(uriModule),
  'ajv/dist/runtime/validation_error': commonJsExports(validationErrorModule),
  'ajv-formats/dist/formats': commonJsExports(formatsModule),
  [LINEAR_PATTERN_MODULE]: { linearPattern },
};

/** What the generated code may load: ajv's runtime helpers, the formats and the linear pattern engine, nothing else. */
function runtimeRequire(name: string): unknown {
  if (Object.hasOwn(RUNTIME, name)) return RUNTIME[name];
  throw new Error(`The form validators asked for "${name}", which is not part of ajv's runtime.`);
}

/**
 * Runs the validators' code (from the build's file or made in memory) and pairs each function with
 * its form. Throws when the code was made from other forms, so a stale file never checks a post.
 */
export function loadFormValidators(source: string, checked: CheckedForms): LoadedForms {
  const schemas = schemasOf(checked);
  const expected = hashOf(schemas);
  const found = hashInSource(source);
  if (found !== expected)
    throw new StaleFormValidators(found === null ? 'it names no forms it was made from' : 'it was made from other forms');
  const exports: Record<string, ValidateFunction> = {};
  // The code is ajv's own output, written by the build like the server's bundle; this runs it as Node would a .cjs file.
  new Function('require', 'exports', source)(runtimeRequire, exports);
  const loaded: LoadedForms = { forms: new Map(), apiPayloads: new Map() };
  for (const { form, name } of schemas) {
    const validate = exports[`${name}p`];
    const validateFields = exports[`${name}f`];
    if (!validate || !validateFields) throw new StaleFormValidators(`it has no validator for the form "${form.id}"`);
    (name.startsWith('f') ? loaded.forms : loaded.apiPayloads).set(form.id, {
      form,
      validate,
      validateFields,
      multiline: multilineKeys(form),
    });
  }
  return loaded;
}

/** The validators' code does not fit the forms it is loaded for. */
export class StaleFormValidators extends Error {
  constructor(why: string) {
    super(`The form validators do not match the site's forms: ${why}.`);
  }
}
