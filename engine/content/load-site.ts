import type { Badges, ConsentNotice, PriceCatalogue, Section } from '../generated/content';
import { actionAddressProblem } from './action-address';
import { articleSlug, parseArticleFile } from './article-source';
import { buildArticles, categoryPages, listedArticles, withFeed } from './articles';
import { checkFormDefinition } from './check-form';
import { isNoticeForm, withStatementWords } from '../notices/notice-form';
import {
  badgeDefaults,
  consentLinks,
  noticeRecipientRules,
  noticeTemplateRules,
  notificationRules,
  pageShape,
  savedReplyRules,
  uniqueIds,
} from './file-rules';
import { markdownInText } from './plain-text';
import { proseInFile } from './prose-check';
import { isProseAt } from './prose-fields';
import { closest } from './closest';
import { CONTENT_KINDS, folderOf, kindOf, type ContentKind, type ContentOf, type KindName } from './content-kinds';
import type { ArticleSummary, DraftEntry, LinkSource, ResolvedPage, ResolvedSection, SiteModel, SourcePosition } from './model';
import { entryOf } from '../sections/registry';
import type { FactSources } from './placeholders';
import { factSources, nearDuplicateCategories, placeholderCauses, withFacts } from './resolve-facts';
import { formatDataPath, sortProblems, type Problem } from './problem';
import { promiseProblems } from './reply-promise';
import { referencedKinds, sectionReferences, type SectionReference } from './references';
import type { SchemaSet } from './schema-set';
import { createContentValidator, isContentOf, validatorSchemaSet, type ContentValidator, type DataIssue } from './validate';
import {
  findScalarsByKey,
  locate,
  parseYamlFile,
  placeOf,
  problemAt,
  type DataPath,
  type ParsedFile,
  type SourceFile,
} from './yaml-source';

export interface LoadResult {
  /** Present only when there are no problems. */
  model?: SiteModel;
  problems: Problem[];
  /** Worth a look, but the site loads: e.g. a FAQ category that looks like a typo of another. */
  warnings: Problem[];
}

/** A file whose data its kind's schema accepted. */
export interface Valid<K extends KindName> {
  file: ParsedFile;
  data: ContentOf[K];
}

/** The valid files of each kind, in the order they were given. */
export type ValidContent = { [K in KindName]: Array<Valid<K>> };

/**
 * What a reference must not be blamed for: ids of files that have problems of their own, and kinds
 * with a file whose id cannot be read at all (a page naming it may be right).
 */
export interface Blamed {
  ids: Map<KindName, Set<string>>;
  unreadable: Set<KindName>;
}

/** Files of the referenced kinds, by id: the first file with an id owns it. */
export type Collections = { [K in KindName]: Map<string, Valid<K>> };

/** The files the site cannot do without. */
const REQUIRED_FILES = [
  ['site/site.yaml', 'the site name, header and footer'],
  ['site/not-found.yaml', 'the not-found page'],
  ['site/links.yaml', 'the known broken links'],
  ['site/data/badges.yaml', 'the protection badges'],
  ['site/notifications.yaml', 'who is told of each lead'],
] as const;

const LINK_KEYS = new Set(['href', 'canonical']);

/**
 * YAML sources and Markdown articles → validated, cross-checked site model, in four phases: parse,
 * validate against the schemas, check the rules that span files, resolve references; then the
 * articles of site/blog/ get their pages and fill the blog's list (engine/content/articles.ts).
 * Pure: reads nothing but its arguments, and reports every problem it finds rather than stopping at
 * the first.
 */
