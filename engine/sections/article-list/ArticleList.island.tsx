import { useMemo, type ReactNode } from 'react';
import type { ArticleSummary } from '../../content/model';
import type { ResolvedArticleListSection } from './resolved';
import type { ArticleCategory } from '../../generated/content';
import { ActionButton } from '../../ui/ActionButton';
import { Icon } from '../../ui/Icon';
import { LabelList, LinkItems } from '../../ui/lists';
import { useQueryState } from '../../ui/use-query-state';
import { ALL_CATEGORIES, articleQuery, categoryPathOf, categoryCounts, categoryNameOf, countLine, viewArticles } from './article-filter';
import { formatLongDate } from '../long-date';
import { SectionFrame, type SectionProps } from '../SectionFrame';

type Heading = 'h2' | 'h3' | 'h4';

/** A number from the article's address, so an article without an id still gets shapes of its own. */
const seedOf = (article: ArticleSummary) => article.id ?? [...article.path].reduce((sum, ch) => (sum * 31 + ch.charCodeAt(0)) % 9973, 7);

/** A decorative illustration drawn from the article's category (colours, icon) and number (shapes). */
function ArticleArt({ article, category, palette }: { article: ArticleSummary; category?: ArticleCategory; palette: number }) {
  const n = seedOf(article);
  return (
    <div className={`article-art article-art--${palette}`} aria-hidden="true">
      <svg className="article-art__shapes" viewBox="0 0 320 180" preserveAspectRatio="xMidYMid slice" focusable="false">
        <circle cx={(n * 83) % 320} cy={(n * 47) % 180} r={48 + ((n * 29) % 40)} />
        <circle cx={320 - ((n * 61) % 320)} cy={180 - ((n * 37) % 180)} r={28 + ((n * 13) % 30)} />
        <path
          d={`M0 ${120 + (n % 4) * 12} C 80 ${90 + (n % 3) * 20}, 200 ${170 - (n % 5) * 10}, 320 ${110 + (n % 3) * 15} L320 180 L0 180 Z`}
        />
      </svg>
      <Icon name={category?.icon ?? 'document'} size={56} className="article-art__icon" />
    </div>
  );
}

function ArticleCard({
  article,
  readTime,
  category,
  palette,
  level,
  large,
  featuredLabel,
}: {
  article: ArticleSummary;
  featuredLabel: string;
  readTime: string;
  category?: ArticleCategory;
  palette: number;
  level: Heading;
  large: boolean;
}) {
  const Title = level;
  return (
    <li className={`article-card${large ? ' article-card--large' : ''}`}>
      <ArticleArt article={article} category={category} palette={palette} />
      <div className="article-card__body">
        <p className="article-card__labels">
          <span className="article-card__category">{article.category}</span>
          {article.featured && <span className="article-card__featured">{featuredLabel}</span>}
        </p>
        <Title className="article-card__title">
          <a href={article.path}>{article.title}</a>
        </Title>
        <p className="article-card__excerpt">{article.excerpt}</p>
        <p className="article-card__byline">
          <span>{article.author}</span>
          <time dateTime={article.date}>{formatLongDate(article.date)}</time>
          <span>{readTime}</span>
          {article.views && <span>{article.views}</span>}
        </p>
        <LabelList labels={article.tags} className="article-card__tags" />
      </div>
    </li>
  );
}

function SidebarBox({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="blog-sidebar__box">
      <h2 className="blog-sidebar__title">{title}</h2>
      {children}
    </div>
  );
}

/**
 * Blog-style article list (spec 001 §2 Blog, §4). The prerendered HTML shows every article with no
 * filter; after hydration the search and category come from ?q= and ?category=, and every change is
 * written back with history.replaceState so a copied link shows the same list.
 */
