import { useContext } from 'react';
import { useLocation } from 'react-router-dom';
import type { SearchResultsSection } from '../generated/content';
import { QUERY_PARAM, SearchContext } from '../search/search-context';
import type { SearchHit, SearchOutcome } from '../search/search-index';
import { MAX_QUERY_LENGTH, MAX_TERMS, type QueryNote } from '../search/query-terms';
import type { TextPart } from '../search/snippet';
import { LinkItems } from '../ui/lists';
import { SectionFrame, type SectionProps } from './SectionFrame';

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

/**
 * The site search page's body: a GET form (so it works without JavaScript), and the server's
 * results for the query in the address, each linking to its exact place. With no query, only common
 * words or no match, it says so and offers the help links.
 */
export function SearchResults({ section, index }: SectionProps<SearchResultsSection>) {
  const outcome = useContext(SearchContext);
  const { pathname } = useLocation();
  const id = section.id ?? `section-${index}`;
  const searched = outcome !== null && outcome.terms.length > 0;
  const help = !searched || outcome.hits.length === 0;
  const message = searched ? section.noResults : section.empty;
  return (
    <SectionFrame kind="search" index={index} section={section}>
      <div className="search-page">
        <form className="search-form" role="search" action={pathname} method="get" aria-labelledby={`${id}-label`}>
          <label htmlFor={`${id}-q`} id={`${id}-label`} className="search-form__label">
            {section.label}
          </label>
          <div className="search-form__row">
            <input
              id={`${id}-q`}
              className="input search-form__input"
              type="search"
              name={QUERY_PARAM}
              defaultValue={outcome?.query ?? ''}
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
        {searched && (
          <p className="search-count" id={`${id}-count`}>
            {countText(outcome)}
          </p>
        )}
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