export function loadSite(files: readonly SourceFile[], schemas: SchemaSet, options: LoadOptions = {}): LoadResult {
  const parsed = parseSources(files);
  const checkedFiles = validateSources(parsed.files, createContentValidator(validatorSchemaSet(schemas)), parsed.blamed);
  // A draft is checked against its schema like any file, then left out of the site visitors get.
  const drafts = options.withDrafts ? [] : draftsOf(checkedFiles.valid);
  const validated = options.withDrafts ? checkedFiles : withoutDrafts(checkedFiles, drafts);
  const checked = checkRules(files, validated.valid, referencedKinds(schemas), validated.blamed);
  const pricing = validated.valid.pricing[0]?.data;
  const siteFile = validated.valid.site[0];
  const facts = factSources(pricing, checked.pages, checked.collections['faq-set'], siteFile?.data.replyPromise);
  const promiseCheck = siteFile?.data.replyPromise ? promiseProblems(siteFile.data.replyPromise) : [];
  // The digest's days and time zone are the promise's: without one it could never be sent.
  const notificationsFile = validated.valid.notifications[0];
  const digestCheck =
    notificationsFile?.data.digest && siteFile && !siteFile.data.replyPromise
      ? [
          problemAt(
            notificationsFile.file,
            ['digest'],
            'the morning digest goes out on the support days and in the time zone of the reply promise: add replyPromise to site/site.yaml, or remove digest',
          ),
        ]
      : [];
  const pricingFile = parsed.files.find((f) => f.kind.kind === 'pricing')?.file;
  const factProblems = placeholderCauses(
    validated.inOrder.flatMap(({ file, kind }) => (kind.kind === 'pricing' ? [] : [file])),
    facts,
    { file: pricingFile, broken: !pricing && files.some((f) => kindOf(f.path)?.kind === 'pricing') },
  );
  const resolvedFacts = <K extends KindName>(entry: Valid<K>): Valid<K> => ({ file: entry.file, data: withFacts(entry.data, facts) });
  const site = validated.valid.site.slice(0, 1).map(resolvedFacts)[0]?.data;
  const badges = validated.valid.badges.slice(0, 1).map(resolvedFacts)[0]?.data;
  const notFound = validated.valid['not-found'].slice(0, 1).map(resolvedFacts);
  const collections = collectionsWithFacts(checked.collections, resolvedFacts);
  // A notice form's checkboxes show the template's words, which each notice stores as shown.
  const noticeTemplate = validated.valid['notice-template'][0]?.data ?? null;
  const noticeForms = [...collections.form.values()].filter((entry) => isNoticeForm(entry.data));
  for (const entry of noticeForms) collections.form.set(entry.data.id, { ...entry, data: withStatementWords(entry.data, noticeTemplate) });
  const noticeCheck =
    noticeForms.length > 0 && !noticeTemplate && !validated.blamed.unreadable.has('notice-template')
      ? noticeForms.map((entry) =>
          problemAt(entry.file, ['submit', 'payload'], 'a notice form shows the words of site/data/notice-template.yaml: add that file'),
        )
      : [];
  const blog = buildArticles(validated.valid.article.map(resolvedFacts), checked.pages, site?.titleTemplate, facts);
  const resolved = resolveReferences(
    [...checked.pages.map(resolvedFacts), ...notFound],
    collections,
    sectionReferences(schemas),
    checked.blamed,
    { badges, consent: site?.consent, facts, articles: listedArticles(blog.articles) },
  );
  const pages = withFeed(resolved.pages, blog.feed);
  const notFoundPage = notFound.length > 0 ? pages.at(-1) : undefined;
  const isProse = (file: ParsedFile, kind: ContentKind) => (path: DataPath) => isProseAt(schemas, kind.schema, file.data, path);
  const markdown = validated.inOrder.flatMap(({ file, kind }) =>
    kind.kind === 'article' ? [] : markdownInText(file, isProse(file, kind)),
  );
  const prose = validated.inOrder.map(({ file, kind }) => ({
    file,
    kind,
    ...(kind.kind === 'article' ? { problems: [], links: [] } : proseInFile(file, isProse(file, kind))),
  }));
  const problems = [
    ...parsed.problems,
    ...parsed.files.flatMap(({ file }) => actionAddresses(file)),
    ...validated.problems,
    ...markdown,
    ...prose.flatMap((p) => p.problems),
    ...checked.problems,
    ...factProblems,
    ...digestCheck,
    ...noticeCheck,
    ...promiseCheck.map(({ path, message }) => {
      const { line, column } = locate(siteFile!.file, path);
      return { file: siteFile!.file.path, line, column, path: formatDataPath(path), message };
    }),
    // A plan's price comes from the catalogue: while it has problems, they are the cause.
    ...resolved.problems.filter((p) => pricing || !p.message.startsWith('no plan price')),
    // Without a readable blog page, the articles' "no page lists them" has that page's problems as its cause.
    ...blog.problems.filter((p) => !(validated.blamed.unreadable.has('page') && p.message.startsWith('no page lists the articles'))),
  ];
  const warnings = sortProblems(nearDuplicateCategories(validated.valid['faq-set']));

  const links = validated.valid.links[0]?.data;
  const notifications = validated.valid.notifications[0]?.data;
  if (problems.length > 0 || !site || !links || !notFoundPage || !badges || !notifications)
    return { problems: sortProblems(problems), warnings };
  return {
    problems: [],
    warnings,
    model: {
      site,
      pages: [...pages.slice(0, checked.pages.length), ...blog.pages, ...categoryPages(pages.slice(0, checked.pages.length))].sort((a, b) =>
        (a.path ?? '').localeCompare(b.path ?? ''),
      ),
      notFound: notFoundPage,
      faqSets: dataById(collections, 'faq-set'),
      forms: dataById(collections, 'form'),
      apiPayloads: Object.fromEntries([...collections['api-payload'].values()].map(({ data }) => [data.submit.endpoint, data])),
      notifications,
      savedReplies: validated.valid.replies[0]?.data ?? null,
      spamWords: validated.valid['spam-words'][0]?.data.words ?? [],
      noticeRecipients: validated.valid['notice-recipients'][0]?.data.recipients ?? [],
      noticeTemplate,
      badges,
      pricing: pricing ?? EMPTY_CATALOGUE,
      knownLinks: links.known,
      unlinkedPages: links.unlinked ?? [],
      linkSources: [...linkSources(validated.inOrder), ...proseLinkSources(prose, pages), ...blog.linkSources],
      articles: blog.articles,
      feed: blog.feed,
      drafts,
    },
  };
}

