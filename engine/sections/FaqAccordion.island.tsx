import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { ResolvedFaqSection } from '../content/model';
import { ALL_CATEGORIES, answerParagraphs, categoryAnchor, groupByCategory, questionMatches, resultHeading, type FaqItem } from './faq-filter';
import { SectionFrame, type SectionProps } from './SectionFrame';

type Heading = 'h3' | 'h4';

const NEXT_TRIGGER: Record<string, (i: number, n: number) => number> = {
  ArrowDown: (i, n) => (i + 1) % n,
  ArrowUp: (i, n) => (i - 1 + n) % n,
  Home: () => 0,
  End: (_, n) => n - 1,
};

// WAI-ARIA accordion: arrow keys, Home and End move between the question buttons of the section.
function moveBetweenTriggers(e: KeyboardEvent<HTMLDivElement>): void {
  const target = e.target as HTMLElement;
  const next = NEXT_TRIGGER[e.key];
  if (!next || !target.classList.contains('accordion__trigger')) return;
  const triggers = [...e.currentTarget.querySelectorAll<HTMLButtonElement>('.accordion__trigger')];
  const i = triggers.indexOf(target as HTMLButtonElement);
  if (i < 0) return;
  e.preventDefault();
  triggers[next(i, triggers.length)]?.focus();
}

function Answer({ text }: { text: string }) {
  return <>{answerParagraphs(text).map((p, i) => <p key={i}>{p}</p>)}</>;
}

/**
 * Questions from an FAQ set (spec 001 §2, §4, §5). As an accordion, one answer is open at a time
 * (expand: one) or several (expand: many); clicking an open question closes it, and a link to a
 * question's anchor opens it. With a search box or category filter, the prerendered HTML shows every
 * question; after hydration ?q= and ?category= are applied, and each change is written back with
 * history.replaceState so a copied link shows the same list.
 */
