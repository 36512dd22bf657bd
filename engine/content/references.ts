import type { KindName } from './content-kinds';
import { CONTENT_KINDS } from './content-kinds';
import { sectionTypes, type SchemaSet } from './schema-set';

/**
 * `x-ref` on a section field: its value is the id of a file of another kind, and the renderer gets
 * that file's data (or one field of it) in its place. Declared in the schemas, so a section that
 * points at a new collection is a schema change:
 * `"faqSet": { "type": "string", "x-ref": { "kind": "faq-set", "noun": "FAQ set", "as": "questions", "take": "items" } }`.
 */
export interface Reference {
  /** The content kind (engine/content/content-kinds.ts) whose files are looked up by their `id`. */
  kind: KindName;
  /** What a person calls one of them, for messages. */
  noun: string;
  /** The section field the resolved data is put in. */
  as: string;
  /** Put only this field of the file's data there, rather than all of it. */
  take?: string;
}

/** The keyword's own schema: ajv checks every `x-ref` in the schemas against it. */
export const X_REF_META_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['kind', 'noun', 'as'],
  properties: {
    kind: { type: 'string', enum: CONTENT_KINDS.map((k) => k.kind) },
    noun: { type: 'string', minLength: 1 },
    as: { type: 'string', minLength: 1 },
    take: { type: 'string', minLength: 1 },
  },
} as const;

/** A referencing field of one section type. */
export interface SectionReference extends Reference {
  field: string;
}

const declared = new WeakMap<SchemaSet, Map<string, SectionReference[]>>();

/** The fields, by section type, that declare `x-ref` in schemas/sections/ (top-level properties). */
export function sectionReferences(schemas: SchemaSet): Map<string, SectionReference[]> {
  let refs = declared.get(schemas);
  if (!refs) {
    refs = new Map();
    for (const type of sectionTypes(schemas)) {
      const properties = schemas[`sections/${type}.schema.json`]?.properties;
      if (!properties || typeof properties !== 'object') continue;
      const list = Object.entries(properties).flatMap(([field, schema]): SectionReference[] => {
        const ref = member(schema, 'x-ref');
        return isReference(ref) ? [{ field, ...ref }] : [];
      });
      if (list.length > 0) refs.set(type, list);
    }
    declared.set(schemas, refs);
  }
  return refs;
}

/** The kinds some section points at: their files are looked up by id, so each id must be unique. */
export function referencedKinds(schemas: SchemaSet): Map<KindName, string> {
  const kinds = new Map<KindName, string>();
  for (const list of sectionReferences(schemas).values()) for (const ref of list) kinds.set(ref.kind, ref.noun);
  return kinds;
}

// The validator has already checked each x-ref against X_REF_META_SCHEMA; this only narrows the type.
function isReference(value: unknown): value is Reference {
  const kind = member(value, 'kind');
  return CONTENT_KINDS.some((k) => k.kind === kind) && typeof member(value, 'noun') === 'string' && typeof member(value, 'as') === 'string';
}

function member(value: unknown, key: string): unknown {
  // Schemas are plain JSON, so reading a missing key gives undefined.
  return typeof value === 'object' && value !== null ? Reflect.get(value, key) : undefined;
}
