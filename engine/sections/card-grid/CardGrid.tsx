import type { CardGridSection } from '../../generated/content';
import { ActionButton } from '../../ui/ActionButton';
import { Icon } from '../../ui/Icon';
import { SectionFrame, type SectionProps } from '../SectionFrame';
import { TickList } from '../../ui/lists';
import { proseParagraphs } from '../../content/inline-markdown';

export function CardGrid({ section, index }: SectionProps<CardGridSection>) {
  return (
    <SectionFrame kind="card-grid" index={index} section={section}>
      <ul className={`grid grid--${section.columns ?? 3}`}>
        {section.cards.map((card) => (
          <li className="card" key={card.title}>
            {card.badge && <span className="card__badge">{card.badge}</span>}
            {card.icon && <Icon name={card.icon} size={32} className="card__icon" />}
            <h3>{card.title}</h3>
            {proseParagraphs(card.text).map((html, i) => (
              // Links, bold and italic from the writer's Markdown, everything else escaped (engine/content/inline-markdown.ts).
              <p key={i} dangerouslySetInnerHTML={{ __html: html }} />
            ))}
            {card.items && <TickList items={card.items} />}
            {card.note && <p className="card__note">{card.note}</p>}
            {card.action && (
              <div className="card__action">
                <ActionButton action={card.action} />
              </div>
            )}
          </li>
        ))}
      </ul>
    </SectionFrame>
  );
}
