import { decodePointerSegment } from '../../engine/content/json-pointer';
import type { SchemaSet } from '../../engine/content/schema-set';

/** A schema with the file it sits in, so the relative `$ref`s inside it resolve from there. */
export interface PlacedSchema {
  /** The schema file's key in the set, e.g. `sections/hero.schema.json`. */
  file: string;
  schema: Record<string, unknown>;
}

/** One field of a section as a writer reads it: name, kind of value, whether it is needed, and what it is for. */
export interface FieldHelp {
  name: string;
  /** The kind of value in plain words, e.g. `text`, `list of groups`, `one of: plain, muted, brand`. */
  type: string;
  required: boolean;
  description?: string;
  /** The fields of a group, or of each entry of a list of groups. */
  fields: FieldHelp[];
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Follows a `$ref` (`../defs.schema.json#/definitions/icon`, `#/definitions/outcome`, `section.schema.json`)
 * the way an editor does on disk: a path relative to the file, then a JSON Pointer inside it.
 */
export function resolveRef(schemas: SchemaSet, from: string, ref: string): PlacedSchema | undefined {
  const [path, pointer = ''] = ref.split('#');
  const file = path ? joinPath(from, path) : from;
  let node: unknown = schemas[file];
  for (const segment of pointer.split('/').filter(Boolean).map(decodePointerSegment)) {
    node = isObject(node) ? node[segment] : undefined;
  }
  return isObject(node) ? { file, schema: node } : undefined;
}

// `sections/hero.schema.json` + `../defs.schema.json` → `defs.schema.json`.
function joinPath(from: string, relative: string): string {
  const parts = from.split('/').slice(0, -1);
  for (const part of relative.split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '.') parts.push(part);
  }
  return parts.join('/');
}

/** The schema a `$ref` stands for (followed until it is not one), or the schema itself. */
export function dereference(schemas: SchemaSet, placed: PlacedSchema, seen = new Set<string>()): PlacedSchema {
  const ref = placed.schema.$ref;
  if (typeof ref !== 'string') return placed;
  const id = `${placed.file}${ref}`;
  if (seen.has(id)) return placed;
  seen.add(id);
  const target = resolveRef(schemas, placed.file, ref);
  return target ? dereference(schemas, target, seen) : placed;
}

/** The description a writer sees on hover: the field's own, else the one of the definition it points at. */
export function descriptionOf(schemas: SchemaSet, placed: PlacedSchema): string | undefined {
  const own = placed.schema.description;
  if (typeof own === 'string' && own.trim()) return own;
  const target = dereference(schemas, placed);
  const shared = target.schema.description;
  return target !== placed && typeof shared === 'string' && shared.trim() ? shared : undefined;
}

/** The fields of a schema file (a section type's, say), nested groups and lists of groups included. */
export function describeFields(schemas: SchemaSet, file: string): FieldHelp[] {
  const schema = schemas[file];
  return schema ? fieldsOf(schemas, { file, schema }, new Set([schema])) : [];
}

function fieldsOf(schemas: SchemaSet, placed: PlacedSchema, seen: ReadonlySet<object>): FieldHelp[] {
  const { file, schema } = dereference(schemas, placed);
  const properties = isObject(schema.properties) ? schema.properties : {};
  const required = Array.isArray(schema.required) ? schema.required : [];
  return Object.entries(properties).flatMap(([name, value]): FieldHelp[] => {
    if (!isObject(value)) return [];
    const field = { file, schema: value };
    const target = dereference(schemas, field);
    const nested = groupOf(schemas, target);
    return [
      {
        name,
        type: typeWords(schemas, target),
        required: required.includes(name),
        description: descriptionOf(schemas, field),
        // A definition that contains itself is listed once, not forever.
        fields: nested && !seen.has(nested.schema) ? fieldsOf(schemas, nested, new Set([...seen, nested.schema])) : [],
      },
    ];
  });
}

// The group whose fields are listed under a field: the field's own, or each list entry's.
function groupOf(schemas: SchemaSet, placed: PlacedSchema): PlacedSchema | undefined {
  if (isObject(placed.schema.properties)) return placed;
  const items = placed.schema.items;
  if (!isObject(items)) return undefined;
  const entry = dereference(schemas, { file: placed.file, schema: items });
  return isObject(entry.schema.properties) ? entry : undefined;
}

const TYPE_WORDS: Record<string, string> = {
  string: 'text',
  integer: 'whole number',
  number: 'number',
  boolean: 'true or false',
  object: 'group of fields',
  array: 'list',
  null: 'nothing',
};

/** The kind of value in a writer's words. */
export function typeWords(schemas: SchemaSet, placed: PlacedSchema): string {
  const { schema, file } = dereference(schemas, placed);
  if ('const' in schema) return `always ${JSON.stringify(schema.const)}`;
  if (Array.isArray(schema.enum)) return `one of: ${schema.enum.map((v) => String(v)).join(', ')}`;
  const type = Array.isArray(schema.type) ? schema.type.map(String) : typeof schema.type === 'string' ? [schema.type] : [];
  if (type.includes('array')) {
    const items = isObject(schema.items) ? typeWords(schemas, { file, schema: schema.items }) : 'anything';
    return `list of ${plural(items)}`;
  }
  if (type.length > 0) {
    const words = type.map((t) => TYPE_WORDS[t] ?? t).join(' or ');
    return typeof schema.format === 'string' ? `${words} (${schema.format})` : words;
  }
  if (Array.isArray(schema.oneOf) || Array.isArray(schema.anyOf)) return 'one of several shapes';
  return 'anything';
}

function plural(words: string): string {
  if (words.startsWith('one of') || words.startsWith('always') || words.startsWith('list')) return `(${words})`;
  if (words === 'text') return 'texts';
  if (words === 'group of fields') return 'entries, each with the fields below';
  return words.replace(/^(\w+)/, '$1s');
}
