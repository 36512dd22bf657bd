import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv from 'ajv';
import { parse } from 'yaml';
import type { Badges } from '../content/model';

const ROOT = join(import.meta.dirname, '..', '..');
export const DEFAULT_BADGES_FILE = join(ROOT, 'site', 'data', 'badges.yaml');
const SCHEMA_FILE = join(ROOT, 'schemas', 'badges.schema.json');

/**
 * Reads site/data/badges.yaml for the server, which does not load the whole site model. Checked
 * against the same schema as the build, plus unique ids, so a bad edit stops the server at
 * startup with a message instead of serving broken badges. Node only (reads files).
 */
export function readBadgesFile(file = DEFAULT_BADGES_FILE): Badges {
  let data: unknown;
  try {
    data = parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new Error(`Could not read the badges from ${file}: ${(err as Error).message}`, { cause: err });
  }
  const schema = JSON.parse(readFileSync(SCHEMA_FILE, 'utf8')) as Record<string, unknown>;
  const validate = new Ajv({ allErrors: true, strict: false }).compile(schema);
  if (!validate(data)) {
    const problems = (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message}`);
    throw new Error(`${file} does not match schemas/badges.schema.json:\n  ${problems.join('\n  ')}`);
  }
  const badges = data as Badges;
  for (const list of ['types', 'sizes', 'colors'] as const) {
    const ids = badges[list].map((e) => e.id);
    const twice = ids.find((id, i) => ids.indexOf(id) !== i);
    if (twice) throw new Error(`${file}: the id "${twice}" is used twice in ${list}.`);
  }
  return badges;
}