export interface LoadOptions {
  /** Load drafts as if they were ready: the editor's preview of a draft shows its page. */
  withDrafts?: boolean;
}

const isDraft = (data: unknown) => typeof data === 'object' && data !== null && Reflect.get(data, 'draft') === true;

/** The pages and articles marked `draft: true`, with the address each will have. */
function draftsOf(valid: ValidContent): DraftEntry[] {
  return [
    ...valid.page.filter((p) => isDraft(p.data)).map((p) => ({ file: p.file.path, route: p.data.path ?? null, title: p.data.meta.title })),
    ...valid.article
      .filter((a) => isDraft(a.data))
      .map((a) => ({ file: a.file.path, route: `/blog/${a.data.id ?? articleSlug(a.file.path)}`, title: a.data.title })),
  ];
}

/** The checked files without the drafts' pages and articles (their links are no links of the site). */
function withoutDrafts<T extends { valid: ValidContent; inOrder: ParsedSource[] }>(checked: T, drafts: readonly DraftEntry[]): T {
  if (!drafts.length) return checked;
  const draft = new Set(drafts.map((d) => d.file));
  return {
    ...checked,
    valid: {
      ...checked.valid,
      page: checked.valid.page.filter((p) => !draft.has(p.file.path)),
      article: checked.valid.article.filter((a) => !draft.has(a.file.path)),
    },
    inOrder: checked.inOrder.filter((s) => !draft.has(s.file.path)),
  };
}

// A site without site/data/pricing.yaml states no prices; any placeholder in it is a problem.
const EMPTY_CATALOGUE: PriceCatalogue = { currency: '$', prices: {} };

