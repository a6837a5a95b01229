import { business } from '@cleanquote/content';
import { Link } from 'wouter';

/** Props of {@link SiteHeader}. */
export interface SiteHeaderProps {
  /** True when the home page is shown: section links then scroll within the page. */
  onHomePage: boolean;
  /** Canonical path of the current page, to mark the active link. */
  currentPath: string | undefined;
}

/** The home page sections the header can jump to (spec §2). */
const sectionLinks = [
  { label: 'Home', section: 'home' },
  { label: 'Services', section: 'services' },
  { label: 'About', section: 'about' },
  { label: 'Contact', section: 'contact' },
] as const;

/**
 * Banner, business name and the main navigation. Every item is a real link, so the menu works
 * before (or without) JavaScript; the mobile menu toggle comes with the site issue.
 */
export function SiteHeader({ onHomePage, currentPath }: SiteHeaderProps) {
  return (
    <header className="site-header">
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <p className="site-banner">{business.bannerText}</p>
      <div className="container site-header__inner">
        <Link href="/" className="site-header__brand">
          {business.name}
        </Link>
        <nav className="site-nav" aria-label="Main">
          <ul>
            {sectionLinks.map(({ label, section }) => (
              <li key={section}>
                {/* Plain anchors: on '/' the browser scrolls to the section; elsewhere it loads the
                    home page at that section, which a client-side push would not scroll to. */}
                <a href={onHomePage ? `#${section}` : section === 'home' ? '/' : `/#${section}`}>{label}</a>
              </li>
            ))}
            <li>
              <Link href="/team" aria-current={currentPath === '/team' ? 'page' : undefined}>
                Team
              </Link>
            </li>
            <li>
              <Link href="/service-form" className="button button--accent">
                Book Now
              </Link>
            </li>
          </ul>
        </nav>
      </div>
    </header>
  );
}
