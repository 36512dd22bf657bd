/**
 * Starting files for `npm run new` and the editor's New button: a draft page or article that passes
 * `npm run validate` as written, with comments that say what each part is for. Pure: `npm run new`
 * (scripts/commands/new-command.ts) and the server write the files.
 */
import { closest } from '../../engine/content/closest';
import { trimTrailing } from '../../engine/trim';

/** A route as pages declare it: lowercase words joined by hyphens, no trailing slash. */
export const ROUTE_PATTERN = /^\/[a-z0-9-]+(\/[a-z0-9-]+)*$/;

/** "Fair Use for Streamers: A Guide" → "fair-use-for-streamers-a-guide" (accents folded, at most 80 characters). */
export function slugify(title: string): string {
  return (
    title
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/&/g, ' and ')
      .replace(/[^a-z0-9]+/g, '-')
      // The line above leaves no two dashes in a row, so one dash is all there is to trim.
      .replace(/^-|-$/g, '')
      .slice(0, 80)
      .replace(/-$/, '')
  );
}

/** "/guides/youtube-claims" → "Youtube Claims": a first title the writer will improve. */
export function titleFromRoute(route: string): string {
  const last = route.split('/').filter(Boolean).pop() ?? '';
  return last
    .split('-')
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join(' ');
}

/** The YAML of a double-quoted scalar, so a title with a colon or a quote stays one string. */
const quoted = (s: string) => JSON.stringify(s);

/** Where a page's YAML file goes, relative to the content root: /guides/youtube → site/pages/guides/youtube.yaml. */
export function pageFileFor(route: string): string {
  return `site/pages${route}.yaml`;
}

export function pageScaffold(route: string, schemaPath: string): string {
  const title = titleFromRoute(route);
  return `# yaml-language-server: $schema=${schemaPath}
# A new page at ${route}. Replace every sentence below with the page's real copy, then run
# npm run dev to see it at http://localhost:5173${route} and npm run validate to check it.
# Your editor shows what each field means when you hover over it; npm run dev also serves a
# catalogue of every section type, with an example of each, at http://localhost:5173/_catalogue.

# The address of the page. Lowercase words joined by hyphens.
path: ${route}
# A draft is never published: no live page, no sitemap or search entry. Remove this line (or untick
# Draft in the editor) when the page is ready, then publish.
draft: true

meta:
  # The browser tab and search result title (up to 70 characters).
  title: ${quoted(title)}
  # The search result snippet (20 to 300 characters): what a visitor finds on this page.
  description: >-
    What a visitor finds on this page, in one or two sentences that make them want to read it.
  # A few phrases people search for.
  keywords:
    - ${title.toLowerCase() || 'copyright protection'}

# The page's sections, top to bottom. The first is a hero holding the page's main heading.
sections:
  - type: hero
    title: ${quoted(title)}
    subtitle: >-
      One sentence under the heading that says who this page is for and what it offers.

  - type: rich-text
    # The anchor of this section, so other pages can link to ${route}#overview.
    id: overview
    title: Overview
    paragraphs:
      - >-
        Each item of this list is one paragraph. Keep paragraphs short: two to four sentences.
      - >-
        Add more sections below: copy one from another page under site/pages/, or from the
        catalogue, and change its words.
`;
}

export interface ArticleScaffoldInput {
  title: string;
  /** YYYY-MM-DD */
  date: string;
  author: string;
  category: string;
  /** Every category the blog offers, listed in a comment so the writer can pick another. */
  categories: readonly string[];
}

export function articleScaffold(a: ArticleScaffoldInput): string {
  return `---
# The article's title, shown as its heading, in the blog list and in search results.
title: ${quoted(a.title)}
# The publication date (YYYY-MM-DD). Articles are listed newest first.
date: ${a.date}
# Who wrote it, as readers should see it.
author: ${quoted(a.author)}
# One of the blog's categories: ${a.categories.join(', ')}.
category: ${quoted(a.category)}
# One or two sentences for the blog list, the feed and search results.
excerpt: >-
  What the reader will learn from this article, in one or two sentences.
# A few words readers may browse by.
tags: [${quoted(a.category)}]
# Uncomment to show the article among the featured ones at the top of the blog.
# featured: true
# A draft is never published: remove this line (or untick Draft in the editor) when it is ready.
draft: true
---
Start with two or three sentences that tell readers what they will learn and why it matters to
them. This file is Markdown: a blank line starts a new paragraph.

## A first section

Give each idea its own section under a \`##\` heading. Link to the site's pages like
[our takedown services](/takedowns), and make lists with a hyphen at the start of each line:

- one point
- another point

## What to do next

End with the step you want the reader to take, for example [asking us for help](/contact-us).

This article is a draft: nobody sees it on the live site until it is marked ready and published.
`;
}

/** A new file to write (relative to the content root), or why there is none. */
export type NewFilePlan = { file: string; text: string } | { problem: string; exists?: boolean; usage?: boolean };

/** The page schema's path as seen from a file under the content root: `site/pages/a/b.yaml` → `../../../schemas/page.schema.json`. */
function schemaPathFrom(file: string): string {
  return '../'.repeat(file.split('/').length - 1) + 'schemas/page.schema.json';
}

/**
 * A new page at `route`, unless the address is malformed or `declaredBy(route)` names the file
 * that already has it.
 */
export function planPage(route: string, declaredBy: (route: string) => string | undefined): NewFilePlan {
  const clean = trimTrailing(route, '/');
  if (!ROUTE_PATTERN.test(clean))
    return {
      problem: `"${route}" is not a page address: use lowercase letters, digits and hyphens between slashes, e.g. /guides/youtube-claims.`,
      usage: true,
    };
  const owner = declaredBy(clean);
  if (owner) return { problem: `${owner} already declares the page ${clean}; nothing was written.`, exists: true };
  const file = pageFileFor(clean);
  return { file, text: pageScaffold(clean, schemaPathFrom(file)) };
}

/** A new article, its category one of the blog's (the first when none is given). */
export function planArticle(
  input: { title: string; category?: string; author: string; date: string },
  categories: readonly string[],
): NewFilePlan {
  const title = input.title.trim();
  const slug = slugify(title);
  if (!slug)
    return {
      problem: `"${input.title}" has no letters or digits to make the article's file name from; choose another title.`,
      usage: true,
    };
  if (!categories.length)
    return { problem: 'site/pages/blog.yaml has no article list with categories; an article needs one to belong to.' };
  const category = input.category ?? categories[0]!;
  if (!categories.includes(category)) {
    const near = closest(category, categories);
    return {
      problem: `"${category}" is not one of the blog's categories${near ? `; did you mean "${near}"?` : ''} They are: ${categories.join(', ')}.`,
      usage: true,
    };
  }
  if (!/^\d{4}-\d{2}-\d{2}$/.test(input.date) || Number.isNaN(Date.parse(input.date)))
    return { problem: `--date must be a date like 2025-03-01, not "${input.date}".`, usage: true };
  return { file: `site/blog/${slug}.md`, text: articleScaffold({ title, date: input.date, author: input.author, category, categories }) };
}

/** The blog's categories, from the article list of site/pages/blog.yaml's data. */
export function blogCategories(blogPage: unknown): string[] {
  const blog = blogPage as { sections?: { type?: string; categories?: { name?: string }[] }[] } | null;
  const list = blog?.sections?.find((s) => s.type === 'article-list');
  return (list?.categories ?? []).map((c) => c.name).filter((n): n is string => typeof n === 'string');
}
