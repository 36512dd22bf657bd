import type { Site } from '../generated/content';
import { QUERY_PARAM } from '../search/search-context';
import { MAX_QUERY_LENGTH } from '../search/query-terms';
import { Icon } from '../ui/Icon';

const FORM_ID = 'site-search';

/**
 * The header's search box, a plain GET form to the search page. Narrow screens show it inside the
 * menu; wide ones show a search button that opens it as a popover under the button (Escape or a
 * click outside closes it, Tab goes from the button into the field), so the bar keeps its room.
 */
export function HeaderSearch({ search }: { search: NonNullable<Site['header']['search']> }) {
  return (
    <div className="site-search">
      <button type="button" className="site-search__toggle" popoverTarget={FORM_ID} aria-label={search.label}>
        <Icon name="search" size={20} />
      </button>
      <form
        id={FORM_ID}
        className="site-search__form"
        role="search"
        aria-label={search.label}
        action={search.href}
        method="get"
        popover="auto"
      >
        <input
          id={`${FORM_ID}-q`}
          className="input site-search__input"
          type="search"
          name={QUERY_PARAM}
          aria-label={search.label}
          placeholder={search.label}
          maxLength={MAX_QUERY_LENGTH}
          autoComplete="off"
          enterKeyHint="search"
        />
        <button type="submit" className="site-search__submit">
          <Icon name="search" size={18} />
          <span className="visually-hidden">{search.button}</span>
        </button>
      </form>
    </div>
  );
}
