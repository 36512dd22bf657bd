import type { ReactNode } from 'react';
import { Answer } from './FaqAnswer';
import { categoryAnchor, type FaqItem } from './faq-filter';

export interface FaqCardListProps {
  items: FaqItem[];
  /** The set's categories: a card links to its category's page at the question's anchor. */
  categories: ReadonlyArray<{ id: string; href?: string }>;
  /** Shown instead of the list when no question matches. */
  empty: ReactNode;
}

/** Questions as cards: question and answer shown together, nothing to open. */
export function FaqCardList({ items, categories, empty }: FaqCardListProps) {
  if (items.length === 0 && empty) return empty;
  const hrefOf = (q: FaqItem) => categories.find((c) => c.id === categoryAnchor(q.category))?.href;
  return (
    <ul className="grid faq-cards">
      {items.map((q) => {
        const href = hrefOf(q);
        return (
          <li className="card faq-card" key={q.id}>
            <p className="faq-card__category">{q.category}</p>
            <h3 className="faq-card__question">{href ? <a href={`${href}#${q.id}`}>{q.question}</a> : q.question}</h3>
            <Answer item={q} />
          </li>
        );
      })}
    </ul>
  );
}