/** The collections with placeholders replaced in every entry's data. */
function collectionsWithFacts(collections: Collections, resolvedFacts: <K extends KindName>(entry: Valid<K>) => Valid<K>): Collections {
  const out = {} as Record<KindName, Map<string, Valid<KindName>>>;
  for (const kind of Object.keys(collections) as KindName[]) {
    out[kind] = new Map([...collections[kind]].map(([id, entry]) => [id, resolvedFacts(entry)]));
  }
  return out as Collections;
}

// --- Problems --------------------------------------------------------------------------------

/** A problem at a place in a parsed file: the value there, or its key (an unknown field). */

const wholeFile = (file: string, message: string): Problem => ({ file, line: 1, column: 1, path: '', message });

// --- Phase 1: parse --------------------------------------------------------------------------

export interface ParsedSource {
  file: ParsedFile;
  kind: ContentKind;
}

/** Each file's kind and YAML, with its position table; a file of no kind or with broken YAML is a problem. */
export function parseSources(files: readonly SourceFile[]): { files: ParsedSource[]; problems: Problem[]; blamed: Blamed } {
  const out: ParsedSource[] = [];
  const problems: Problem[] = [];
  const blamed: Blamed = { ids: new Map(), unreadable: new Set() };
  for (const source of files) {
    const kind = kindOf(source.path);
    if (!kind) {
      problems.push(
        wholeFile(source.path, `this file is not read by the site. Content files go in ${CONTENT_KINDS.map((k) => k.where).join(', ')}`),
      );
      continue;
    }
    const { parsed, problems: syntax } = parseOnce(source, kind);
    problems.push(...syntax);
    if (parsed) out.push({ file: parsed, kind });
    else blamed.unreadable.add(kind.kind);
  }
  return { files: out, problems, blamed };
}

type ParseResult = { parsed?: ParsedFile; problems: Problem[] };
// The last parse of each file by its text: the dev server and the fuzz test load the site again
// after one file changed, and parsing the unchanged ones again is most of a load's time.
const lastParse = new Map<string, { text: string; result: ParseResult }>();

function parseOnce(source: SourceFile, kind: ContentKind): ParseResult {
  const cached = lastParse.get(source.path);
  if (cached?.text === source.text) return cached.result;
  // An article is Markdown with its data in YAML front matter; everything else is YAML.
  const result = kind.kind === 'article' ? parseArticleFile(source) : parseYamlFile(source);
  lastParse.set(source.path, { text: source.text, result });
  return result;
}

// --- Phase 2: validate -----------------------------------------------------------------------

/** Each file checked against its kind's schema; the files it accepts, typed, by kind. */
export function validateSources(
  files: readonly ParsedSource[],
  validator: ContentValidator,
  blamed: Blamed,
): { valid: ValidContent; inOrder: Array<ParsedSource>; problems: Problem[]; blamed: Blamed } {
  const valid: ValidContent = {
    site: [],
    links: [],
    'not-found': [],
    page: [],
    'faq-set': [],
    form: [],
    'api-payload': [],
    badges: [],
    pricing: [],
    notifications: [],
    replies: [],
    'spam-words': [],
    'notice-recipients': [],
    'notice-template': [],
    article: [],
  };
  const inOrder: ParsedSource[] = [];
  const problems: Problem[] = [];
  blamed = copyOf(blamed);
  for (const source of files) {
    const { file, kind } = source;
    const issues: DataIssue[] = [];
    if (isContentOf(validator, kind, file.data, issues)) {
      accept(valid, kind.kind, file, file.data);
      inOrder.push(source);
      continue;
    }
    for (const issue of issues) problems.push(problemAt(file, issue.path, issue.message, issue.at));
    const id = idOf(file.data);
    if (id === undefined) blamed.unreadable.add(kind.kind);
    else blame(blamed, kind.kind, id);
  }
  return { valid, inOrder, problems, blamed };
}

function accept<K extends KindName>(valid: ValidContent, kind: K, file: ParsedFile, data: ContentOf[K]): void {
  valid[kind].push({ file, data });
}

