// The JSON Schemas the forms are drawn from, made self-contained: rjsf resolves `$ref`s inside one
// schema only, while ours point across files (`../defs.schema.json#/definitions/link`). The build
// (precompiled validators) and the browser (forms) both go through these functions, so the schema a
// form shows is the very one its validator was compiled from.

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const BASE = 'schema:///';

/** A schema's key as an absolute address, so `../defs.schema.json` from `sections/hero.schema.json` finds `defs.schema.json`. */
const addressOf = (key: string, from = BASE) => new URL(key, from).href;

function pointerGet(root: Json, pointer: string): Json | undefined {
  if (pointer === '' || pointer === '/') return root;
  let node: Json | undefined = root;
  for (const raw of pointer.replace(/^\//, '').split('/')) {
    const part = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (node === null || typeof node !== 'object') return undefined;
    node = Array.isArray(node) ? node[Number(part)] : node[part];
  }
  return node;
}

/**
 * Keywords that only describe a file to other tools; a form and its validator need none of them.
 * `$id` too: its references are resolved here, and rjsf would look a validator up by it.
 */
const DROPPED = new Set(['$schema', '$id', 'examples', 'discriminator']);

/** A definition's name for what an address points at: `defs.schema.json#/definitions/link` is `defs-link`. */
function nameOf(address: string, fragment: string, folder: string): string {
  const file = address.slice(folder.length).replace(/\.schema\.json$/, '');
  const inside = fragment.replace(/^\/definitions\//, '').replace(/^\//, '');
  return [file, inside]
    .filter(Boolean)
    .join('-')
    .replace(/[^A-Za-z0-9_-]/g, '-');
}

const isObject = (value: Json | undefined): value is JsonObject => !!value && typeof value === 'object' && !Array.isArray(value);

/**
 * `key`'s schema as one self-contained schema: every `$ref`, to this file or another of the bundle,
 * points into its own `definitions` (`#/definitions/defs-link`), which hold only what is reachable.
 * Recursive schemas (a price group of price groups) stay recursive. `$schema`, `$id`, `examples`
 * and `discriminator` are dropped. A reference that points at nothing throws, naming it.
 */
export function inlineSchema(schemas: Record<string, unknown>, key: string): JsonObject {
  const byAddress = new Map(Object.entries(schemas).map(([k, v]) => [addressOf(k), v as Json]));
  const start = addressOf(key);
  const root = byAddress.get(start);
  if (!isObject(root)) throw new Error(`No schema "${key}" among the editor's schemas.`);
  const definitions: JsonObject = {};
  // The folder every key shares (`schemas/`, or none) is left out of names, so they do not depend on it.
  const folder = [...byAddress.keys()].reduce(
    (common, address) => {
      while (!address.startsWith(common)) common = common.slice(0, common.slice(0, -1).lastIndexOf('/') + 1);
      return common;
    },
    start.slice(0, start.lastIndexOf('/') + 1),
  );

  const walk = (node: Json, file: string): Json => {
    if (Array.isArray(node)) return node.map((item) => walk(item, file));
    if (!isObject(node)) return node;
    const out: JsonObject = {};
    for (const [name, value] of Object.entries(node)) {
      if (DROPPED.has(name) || name === 'definitions') continue;
      if (name === '$ref' && typeof value === 'string') {
        out.$ref = `#/definitions/${define(value, file)}`;
        continue;
      }
      // Under `properties`, names are field names: a field called "examples" stays.
      out[name] =
        name === 'properties' && isObject(value)
          ? Object.fromEntries(Object.entries(value).map(([field, sub]) => [field, walk(sub, file)]))
          : walk(value, file);
    }
    return out;
  };

  const define = (ref: string, file: string): string => {
    const [target = '', fragment = ''] = ref.split('#');
    const targetFile = target ? addressOf(target, file) : file;
    const doc = byAddress.get(targetFile);
    const found = doc === undefined ? undefined : pointerGet(doc, fragment);
    if (found === undefined) throw new Error(`The schema reference "${ref}" in ${file.slice(BASE.length)} points at nothing.`);
    const name = nameOf(targetFile, fragment, folder);
    if (!(name in definitions)) {
      definitions[name] = true; // taken before walking, so a schema that contains itself ends here
      definitions[name] = walk(found, targetFile);
    }
    return name;
  };

  const top = walk(root, start) as JsonObject;
  return Object.keys(definitions).length ? { ...top, definitions: sortedKeys(definitions) } : top;
}

const sortedKeys = (object: JsonObject): JsonObject => Object.fromEntries(Object.entries(object).sort(([a], [b]) => a.localeCompare(b)));

/** The names under `#/definitions/` that `node` reaches, following definitions into definitions. */
function reachable(node: Json, definitions: JsonObject, found = new Set<string>()): Set<string> {
  if (Array.isArray(node)) node.forEach((item) => reachable(item, definitions, found));
  else if (isObject(node))
    for (const [name, value] of Object.entries(node)) {
      if (name === 'definitions') continue;
      if (name === '$ref' && typeof value === 'string' && value.startsWith('#/definitions/')) {
        const target = value.slice('#/definitions/'.length);
        if (!found.has(target)) {
          found.add(target);
          reachable(definitions[target] ?? null, definitions, found);
        }
      } else reachable(value, definitions, found);
    }
  return found;
}

/** `schema` as a root of its own, carrying the definitions it reaches from `definitions` and no others. */
function asRoot(schema: JsonObject, definitions: JsonObject): JsonObject {
  const { definitions: _own, ...rest } = schema;
  const names = [...reachable(rest, definitions)].sort();
  return names.length ? { ...rest, definitions: Object.fromEntries(names.map((n) => [n, definitions[n] ?? null])) } : rest;
}

/** What `node` is once its `$ref` (into `definitions`) is followed. */
function followed(node: Json | undefined, definitions: JsonObject): JsonObject | undefined {
  const ref = isObject(node) ? node.$ref : undefined;
  if (typeof ref === 'string' && ref.startsWith('#/definitions/'))
    return followed(definitions[ref.slice('#/definitions/'.length)], definitions);
  return isObject(node) ? node : undefined;
}

/** A page's schema without `sections`: the page form holds its address and meta, each section has a form of its own. */
export function withoutSections(pageSchema: JsonObject): JsonObject {
  const properties = { ...(pageSchema.properties as JsonObject) };
  delete properties.sections;
  const required = Array.isArray(pageSchema.required) ? pageSchema.required.filter((name) => name !== 'sections') : [];
  return asRoot({ ...pageSchema, properties, required }, (pageSchema.definitions as JsonObject | undefined) ?? {});
}

/** The section union inside an inlined page schema, when the schema is a page's (it has sections). */
export function sectionUnionOf(schema: JsonObject): JsonObject | undefined {
  const definitions = (schema.definitions as JsonObject | undefined) ?? {};
  const sections = followed((schema.properties as JsonObject | undefined)?.sections, definitions);
  const items = followed(sections?.items, definitions);
  return items && Array.isArray(items.oneOf) ? items : undefined;
}

/** Each section type's own schema as a root of its own, read from a page schema's section union (each option's `type` constant). */
export function sectionSchemas(pageSchema: JsonObject): Record<string, JsonObject> {
  const definitions = (pageSchema.definitions as JsonObject | undefined) ?? {};
  const options = sectionUnionOf(pageSchema)?.oneOf;
  const out: Record<string, JsonObject> = {};
  for (const option of Array.isArray(options) ? options : []) {
    const schema = followed(option, definitions);
    const type = followed((schema?.properties as JsonObject | undefined)?.type, definitions)?.const;
    if (schema && typeof type === 'string') out[type] = asRoot(schema, definitions);
  }
  return out;
}

/** The schema's key whose name ends in `name` (`page.schema.json`), whatever prefix the keys carry. */
export function findSchemaKey(schemas: Record<string, unknown>, name: string): string | undefined {
  return Object.keys(schemas).find((key) => key === name || key.endsWith(`/${name}`));
}

export type { Json, JsonObject };

/**
 * Every schema a form is drawn from, for the build to compile: each file's schema (the top folder's
 * object schemas; not the shared definitions nor the section union), a page's top without sections,
 * and each section type.
 */
export function editorFormSchemas(schemas: Record<string, unknown>): JsonObject[] {
  const out: JsonObject[] = [];
  for (const key of Object.keys(schemas)) {
    const schema = schemas[key] as JsonObject;
    if (key.includes('/') || !isObject(schema.properties as Json) || Array.isArray(schema.oneOf)) continue;
    const inlined = inlineSchema(schemas, key);
    if (sectionUnionOf(inlined)) out.push(withoutSections(inlined), ...Object.values(sectionSchemas(inlined)));
    else out.push(inlined);
  }
  return out;
}
