import { privacy, terms } from '@cleanquote/content';
import { type ReactNode, useEffect, useRef } from 'react';
import { Router, useLocation, useSearch } from 'wouter';
import { SiteFooter } from './components/site-footer.tsx';
import { SiteHeader } from './components/site-header.tsx';
import { type PageMeta, pageMeta, useDocumentMeta } from './page-meta.ts';
import { AdminPage } from './pages/admin-page.tsx';
import { HomePage } from './pages/home-page.tsx';
import { NotFoundPage } from './pages/not-found-page.tsx';
import { PolicyPage } from './pages/policy-page.tsx';
import { ServiceFormPage } from './pages/service-form-page.tsx';
import { SuburbPage } from './pages/suburb-page.tsx';
import { TeamPage } from './pages/team-page.tsx';
import { ThankYouPage } from './pages/thank-you-page.tsx';
import { type ResolvedRoute, resolveRoute } from './routes.ts';
import './styles.css';

/**
 * Filled in during a server render so the caller learns which route was rendered (for the HTTP
 * status) and its meta (for the head), from the very same resolution the markup used.
 */
export interface RenderContext {
  route?: ResolvedRoute;
  meta?: PageMeta;
}

/** Props of {@link App}. All are for server rendering; the browser passes none. */
export interface AppProps {
  /** Pathname to render on the server (the browser reads `location`). */
  ssrPath?: string;
  /** Query string to render on the server, without '?'. */
  ssrSearch?: string;
  renderContext?: RenderContext;
}

/** The whole site: router, header, the page of the current path, footer. */
export function App({ ssrPath, ssrSearch, renderContext }: AppProps) {
  return (
    <Router ssrPath={ssrPath} ssrSearch={ssrSearch}>
      <Site renderContext={renderContext} />
    </Router>
  );
}

function Site({ renderContext }: { renderContext: RenderContext | undefined }) {
  const [location] = useLocation();
  const search = useSearch();
  // One resolver for server and browser (routes.ts), rather than wouter <Route> patterns,
  // so the page shown and the HTTP status can never disagree.
  const route = resolveRoute(location);
  const meta = pageMeta(route, search);
  if (renderContext) {
    renderContext.route = route;
    renderContext.meta = meta;
  }
  useDocumentMeta(meta);
  useResetViewOnNavigation(location);

  return (
    <>
      <SiteHeader
        onHomePage={route.page === 'home'}
        currentPath={route.page === 'not-found' ? undefined : route.path}
      />
      {/* tabIndex -1: the skip link and client navigation move focus here. */}
      <main id="main" className="site-main" tabIndex={-1}>
        {pageFor(route)}
      </main>
      <SiteFooter />
    </>
  );
}

function pageFor(route: ResolvedRoute): ReactNode {
  switch (route.page) {
    case 'home':
      return <HomePage />;
    case 'team':
      return <TeamPage />;
    case 'service-form':
      return <ServiceFormPage />;
    case 'thank-you':
      return <ThankYouPage />;
    case 'terms':
      return <PolicyPage title="Terms & Conditions" document={terms} />;
    case 'privacy':
      return <PolicyPage title="Privacy Policy" document={privacy} />;
    case 'suburb':
      return <SuburbPage suburb={route.suburb} />;
    case 'admin':
      return <AdminPage screen={route.screen} />;
    case 'not-found':
      return <NotFoundPage />;
  }
}

/**
 * After a client-side navigation, start the new page at the top and move focus to it, as a full
 * page load would; screen readers then announce the new content. Skipped on first render.
 */
function useResetViewOnNavigation(location: string): void {
  const previous = useRef(location);
  useEffect(() => {
    if (previous.current === location) return;
    previous.current = location;
    if (window.location.hash) return; // the browser scrolls to the anchor itself
    window.scrollTo(0, 0);
    document.getElementById('main')?.focus({ preventScroll: true });
  }, [location]);
}
