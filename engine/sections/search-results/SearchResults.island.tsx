import { useEffect, useRef, useState } from 'react';
import type { SearchResultsSection } from '../../generated/content';
import { QUERY_PARAM, SEARCH_JSON_TYPE } from '../../search/search-context';
import type { SearchHit, SearchOutcome } from '../../search/search-index';
import { MAX_QUERY_LENGTH, MAX_TERMS, type QueryNote } from '../../search/query-terms';
import type { TextPart } from '../../search/snippet';
import { LinkItems } from '../../ui/lists';
import { SectionFrame } from '../SectionFrame';

const KIND_LABEL: Record<SearchHit['kind'], string> = { page: 'Page', faq: 'FAQ answer', article: 'Article' };

const NOTE_TEXT: Record<QueryNote, string> = {
  'cut-length': `Only the first ${MAX_QUERY_LENGTH} characters of your search were used.`,
  'cut-terms': `Only the first ${MAX_TERMS} words of your search were used.`,
  'only-common-words': 'Your search had only very common words (such as "the" or "and"), which every page has.',
};

/** Text with the matched words marked: each part is React text, so nothing a visitor or a writer typed becomes markup. */
function Marked({ parts }: { parts: TextPart[] }) {
  return <>{parts.map((part, i) => (part.hit ? <mark key={i}>{part.text}</mark> : part.text))}</>;
}

function countText(outcome: SearchOutcome): string {
  const n = outcome.hits.length;
  const found = n === 1 ? '1 result' : `${n === 0 ? 'No' : n} results`;
  return `${found} for “${outcome.query}”${outcome.partial && n > 0 ? ', with some of your words' : ''}`;
}

export interface SearchResultsProps {
  section: SearchResultsSection;
  index: number;
  /** The server's results for the query in the address; null with no query. */
  outcome: SearchOutcome | null;
}

// Results follow the typing once it pauses this long, so a word is not searched letter by letter.
const TYPING_PAUSE_MS = 250;

/**
 * The site search page's body: a GET form (so it works without JavaScript), and the server's
 * results for the query in the address, each linking to its exact place. With no query, only common
 * words or no match, it says so and offers the help links. Once a visitor types in the field, its
 * code loads and the results follow the typing: the server answers the same query as JSON, and the
 * address follows, so a copied link shows the same results.
 */
export default function SearchResultsView({ section, index, outcome: initial }: SearchResultsProps) {
  const [query, setQuery] = useState(initial?.query ?? '');
  const [outcome, setOutcome] = useState(initial);
  const pending = useRef<{ timer?: ReturnType<typeof setTimeout>; request?: AbortController }>({});
  useEffect(() => () => clearTimeout(pending.current.timer), []);

  const follow = (words: string) => {
    setQuery(words);
    clearTimeout(pending.current.timer);
    pending.current.timer = setTimeout(() => {
      pending.current.request?.abort();
      const request = new AbortController();
      pending.current.request = request;
      // The page's own address, as the form without an action sends to.
      const address = `${window.location.pathname}?${new URLSearchParams({ [QUERY_PARAM]: words })}`;
      fetch(address, { headers: { Accept: SEARCH_JSON_TYPE }, signal: request.signal })
        .then((res) => (res.ok ? (res.json() as Promise<SearchOutcome>) : Promise.reject(new Error(String(res.status)))))
        .then((answer) => {
          setOutcome(answer);
          history.replaceState(history.state, '', address);
        })
        // A failed or aborted request leaves the results as they were; the form still sends the page.
        .catch(() => undefined);
    }, TYPING_PAUSE_MS);
  };

  const id = section.id ?? `section-${index}`;
  const searched = outcome !== null && outcome.terms.length > 0;
  const help = !searched || outcome.hits.length === 0;
  const message = searched ? section.noResults : section.empty;
  return (
    <SectionFrame kind="search" index={index} section={section}>
      <div className="search-page">
        <form className="search-form" role="search" method="get" aria-labelledby={`${id}-label`}>
          <label htmlFor={`${id}-q`} id={`${id}-label`} className="search-form__label">
            {section.label}
          </label>
          <div className="search-form__row">
            <input
              id={`${id}-q`}
              className="input search-form__input"
              type="search"
              name={QUERY_PARAM}
              value={query}
              onChange={(e) => follow(e.target.value)}
              placeholder={section.placeholder}
              maxLength={MAX_QUERY_LENGTH}
              autoComplete="off"
              enterKeyHint="search"
            />
            <button type="submit" className="button button--primary">
              {section.button}
            </button>
          </div>
        </form>
        {outcome?.notes.map((note) => (
          <p key={note} className="search-note">
            {NOTE_TEXT[note]}
          </p>
        ))}
        {/* Read out when the results change as the visitor types. */}
        <div aria-live="polite">
          {searched && (
            <p className="search-count" id={`${id}-count`}>
              {countText(outcome)}
            </p>
          )}
        </div>
        {searched && outcome.hits.length > 0 && (
          <ol className="search-results" aria-labelledby={`${id}-count`}>
            {outcome.hits.map((hit) => (
              <li key={hit.url} className="search-result">
                <p className="search-result__kind">
                  {KIND_LABEL[hit.kind]}
                  {hit.context && <span className="search-result__context"> · {hit.context}</span>}
                </p>
                <h2 className="search-result__title">
                  <a href={hit.url}>
                    <Marked parts={hit.title} />
                  </a>
                </h2>
                {hit.snippet.length > 0 && (
                  <p className="search-result__snippet">
                    <Marked parts={hit.snippet} />
                  </p>
                )}
              </li>
            ))}
          </ol>
        )}
        {help && (
          <div className="search-help">
            <h2 className="search-help__title">{message.title}</h2>
            <p>{message.text}</p>
            <h3 className="search-help__links-title">{section.help.title}</h3>
            <ul className="search-help__links">
              <LinkItems links={section.help.links} descriptionClass="search-help__description" />
            </ul>
          </div>
        )}
      </div>
    </SectionFrame>
  );
}
