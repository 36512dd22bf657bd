// npm run new -- page /some/path
// npm run new -- article "Title" [--category "DMCA Guides"] [--author "Name"] [--date 2025-03-01]
// Writes a valid, commented starting file and never overwrites one. scripts/new.ts runs it; tests call it in process.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { parseArgs } from 'node:util';
import { parse } from 'yaml';
import { blogCategories, planArticle, planPage } from '../../server/content/scaffold';
import { trimTrailing } from '../../engine/trim';
import { readProjectPaths, type Env } from '../../server/config';

const USAGE = `Usage:
  npm run new -- page /some/path
  npm run new -- article "Title" [--category "Category name"] [--author "Your name"] [--date YYYY-MM-DD]`;

function fail(message: string, code = 1): never {
  console.error(message);
  process.exit(code);
}

/** Writes the page or article npm run new is asked for; exits 1 (2 for a wrong call) with the reason, as the command does. */
export function newCommand(argv: string[], env?: Env): void {
  const contentRoot = readProjectPaths(env).contentRoot;

  function filesUnder(dir: string, ext: string): string[] {
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch {
      return [];
    }
    return names.flatMap((name) => {
      const full = join(dir, name);
      return statSync(full).isDirectory() ? filesUnder(full, ext) : name.endsWith(ext) ? [full] : [];
    });
  }

  const show = (file: string) => relative(contentRoot, file).split(sep).join('/');

  /** Creates the file, refusing if anything is there already (checked by the create itself, not before it). */
  function writeNew(file: string, text: string): void {
    mkdirSync(dirname(file), { recursive: true });
    try {
      writeFileSync(file, text, { flag: 'wx' });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'EEXIST')
        fail(`${show(file)} already exists; nothing was written. Choose another name, or edit that file.`);
      throw err;
    }
  }

  function newPage(route: string | undefined): void {
    if (!route) fail(`Say where the page goes, e.g. npm run new -- page /guides/youtube-claims\n\n${USAGE}`, 2);
    const pages = filesUnder(join(contentRoot, 'site', 'pages'), '.yaml');
    const plan = planPage(route, (clean) => {
      const found = pages.find((file) => (parse(readFileSync(file, 'utf8')) as { path?: unknown } | null)?.path === clean);
      return found ? show(found) : undefined;
    });
    if ('problem' in plan) fail(plan.problem, plan.usage ? 2 : 1);
    const file = join(contentRoot, plan.file);
    writeNew(file, plan.text);
    const clean = trimTrailing(route, '/');
    console.log(`Wrote ${show(file)}. Replace its sentences with the page's copy, then:
    npm run dev        to see it at http://localhost:5173${clean}
    npm run validate   to check it`);
  }

  function gitUserName(): string | undefined {
    try {
      return execFileSync('git', ['config', 'user.name'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim() || undefined;
    } catch {
      return undefined;
    }
  }

  function newArticle(title: string | undefined, options: { category?: string; author?: string; date?: string }): void {
    if (!title?.trim()) fail(`Give the article's title in quotes, e.g. npm run new -- article "Fair Use for Streamers"\n\n${USAGE}`, 2);
    const categories = blogCategories(parse(readFileSync(join(contentRoot, 'site', 'pages', 'blog.yaml'), 'utf8')));
    const author = options.author ?? gitUserName();
    const date = options.date ?? new Date().toISOString().slice(0, 10);
    const plan = planArticle({ title, category: options.category, author: author ?? '', date }, categories);
    if ('problem' in plan) fail(plan.problem, plan.usage ? 2 : 1);
    if (!author) fail('Say who wrote the article: --author "Your name".', 2);
    const file = join(contentRoot, plan.file);
    writeNew(file, plan.text);
    const slug = plan.file.replace(/^site\/blog\/|\.md$/g, '');
    console.log(`Wrote ${show(file)}. Write the article below its front matter, then:
    npm run dev        to read it at http://localhost:5173/blog/${slug}
    npm run validate   to check it`);
  }

  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { category: { type: 'string' }, author: { type: 'string' }, date: { type: 'string' } },
    });
  } catch (err) {
    fail(`${(err as Error).message}\n\n${USAGE}`, 2);
  }
  const [what, name, ...rest] = parsed.positionals;
  if (rest.length) fail(`Too many words: ${rest.join(' ')}. Put a title with spaces in quotes.\n\n${USAGE}`, 2);
  if (what === 'page') newPage(name);
  else if (what === 'article') newArticle(name, parsed.values);
  else fail(`npm run new makes a page or an article${what ? `, not "${what}"` : ''}.\n\n${USAGE}`, 2);
}
