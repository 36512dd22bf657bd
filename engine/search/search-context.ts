import { createContext } from 'react';
import type { SearchOutcome } from './search-index';

/**
 * The server's answer to the query in the address, for the search page's section to show; null
 * when the page is rendered with no query (the build's copy of the page, or an empty search).
 */
export const SearchContext = createContext<SearchOutcome | null>(null);

/** The query parameter the search box sends and the search page reads. */
export const QUERY_PARAM = 'q';

/** What the search page's code asks for to follow the typing: the results as JSON, not the page. */
export const SEARCH_JSON_TYPE = 'application/json';
