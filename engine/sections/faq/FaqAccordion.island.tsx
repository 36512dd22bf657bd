import { useMemo, useRef } from 'react';
import type { ResolvedFaqSection } from './resolved';
import { useQueryState } from '../../ui/use-query-state';
import { FaqAccordionList } from './FaqAccordionList';
import { FaqCardList } from './FaqCardList';
import { ALL_CATEGORIES, faqIsInteractive, faqQuery, groupByCategory, questionMatches, resultHeading } from './faq-filter';
import { SectionFrame, type SectionProps } from '../SectionFrame';

/**
 * Questions from an FAQ set (spec 001 §2, §4, §5), shown as an accordion (FaqAccordionList) or as
 * cards (FaqCardList), with an optional search box and category filter around either. With a search
 * or filter, the prerendered HTML shows every question; after hydration ?q= and ?category= are
 * applied, and each change is written back to the address so a copied link shows the same list.
 */
export default function FaqAccordion({ section, index }: SectionProps<ResolvedFaqSection>) {
  const prefix = section.id ?? `faq-${index}`;
  const questions = section.limit ? section.questions.slice(0, section.limit) : section.questions;
  const categories = section.categories ?? [];
  const filter = section.filter && categories.length > 0 ? section.filter : undefined;
  // The same test that makes the section an island (registry.tsx): without it, the list is plain HTML.
  const filterable = faqIsInteractive(section);
  const cards = section.display === 'cards';

  const query = useMemo(
    () => faqQuery(Boolean(section.search), filter ? (section.categories ?? []).map((c) => c.id) : null),
    [section.search, section.categories, filter],
  );
  const [{ q: search, category }, setFilter] = useQueryState(query, filterable);
  const setSearch = (q: string) => setFilter((f) => ({ ...f, q }));
  const setCategory = (id: string) => setFilter((f) => ({ ...f, category: id }));
  const searchBox = useRef<HTMLInputElement>(null);
  const reset = () => {
    setFilter({ q: '', category: ALL_CATEGORIES });
    searchBox.current?.focus();
  };

  const visible = filterable ? questions.filter((q) => questionMatches(q, search, category)) : questions;
  const empty = filterable && (
    <div className="faq-empty">
      <h3 className="faq-empty__title">{section.empty?.title ?? 'No questions found'}</h3>
      {section.empty?.text && <p>{section.empty.text}</p>}
      {section.empty?.resetLabel && (
        <button type="button" className="button button--primary" onClick={reset}>
          {section.empty.resetLabel}
        </button>
      )}
    </div>
  );

  const filterLabelId = `${prefix}-filter-title`;
  const categoryTags = section.categoryTags ? groupByCategory(questions).map((g) => g.name) : [];

  return (
    <SectionFrame kind="faq" index={index} section={section}>
      <div className={`faq faq--${cards ? 'cards' : 'accordion'}${filter === 'sidebar' ? ' faq--sidebar' : ''}`}>
        {section.search && (
          <div className="faq-search" role="search">
            <label htmlFor={`${prefix}-search`} className="faq-search__label">
              {section.search.label}
            </label>
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
            <p id={`${prefix}-topics-title`} className="faq-filter__title">
              {section.filterLabel ?? 'Categories'}
            </p>
            <ul className="tags" aria-labelledby={`${prefix}-topics-title`}>
              {categoryTags.map((t) => (
                <li key={t} className="tag">
                  {t}
                </li>
              ))}
            </ul>
          </div>
        )}
        <div className="faq__layout">
          {filter && (
            <div className={`faq-filter faq-filter--${filter}`} role="group" aria-labelledby={filterLabelId}>
              <p id={filterLabelId} className="faq-filter__title">
                {section.filterLabel ?? 'Categories'}
              </p>
              <ul className="faq-filter__list">
                {categories.map((c) => (
                  <li key={c.id}>
                    <button type="button" className="faq-filter__button" aria-pressed={category === c.id} onClick={() => setCategory(c.id)}>
                      <span>{c.name}</span>
                      {c.count !== undefined && (
                        <>
                          {' '}
                          <span className="faq-filter__count">{c.count}</span>
                        </>
                      )}
                    </button>
                  </li>
                ))}
              </ul>
            </div>
          )}
          <div className="faq__results">
            {filterable && (
              <div className={section.showCount ? 'faq-status' : 'visually-hidden'} role="status" aria-live="polite">
                {section.showCount ? (
                  <h3 className="faq-status__heading">{resultHeading(visible.length, search)}</h3>
                ) : (
                  resultHeading(visible.length, search)
                )}
              </div>
            )}
            {cards ? (
              <FaqCardList items={visible} categories={categories} empty={empty} />
            ) : (
              <FaqAccordionList
                items={visible}
                prefix={prefix}
                many={section.expand === 'many'}
                groupByCategory={Boolean(section.groupByCategory)}
                navLabel={section.navLabel ?? 'Jump to a category'}
                empty={empty}
              />
            )}
          </div>
        </div>
      </div>
    </SectionFrame>
  );
}
