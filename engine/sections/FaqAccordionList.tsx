import { useState, useSyncExternalStore, type KeyboardEvent, type ReactNode } from 'react';
import { Answer } from './FaqAnswer';
import { groupByCategory, type FaqItem } from './faq-filter';

type Heading = 'h3' | 'h4';

const NEXT_TRIGGER: Record<string, (i: number, n: number) => number> = {
  ArrowDown: (i, n) => (i + 1) % n,
  ArrowUp: (i, n) => (i - 1 + n) % n,
  Home: () => 0,
  End: (_, n) => n - 1,
};

// WAI-ARIA accordion: arrow keys, Home and End move between the question buttons of the section.
export function moveBetweenTriggers(e: KeyboardEvent<HTMLDivElement>): void {
  const target = e.target as HTMLElement;
  const next = NEXT_TRIGGER[e.key];
  if (!next || !target.classList.contains('accordion__trigger')) return;
  const triggers = [...e.currentTarget.querySelectorAll<HTMLButtonElement>('.accordion__trigger')];
  const i = triggers.indexOf(target as HTMLButtonElement);
  if (i < 0) return;
  e.preventDefault();
  triggers[next(i, triggers.length)]?.focus();
}

const subscribeToHash = (onChange: () => void) => {
  window.addEventListener('hashchange', onChange);
  return () => window.removeEventListener('hashchange', onChange);
};
const clientHash = () => window.location.hash;
// The prerendered HTML has every answer closed, whatever the address's fragment.
const serverHash = () => '';

function idFromHash(hash: string): string {
  try {
    return decodeURIComponent(hash.slice(1));
  } catch {
    return '';
  }
}

export interface FaqAccordionListProps {
  /** The questions to show (after the search and filter). */
  items: FaqItem[];
  /** Every question of the section: a link to any of their anchors opens it. */
  questions: FaqItem[];
  prefix: string;
  /** Several answers may be open at once. */
  many: boolean;
  groupByCategory: boolean;
  navLabel: string;
  /** Shown instead of the list when no question matches; the open answers are kept meanwhile. */
  empty: ReactNode;
}

/**
 * Questions as an accordion: one answer open at a time, or several with `many`; clicking an open
 * question closes it, and a link to a question's anchor opens it. Optionally one block per category
 * with quick links to each.
 */
export function FaqAccordionList({ items, questions, prefix, many, groupByCategory: grouped, navLabel, empty }: FaqAccordionListProps) {
  const [open, setOpen] = useState<string[]>([]);
  const openOne = (prev: string[], id: string) => (many ? [...prev, id] : [id]);

  // A link to a question's anchor (from the FAQ hub, or a shared link) opens that question, once
  // per change of the fragment.
  const hash = useSyncExternalStore(subscribeToHash, clientHash, serverHash);
  const [seenHash, setSeenHash] = useState(serverHash);
  if (hash !== seenHash) {
    setSeenHash(hash);
    const id = idFromHash(hash);
    if (questions.some((q) => q.id === id)) setOpen((prev) => (prev.includes(id) ? prev : openOne(prev, id)));
  }

  const toggle = (id: string) => setOpen((prev) => (prev.includes(id) ? prev.filter((x) => x !== id) : openOne(prev, id)));

  const renderItem = (q: FaqItem, Level: Heading) => {
    const expanded = open.includes(q.id);
    const buttonId = `${prefix}-${q.id}-q`;
    const panelId = `${prefix}-${q.id}-a`;
    return (
      <div className="accordion__item" key={q.id} id={q.id}>
        <Level className="accordion__heading">
          <button
            type="button"
            id={buttonId}
            className="accordion__trigger"
            aria-expanded={expanded}
            aria-controls={panelId}
            onClick={() => toggle(q.id)}
          >
            {q.question}
            <span className="accordion__chevron" aria-hidden="true" />
          </button>
        </Level>
        <div id={panelId} role="region" aria-labelledby={buttonId} className="accordion__panel" hidden={!expanded}>
          <Answer text={q.answer} />
        </div>
      </div>
    );
  };

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
