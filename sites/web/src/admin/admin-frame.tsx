import { business } from '@cleanquote/content';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { type AdminScreen, adminScreens } from '../routes.ts';
import type { AdminUser } from './lib/session.ts';

/** The admin navigation's names, in the dashboard's order. */
const navigationNames: Readonly<Record<AdminScreen, string>> = {
  dashboard: 'Dashboard',
  admin: 'Quote Requests',
  'email-test': 'Email Test',
  'client-email-test': 'Client Email Test',
  analytics: 'Analytics',
  xero: 'Xero',
  locations: 'Locations',
  partners: 'Partners',
};

/** Props of {@link AdminFrame}. */
export interface AdminFrameProps {
  screen: AdminScreen;
  /** The signed-in admin; absent while signed out (no navigation then). */
  user?: AdminUser;
  children: ReactNode;
}

/**
 * Every admin screen's frame: the header with the navigation between the screens, who is signed
 * in and Log Out, then the screen itself in <main>.
 */
export function AdminFrame({ screen, user, children }: AdminFrameProps) {
  return (
    <div className="admin">
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <header className="admin-header">
        <div className="admin-header__inner">
          <a className="admin-header__brand" href="/">
            {business.name}
          </a>
          {user ? (
            <div className="admin-header__account">
              <span className="admin-header__user">
                Signed in as <strong>{user.firstName?.trim() || user.email}</strong>
              </span>
              {/* A POST (guarded by the origin check), so no other site can sign staff out. */}
              <form method="post" action="/api/logout">
                <button type="submit" className="button button--outline">
                  Log Out
                </button>
              </form>
            </div>
          ) : null}
        </div>
        {user ? (
          <nav className="admin-nav" aria-label="Admin">
            <ul>
              {adminScreens.map((each) => (
                <li key={each}>
                  <Link href={`/${each}`} aria-current={each === screen ? 'page' : undefined}>
                    {navigationNames[each]}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
      </header>
      {/* tabIndex -1: the skip link and client navigation move focus here. */}
      <main id="main" className="admin-main container" tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}
