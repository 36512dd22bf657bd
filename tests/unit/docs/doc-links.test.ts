import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { Marked, type Tokens } from 'marked';
import { getHeadingList, gfmHeadingId } from 'marked-gfm-heading-id';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../../..');

function markdownFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return markdownFiles(path);
    return name.endsWith('.md') ? [path] : [];
  });
}

interface Page {
  links: string[];
  anchors: Set<string>;
}

/** The links a Markdown file makes (code blocks left out, as a reader sees them) and the anchors its headings get. */
function read(file: string): Page {
  const links: string[] = [];
  const marked = new Marked();
  marked.use(gfmHeadingId(), {
    walkTokens(token) {
      if (token.type === 'link') links.push((token as Tokens.Link).href);
    },
  });
  marked.parse(readFileSync(file, 'utf8'));
  return { links, anchors: new Set(getHeadingList().map((h) => h.id)) };
}

const files = [join(ROOT, 'README.md'), ...markdownFiles(join(ROOT, 'docs'))];
const pages = new Map(files.map((f) => [f, read(f)]));

describe('links in the README and docs/', () => {
  it.each(files.map((f) => [relative(ROOT, f), f]))('every link in %s leads to a file and heading that exist', (_name, file) => {
    const broken: string[] = [];
    for (const href of pages.get(file)!.links) {
      if (/^[a-z]+:/i.test(href) || href.startsWith('/')) continue; // other sites, and the site's own routes in examples
      const [path, anchor] = href.split('#');
      const target = path ? resolve(dirname(file), decodeURIComponent(path)) : file;
      if (!existsSync(target)) {
        broken.push(`${href}: no file ${relative(ROOT, target)}`);
        continue;
      }
      if (anchor && target.endsWith('.md')) {
        const page = pages.get(target) ?? read(target);
        if (!page.anchors.has(anchor)) broken.push(`${href}: no heading #${anchor} in ${relative(ROOT, target)}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('every record of the decisions is listed in its index, once', () => {
    const file = join(ROOT, 'docs/developers/decisions.md');
    const text = readFileSync(file, 'utf8');
    const index = text.slice(text.indexOf('## Index'), text.indexOf('\n## ', text.indexOf('## Index') + 1));
    const listed = [...index.matchAll(/\]\(#([^)]+)\)/g)].map((m) => m[1]);
    const records = [...pages.get(file)!.anchors].filter((a) => a !== 'decisions' && a !== 'index');
    expect(records.length).toBeGreaterThan(50);
    expect([...listed].sort()).toEqual([...records].sort());
  });

  it('the README stays short: at most 200 lines, the rest lives in docs/', () => {
    expect(readFileSync(join(ROOT, 'README.md'), 'utf8').split('\n').length).toBeLessThanOrEqual(200);
  });
});
