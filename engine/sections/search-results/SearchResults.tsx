import { useContext } from 'react';
import type { SearchResultsSection } from '../../generated/content';
import { island } from '../../render/island';
import { SearchContext } from '../../search/search-context';
import SearchResultsView from './SearchResults.island';
import type { SectionProps } from '../SectionFrame';

// Its code loads when the visitor reaches for the field (to follow the typing); links and the form work without it.
export const SearchIsland = island('SearchResults', SearchResultsView, 'interaction');

/** The search page's section: the server's results for this request (SearchContext), given to the island. */
export function SearchResults({ section, index }: SectionProps<SearchResultsSection>) {
  const outcome = useContext(SearchContext);
  return <SearchIsland section={section} index={index} outcome={outcome} />;
}
