import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { SchemaSet } from './schema-set';
import { sectionTypes } from './schema-set';
import { closest } from './closest';

// Schemas are registered under one made-up origin so their relative $refs resolve the same way
// an editor resolves them on disk.
const BASE = 'https://schemas.site.local/';

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

export function createContentValidator(schemas: SchemaSet): ContentValidator {
  const key = JSON.stringify(schemas);
  if (lastValidator?.key !== key) lastValidator = { key, validator: compileContentValidator(schemas) };
  return lastValidator.validator;
}

function compileContentValidator(schemas: SchemaSet): ContentValidator {
  const ajv = new Ajv({ strict: true, allErrors: true, verbose: true, discriminator: true, allowUnionTypes: true });
  addFormats(ajv, ['email', 'uri', 'date']);
  for (const [key, schema] of Object.entries(schemas)) ajv.addSchema(schema, BASE + key);
  const knownTypes = sectionTypes(schemas);
  const compiled = new Map<string, ValidateFunction>();

  return {
    validate(schemaKey, data) {
      let fn = compiled.get(schemaKey);
      if (!fn) {
        fn = ajv.getSchema(BASE + schemaKey);
        if (!fn) throw new Error(`No schema named ${schemaKey} under schemas/`);
        compiled.set(schemaKey, fn);
      }
      if (fn(data)) return [];
      return describeErrors(fn.errors ?? [], knownTypes);
    },
  };
}

function toSegments(instancePath: string): Array<string | number> {
  if (!instancePath) return [];
  return instancePath
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((s) => (/^\d+$/.test(s) ? Number(s) : s));
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

/** Turns ajv's errors into plain-English issues, one per real problem. */
export function describeErrors(errors: ErrorObject[], knownTypes: string[]): DataIssue[] {
  const issues: DataIssue[] = [];
  const seen = new Set<string>();
  for (const e of errors) {
    const issue = describe(e, knownTypes);
    if (!issue) continue;
    const key = `${issue.path.join('/')}|${issue.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    issues.push(issue);
  }
  return issues;
}

function describe(e: ErrorObject, knownTypes: string[]): DataIssue | undefined {
  const path = toSegments(e.instancePath);
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
      return { path, at: 'value', message: p.format === 'email' ? 'must be a valid e-mail address' : `must be a valid ${p.format}` };
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
    // A failed oneOf/if is always accompanied by the specific error that explains it.
    case 'oneOf':
    case 'anyOf':
    case 'if':
      return undefined;
    default:
      return { path, at: 'value', message: e.message ?? 'is not valid' };
  }
}
