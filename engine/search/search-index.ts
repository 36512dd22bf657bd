import MiniSearch, { type Options, type SearchResult } from 'minisearch';
import type { SiteModel } from '../content/model';
import { searchDocuments, type SearchDocument, type SearchKind } from './search-documents';
import { highlight, snippet, type TextPart } from './snippet';
import { normaliseTerm, queryTerms, wordsOfText, type QueryNote } from './query-terms';

/** Where `npm run build` writes the index, beside site-model.json; the server reads it at start. */
export const SEARCH_INDEX_FILE = 'search-index.json';

/** Results shown for one query: enough to choose from, bounded so a page stays small. */
export const MAX_RESULTS = 10;

type StoredFields = Pick<SearchDocument, 'kind' | 'url' | 'title' | 'text' | 'context' | 'group'>;

// The same options build the index and load it again: MiniSearch requires it.
const INDEX_OPTIONS: Options<SearchDocument> = {
  fields: ['title', 'headings', 'text'],
  storeFields: ['kind', 'url', 'title', 'text', 'context', 'group'],
  tokenize: wordsOfText,
  processTerm: normaliseTerm,
};

/** A title or question weighs most, a heading next, the words under them least. */
const FIELD_BOOST = { title: 4, headings: 2, text: 1 };

// Short words match as typed or as the start of a longer one; a typo is looked for in longer ones only.
const prefixFor = (term: string) => term.length >= 3;
// Up to two letters wrong in a long word (a swapped pair, "refnud", is two edits); one when the
// query has many words, since each edit allowed multiplies the words each one is compared with.
const fuzzyFor = (term: string, _i: number, terms: string[]) => {
  if (term.length < 5) return false;
  return term.length >= 6 && terms.length <= 3 ? 2 : 1;
};

export interface SiteSearch {
  /** Answers one query, as the visitor typed it, within the bounds of queryTerms. */
  search(query: string): SearchOutcome;
  /** Documents in the index. */
  size: number;
}

export interface SearchHit {
  kind: SearchKind;
  url: string;
  title: TextPart[];
  context: string;
  snippet: TextPart[];
}

export interface SearchOutcome {
  /** The query as searched: trimmed, and cut to the length limit. */
  query: string;
  /** The words searched for, without common words; empty when nothing was left to search. */
  terms: string[];
  notes: QueryNote[];
  /** No result had every word, so these have some of them. */
  partial: boolean;
  hits: SearchHit[];
}

/** The index of the site as JSON, for dist/: a pure function of the model. */
export function buildSearchIndex(model: SiteModel): string {
  return indexDocuments(searchDocuments(model));
}

/** An index of any documents as JSON, as buildSearchIndex writes it. */
export function indexDocuments(documents: readonly SearchDocument[]): string {
  const index = new MiniSearch<SearchDocument>(INDEX_OPTIONS);
  index.addAll(documents);
  return JSON.stringify(index);
}

/** The search over an index buildSearchIndex wrote. */
export function loadSiteSearch(json: string): SiteSearch {
  const index = MiniSearch.loadJSON<SearchDocument>(json, INDEX_OPTIONS);
  return { search: (query) => runSearch(index, query), size: index.documentCount };
}

function hitOf(result: SearchResult): SearchHit {
  const doc = result as unknown as SearchResult & StoredFields;
  const matched = new Set(result.terms);
  return {
    kind: doc.kind,
    url: doc.url,
    title: highlight(doc.title, matched),
    context: doc.context,
    snippet: snippet(doc.text, matched, result.queryTerms.length),
  };
}

/** The best-scoring result of each group (an article's best part), in score order, at most MAX_RESULTS. */
function bestOfEachGroup(results: SearchResult[]): SearchResult[] {
  const seen = new Set<unknown>();
  const out: SearchResult[] = [];
  for (const r of results) {
    if (seen.has(r.group)) continue;
    seen.add(r.group);
    out.push(r);
    if (out.length === MAX_RESULTS) break;
  }
  return out;
}

function runSearch(index: MiniSearch<SearchDocument>, raw: string): SearchOutcome {
  const { query, terms, notes } = queryTerms(raw);
  if (terms.length === 0) return { query, terms, notes, partial: false, hits: [] };
  const options = { boost: FIELD_BOOST, prefix: prefixFor, fuzzy: fuzzyFor };
  // Every word first; when no result has them all, any of them, said so on the page.
  let results = index.search(terms.join(' '), { ...options, combineWith: 'AND' });
  const partial = results.length === 0 && terms.length > 1;
  if (partial) results = index.search(terms.join(' '), { ...options, combineWith: 'OR' });
  return { query, terms, notes, partial, hits: bestOfEachGroup(results).map(hitOf) };
}
