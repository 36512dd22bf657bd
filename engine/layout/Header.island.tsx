import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import type { Site } from '../generated/content';
import { Icon } from '../ui/Icon';
import { LabelAndNote } from '../ui/LabelAndNote';

export interface HeaderProps {
  siteName: string;
  header: Site['header'];
  /** The route being shown, for aria-current; null on the not-found page. */
  currentPath: string | null;
}

const menuId = (i: number) => `nav-menu-${i}`;
const isDesktop = () => window.matchMedia('(min-width: 80rem)').matches;

/**
 * Sticky header. Desktop: a dropdown opens while the pointer is over it and on click.
 * Mobile: a menu button reveals the navigation, whose dropdowns are click-toggled accordions.
 * Either way only one dropdown is open at a time, and Escape closes it.
 */
export default function Header({ siteName, header, currentPath }: HeaderProps) {
  const [openMenu, setOpenMenu] = useState<number | null>(null);
  const [mobileOpen, setMobileOpen] = useState(false);
  const rootRef = useRef<HTMLElement>(null);
  const buttonRefs = useRef<Array<HTMLButtonElement | null>>([]);
  // A click on a dropdown that the pointer has just opened keeps it open instead of closing it.
  const openedByHover = useRef(false);

  useEffect(() => {
    if (openMenu === null && !mobileOpen) return;
    const onPointerDown = (e: Event) => {
      if (!rootRef.current?.contains(e.target as Node)) {
        setOpenMenu(null);
        setMobileOpen(false);
      }
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [openMenu, mobileOpen]);

  const hover = (i: number | null) => (e: PointerEvent) => {
    if (e.pointerType !== 'mouse' || !isDesktop()) return;
    openedByHover.current = i !== null;
    setOpenMenu(i);
  };

  const toggle = (i: number) => {
    if (openMenu === i && openedByHover.current) openedByHover.current = false;
    else setOpenMenu(openMenu === i ? null : i);
  };

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'Escape') return;
    if (openMenu !== null) {
      buttonRefs.current[openMenu]?.focus();
      setOpenMenu(null);
    } else if (mobileOpen) {
      setMobileOpen(false);
    }
  };

  const current = (href: string) => (href === currentPath ? 'page' : undefined);

  return (
    <header className="site-header" ref={rootRef} onKeyDown={onKeyDown}>
      <div className="container site-header__bar">
        <a className="brand" href="/">
          <Icon name="shield" size={28} />
          <span>{siteName}</span>
        </a>
        <button
          type="button"
          className="menu-toggle"
          aria-expanded={mobileOpen}
          aria-controls="site-nav"
          onClick={() => {
            setMobileOpen(!mobileOpen);
            setOpenMenu(null);
          }}
        >
          <span className="menu-toggle__bars" aria-hidden="true" />
          {mobileOpen ? 'Close menu' : 'Menu'}
        </button>
        <nav id="site-nav" className="site-nav" aria-label="Main" data-open={mobileOpen || undefined}>
          <ul className="site-nav__list">
            {header.menus.map((menu, i) => {
              const open = openMenu === i;
              return (
                <li
                  key={menu.label}
                  className="site-nav__menu"
                  data-open={open || undefined}
                  onPointerEnter={hover(i)}
                  onPointerLeave={hover(null)}
                >
                  <button
                    type="button"
                    ref={(el) => {
                      buttonRefs.current[i] = el;
                    }}
                    className="site-nav__trigger"
                    aria-expanded={open}
                    aria-controls={menuId(i)}
                    onClick={() => toggle(i)}
                  >
                    {menu.label}
                    <span className="chevron" aria-hidden="true" />
                  </button>
                  <ul id={menuId(i)} className="site-nav__panel" hidden={!open}>
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
          <a className="button button--primary site-header__cta" href={header.cta.href}>
            {header.cta.label}
          </a>
        </nav>
      </div>
    </header>
  );
}
