import type { DocumentSection } from '../../generated/content';
import { formatLongDate } from '../long-date';
import { SectionFrame, type SectionProps } from '../SectionFrame';

/**
 * A long text (policy, terms) in anchored parts, with a table of contents that links to each part.
 * Each part's id is its anchor, so /privacy#data-retention opens at that heading.
 */
export function Document({ section, index }: SectionProps<DocumentSection>) {
  const prefix = section.id ?? `document-${index}`;
  const numbered = section.numbered ?? true;
  const number = (i: number) => (numbered ? `${i + 1}. ` : '');
  return (
    <SectionFrame kind="document" index={index} section={{ id: section.id, background: section.background }}>
      <div className="document">
        <nav className="document__toc" aria-labelledby={`${prefix}-toc`}>
          <h2 id={`${prefix}-toc`} className="document__toc-title">
            {section.tocTitle}
          </h2>
          <ol>
            {section.parts.map((part, i) => (
              <li key={part.id}>
                <a href={`#${part.id}`}>
                  {number(i)}
                  {part.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <div className="document__body">
          <p className="document__updated">
            {section.updatedLabel} <time dateTime={section.updated}>{formatLongDate(section.updated)}</time>
          </p>
          {section.intro?.map((p) => (
            <p key={p} className="document__intro">
              {p}
            </p>
          ))}
          {section.parts.map((part, i) => (
            <section key={part.id} id={part.id} className="document__part">
              <h2>
                {number(i)}
                {part.title}
              </h2>
              {part.paragraphs.map((p) => (
                <p key={p}>{p}</p>
              ))}
              {part.list && (
                <ul className="document__list">
                  {part.list.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              )}
              {part.subsections?.map((sub) => (
                <div key={sub.title} className="document__subsection">
                  <h3>{sub.title}</h3>
                  {sub.paragraphs.map((p) => (
                    <p key={p}>{p}</p>
                  ))}
                  {sub.list && (
                    <ul className="document__list">
                      {sub.list.map((item) => (
                        <li key={item}>{item}</li>
                      ))}
                    </ul>
                  )}
                </div>
              ))}
              {part.links && (
                <ul className="document__links">
                  {part.links.map((link) => (
                    <li key={link.href}>
                      {link.description && <span className="document__link-label">{link.description} </span>}
                      <a href={link.href}>{link.label}</a>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          ))}
        </div>
      </div>
    </SectionFrame>
  );
}
