import schema from '../../../schemas/sections/search-results.schema.json' with { type: 'json' };
import { defineSection } from '../section-entry';
import { SearchIsland, SearchResults } from './SearchResults';

// The page's code loads when the visitor reaches for the field, to follow the typing; the form and links work without it.
export default defineSection({ type: 'search-results', schema, component: SearchResults, island: SearchIsland });
