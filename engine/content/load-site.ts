import type { Badges, FAQSection, FAQSet, Form, FormSection, KnownLinks, Page, Site } from '../generated/content';
import { checkFormDefinition } from './check-form';
import type { ReferenceRule } from './references';

type Collection = ReferenceRule['collection'];
import { kindOf, CONTENT_KINDS } from './content-kinds';
import type { LinkSource, ResolvedPage, ResolvedSection, SiteModel } from './model';
import { formatDataPath, sortProblems, type Problem } from './problem';
import { REFERENCE_RULES } from './references';
import type { SchemaSet } from './schema-set';
import { createContentValidator, validatorSchemaSet } from './validate';
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
  const validator = createContentValidator(validatorSchemaSet(schemas));
  const problems: Problem[] = [];
  const at = (file: ParsedFile, path: DataPath, message: string, target: 'key' | 'value' = 'value') => {
    const pos = locate(file, path, target);
    problems.push({ file: file.path, line: pos.line, column: pos.column, path: formatDataPath(path), message });
  };

  const valid: Array<{ file: ParsedFile; kind: NonNullable<ReturnType<typeof kindOf>>['kind'] }> = [];
  // Files that have problems of their own: a page naming what they declare is not blamed for it.
  const COLLECTION_OF: Partial<Record<string, Collection>> = { 'faq-set': 'faqSets', form: 'forms' };
  const idsWithProblems: Record<Collection, Set<string>> = { faqSets: new Set(), forms: new Set() };
  const unreadable: Record<Collection, boolean> = { faqSets: false, forms: false };
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
    const collection = COLLECTION_OF[kind.kind];
    if (!parsed) {
      if (collection) unreadable[collection] = true;
      continue;
    }
    const issues = validator.validate(kind.schema, parsed.data);
    for (const issue of issues) at(parsed, issue.path, issue.message, issue.at);
    if (issues.length === 0) valid.push({ file: parsed, kind: kind.kind });
    else if (collection) {
      const id = (parsed.data as { id?: unknown } | null)?.id;
      if (typeof id === 'string') idsWithProblems[collection].add(id);
      else unreadable[collection] = true;
    }
  }

  const byKind = (k: string) => valid.filter((v) => v.kind === k).map((v) => v.file);
  const siteFile = byKind('site')[0];
  const linksFile = byKind('links')[0];
  const notFoundFile = byKind('not-found')[0];
  const badgesFile = byKind('badges')[0];
  const hadFile = (path: string) => files.some((f) => f.path === path);
  for (const [path, what] of [['site/site.yaml', 'the site name, header and footer'], ['site/not-found.yaml', 'the not-found page'], ['site/links.yaml', 'the known broken links'], ['site/data/badges.yaml', 'the protection badges']] as const) {
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

  // Forms, by id, each checked beyond its schema: its field schema must compile and its rules name real fields.
  const forms: Record<string, Form> = {};
  const formFileById = new Map<string, ParsedFile>();
  for (const file of byKind('form')) {
    const form = file.data as Form;
    const other = formFileById.get(form.id);
    if (other) {
      at(file, ['id'], `the form id "${form.id}" is already used by ${other.path}`);
      continue;
    }
    formFileById.set(form.id, file);
    const before = problems.length;
    for (const issue of checkFormDefinition(form)) at(file, issue.path, issue.message, issue.at);
    if (problems.length === before) forms[form.id] = form;
    else idsWithProblems.forms.add(form.id);
  }

  const collections: { faqSets: Record<string, FAQSet>; forms: Record<string, Form> } = { faqSets, forms };
  const resolvePage = (file: ParsedFile): ResolvedPage => {
    const page = file.data as Page;
    const sections = page.sections.map((section, i) => {
      let resolved: ResolvedSection = section as ResolvedSection;
      for (const rule of REFERENCE_RULES) {
        const id = (section as unknown as Record<string, unknown>)[rule.field];
        if (typeof id !== 'string') continue;
        const target = collections[rule.collection][id];
        if (!target && (idsWithProblems[rule.collection].has(id) || unreadable[rule.collection])) continue;
        if (!target) {
          const known = Object.keys(collections[rule.collection]).sort();
          at(file, ['sections', i, rule.field], `no ${rule.noun} with id "${id}" in ${rule.folder}. Known ids: ${known.join(', ') || '(none yet)'}`);
          continue;
        }
        if (rule.collection === 'faqSets') resolved = { ...(section as FAQSection), questions: (target as FAQSet).items };
        else resolved = { ...(section as FormSection), definition: target as Form };
      }
      if (section.type === 'badge-builder' && badgesFile) resolved = { ...section, badges: badgesFile.data as Badges };
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

  if (badgesFile) checkBadgeDefaults(badgesFile, badgesFile.data as Badges, at);
  if (problems.length > 0 || !siteFile || !linksFile || !notFound || !badgesFile) return { problems: sortProblems(problems) };
  return {
    problems: [],
    model: {
      site: siteFile.data as Site,
      pages,
      notFound,
      faqSets,
      forms,
      badges: badgesFile.data as Badges,
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

// Ids must be unique per list, and the defaults must name entries that exist.
function checkBadgeDefaults(file: ParsedFile, badges: Badges, at: At): void {
  for (const list of ['types', 'sizes', 'colors'] as const) {
    const seen = new Set<string>();
    badges[list].forEach((entry, i) => {
      if (seen.has(entry.id)) at(file, [list, i, 'id'], `the id "${entry.id}" is used twice in ${list}`);
      seen.add(entry.id);
    });
  }
  if (!badges.defaults) return;
  for (const [key, list] of [['type', 'types'], ['size', 'sizes'], ['color', 'colors']] as const) {
    const ids = badges[list].map((e) => e.id);
    if (!ids.includes(badges.defaults[key])) at(file, ['defaults', key], `"${badges.defaults[key]}" is not one of the ${list}: ${ids.join(', ')}`);
  }
}
