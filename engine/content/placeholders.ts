import type { PriceCatalogue, PriceGroup } from '../generated/content';
import { closest } from './closest';
import { formatAmount } from './format-amount';

/**
 * Facts written once and shown in many places. Content names them in its text, and the loader
 * replaces the name with the value when it builds the site model, so every page, the FAQ search,
 * structured data and the link checker read the same figure:
 *
 * - `{price:commercial.professional.monthly}` → "$149": an amount of site/data/pricing.yaml with
 *   its currency; a percentage entry (`{price:discounts.nonprofit}`) reads as written, "25%".
 * - `{price:protection.monitor.annual*12}` → "$948": an amount times a whole number (a year of a
 *   monthly price).
 * - `{amount:takedowns.personal}` → "49": the bare number, for structured data whose currency is
 *   a field of its own.
 * - `{questions:/faq/general}` → "15": how many questions the page at that path shows.
 * - `{promise:reply}` → "2 hours": the reply promise of site/site.yaml (engine/content/reply-promise.ts).
 */
export const PLACEHOLDER = /\{(price|amount|questions|promise):([^{}\s]+)\}/g;

/** One catalogue entry: an amount in the catalogue's currency or a percentage as written. */
export type PriceEntry = { kind: 'amount'; value: number } | { kind: 'percentage'; text: string };

/** What placeholders are resolved against. */
export interface FactSources {
  currency: string;
  /** Every catalogue entry by its dotted key, e.g. `commercial.professional.monthly`. */
  prices: ReadonlyMap<string, PriceEntry>;
  /** How many questions each page shows, by path. */
  questionsByPage: ReadonlyMap<string, number>;
  /** The file of each page by path, to name the page that shows no questions. */
  pageFiles?: ReadonlyMap<string, string>;
  /** The reply promise's words by key (`reply`, `zone`, `hours`, `hours.<id>`, `urgent-reply`). */
  promise?: ReadonlyMap<string, string>;
}

/** A placeholder that names nothing, at its index in the text. */
export interface PlaceholderIssue {
  /** The placeholder as written, e.g. `{price:comercial.professional.monthly}`. */
  token: string;
  index: number;
  message: string;
}

/** The catalogue's entries by dotted key, in file order. */
export function priceEntries(catalogue: PriceCatalogue | undefined): Map<string, PriceEntry> {
  const out = new Map<string, PriceEntry>();
  const walk = (group: PriceGroup, prefix: string) => {
    for (const [name, value] of Object.entries(group)) {
      const key = prefix ? `${prefix}.${name}` : name;
      if (typeof value === 'number') out.set(key, { kind: 'amount', value });
      else if (typeof value === 'string') out.set(key, { kind: 'percentage', text: value });
      else if (value) walk(value, key);
    }
  };
  if (catalogue) walk(catalogue.prices, '');
  return out;
}

/** The catalogue groups that hold a monthly and an annual amount: what a pricing table's plan can name. */
export function planPriceKeys(prices: ReadonlyMap<string, PriceEntry>): string[] {
  const keys: string[] = [];
  for (const [key, entry] of prices) {
    if (!key.endsWith('.monthly') || entry.kind !== 'amount') continue;
    const group = key.slice(0, -'.monthly'.length);
    if (prices.get(`${group}.annual`)?.kind === 'amount') keys.push(group);
  }
  return keys;
}

/** A plan's monthly and annual amounts from its catalogue group, or undefined when the group has not both. */
export function planPrice(prices: ReadonlyMap<string, PriceEntry>, group: string): { monthly: number; annual: number } | undefined {
  const monthly = prices.get(`${group}.monthly`);
  const annual = prices.get(`${group}.annual`);
  if (monthly?.kind !== 'amount' || annual?.kind !== 'amount') return undefined;
  return { monthly: monthly.value, annual: annual.value };
}

/** The text with every placeholder it can resolve replaced, and what is wrong with the others. */
export function resolvePlaceholders(text: string, sources: FactSources): { text: string; issues: PlaceholderIssue[] } {
  const issues: PlaceholderIssue[] = [];
  if (!text.includes('{')) return { text, issues };
  const out = text.replace(PLACEHOLDER, (token: string, name: string, arg: string, index: number) => {
    const value =
      name === 'questions' ? questions(arg, sources) : name === 'promise' ? promise(arg, sources) : price(arg, sources, name === 'amount');
    if (typeof value === 'string') return value;
    issues.push({ token, index, message: value.problem });
    return token;
  });
  return { text: out, issues };
}

function price(arg: string, sources: FactSources, bare: boolean): string | { problem: string } {
  const [, key, times] = /^(.*?)(?:\*(\d+))?$/.exec(arg) ?? [];
  const entry = sources.prices.get(key);
  if (!entry) {
    const guess = closest(key, [...sources.prices.keys()]);
    return {
      problem:
        `no price "${key}" in site/data/pricing.yaml.` +
        (guess ? ` Did you mean "${guess}"?` : ' Add it there, or use one of its keys, e.g. commercial.professional.monthly'),
    };
  }
  if (entry.kind === 'percentage') {
    if (bare) return { problem: `"${key}" is a percentage (${entry.text}); {amount:…} is for amounts, use {price:${key}}` };
    return times ? { problem: `"${key}" is a percentage (${entry.text}); only an amount can be multiplied` } : entry.text;
  }
  const value = entry.value * (times ? Number(times) : 1);
  return bare ? String(value) : formatAmount(value, sources.currency);
}

function promise(key: string, sources: FactSources): string | { problem: string } {
  const value = sources.promise?.get(key);
  if (value !== undefined) return value;
  const keys = [...(sources.promise?.keys() ?? [])];
  if (keys.length === 0) return { problem: `{promise:${key}} needs replyPromise in site/site.yaml` };
  const guess = closest(key, keys);
  return { problem: `no "${key}" in the reply promise.` + (guess ? ` Did you mean "${guess}"?` : ` It has: ${keys.join(', ')}`) };
}

function questions(path: string, sources: FactSources): string | { problem: string } {
  const count = sources.questionsByPage.get(path);
  if (count !== undefined) return String(count);
  const file = sources.pageFiles?.get(path);
  if (file) return { problem: `the page at ${path} (${file}) shows no FAQ questions: give it a faq section, or name a page that has one` };
  const pages = [...sources.questionsByPage.keys()].sort();
  const guess = closest(path, pages);
  return {
    problem:
      `no page at ${path} shows FAQ questions.` +
      (guess ? ` Did you mean "${guess}"?` : ` Pages with questions: ${pages.join(', ') || '(none)'}`),
  };
}

/** One catalogue entry as `{price:key}` shows it, e.g. "$149" or "25%"; for code and tests that read the catalogue. */
export function priceText(catalogue: PriceCatalogue, key: string): string {
  const { text, issues } = resolvePlaceholders(`{price:${key}}`, {
    currency: catalogue.currency,
    prices: priceEntries(catalogue),
    questionsByPage: new Map(),
  });
  if (issues.length > 0) throw new Error(issues[0]!.message);
  return text;
}
