import type { BreadcrumbSection } from '../../generated/content';
import type { SectionProps } from '../SectionFrame';

/** Where the page sits in the site, and a way back (WAI-ARIA breadcrumb pattern). */
export function Breadcrumb({ section }: SectionProps<BreadcrumbSection>) {
  return (
    <div id={section.id} className={`breadcrumb-bar band--${section.background ?? 'plain'}`}>
      <div className="container breadcrumb-bar__inner">
        <nav aria-label="Breadcrumb">
          <ol className="breadcrumb">
            {section.trail.map((link) => (
              <li key={link.href}>
                <a href={link.href}>{link.label}</a>
              </li>
            ))}
            <li>
              <span aria-current="page">{section.current}</span>
            </li>
          </ol>
        </nav>
        {section.back && (
          <a className="breadcrumb-bar__back" href={section.back.href}>
            <span aria-hidden="true">← </span>
            {section.back.label}
          </a>
        )}
      </div>
    </div>
  );
}