// Each phase adds to its own copy, so a phase never changes what it was given.
function copyOf(blamed: Blamed): Blamed {
  return { ids: new Map([...blamed.ids].map(([kind, ids]) => [kind, new Set(ids)])), unreadable: new Set(blamed.unreadable) };
}

function blame(blamed: Blamed, kind: KindName, id: string): void {
  let ids = blamed.ids.get(kind);
  if (!ids) blamed.ids.set(kind, (ids = new Set()));
  ids.add(id);
}

function idOf(data: unknown): string | undefined {
  const id = typeof data === 'object' && data !== null ? Reflect.get(data, 'id') : undefined;
  return typeof id === 'string' ? id : undefined;
}

// --- Phase 3: rules that span files ----------------------------------------------------------

/**
 * What the schemas cannot say: the required files exist, ids and paths have one owner, every page
 * opens with its one hero, forms and badges are consistent in themselves. Returns the pages (one per
 * path) and the collections of referenced kinds without the entries that have problems.
 */
export function checkRules(
  files: readonly SourceFile[],
  valid: ValidContent,
  referenced: ReadonlyMap<KindName, string>,
  blamed: Blamed,
): { problems: Problem[]; pages: Array<Valid<'page'>>; collections: Collections; blamed: Blamed } {
  const problems: Problem[] = [];
  blamed = copyOf(blamed);
  for (const [path, what] of REQUIRED_FILES) {
    if (!files.some((f) => f.path === path)) problems.push(wholeFile(path, `file is missing: it declares ${what}`));
  }

  const collections: Collections = {
    site: new Map(),
    links: new Map(),
    'not-found': new Map(),
    page: new Map(),
    'faq-set': new Map(),
    form: new Map(),
    'api-payload': new Map(),
    badges: new Map(),
    pricing: new Map(),
    notifications: new Map(),
    replies: new Map(),
    'spam-words': new Map(),
    'notice-recipients': new Map(),
    'notice-template': new Map(),
    article: new Map(),
  };
  for (const [kind, noun] of referenced) problems.push(...collect(collections, kind, valid[kind], noun));

  problems.push(...uniqueFormTitles([...collections.form.values(), ...collections['api-payload'].values()]));
  for (const { file, data } of valid['faq-set']) problems.push(...uniqueIds(file, data.items, 'items', 'question id'));
  // A form's field schema must compile and its rules name real fields; a form that fails is left out.
  for (const [id, { file, data }] of collections.form) {
    const issues = checkFormDefinition(data);
    if (issues.length === 0) continue;
    problems.push(...oncePerMessage(issues.map((issue) => problemAt(file, issue.path, issue.message, issue.at))));
    collections.form.delete(id);
    blame(blamed, 'form', id);
  }

  const pages: Array<Valid<'page'>> = [];
  const ownerOf = new Map<string, ParsedFile>();
  for (const page of valid.page) {
    const { file, data } = page;
    if (!data.path) {
      problems.push(
        problemAt(file, [], 'the required field "path" is missing: every page under site/pages/ needs its route, e.g. path: /pricing'),
      );
      continue;
    }
    const owner = ownerOf.get(data.path);
    if (owner) {
      problems.push(
        problemAt(file, ['path'], `"${data.path}" is already the path of ${placeOf(owner, ['path'])}. Each page needs its own path`),
      );
      continue;
    }
    ownerOf.set(data.path, file);
    pages.push(page);
    problems.push(...pageShape(file, data));
  }

  for (const { file, data } of valid['not-found']) {
    if (data.path) problems.push(problemAt(file, ['path'], 'the not-found page has no path: it is shown for every unknown address', 'key'));
    problems.push(...pageShape(file, data));
  }
  for (const { file, data } of valid.badges) problems.push(...badgeDefaults(file, data));
  for (const { file, data } of [...valid.site, ...valid.form]) if (data.consent) problems.push(...consentLinks(file, data.consent));
  problems.push(...apiPayloadRules(valid['api-payload'], collections, blamed));
  for (const { file, data } of valid.notifications) problems.push(...notificationRules(file, data, collections, blamed));
  for (const { file, data } of valid.replies) problems.push(...savedReplyRules(file, data));
  for (const { file, data } of valid['notice-template']) problems.push(...noticeTemplateRules(file, data));
  for (const { file, data } of valid['notice-recipients']) problems.push(...noticeRecipientRules(file, data));
  return { problems, pages, collections, blamed };
}

