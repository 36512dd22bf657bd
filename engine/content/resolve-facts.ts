import type { FAQSet, Page, PriceCatalogue, ReplyPromise } from '../generated/content';
import { ALL_CATEGORIES, categoryAnchor } from '../sections/faq/faq-filter';
import { closest } from './closest';
import type { ResolvedFaqCategory } from './model';
import { PLACEHOLDER, priceEntries, resolvePlaceholders, type FactSources } from './placeholders';
import { promiseTexts } from './reply-promise';
import { formatDataPath, sortProblems, type Problem } from './problem';
import { locate, positionInValue, stringScalars, type ParsedFile } from './yaml-source';

/** What the placeholders of a site resolve against: its price catalogue and the questions each page shows. */
export function factSources(
  catalogue: PriceCatalogue | undefined,
  pages: ReadonlyArray<{ data: Page; file?: { path: string } }>,
  faqSets: ReadonlyMap<string, { data: FAQSet }>,
  promise?: ReplyPromise,
): FactSources {
  const questionsByPage = new Map<string, number>();
  const pageFiles = new Map<string, string>();
  for (const { data, file } of pages) {
    if (!data.path) continue;
    if (file) pageFiles.set(data.path, file.path);
    let total = 0;
    let shows = false;
    for (const section of data.sections) {
      if (section.type !== 'faq') continue;
      const items = faqSets.get(section.faqSet)?.data.items.length ?? 0;
      total += section.limit === undefined ? items : Math.min(section.limit, items);
      shows = true;
    }
    if (shows) questionsByPage.set(data.path, total);
  }
  return {
    currency: catalogue?.currency ?? '$',
    prices: priceEntries(catalogue),
    questionsByPage,
    pageFiles,
    promise: promiseTexts(promise),
  };
}

/** Every placeholder in a file that names nothing, at the line and column where it is written. */
export function placeholderProblems(file: ParsedFile, sources: FactSources): Problem[] {
  return placeholderIssues(file, sources).map((i) => i.problem);
}

interface PlacedIssue {
  token: string;
  problem: Problem;
}

function placeholderIssues(file: ParsedFile, sources: FactSources): PlacedIssue[] {
  const found: PlacedIssue[] = [];
  for (const scalar of stringScalars(file)) {
    const { issues } = resolvePlaceholders(scalar.value, sources);
    const seen = new Map<string, number>();
    for (const issue of issues) {
      const nth = seen.get(issue.token) ?? 0;
      seen.set(issue.token, nth + 1);
      const pos = positionInValue(file, scalar, issue.token, nth);
      found.push({
        token: issue.token,
        problem: { file: file.path, line: pos.line, column: pos.column, path: formatDataPath(scalar.path), message: issue.message },
      });
    }
  }
  return found;
}

// The catalogue key a {price:…} or {amount:…} placeholder names, without a multiplier.
const priceKeyOf = (token: string) => /^\{(?:price|amount):([^*}]+)/.exec(token)?.[1];

/**
 * The placeholders that name nothing, one problem per cause: none about prices while the catalogue
 * itself has problems; a catalogue entry that looks like a misspelling of a key the text uses
 * (and is used nowhere itself) is reported at its own line; a placeholder used in many places is
 * reported at its first use, with how many more there are.
 */