export default function FaqAccordion({ section, index }: SectionProps<ResolvedFaqSection>) {
  const prefix = section.id ?? `faq-${index}`;
  const questions = section.limit ? section.questions.slice(0, section.limit) : section.questions;
  const categories = section.categories ?? [];
  const filter = section.filter && categories.length > 0 ? section.filter : undefined;
  const filterable = Boolean(section.search || filter);
  const many = section.expand === 'many';
  const cards = section.display === 'cards';

  const [open, setOpen] = useState<string[]>([]);
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState(ALL_CATEGORIES);
  const [fromAddress, setFromAddress] = useState(false);
  const searchBox = useRef<HTMLInputElement>(null);
  const knownCategory = (id: string) => id === ALL_CATEGORIES || categories.some((c) => c.id === id);

  // After hydration only, so the first render matches the prerendered HTML (which has no query).
  useEffect(() => {
    if (!filterable) return;
    const params = new URLSearchParams(window.location.search);
    if (section.search) setSearch(params.get('q') ?? '');
    const fromQuery = params.get('category') ?? ALL_CATEGORIES;
    if (filter && knownCategory(fromQuery)) setCategory(fromQuery);
    setFromAddress(true);
  }, []);

  useEffect(() => {
    if (!fromAddress) return;
    // Rewritten in a fixed order (q, then category), so the same list always has the same address.
    const params = new URLSearchParams(window.location.search);
    params.delete('q');
    params.delete('category');
    if (search.trim()) params.set('q', search);
    if (category !== ALL_CATEGORIES) params.set('category', category);
    const query = params.toString();
    const next = `${window.location.pathname}${query ? `?${query}` : ''}${window.location.hash}`;
    if (next !== `${window.location.pathname}${window.location.search}${window.location.hash}`) window.history.replaceState(window.history.state, '', next);
  }, [search, category, fromAddress]);

  // A link to a question's anchor (from the FAQ hub, or a shared link) opens that question.
  useEffect(() => {
    if (cards) return;
    const openFromHash = () => {
      const id = decodeURIComponent(window.location.hash.slice(1));
      if (!questions.some((q) => q.id === id)) return;
      setOpen((prev) => (prev.includes(id) ? prev : many ? [...prev, id] : [id]));
    };
    openFromHash();
    window.addEventListener('hashchange', openFromHash);
    return () => window.removeEventListener('hashchange', openFromHash);
  }, []);

  const toggle = (id: string) => setOpen((prev) => (prev.includes(id) ? prev.filter((x) => x !== id) : many ? [...prev, id] : [id]));
  const reset = () => {
    setSearch('');
    setCategory(ALL_CATEGORIES);
    searchBox.current?.focus();
  };

  const visible = filterable ? questions.filter((q) => questionMatches(q, search, category)) : questions;
  const hrefOf = (q: FaqItem) => categories.find((c) => c.id === categoryAnchor(q.category))?.href;

  const renderItem = (q: FaqItem, Level: Heading) => {
    const expanded = open.includes(q.id);
    const buttonId = `${prefix}-${q.id}-q`;
    const panelId = `${prefix}-${q.id}-a`;
    return (
      <div className="accordion__item" key={q.id} id={q.id}>
        <Level className="accordion__heading">
          <button type="button" id={buttonId} className="accordion__trigger" aria-expanded={expanded} aria-controls={panelId} onClick={() => toggle(q.id)}>
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

  const renderList = () => {
    if (visible.length === 0 && filterable) {
      return (
        <div className="faq-empty">
          <h3 className="faq-empty__title">{section.empty?.title ?? 'No questions found'}</h3>
          {section.empty?.text && <p>{section.empty.text}</p>}
          {section.empty?.resetLabel && <button type="button" className="button button--primary" onClick={reset}>{section.empty.resetLabel}</button>}
        </div>
      );
    }
    if (cards) {
      return (
        <ul className="faq-cards">
          {visible.map((q) => {
            const href = hrefOf(q);
            return (
              <li className="card faq-card" key={q.id}>
                <p className="faq-card__category">{q.category}</p>
                <h3 className="faq-card__question">{href ? <a href={`${href}#${q.id}`}>{q.question}</a> : q.question}</h3>
                <Answer text={q.answer} />
              </li>
            );
          })}
        </ul>
      );
    }
    if (!section.groupByCategory) return <div className="accordion">{visible.map((q) => renderItem(q, 'h3'))}</div>;
    const groups = groupByCategory(visible);
    const navHeading = `${prefix}-nav-title`;
    return (
      <>
        <nav className="faq-nav" aria-labelledby={navHeading}>
          <h3 id={navHeading} className="faq-nav__title">{section.navLabel ?? 'Jump to a category'}</h3>
          <ul className="faq-nav__list">
            {groups.map((g) => <li key={g.anchor}><a href={`#${g.anchor}`}>{g.name}</a></li>)}
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
  };

  const filterLabelId = `${prefix}-filter-title`;
  const categoryTags = section.categoryTags ? groupByCategory(questions).map((g) => g.name) : [];

  return (
    <SectionFrame kind="faq" index={index} id={section.id} background={section.background} title={section.title} intro={section.intro}>
      <div className={`faq faq--${cards ? 'cards' : 'accordion'}${filter === 'sidebar' ? ' faq--sidebar' : ''}`} onKeyDown={cards ? undefined : moveBetweenTriggers}>
        {section.search && (
          <div className="faq-search" role="search">
            <label htmlFor={`${prefix}-search`} className="faq-search__label">{section.search.label}</label>
            <input
              ref={searchBox}
              id={`${prefix}-search`}
              className="input faq-search__input"
              type="search"
              value={search}
              placeholder={section.search.placeholder}
              autoComplete="off"
              onChange={(e) => setSearch(e.target.value)}
            />
          </div>
        )}
        {categoryTags.length > 0 && (
          <div className="faq-topics">
            <p id={`${prefix}-topics-title`} className="faq-filter__title">{section.filterLabel ?? 'Categories'}</p>
            <ul className="tags" aria-labelledby={`${prefix}-topics-title`}>
              {categoryTags.map((t) => <li key={t} className="tag">{t}</li>)}
            </ul>
          </div>
        )}
        <div className="faq__layout">
          {filter && (
            <div className={`faq-filter faq-filter--${filter}`} role="group" aria-labelledby={filterLabelId}>
              <p id={filterLabelId} className="faq-filter__title">{section.filterLabel ?? 'Categories'}</p>
              <ul className="faq-filter__list">
                {categories.map((c) => (
                  <li key={c.id}>
                    <button type="button" className="faq-filter__button" aria-pressed={category === c.id} onClick={() => setCategory(c.id)}>
                      <span>{c.name}</span>
                      {c.count !== undefined && <>{' '}<span className="faq-filter__count">{c.count}</span></>}
                    </button>
                  </li>
                ))}
              </ul>
            </div>
          )}
          <div className="faq__results">
            {filterable && (
              <div className={section.showCount ? 'faq-status' : 'visually-hidden'} role="status" aria-live="polite">
                {section.showCount ? <h3 className="faq-status__heading">{resultHeading(visible.length, search)}</h3> : resultHeading(visible.length, search)}
              </div>
            )}
            {renderList()}
          </div>
        </div>
      </div>
    </SectionFrame>
  );
}