/**
 * A payload the API accepts without a form: its rules hold like a form's, its id is not a form's,
 * and each endpoint has at most one (a request that names no form has nothing else to go by).
 */
function apiPayloadRules(entries: ReadonlyArray<Valid<'api-payload'>>, collections: Collections, blamed: Blamed): Problem[] {
  const problems: Problem[] = [];
  const byEndpoint = new Map<string, ParsedFile>();
  for (const { file, data } of entries) {
    const clash = collections.form.get(data.id) ?? collections['api-payload'].get(data.id);
    if (clash) {
      problems.push(problemAt(file, ['id'], `the id "${data.id}" is already used by ${clash.file.path}`));
      continue;
    }
    const other = byEndpoint.get(data.submit.endpoint);
    if (other) {
      problems.push(
        problemAt(file, ['submit', 'endpoint'], `${other.path} already says what ${data.submit.endpoint} accepts without a form`),
      );
      continue;
    }
    const issues = checkFormDefinition(data);
    problems.push(...oncePerMessage(issues.map((issue) => problemAt(file, issue.path, issue.message, issue.at))));
    // A payload with problems of its own is reported here, not again at each rule that names it.
    if (issues.length > 0) {
      blame(blamed, 'api-payload', data.id);
      continue;
    }
    byEndpoint.set(data.submit.endpoint, file);
    collections['api-payload'].set(data.id, { file, data });
  }
  return problems;
}

/** One problem per message: a renamed field is said once, at its first place, with how many more there are. */
function oncePerMessage(problems: Problem[]): Problem[] {
  const byMessage = new Map<string, Problem[]>();
  for (const p of sortProblems(problems)) byMessage.set(p.message, [...(byMessage.get(p.message) ?? []), p]);
  return [...byMessage.values()].map(([first, ...more]) =>
    more.length === 0
      ? first
      : { ...first, message: `${first.message} (and ${more.length} more ${more.length === 1 ? 'place' : 'places'} in this file)` },
  );
}

/**
 * Two forms (or API payloads) with one title, in any case or spacing, are a problem at the second:
 * the inbox names a lead's form by its title, so the team could not tell their leads apart.
 */
function uniqueFormTitles(entries: ReadonlyArray<{ file: ParsedFile; data: { title: string } }>): Problem[] {
  const problems: Problem[] = [];
  const byTitle = new Map<string, { file: ParsedFile; data: { title: string } }>();
  for (const entry of [...entries].sort((a, b) => a.file.path.localeCompare(b.file.path))) {
    const key = entry.data.title.trim().replace(/\s+/g, ' ').toLowerCase();
    const other = byTitle.get(key);
    if (!other) byTitle.set(key, entry);
    else
      problems.push(
        problemAt(
          entry.file,
          ['title'],
          `the title "${entry.data.title}" is already the title of ${other.file.path}; give each form its own title, so the team can tell their leads apart`,
        ),
      );
  }
  return problems;
}

/** The files of a kind by id; a second file with the same id is a problem. */
function collect<K extends KindName>(collections: Collections, kind: K, entries: ReadonlyArray<Valid<K>>, noun: string): Problem[] {
  const problems: Problem[] = [];
  const byId = collections[kind];
  for (const entry of entries) {
    const id = idOf(entry.data);
    if (id === undefined) continue;
    const other = byId.get(id);
    if (other) problems.push(problemAt(entry.file, ['id'], `the ${noun} id "${id}" is already used by ${other.file.path}`));
    else byId.set(id, entry);
  }
  return problems;
}

