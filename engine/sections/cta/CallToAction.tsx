import type { CallToActionSection } from '../../generated/content';
import { ActionRow } from '../../ui/ActionButton';
import type { SectionProps } from '../SectionFrame';

export function CallToAction({ section, index }: SectionProps<CallToActionSection>) {
  const headingId = `${section.id ?? `section-${index}`}-title`;
  return (
    <section id={section.id} className={`section cta band band--${section.background ?? 'brand'}`} aria-labelledby={headingId}>
      <div className="container cta__inner">
        <h2 id={headingId}>{section.title}</h2>
        {section.text && <p>{section.text}</p>}
        <ActionRow actions={section.actions} />
      </div>
    </section>
  );
}
