import type { HeroSection } from '../../generated/content';
import { ActionRow } from '../../ui/ActionButton';
import { Icon } from '../../ui/Icon';
import type { SectionProps } from '../SectionFrame';

export function Hero({ section }: SectionProps<HeroSection>) {
  return (
    <section id={section.id} className={`hero band band--${section.background ?? 'brand'}`} aria-labelledby="page-title">
      <div className="container hero__inner">
        {section.icon && <Icon name={section.icon} size={48} className="hero__icon" />}
        {section.eyebrow && <p className="hero__eyebrow">{section.eyebrow}</p>}
        <h1 id="page-title">{section.title}</h1>
        {section.subtitle && <p className="hero__subtitle">{section.subtitle}</p>}
        <ActionRow actions={section.actions} />
        {section.highlights && (
          <ul className="hero__highlights">
            {section.highlights.map((h) => (
              <li key={h}>
                <Icon name="check" size={18} />
                {h}
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