// --- Phase 4: resolve references -------------------------------------------------------------

/**
 * Each section field that declares `x-ref` replaced, for the renderer, by what it names; a name that
 * matches nothing is a problem, unless the file it would name has problems of its own. The badge
 * customiser gets the badges of site/data/badges.yaml.
 */
export function resolveReferences(
  pages: ReadonlyArray<Valid<'page'> | Valid<'not-found'>>,
  collections: Collections,
  references: ReadonlyMap<string, readonly SectionReference[]>,
  blamed: Blamed,
  shared: SharedContent,
): { pages: ResolvedPage[]; problems: Problem[] } {
  const problems: Problem[] = [];
  const lookUp: LookUp = (kind, id) => collections[kind].get(id)?.data;
  const resolved = pages.map(({ file, data }): ResolvedPage => {
    const sections = data.sections.map((section, i) => {
      const { resolved, missing, problems: own } = resolveSection(section, references, lookUp, shared);
      for (const { ref, id } of missing) {
        if (blamed.ids.get(ref.kind)?.has(id) || blamed.unreadable.has(ref.kind)) continue;
        // Files with problems of their own still have their ids: a near miss may be one of them.
        const known = [...new Set([...collections[ref.kind].keys(), ...(blamed.ids.get(ref.kind) ?? [])])].sort();
        const guess = closest(id, known);
        const where = guess ? collections[ref.kind].get(guess)?.file.path : undefined;
        // The file named like the id most likely had its id changed: name it, it is where to look.
        const namesake = [...collections[ref.kind].values()].find((e) => e.file.path.replace(/^.*\/|\.\w+$/g, '') === id);
        if (!guess && namesake) {
          const other = idOf(namesake.data) ?? '';
          const shown = other.length > 40 ? `${other.slice(0, 40)}…` : other;
          problems.push(
            problemAt(file, ['sections', i, ref.field], `no ${ref.noun} with id "${id}": ${namesake.file.path} has the id "${shown}"`),
          );
          continue;
        }
        problems.push(
          problemAt(
            file,
            ['sections', i, ref.field],
            `no ${ref.noun} with id "${id}" in ${folderOf(ref.kind)}.` +
              (guess ? ` Did you mean "${guess}"${where ? ` (${where})` : ''}?` : ` Known ids: ${known.join(', ') || '(none yet)'}`),
          ),
        );
      }
      for (const p of own) problems.push(problemAt(file, ['sections', i, ...p.at], p.message));
      return resolved;
    });
    return { file: file.path, path: data.path ?? null, meta: data.meta, sections, sources: data.sections.map((_, i) => at(file, i)) };
  });
  return { pages: resolved, problems };
}

// Where a section is declared: its first field, under the list's dash.
function at(file: ParsedFile, index: number): SourcePosition {
  const { line, column } = locate(file, ['sections', index]);
  return { line, column };
}

/** The data of a file of a kind, by its id; undefined when there is none. */
export type LookUp = (kind: KindName, id: string) => unknown;

/** What every page's sections may draw on besides the files they name. */
export interface SharedContent {
  badges: Badges | undefined;
  /** The site-wide consent notice, for forms that set none of their own. */
  consent: ConsentNotice | undefined;
  facts: FactSources;
  /** What an article list shows of site/blog/, in its order. */
  articles: ArticleSummary[];
}

/**
 * One section with what its `x-ref` fields name put beside them, and what its type's resolver adds
 * (engine/sections/<type>/index.ts: the badge customiser's badges, a form's consent notice, counted
 * FAQ categories, a pricing table's amounts);
 * also the references that name nothing and the problems found, at paths inside the section. The
 * loader and the dev catalogue both resolve with it.
 */
