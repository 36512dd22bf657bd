import type { ResolvedArticleSection } from './resolved';
import { LabelList } from '../../ui/lists';
import { formatLongDate } from '../long-date';
import { SectionFrame, type SectionProps } from '../SectionFrame';

/**
 * One blog article (site/blog/*.md): byline, picture, the text rendered from Markdown at build
 * time (raw HTML in it was escaped there), tags, and the articles published before and after it.
 */
export function Article({ section, index }: SectionProps<ResolvedArticleSection>) {
  const { article, labels, previous, next } = section;
  return (
    <SectionFrame kind="article" index={index} section={{ id: section.id }}>
      <article className="article" aria-labelledby="page-title">
        <p className="article__byline">
          <span className="article__author">
            {labels.byLabel} {article.author}
          </span>
          <time dateTime={article.date}>{formatLongDate(article.date)}</time>
          {article.updated && (
            <span className="article__updated">
              {`${labels.updatedLabel ?? 'Updated'} `}
              <time dateTime={article.updated}>{formatLongDate(article.updated)}</time>
            </span>
          )}
          <span className="article__read-time">{section.readTimeText.replace('{minutes}', String(article.readMinutes))}</span>
          <span className="article__category">
            <span className="visually-hidden">{labels.categoryLabel}: </span>
            {article.category}
          </span>
        </p>
        {article.image && <img className="article__image" src={article.image.src} alt={article.image.alt} />}
        {/* Made by engine/content/markdown.ts from the writer's Markdown, with any raw HTML escaped. */}
        <div className="article__body" dangerouslySetInnerHTML={{ __html: article.html }} />
        {article.tags.length > 0 && (
          <div className="article__tags">
            <h2 className="article__tags-title">{labels.tagsLabel}</h2>
            <LabelList labels={article.tags} className="article__tag-list" />
          </div>
        )}
      </article>
      {(previous || next) && (
        <nav className="article-nav" aria-label={labels.moreLabel}>
          {previous && (
            <a className="article-nav__link article-nav__link--previous" href={previous.path} rel="prev">
              <span className="article-nav__label">
                <span aria-hidden="true">← </span>
                {labels.previousLabel}
              </span>
              <span className="article-nav__title">{previous.title}</span>
            </a>
          )}
          {next && (
            <a className="article-nav__link article-nav__link--next" href={next.path} rel="next">
              <span className="article-nav__label">
                {labels.nextLabel}
                <span aria-hidden="true"> →</span>
              </span>
              <span className="article-nav__title">{next.title}</span>
            </a>
          )}
        </nav>
      )}
    </SectionFrame>
  );
}
