import type { ExternalLinksSection } from '../../generated/content';
import { SectionFrame, type SectionProps } from '../SectionFrame';

/** Links to other websites: each opens in a new tab, without giving that site a handle on ours. */
export function ExternalLinks({ section, index }: SectionProps<ExternalLinksSection>) {
  return (
    <SectionFrame kind="external-links" index={index} section={section}>
      <ul className={`grid grid--${Math.min(section.links.length, 3)} external-links`}>
        {section.links.map((link) => (
          <li className="external-links__item" key={link.href}>
            <a href={link.href} target="_blank" rel="noopener noreferrer">
              {link.label}
              <span className="visually-hidden"> (opens in a new tab)</span>
              <span className="external-links__arrow" aria-hidden="true">
                {' '}
                ↗
              </span>
            </a>
            {link.description && <span className="external-links__description">{link.description}</span>}
          </li>
        ))}
      </ul>
    </SectionFrame>
  );
}
