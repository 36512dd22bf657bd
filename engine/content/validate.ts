import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import Ajv, { type ErrorObject, type Options, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import * as precompiled from '../generated/content-validators.js';
import { CONTENT_KINDS, type ContentKind, type ContentOf, type KindName } from './content-kinds';
import type { SchemaSet } from './schema-set';
import { buildSectionUnionSchema, sectionTypes } from './schema-set';
import { closest } from './closest';
import { pointerSegments } from './json-pointer';
import { X_REF_META_SCHEMA } from './references';
import { X_PROSE_META_SCHEMA } from './prose-fields';

// Schemas are registered under one made-up origin so their relative $refs resolve the same way
// an editor resolves them on disk.
export const BASE = 'https://schemas.site.local/';
const AJV_OPTIONS: Options = { strict: true, allErrors: true, verbose: true, discriminator: true, allowUnionTypes: true };
const FORMATS = ['email', 'uri', 'date'] as const;
// The schemas YAML files are checked against: one per kind of content file.
export const ROOT_SCHEMAS = [...new Set(CONTENT_KINDS.map((k) => k.schema))];

export interface DataIssue {
  path: Array<string | number>;
  /** Point at the key (unknown field) rather than the value. */
  at: 'key' | 'value';
  message: string;
}

export interface ContentValidator {
  validate(schemaKey: string, data: unknown): DataIssue[];
}

/**
 * The last validator made, by the text of its schemas. Compiling the schemas is most of the cost of
 * checking the site, and the dev server and the link checker load the site again and again with
 * the same schemas; a schema edit changes the text, so it never gets a stale validator.
 */
let lastValidator: { key: string; validator: ContentValidator } | null = null;

/** The schemas files are checked with: the files under schemas/, with the section union the validator uses. */
export function validatorSchemaSet(schemas: SchemaSet): SchemaSet {
  return { ...schemas, 'section.schema.json': buildSectionUnionSchema(schemas) };
}

/** Names one set of schemas: the precompiled validator is used only for the set it was made from. */
export function schemaSetHash(schemas: SchemaSet): string {
  return sha256Hex(JSON.stringify(schemas));
}

const sha256Hex = (text: string) => bytesToHex(sha256(utf8ToBytes(text)));

/**
 * The validator for the files under schemas/ (see `validatorSchemaSet`). For the schemas
 * `npm run gen:types` last compiled (engine/generated/content-validators.js), that code is used,
 * which spares a fresh process most of the cost of its first check; for any other set (a schema
 * being edited, a test's own schemas) the schemas are compiled here, with the same options.
 */
export function createContentValidator(schemas: SchemaSet): ContentValidator {
  const key = JSON.stringify(schemas);
  if (lastValidator?.key !== key) {
    const ready = sha256Hex(key) === precompiled.SCHEMA_SET_HASH ? (precompiled.validators as Record<string, ValidateFunction>) : null;
    lastValidator = { key, validator: contentValidator(schemas, ready) };
  }
  return lastValidator.validator;
}

/** An ajv with the content options, formats and keywords, holding every schema of the set (also what `npm run gen:types` compiles to code). */
export function newAjv(schemas: SchemaSet, options: Options = {}): Ajv {
  const ajv = new Ajv({ ...AJV_OPTIONS, ...options });
  addFormats(ajv, [...FORMATS]);
  // References between files are annotations for the loader (engine/content/references.ts); ajv
  // checks their shape and validates nothing with them.
  ajv.addKeyword({ keyword: 'x-ref', metaSchema: X_REF_META_SCHEMA });
  // Prose texts take links, bold and italic (engine/content/prose-fields.ts): an annotation, like x-ref.
  ajv.addKeyword({ keyword: 'x-prose', metaSchema: X_PROSE_META_SCHEMA });
  for (const [key, schema] of Object.entries(schemas)) ajv.addSchema(schema, BASE + key);
  return ajv;
}

/**
 * A type guard backed by the schema of a kind of file: true when the schema accepts `data`, which is
 * then that kind's content type; otherwise its issues are added to `issues`.
 */
export function isContentOf<K extends KindName>(
  validator: ContentValidator,
  kind: ContentKind & { kind: K },
  data: unknown,
  issues: DataIssue[],
): data is ContentOf[K] {
  const found = validator.validate(kind.schema, data);
  issues.push(...found);
  return found.length === 0;
}

function contentValidator(schemas: SchemaSet, ready: Record<string, ValidateFunction> | null): ContentValidator {
  const knownTypes = sectionTypes(schemas);
  let ajv: Ajv | null = null;
  const compiled = new Map<string, ValidateFunction>(Object.entries(ready ?? {}));

  return {
    validate(schemaKey, data) {
      let fn = compiled.get(schemaKey);
      if (!fn) {
        ajv ??= newAjv(schemas);
        fn = ajv.getSchema(BASE + schemaKey);
        if (!fn) throw new Error(`No schema named ${schemaKey} under schemas/`);
        compiled.set(schemaKey, fn);
      }
      if (fn(data)) return [];
      return describeErrors(fn.errors ?? [], knownTypes);
    },
  };
}

const TYPE_WORDS: Record<string, string> = {
  string: 'text',
  number: 'a number',
  integer: 'a whole number',
  boolean: 'true or false',
  array: 'a list (lines starting with "- ")',
  object: 'a group of fields (key: value lines)',
  null: 'empty',
};

const FORMAT_WORDS: Record<string, string> = {
  email: 'must be a valid e-mail address',
  date: 'must be a date like 2024-01-12',
};

/** Turns ajv's errors into plain-English issues, one per real problem. */
export function describeErrors(errors: ErrorObject[], knownTypes: string[]): DataIssue[] {
  // A value that fits no branch of a union fails every branch, at its own path and at each group
  // around it: the deepest place is the cause, and its branches make one sentence.
  const paths = errors.map((e) => e.instancePath);
  const deeper = (e: ErrorObject) => paths.some((p) => p.startsWith(e.instancePath + '/'));
  const kept = errors.filter((e) => !((e.keyword === 'type' || e.keyword === 'pattern') && deeper(e)));
  const issues: DataIssue[] = [];
  const seen = new Set<string>();
  const unions = new Map<string, DataIssue>();
  for (const e of kept) {
    const issue = describe(e, knownTypes);
    if (!issue) continue;
    const place = issue.path.join('/');
    const key = `${place}|${issue.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const union = unions.get(place);
    if (union && (e.keyword === 'type' || e.keyword === 'pattern')) {
      union.message = joinBranches(union.message, issue.message);
      continue;
    }
    if (e.keyword === 'type' || e.keyword === 'pattern') unions.set(place, issue);
    issues.push(issue);
  }
  return mergeItemRuns(issues, errors);
}

const samePath = (a: ReadonlyArray<string | number>, b: ReadonlyArray<string | number>) =>
  a.length === b.length && a.every((s, i) => s === b[i]);

/**
 * Consecutive items of one list failing with the same message are one cause (most often a key line
 * removed, so the lines of the next field join the list above): one issue at the first of them, and
 * the list's "at most N items" is dropped when those items alone push it past its limit.
 */
function mergeItemRuns(issues: DataIssue[], errors: ErrorObject[]): DataIssue[] {
  const out: DataIssue[] = [];
  const runs: Array<{ issue: DataIssue; first: number; count: number; text: string }> = [];
  for (const issue of issues) {
    const index = issue.path.at(-1);
    const last = runs.at(-1);
    const parent = issue.path.slice(0, -1);
    if (
      typeof index === 'number' &&
      last &&
      last.text === issue.message &&
      last.first + last.count === index &&
      samePath(last.issue.path.slice(0, -1), parent)
    ) {
      last.count++;
      continue;
    }
    if (typeof index === 'number') runs.push({ issue, first: index, count: 1, text: issue.message });
    out.push(issue);
  }
  const merged = runs.filter((r) => r.count > 1);
  for (const run of merged) {
    const after = run.count - 1;
    const lines = after === 1 ? 'does the item after it' : `do the ${after} items after it`;
    const hint =
      run.first > 0 ? '; if these lines belong to another field, the line naming it (such as "items:") is missing above them' : '';
    run.issue.message = `${run.text}, and so ${lines}${hint}`;
  }
  return out.filter((issue) => {
    if (!issue.message.startsWith('must have at most ')) return true;
    const tooLong = errors.find((e) => e.keyword === 'maxItems' && samePath(pointerSegments(e.instancePath), issue.path));
    const length = Array.isArray(tooLong?.data) ? tooLong.data.length : undefined;
    const limit = Number((tooLong?.params as { limit?: unknown } | undefined)?.limit);
    const run = merged.find((r) => samePath(r.issue.path.slice(0, -1), issue.path));
    return !(run && length !== undefined && length - run.count <= limit);
  });
}

// "must be a number" + "must be text" → "must be a number or text"; a branch's format hint follows after "; as text:".
function joinBranches(a: string, b: string): string {
  const [typesA, hintA] = a.split('; as text: ');
  if (b.startsWith('must be ') && typesA.startsWith('must be ')) return `${typesA} or ${b.slice(8)}${hintA ? `; as text: ${hintA}` : ''}`;
  const hint = b.replace(/^has the wrong format\. /, '');
  return `${typesA}; as text: ${hintA ?? hint}`;
}

function describe(e: ErrorObject, knownTypes: string[]): DataIssue | undefined {
  const path = pointerSegments(e.instancePath);
  const p = e.params as Record<string, unknown>;
  const schema = e.parentSchema as Record<string, unknown> | undefined;
  const hint = typeof schema?.description === 'string' ? ` ${schema.description}` : '';
  switch (e.keyword) {
    case 'required':
      return { path, at: 'value', message: `the required field "${p.missingProperty}" is missing` };
    case 'additionalProperties': {
      const field = String(p.additionalProperty);
      const allowed = Object.keys((schema?.properties as object) ?? {}).filter((k) => k !== '$schema');
      const guess = closest(field, allowed);
      const suggestion = guess ? ` Did you mean "${guess}"?` : '';
      return {
        path: [...path, field],
        at: 'key',
        message: `unknown field "${field}".${suggestion} Allowed fields: ${allowed.join(', ')}`,
      };
    }
    case 'type': {
      const types = String(p.type).split(',');
      return { path, at: 'value', message: `must be ${types.map((t) => TYPE_WORDS[t] ?? t).join(' or ')}` };
    }
    case 'enum': {
      const allowed = (p.allowedValues as unknown[]).map((v) => JSON.stringify(v));
      return { path, at: 'value', message: `must be one of: ${allowed.join(', ')}` };
    }
    case 'const':
      return { path, at: 'value', message: `must be ${JSON.stringify(p.allowedValue)}` };
    case 'discriminator': {
      if (p.error === 'tag') return { path: [...path, 'type'], at: 'value', message: 'every section needs a type (text)' };
      const value = String(p.tagValue);
      const guess = closest(value, knownTypes);
      return {
        path: [...path, 'type'],
        at: 'value',
        message: `unknown section type "${value}".${guess ? ` Did you mean "${guess}"?` : ''} Known types: ${knownTypes.join(', ')}`,
      };
    }
    case 'pattern':
      return { path, at: 'value', message: hint ? `has the wrong format.${hint}` : `must match the pattern ${p.pattern}` };
    case 'format':
      return { path, at: 'value', message: FORMAT_WORDS[String(p.format)] ?? `must be a valid ${p.format}` };
    case 'minLength':
      return { path, at: 'value', message: p.limit === 1 ? 'must not be empty' : `must be at least ${p.limit} characters long` };
    case 'maxLength':
      return { path, at: 'value', message: `must be at most ${p.limit} characters long` };
    case 'minItems':
      return { path, at: 'value', message: `must have at least ${p.limit} ${p.limit === 1 ? 'item' : 'items'}` };
    case 'maxItems':
      return { path, at: 'value', message: `must have at most ${p.limit} ${p.limit === 1 ? 'item' : 'items'}` };
    case 'minimum':
      return { path, at: 'value', message: `must be at least ${p.limit}` };
    case 'maximum':
      return { path, at: 'value', message: `must be at most ${p.limit}` };
    case 'uniqueItems':
      return { path, at: 'value', message: `must not repeat an item (items ${p.j} and ${p.i} are the same)` };
    // A property a schema rules out in this case (a redirect on a {param} pattern in links.yaml).
    case 'false schema':
      return { path, at: 'key', message: 'is not allowed here' };
    // A failed oneOf/if is always accompanied by the specific error that explains it.
    case 'oneOf':
    case 'anyOf':
    case 'if':
      return undefined;
    default:
      return { path, at: 'value', message: e.message ?? 'is not valid' };
  }
}