export function resolveSection(
  section: Section,
  references: ReadonlyMap<string, readonly SectionReference[]>,
  lookUp: LookUp,
  shared: SharedContent,
): {
  resolved: ResolvedSection;
  missing: Array<{ ref: SectionReference; id: string }>;
  problems: Array<{ at: DataPath; message: string }>;
} {
  const extras: Record<string, unknown> = {};
  const missing: Array<{ ref: SectionReference; id: string }> = [];
  const problems: Array<{ at: DataPath; message: string }> = [];
  for (const ref of references.get(section.type) ?? []) {
    const id: unknown = Reflect.get(section, ref.field);
    if (typeof id !== 'string') continue;
    const target = lookUp(ref.kind, id);
    if (target === undefined) missing.push({ ref, id });
    else extras[ref.as] = ref.take ? Reflect.get(Object(target), ref.take) : target;
  }
  const entry = entryOf(section);
  if (entry.resolve)
    Object.assign(
      extras,
      entry.resolve(section, { shared, referenced: { ...extras }, report: (at, message) => problems.push({ at, message }) }),
    );
  // The schemas declare every field added here, and the renderer's types name them (model.ts).
  return { resolved: Object.assign({}, section, extras) as ResolvedSection, missing, problems };
}

/** The data of a referenced kind's files by id, in file order. */
function dataById<K extends 'faq-set' | 'form'>(collections: Collections, kind: K): Record<string, ContentOf[K]> {
  const out: Record<string, ContentOf[K]> = {};
  for (const [id, entry] of collections[kind]) out[id] = entry.data;
  return out;
}

/** Every link written in the site file and the pages, with the place that declares it. */
function linkSources(files: readonly ParsedSource[]): LinkSource[] {
  const out: LinkSource[] = [];
  for (const { file, kind } of files) {
    if (kind.kind !== 'site' && kind.kind !== 'page' && kind.kind !== 'not-found') continue;
    const page = kind.kind === 'page' ? stringAt(file.data, 'path') : kind.kind === 'not-found' ? '(not-found page)' : null;
    for (const occ of findScalarsByKey(file, LINK_KEYS)) {
      out.push({
        href: occ.value,
        kind: occ.key === 'canonical' ? 'canonical' : 'href',
        file: file.path,
        line: occ.position.line,
        column: occ.position.column,
        dataPath: formatDataPath(occ.path),
        page,
      });
    }
  }
  return out;
}

/**
 * The links written in prose texts: a page's own are on that page; an FAQ set's are on the first
 * page that shows the set (where an in-page anchor of theirs leads).
 */
function proseLinkSources(
  prose: ReadonlyArray<{
    file: ParsedFile;
    kind: ContentKind;
    links: ReadonlyArray<{ href: string; line: number; column: number; dataPath: string }>;
  }>,
  pages: readonly ResolvedPage[],
): LinkSource[] {
  return prose.flatMap(({ file, kind, links }) => {
    const id = stringAt(file.data, 'id');
    const page =
      kind.kind === 'page'
        ? stringAt(file.data, 'path')
        : kind.kind === 'not-found'
          ? '(not-found page)'
          : kind.kind === 'faq-set'
            ? (pages.find((p) => p.sections.some((s) => s.type === 'faq' && s.faqSet === id))?.path ?? null)
            : null;
    return links.map((link) => ({ ...link, kind: 'href' as const, file: file.path, page }));
  });
}

/** Keys whose text is an address a browser fetches or follows: links, buttons, pictures and downloads. */
const ADDRESS_KEYS = new Set(['href', 'canonical', 'src', 'download']);

/** Every address in the file that points at the admin app or the API, at its place. */
function actionAddresses(file: ParsedFile): Problem[] {
  return findScalarsByKey(file, ADDRESS_KEYS).flatMap((occ) => {
    const message = actionAddressProblem(occ.value);
    return message ? [problemAt(file, occ.path, message)] : [];
  });
}

function stringAt(data: unknown, key: string): string | null {
  const value = typeof data === 'object' && data !== null ? Reflect.get(data, key) : undefined;
  return typeof value === 'string' ? value : null;
}