export function placeholderCauses(
  files: readonly ParsedFile[],
  sources: FactSources,
  catalogue: { file?: ParsedFile; broken: boolean },
): Problem[] {
  let issues = files.flatMap((file) => placeholderIssues(file, sources));
  if (catalogue.broken) issues = issues.filter((i) => priceKeyOf(i.token) === undefined);
  const used = new Set<string>();
  for (const file of files)
    for (const scalar of stringScalars(file))
      for (const m of scalar.value.matchAll(PLACEHOLDER)) if (m[1] === 'price' || m[1] === 'amount') used.add(m[2].replace(/\*\d+$/, ''));
  const unused = [...sources.prices.keys()].filter((k) => !used.has(k));
  const problems: Problem[] = [];
  const atDefinition = new Map<string, Problem>();
  const byMessage = new Map<string, Problem[]>();
  const uses = new Map<string, number>();
  for (const { token } of issues) uses.set(token, (uses.get(token) ?? 0) + 1);
  for (const { token, problem } of issues) {
    const key = priceKeyOf(token);
    // One misspelled use is most likely the use's own typo; the same name in several places points at the catalogue.
    const repeated = (uses.get(token) ?? 0) > 1;
    const guess = key && repeated && catalogue.file && !sources.prices.has(key) ? closest(key, unused) : undefined;
    if (catalogue.file && key && guess) {
      const existing = atDefinition.get(guess);
      if (existing) {
        existing.message = existing.message.replace(/named (\d+) times?/, (_, n) => `named ${Number(n) + 1} times`);
        continue;
      }
      const pos = locate(catalogue.file, ['prices', ...guess.split('.')], 'key');
      const first = `${problem.file}:${problem.line}:${problem.column}`;
      const definition: Problem = {
        file: catalogue.file.path,
        line: pos.line,
        column: pos.column,
        path: formatDataPath(['prices', ...guess.split('.')]),
        message: `no text uses "${guess}", while "${key}" is named 1 time (first at ${first}) and is not in the catalogue: did you mean to call this entry "${key}"?`,
      };
      atDefinition.set(guess, definition);
      problems.push(definition);
      continue;
    }
    const list = byMessage.get(problem.message) ?? [];
    list.push(problem);
    byMessage.set(problem.message, list);
  }
  for (const list of byMessage.values()) {
    const [first, ...more] = sortProblems(list);
    problems.push(
      more.length === 0
        ? first
        : { ...first, message: `${first.message} (and ${more.length} more ${more.length === 1 ? 'use' : 'uses'} of it)` },
    );
  }
  return problems.map((p) => ({ ...p, message: p.message.replace(/named 1 times/, 'named 1 time') }));
}

/** A copy of a file's data with every placeholder replaced by its value. */
export function withFacts<T>(data: T, sources: FactSources): T {
  const map = (value: unknown): unknown => {
    if (typeof value === 'string') return resolvePlaceholders(value, sources).text;
    if (Array.isArray(value)) return value.map(map);
    if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, map(v)]));
    return value;
  };
  return map(data) as T;
}

/** Each category with how many of the questions it holds; `all` holds every question. */
export function countByCategory(
  categories: ReadonlyArray<{ id: string; name: string; href?: string }>,
  items: ReadonlyArray<{ category: string }>,
): ResolvedFaqCategory[] {
  return categories.map((c) => ({
    ...c,
    count: c.id === ALL_CATEGORIES ? items.length : items.filter((item) => categoryAnchor(item.category) === c.id).length,
  }));
}

/**
 * FAQ categories that look like a typo of another: a value used by one question only while a
 * similar one is used elsewhere ("DMCA Basix" beside "DMCA Basics"). Warnings, not errors: a new
 * category starts with one question too.
 */
export function nearDuplicateCategories(sets: ReadonlyArray<{ file: ParsedFile; data: FAQSet }>): Problem[] {
  const uses = new Map<string, Array<{ file: ParsedFile; index: number }>>();
  for (const { file, data } of sets) {
    data.items.forEach((item, index) => {
      const list = uses.get(item.category) ?? [];
      list.push({ file, index });
      uses.set(item.category, list);
    });
  }
  const names = [...uses.keys()];
  const warnings: Problem[] = [];
  for (const [name, list] of uses) {
    if (list.length !== 1) continue;
    const guess = closest(
      name,
      names.filter((n) => n !== name),
    );
    if (!guess) continue;
    const { file, index } = list[0];
    const pos = locate(file, ['items', index, 'category']);
    warnings.push({
      file: file.path,
      line: pos.line,
      column: pos.column,
      path: '',
      severity: 'warning',
      message: `category "${name}" is used only here; did you mean "${guess}"?`,
    });
  }
  return warnings;
}
