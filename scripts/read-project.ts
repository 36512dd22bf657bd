import { readFileSync, readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { Problem } from '../engine/content/problem';
import type { SchemaSet } from '../engine/content/schema-set';
import type { SourceFile } from '../engine/content/yaml-source';
import { readProjectPaths } from '../server/config';
import { linkRefused, linksUnder, readSchemaSet } from '../server/content/content-files';

export const ROOT = join(import.meta.dirname, '..');

const paths = readProjectPaths();

/** Where the build writes (DIST_DIR, default dist/); the server reads the same variable. */
export const DIST_DIR = paths.distDir;

// A symbolic link is never followed (siteLinkProblems names each one).
function walk(dir: string, ext: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...walk(full, ext));
    else if (entry.isFile() && entry.name.endsWith(ext)) out.push(full);
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

/** Each symbolic link under `site/` as a problem at its file: the site is read, built and published only without them. */
export function siteLinkProblems(root = CONTENT_ROOT, siteDir = 'site'): Problem[] {
  return linksUnder(join(root, siteDir), siteDir).map((path) => ({ file: path, line: 1, column: 1, path: '', message: linkRefused(path) }));
}
