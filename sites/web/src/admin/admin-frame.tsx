import { business } from '@cleanquote/content';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { type AdminScreen, adminScreenPath, adminScreenRegistry } from '../admin-screens.ts';
import type { AdminUser } from './lib/session.ts';

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
              {adminScreenRegistry.map((each) => (
                <li key={each.id}>
                  <Link
                    href={adminScreenPath(each.id)}
                    aria-current={each.id === screen ? 'page' : undefined}
                  >
                    {each.navLabel}
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
