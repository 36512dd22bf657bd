import type { FAQSet, Page, PriceCatalogue } from '../generated/content';
import { ALL_CATEGORIES, categoryAnchor } from '../sections/faq-filter';
import { closest } from './closest';
import type { ResolvedFaqCategory } from './model';
import { priceEntries, resolvePlaceholders, type FactSources } from './placeholders';
import { formatDataPath, type Problem } from './problem';
import { locate, positionInValue, stringScalars, type ParsedFile } from './yaml-source';

/** What the placeholders of a site resolve against: its price catalogue and the questions each page shows. */
export function factSources(
  catalogue: PriceCatalogue | undefined,
  pages: ReadonlyArray<{ data: Page }>,
  faqSets: ReadonlyMap<string, { data: FAQSet }>,
): FactSources {
  const questionsByPage = new Map<string, number>();
  for (const { data } of pages) {
    if (!data.path) continue;
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
  return { currency: catalogue?.currency ?? '$', prices: priceEntries(catalogue), questionsByPage };
}

/** Every placeholder in a file that names nothing, at the line and column where it is written. */
export function placeholderProblems(file: ParsedFile, sources: FactSources): Problem[] {
  const problems: Problem[] = [];
  for (const scalar of stringScalars(file)) {
    const { issues } = resolvePlaceholders(scalar.value, sources);
    const seen = new Map<string, number>();
    for (const issue of issues) {
      const nth = seen.get(issue.token) ?? 0;
      seen.set(issue.token, nth + 1);
      const pos = positionInValue(file, scalar, issue.token, nth);
      problems.push({ file: file.path, line: pos.line, column: pos.column, path: formatDataPath(scalar.path), message: issue.message });
    }
  }
  return problems;
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
