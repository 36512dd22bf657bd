/**
 * Which texts of the YAML files are prose (links, bold and italic allowed: engine/content/inline-markdown.ts):
 * those whose schema says `"x-prose": true`. Read from the schemas, so making a field prose is a
 * schema change; the editor draws those fields with its Markdown toolbar from the same keyword.
 */
import type { DataPath } from './yaml-source';
import { sectionTypes, type SchemaSet } from './schema-set';

/** The keyword's own schema: ajv checks every `x-prose` in the schemas against it. */
export const X_PROSE_META_SCHEMA = { type: 'boolean' } as const;

/** A data path with `*` for any entry of a list: `['items', '*', 'answer']`. */
type Pattern = ReadonlyArray<string>;

interface Declared {
  /** By a kind's schema (`faq-set.schema.json`), its prose paths. */
  files: Map<string, Pattern[]>;
  /** By section type, the prose paths inside one section. */
  sections: Map<string, Pattern[]>;
}

const declared = new WeakMap<SchemaSet, Declared>();

const member = (value: unknown, key: string): unknown =>
  typeof value === 'object' && value !== null ? Reflect.get(value, key) : undefined;

/** `$ref` from the schema file `from` → that file's key and the schema it points at. */
function resolve(schemas: SchemaSet, from: string, ref: string): { key: string; schema: unknown } | undefined {
  const url = new URL(ref, `https://schemas.invalid/${from}`);
  const key = url.pathname.slice(1);
  let schema: unknown = schemas[key];
  for (const part of url.hash.replace(/^#\/?/, '').split('/').filter(Boolean)) schema = member(schema, decodeURIComponent(part));
  return schema === undefined ? undefined : { key, schema };
}

function collect(schemas: SchemaSet, key: string, schema: unknown, at: string[], out: Pattern[], depth: number): void {
  // The schemas nest a few levels; a reference loop ends here rather than running on.
  if (depth > 16 || typeof schema !== 'object' || schema === null) return;
  if (member(schema, 'x-prose') === true) out.push(at);
  const ref = member(schema, '$ref');
  // Sections are read per type (sectionProse), picked by each section's own `type`.
  if (typeof ref === 'string' && !ref.endsWith('section.schema.json')) {
    const target = resolve(schemas, key, ref);
    if (target) collect(schemas, target.key, target.schema, at, out, depth + 1);
  }
  const properties = member(schema, 'properties');
  if (properties && typeof properties === 'object')
    for (const [name, sub] of Object.entries(properties)) collect(schemas, key, sub, [...at, name], out, depth + 1);
  const items = member(schema, 'items');
  if (items) collect(schemas, key, items, [...at, '*'], out, depth + 1);
  for (const keyword of ['oneOf', 'anyOf', 'allOf']) {
    const list = member(schema, keyword);
    if (Array.isArray(list)) for (const sub of list) collect(schemas, key, sub, at, out, depth + 1);
  }
}

function declaredIn(schemas: SchemaSet): Declared {
  let found = declared.get(schemas);
  if (!found) {
    found = { files: new Map(), sections: new Map() };
    for (const [key, schema] of Object.entries(schemas)) {
      if (key.startsWith('sections/')) continue;
      const out: Pattern[] = [];
      collect(schemas, key, schema, [], out, 0);
      found.files.set(key, out);
    }
    for (const type of sectionTypes(schemas)) {
      const out: Pattern[] = [];
      const key = `sections/${type}.schema.json`;
      collect(schemas, key, schemas[key], [], out, 0);
      if (out.length > 0) found.sections.set(type, out);
    }
    declared.set(schemas, found);
  }
  return found;
}

const matches = (pattern: Pattern, path: DataPath) =>
  pattern.length === path.length && pattern.every((part, i) => (part === '*' ? typeof path[i] === 'number' : part === String(path[i])));

/** Whether the text at `path` of a file (following `schemaKey`, with `data`) is prose. */
export function isProseAt(schemas: SchemaSet, schemaKey: string, data: unknown, path: DataPath): boolean {
  const { files, sections } = declaredIn(schemas);
  if (path[0] === 'sections' && typeof path[1] === 'number') {
    const type = member(member(member(data, 'sections'), String(path[1])), 'type');
    const inSection = path.slice(2);
    if (typeof type === 'string' && (sections.get(type) ?? []).some((p) => matches(p, inSection))) return true;
  }
  return (files.get(schemaKey) ?? []).some((p) => matches(p, path));
}
