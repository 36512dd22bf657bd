import type { ReactNode } from 'react';
import { Answer } from './FaqAnswer';
import { groupByCategory, type FaqItem } from './faq-filter';

type Heading = 'h3' | 'h4';

export interface FaqAccordionListProps {
  /** The questions to show (after the search and filter). */
  items: FaqItem[];
  prefix: string;
  /** Several answers may be open at once. */
  many: boolean;
  groupByCategory: boolean;
  navLabel: string;
  /** Shown instead of the list when no question matches; the open answers are kept meanwhile. */
  empty: ReactNode;
}

/**
 * Questions as an accordion of <details>, so answers open with JavaScript off: one answer open at
 * a time (the items share a `name`), or several with `many`; clicking an open question closes it.
 * A link to a question's anchor opens it, since the browser opens a <details> around the target
 * of a fragment (the anchor is on the answer, inside it). Optionally one block per category with
 * quick links to each.
 */
export function FaqAccordionList({ items, prefix, many, groupByCategory: grouped, navLabel, empty }: FaqAccordionListProps) {
  const renderItem = (q: FaqItem, Level: Heading) => (
    <details className="accordion__item" key={q.id} name={many ? undefined : prefix}>
      <summary className="accordion__trigger" id={`${prefix}-${q.id}-q`}>
        <Level className="accordion__heading">{q.question}</Level>
        <span className="accordion__chevron" aria-hidden="true" />
      </summary>
      <div id={q.id} className="accordion__panel">
        <Answer item={q} />
      </div>
    </details>
  );

  if (items.length === 0 && empty) return empty;
  if (!grouped) return <div className="accordion">{items.map((q) => renderItem(q, 'h3'))}</div>;
  const groups = groupByCategory(items);
  const navHeading = `${prefix}-nav-title`;
  return (
    <>
      <nav className="faq-nav" aria-labelledby={navHeading}>
        <h3 id={navHeading} className="faq-nav__title">
          {navLabel}
        </h3>
        <ul className="faq-nav__list">
          {groups.map((g) => (
            <li key={g.anchor}>
              <a href={`#${g.anchor}`}>{g.name}</a>
            </li>
          ))}
        </ul>
      </nav>
      {groups.map((g) => (
        <div className="faq-group" id={g.anchor} key={g.anchor}>
          <h3 className="faq-group__title">{g.name}</h3>
          <div className="accordion">{g.items.map((q) => renderItem(q, 'h4'))}</div>
        </div>
      ))}
    </>
  );
}
