import type { ContactDetailsSection } from '../../generated/content';
import { Icon } from '../../ui/Icon';
import { SectionFrame, type SectionProps } from '../SectionFrame';

export function ContactDetails({ section, index }: SectionProps<ContactDetailsSection>) {
  return (
    <SectionFrame kind="contact-details" index={index} section={section}>
      <div className="grid grid--3">
        {section.entries.map((e) => (
          <div key={e.label} className="card contact-entry">
            {e.icon && <Icon name={e.icon} size={28} className="card__icon" />}
            <h3>{e.label}</h3>
            <address>
              {e.lines.map((l) => (
                <span key={l} className="contact-entry__line">
                  {l}
                </span>
              ))}
            </address>
            {e.link && (
              <a className="contact-entry__link" href={e.link.href}>
                {e.link.label}
              </a>
            )}
          </div>
        ))}
      </div>
    </SectionFrame>
  );
}
