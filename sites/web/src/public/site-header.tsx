import { business } from '@cleanquote/content';
import { useEffect } from 'react';
import { Link } from 'wouter';
import { closeMobileMenu, MOBILE_MENU_ID } from '../state/site-state.ts';

/** Props of {@link SiteHeader}. */
export interface SiteHeaderProps {
  /** True when the home page is shown: section links then scroll within the page. */
  onHomePage: boolean;
  /** Canonical path of the current page, to mark the active link. */
  currentPath: string | undefined;
}

/** The home page sections the header can jump to. */
const sectionLinks = [
  { label: 'Home', section: 'home' },
  { label: 'Services', section: 'services' },
  { label: 'About', section: 'about' },
  { label: 'Contact', section: 'contact' },
] as const;

/** Where a section link points: the section itself on '/', the home page at that section elsewhere. */
export function sectionHref(section: string, onHomePage: boolean): string {
  if (onHomePage) return `#${section}`;
  return section === 'home' ? '/' : `/#${section}`;
}

/**
 * Banner, business name and the main navigation. Every item is a real link, so the menu works
 * before (or without) JavaScript. On small screens a Menu button shows and hides the list: the list
 * is a popover the button opens natively (popovertarget), so it answers the first tap before the app
 * has hydrated; Escape and a tap outside close it, and so does choosing an item.
 */
export function SiteHeader({ onHomePage, currentPath }: SiteHeaderProps) {
  useCloseMenuOnWideScreens();

  return (
    <header className="site-header">
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <p className="site-banner">{business.bannerText}</p>
      <div className="container site-header__inner">
        <Link href="/" className="site-header__brand" onClick={closeMobileMenu}>
          {business.name}
        </Link>
        <nav className="site-nav" aria-label="Main">
          {/* The browser exposes the button as expanded or collapsed from the popover's state. */}
          <button
            id="site-menu-button"
            type="button"
            className="site-nav__toggle"
            popoverTarget={MOBILE_MENU_ID}
            aria-controls={MOBILE_MENU_ID}
          >
            <svg aria-hidden="true" width="20" height="20" viewBox="0 0 20 20" focusable="false">
              <path
                className="site-nav__icon-closed"
                d="M3 5h14M3 10h14M3 15h14"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
              />
              <path
                className="site-nav__icon-open"
                d="M4 4l12 12M16 4L4 16"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
              />
            </svg>
            Menu
          </button>
          <ul id={MOBILE_MENU_ID} className="site-nav__list" popover="auto">
            {sectionLinks.map(({ label, section }) => (
              <li key={section}>
                {/* Plain anchors: on '/' the browser scrolls to the section; elsewhere it loads the
                    home page at that section, which a client-side push would not scroll to. */}
                <a href={sectionHref(section, onHomePage)} onClick={closeMobileMenu}>
                  {label}
                </a>
              </li>
            ))}
            <li>
              <Link
                href="/team"
                aria-current={currentPath === '/team' ? 'page' : undefined}
                onClick={closeMobileMenu}
              >
                Team
              </Link>
            </li>
            <li>
              <Link href="/service-form" className="button button--accent" onClick={closeMobileMenu}>
                Book Now
              </Link>
            </li>
          </ul>
        </nav>
      </div>
    </header>
  );
}

/** The wide layout shows the links in the header: a menu left open on a narrow screen closes. */
function useCloseMenuOnWideScreens(): void {
  useEffect(() => {
    const wide = window.matchMedia('(min-width: 56rem)');
    const close = () => {
      if (wide.matches) closeMobileMenu();
    };
    wide.addEventListener('change', close);
    return () => wide.removeEventListener('change', close);
  }, []);
}
