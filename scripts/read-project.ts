import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { SchemaSet } from '../engine/content/schema-set';
import type { SourceFile } from '../engine/content/yaml-source';
import { processEnv, readProjectPaths } from '../server/config';
import { readSchemaSet } from '../server/content/content-files';

export const ROOT = join(import.meta.dirname, '..');

const paths = readProjectPaths(processEnv(), ROOT);

/** Where the build writes (DIST_DIR, default dist/); the server reads the same variable. */
export const DIST_DIR = paths.distDir;

function walk(dir: string, ext: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) out.push(...walk(full, ext));
    else if (name.endsWith(ext)) out.push(full);
  }
  return out;
}

const rel = (root: string, file: string) => relative(root, file).split(sep).join('/');

/** Where site/ is read from: the project, or CONTENT_ROOT (a folder holding another site/). */
export const CONTENT_ROOT = paths.contentRoot;

/** Every YAML file and Markdown article under `site/`, with paths relative to `root`. */
export function readSiteFiles(root = CONTENT_ROOT, siteDir = 'site'): SourceFile[] {
  const files = [...walk(join(root, siteDir), '.yaml'), ...walk(join(root, siteDir), '.md')].sort();
  return files.map((f) => ({ path: rel(root, f), text: readFileSync(f, 'utf8') }));
}

/** Every schema under `schemas/`, keyed by its path inside that folder. */
export function readSchemas(root = ROOT): SchemaSet {
  return readSchemaSet(join(root, 'schemas'));
}
