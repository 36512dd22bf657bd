import type { Site } from '../generated/content';
import { Icon } from '../ui/Icon';
import { LabelAndNote } from '../ui/LabelAndNote';
import { HeaderSearch } from './HeaderSearch';

export interface HeaderProps {
  siteName: string;
  header: Site['header'];
  /** The route being shown, for aria-current; null on the not-found page. */
  currentPath: string | null;
}

const menuId = (i: number) => `nav-menu-${i}`;
// Dropdowns that share this name are an exclusive accordion: opening one closes the others.
const ACCORDION = 'site-nav-menu';

/**
 * Sticky header, plain HTML: the platform gives every behaviour, so no page needs a script for it.
 * Desktop: each dropdown is a popover its button toggles (one open at a time; Escape and a click
 * outside close it, focus returns to the button), and the styles show it while the pointer is over
 * it. Narrow screens: the Menu button opens the navigation as a popover, and each dropdown is a
 * <details> accordion; the styles show one trigger or the other for the layout. Where a popover
 * cannot be placed under its button (no CSS anchor positioning), the desktop keeps the <details>
 * too (docs/developers/browsers.md).
 */
export function Header({ siteName, header, currentPath }: HeaderProps) {
  const current = (href: string) => (href === currentPath ? 'page' : undefined);
  return (
    <header className="site-header">
      <div className="container site-header__bar">
        <a className="brand" href="/">
          <Icon name="shield" size={28} />
          <span>{siteName}</span>
        </a>
        <button type="button" className="menu-toggle" popoverTarget="site-nav">
          <span className="menu-toggle__bars" aria-hidden="true" />
          <span className="menu-toggle__open">Menu</span>
          <span className="menu-toggle__close">
            Close<span className="visually-hidden"> menu</span>
          </span>
        </button>
        <nav id="site-nav" className="site-nav" aria-label="Main" popover="auto">
          <ul className="site-nav__list">
            {header.menus.map((menu, i) => {
              const label = (
                <>
                  {menu.label}
                  <span className="chevron" aria-hidden="true" />
                </>
              );
              return (
                <li key={menu.label} className="site-nav__menu">
                  <button type="button" className="site-nav__trigger site-nav__trigger--desktop" popoverTarget={menuId(i)}>
                    {label}
                  </button>
                  <details className="site-nav__disclosure" name={ACCORDION}>
                    <summary className="site-nav__trigger site-nav__trigger--mobile">{label}</summary>
                    <ul id={menuId(i)} className="site-nav__panel" popover="auto">
                      {menu.items.map((item) => (
                        <li key={item.href}>
                          <a href={item.href} aria-current={current(item.href)}>
                            <LabelAndNote
                              label={item.label}
                              note={item.description}
                              labelClass="site-nav__label"
                              noteClass="site-nav__description"
                            />
                          </a>
                        </li>
                      ))}
                    </ul>
                  </details>
                </li>
              );
            })}
            {header.links.map((link) => (
              <li key={link.href} className={link.mobileOnly ? 'site-nav__link mobile-only' : 'site-nav__link'}>
                <a href={link.href} aria-current={current(link.href)}>
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
          {header.search && <HeaderSearch search={header.search} />}
          <a className="button button--primary site-header__cta" href={header.cta.href}>
            {header.cta.label}
          </a>
        </nav>
      </div>
    </header>
  );
}