export default function ArticleList({ section, index }: SectionProps<ResolvedArticleListSection>) {
  const query = useMemo(
    () =>
      articleQuery(
        section.categories.map((c) => c.id),
        section.category,
      ),
    [section.categories, section.category],
  );
  const [filter, setFilter] = useQueryState(query);
  const { q: search, category } = filter;
  const setSearch = (q: string) => setFilter((f) => ({ ...f, q }));
  const setCategory = (value: string) => setFilter((f) => ({ ...f, category: value }));
  const prefix = section.id ?? `articles-${index}`;

  const { matches, featured, latest } = viewArticles(section.articles, search, categoryNameOf(category, section.categories));
  const counts = categoryCounts(section.articles);
  const categoryIndex = new Map(section.categories.map((c, i) => [c.name, i]));
  const listHeading: Heading = section.title ? 'h3' : 'h2';
  const cardHeading: Heading = section.title ? 'h4' : 'h3';
  const ListHeading = listHeading;
  const total = section.articles.length;

  const cards = (articles: ArticleSummary[], large: boolean) => (
    <ul className={`article-grid${large ? ' article-grid--featured' : ''}`}>
      {articles.map((a) => {
        const i = categoryIndex.get(a.category);
        return (
          <ArticleCard
            key={a.path}
            article={a}
            readTime={section.readTimeText.replace('{minutes}', String(a.readMinutes))}
            category={i === undefined ? undefined : section.categories[i]}
            palette={(i ?? 0) % 7}
            level={cardHeading}
            large={large}
            featuredLabel={section.featuredLabel}
          />
        );
      })}
    </ul>
  );

  const reset = () => setFilter({ q: '', category: ALL_CATEGORIES });

  // Links to each category's own prerendered page, so they work before and without the script.
  const blogPath = section.blogPath ?? '';
  const categoryLink = (value: string, name: string, count: number) => (
    <li key={value}>
      <a
        className="blog-sidebar__category"
        href={value === ALL_CATEGORIES ? blogPath : categoryPathOf(blogPath, value)}
        aria-current={(section.category ?? ALL_CATEGORIES) === value ? 'page' : undefined}
      >
        <span>{name}</span>
        <span className="blog-sidebar__count">{count}</span>
      </a>
    </li>
  );

  const { sidebar } = section;
  const { trending } = sidebar;
  return (
    <SectionFrame kind="article-list" index={index} section={section}>
      <div className="blog-layout">
        <div className="blog-main">
          {/* Before hydration, Enter submits ?q=&category= to this page, which the list then applies. */}
          <form className="blog-filters" role="search" aria-label={section.searchLabel} onSubmit={(e) => e.preventDefault()}>
            <div className="blog-filters__field blog-filters__field--search">
              <label htmlFor={`${prefix}-search`}>{section.searchLabel}</label>
              <div className="blog-filters__search">
                <Icon name="search" size={20} />
                <input
                  id={`${prefix}-search`}
                  className="input"
                  type="search"
                  name="q"
                  value={search}
                  placeholder={section.searchPlaceholder}
                  autoComplete="off"
                  onChange={(e) => setSearch(e.target.value)}
                />
              </div>
            </div>
            <div className="blog-filters__field">
              <label htmlFor={`${prefix}-category`}>{section.categoryLabel}</label>
              <select
                id={`${prefix}-category`}
                className="input"
                name="category"
                value={category}
                onChange={(e) => setCategory(e.target.value)}
              >
                <option value={ALL_CATEGORIES}>{section.allCategoriesLabel}</option>
                {section.categories.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </select>
            </div>
          </form>

          <p className="blog-count" role="status" aria-live="polite">
            {countLine(section.countText, matches.length, section.articles.length)}
          </p>

          {matches.length === 0 ? (
            <div className="blog-empty">
              <ListHeading className="blog-empty__title">{section.empty.title}</ListHeading>
              <p>{section.empty.text}</p>
              <button type="button" className="button button--secondary" onClick={reset}>
                {section.empty.resetLabel}
              </button>
            </div>
          ) : (
            <>
              <div className="blog-band blog-band--featured" data-list="featured">
                <ListHeading>{section.featuredTitle}</ListHeading>
                {cards(featured, true)}
              </div>
              {latest.length > 0 && (
                <div className="blog-band" data-list="latest">
                  <ListHeading>{section.latestTitle}</ListHeading>
                  {cards(latest, false)}
                </div>
              )}
            </>
          )}
          {section.moreAction && (
            <div className="blog-more">
              <ActionButton action={section.moreAction} />
            </div>
          )}
        </div>

        <aside className="blog-sidebar" aria-label={sidebar.label}>
          <SidebarBox title={sidebar.categoriesTitle}>
            <ul className="blog-sidebar__categories">
              {categoryLink(ALL_CATEGORIES, section.allCategoriesLabel, total)}
              {section.categories.map((c) => categoryLink(c.id, c.name, counts.get(c.name) ?? 0))}
            </ul>
          </SidebarBox>
          {trending && (
            <SidebarBox title={trending.title}>
              <ul className="blog-sidebar__topics">
                {trending.topics.map((t) => (
                  <li key={t.name}>
                    <span className="blog-sidebar__topic">{t.name}</span>
                    <span className="blog-sidebar__posts">{trending.countText.replace('{count}', String(t.posts))}</span>
                  </li>
                ))}
              </ul>
            </SidebarBox>
          )}
          {sidebar.newsletter && (
            <div className="blog-sidebar__box blog-newsletter">
              <h2 className="blog-sidebar__title">{sidebar.newsletter.title}</h2>
              <p>{sidebar.newsletter.text}</p>
              <label htmlFor={`${prefix}-newsletter-email`}>{sidebar.newsletter.emailLabel}</label>
              <input id={`${prefix}-newsletter-email`} className="input" type="email" name="email" autoComplete="email" />
              <ActionButton action={sidebar.newsletter.action} />
            </div>
          )}
          {sidebar.resources && (
            <SidebarBox title={sidebar.resources.title}>
              <ul className="blog-sidebar__links">
                <LinkItems links={sidebar.resources.links} descriptionClass="blog-sidebar__description" />
              </ul>
            </SidebarBox>
          )}
        </aside>
      </div>
    </SectionFrame>
  );
}
