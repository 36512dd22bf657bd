import type { FAQSection, FAQSet, KnownLinks, Page, Site } from '../generated/content';
import { kindOf, CONTENT_KINDS } from './content-kinds';
import type { LinkSource, ResolvedPage, ResolvedSection, SiteModel } from './model';
import { formatDataPath, sortProblems, type Problem } from './problem';
import { REFERENCE_RULES } from './references';
import { buildSectionUnionSchema, type SchemaSet } from './schema-set';
import { createContentValidator } from './validate';
import { findScalarsByKey, locate, parseYamlFile, type DataPath, type ParsedFile, type SourceFile } from './yaml-source';

export interface LoadResult {
  /** Present only when there are no problems. */
  model?: SiteModel;
  problems: Problem[];
}

const LINK_KEYS = new Set(['href', 'canonical']);

/**
 * YAML sources → validated, cross-checked site model. Pure: reads nothing but its arguments,
 * and reports every problem it finds rather than stopping at the first.
 */
export function loadSite(files: readonly SourceFile[], schemas: SchemaSet): LoadResult {
  const validator = createContentValidator({ ...schemas, 'section.schema.json': buildSectionUnionSchema(schemas) });
  const problems: Problem[] = [];
  const at = (file: ParsedFile, path: DataPath, message: string, target: 'key' | 'value' = 'value') => {
    const pos = locate(file, path, target);
    problems.push({ file: file.path, line: pos.line, column: pos.column, path: formatDataPath(path), message });
  };

  const valid: Array<{ file: ParsedFile; kind: NonNullable<ReturnType<typeof kindOf>>['kind'] }> = [];
  // Files that have problems of their own: a page naming what they declare is not blamed for it.
  const faqIdsWithProblems = new Set<string>();
  let unreadableFaqFile = false;
  for (const source of files) {
    const kind = kindOf(source.path);
    if (!kind) {
      problems.push({
        file: source.path, line: 1, column: 1, path: '',
        message: `this file is not read by the site. Content files go in ${CONTENT_KINDS.map((k) => k.where).join(', ')}`,
      });
      continue;
    }
    const { parsed, problems: syntax } = parseYamlFile(source);
    problems.push(...syntax);
    if (!parsed) {
      if (kind.kind === 'faq-set') unreadableFaqFile = true;
      continue;
    }
    const issues = validator.validate(kind.schema, parsed.data);
    for (const issue of issues) at(parsed, issue.path, issue.message, issue.at);
    if (issues.length === 0) valid.push({ file: parsed, kind: kind.kind });
    else if (kind.kind === 'faq-set') {
      const id = (parsed.data as { id?: unknown } | null)?.id;
      if (typeof id === 'string') faqIdsWithProblems.add(id);
      else unreadableFaqFile = true;
    }
  }

  const byKind = (k: string) => valid.filter((v) => v.kind === k).map((v) => v.file);
  const siteFile = byKind('site')[0];
  const linksFile = byKind('links')[0];
  const notFoundFile = byKind('not-found')[0];
  const hadFile = (path: string) => files.some((f) => f.path === path);
  for (const [path, what] of [['site/site.yaml', 'the site name, header and footer'], ['site/not-found.yaml', 'the not-found page'], ['site/links.yaml', 'the known broken links']] as const) {
    if (!hadFile(path)) problems.push({ file: path, line: 1, column: 1, path: '', message: `file is missing: it declares ${what}` });
  }

  // FAQ sets, by id.
  const faqSets: Record<string, FAQSet> = {};
  const faqFileById = new Map<string, ParsedFile>();
  for (const file of byKind('faq-set')) {
    const set = file.data as FAQSet;
    const other = faqFileById.get(set.id);
    if (other) at(file, ['id'], `the FAQ set id "${set.id}" is already used by ${other.path}`);
    else {
      faqFileById.set(set.id, file);
      faqSets[set.id] = set;
    }
    const itemIds = new Map<string, number>();
    set.items.forEach((item, i) => {
      const first = itemIds.get(item.id);
      if (first !== undefined) at(file, ['items', i, 'id'], `the question id "${item.id}" is already used by items[${first}]`);
      else itemIds.set(item.id, i);
    });
  }

  const collections = { faqSets } as const;
  const resolvePage = (file: ParsedFile): ResolvedPage => {
    const page = file.data as Page;
    const sections = page.sections.map((section, i) => {
      let resolved: ResolvedSection = section as ResolvedSection;
      for (const rule of REFERENCE_RULES) {
        const id = (section as unknown as Record<string, unknown>)[rule.field];
        if (typeof id !== 'string') continue;
        const target = collections[rule.collection][id];
        if (!target && (faqIdsWithProblems.has(id) || unreadableFaqFile)) continue;
        if (!target) {
          const known = Object.keys(collections[rule.collection]).sort();
          at(file, ['sections', i, rule.field], `no ${rule.noun} with id "${id}" in ${rule.folder}. Known ids: ${known.join(', ') || '(none yet)'}`);
          continue;
        }
        if (rule.collection === 'faqSets') resolved = { ...(section as FAQSection), questions: target.items };
      }
      return resolved;
    });
    checkPageShape(file, page, at);
    return { file: file.path, path: page.path ?? null, meta: page.meta, sections };
  };

  // Pages, with one owner per path.
  const pages: ResolvedPage[] = [];
  const fileByPath = new Map<string, ParsedFile>();
  for (const file of byKind('page')) {
    const page = file.data as Page;
    if (!page.path) {
      at(file, [], 'the required field "path" is missing: every page under site/pages/ needs its route, e.g. path: /pricing');
      continue;
    }
    const owner = fileByPath.get(page.path);
    if (owner) {
      const pos = locate(owner, ['path']);
      at(file, ['path'], `"${page.path}" is already the path of ${owner.path}:${pos.line}:${pos.column}. Each page needs its own path`);
      continue;
    }
    fileByPath.set(page.path, file);
    pages.push(resolvePage(file));
  }
  pages.sort((a, b) => (a.path ?? '').localeCompare(b.path ?? ''));

  let notFound: ResolvedPage | undefined;
  if (notFoundFile) {
    if ((notFoundFile.data as Page).path) at(notFoundFile, ['path'], 'the not-found page has no path: it is shown for every unknown address', 'key');
    notFound = resolvePage(notFoundFile);
  }

  const linkSources: LinkSource[] = [];
  for (const { file, kind } of valid) {
    if (kind !== 'site' && kind !== 'page' && kind !== 'not-found') continue;
    const page = kind === 'page' ? ((file.data as Page).path ?? null) : kind === 'not-found' ? '(not-found page)' : null;
    for (const occ of findScalarsByKey(file, LINK_KEYS)) {
      linkSources.push({
        href: occ.value, kind: occ.key === 'canonical' ? 'canonical' : 'href', file: file.path,
        line: occ.position.line, column: occ.position.column, dataPath: formatDataPath(occ.path), page,
      });
    }
  }

  if (problems.length > 0 || !siteFile || !linksFile || !notFound) return { problems: sortProblems(problems) };
  return {
    problems: [],
    model: {
      site: siteFile.data as Site,
      pages,
      notFound,
      faqSets,
      knownLinks: (linksFile.data as KnownLinks).known,
      linkSources,
    },
  };
}

type At = (file: ParsedFile, path: DataPath, message: string, target?: 'key' | 'value') => void;

// Every page opens with exactly one hero: it carries the page's only h1.
function checkPageShape(file: ParsedFile, page: Page, at: At): void {
  const heroes = page.sections.flatMap((s, i) => (s.type === 'hero' ? [i] : []));
  if (heroes.length === 0 || heroes[0] !== 0) {
    at(file, ['sections', 0, 'type'], 'the first section must be a hero: it holds the page\'s main heading (h1)');
  }
  for (const extra of heroes.slice(1)) at(file, ['sections', extra, 'type'], 'a page has one hero only (one main heading); use a cta or card-grid section here');
  const ids = new Map<string, number>();
  page.sections.forEach((s, i) => {
    if (!s.id) return;
    const first = ids.get(s.id);
    if (first !== undefined) at(file, ['sections', i, 'id'], `the anchor "${s.id}" is already used by sections[${first}] on this page`);
    else ids.set(s.id, i);
  });
}
