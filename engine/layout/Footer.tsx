import type { Site } from '../generated/content';
import { Icon } from '../ui/Icon';

export function Footer({ site, year }: { site: Site; year: number }) {
  const { footer } = site;
  return (
    <footer className="site-footer">
      <div className="container grid site-footer__grid">
        <div className="site-footer__about">
          <a className="brand brand--footer" href="/">
            <Icon name="shield" size={28} />
            <span>{site.name}</span>
          </a>
          <p>{footer.about}</p>
          <p className="site-footer__support">
            <Icon name="mail" size={18} />
            <span>
              {footer.supportLabel ?? 'Support'}: <a href={`mailto:${footer.supportEmail}`}>{footer.supportEmail}</a>
            </span>
          </p>
        </div>
        {footer.columns.map((col) => (
          <nav key={col.title} className="site-footer__column" aria-label={col.title}>
            <h2>{col.title}</h2>
            <ul>
              {col.links.map((l) => (
                <li key={l.href + l.label}>
                  <a href={l.href}>{l.label}</a>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="container site-footer__legal">
        <p>{footer.copyright.replace('{year}', String(year))}</p>
        <ul>
          {footer.legal.map((l) => (
            <li key={l.label}>
              <a href={l.href}>{l.label}</a>
            </li>
          ))}
        </ul>
      </div>
    </footer>
  );
}
