import { privacy, terms } from '@cleanquote/content';
import { type ComponentType, lazy, type ReactNode, Suspense, useEffect, useRef } from 'react';
import { Router, useLocation, useSearch } from 'wouter';
import { AdminArea } from './admin/admin-area.tsx';
import { type PageMeta, pageMeta, useDocumentMeta } from './page-meta.ts';
import { ContactDialog } from './public/contact-dialog.tsx';
import { HomePage } from './public/home-page.tsx';
import { NotFoundPage } from './public/not-found-page.tsx';
import { PolicyPage } from './public/policy-page.tsx';
import { SiteFooter } from './public/site-footer.tsx';
import { SiteHeader } from './public/site-header.tsx';
import { SuburbPage } from './public/suburb-page.tsx';
import { TeamPage } from './public/team-page.tsx';
import { ThankYouPage } from './public/thank-you-page.tsx';
import { type ResolvedRoute, resolveRoute } from './routes.ts';
import { closeMobileMenu } from './state/site-state.ts';
import { browserSuburbDirectory, type SuburbDirectory } from './suburb-directory.ts';
import { SiteToaster } from './ui/site-toaster.tsx';

// The quote wizard (XState, zod) is most of the site's JavaScript, so only its own page loads it: the
// browser fetches its chunk when /service-form is shown (hydration waits for it inside the Suspense
// boundary, keeping the server's markup meanwhile). The server passes the page in, already loaded.
const loadServiceFormPage = () => import('./public/service-form-page.tsx');
const LazyServiceFormPage = lazy(() =>
  loadServiceFormPage().then((module) => ({ default: module.ServiceFormPage })),
);

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
  /**
   * Pages the browser loads on demand, given already loaded so a server render (which cannot wait)
   * renders them in place.
   */
  loadedPages?: LoadedPages;
  /** The suburbs to resolve and link: all of them on the server; in the browser, the page's own. */
  suburbs?: SuburbDirectory;
}

/** The on-demand pages, for {@link AppProps.loadedPages}. */
export interface LoadedPages {
  ServiceFormPage: ComponentType;
}

/** The whole site: router, header, the page of the current path, footer. */
export function App({ ssrPath, ssrSearch, renderContext, loadedPages, suburbs }: AppProps) {
  return (
    <Router ssrPath={ssrPath} ssrSearch={ssrSearch}>
      <Site
        renderContext={renderContext}
        loadedPages={loadedPages}
        suburbs={suburbs ?? browserSuburbDirectory()}
      />
    </Router>
  );
}

function Site({
  renderContext,
  loadedPages,
  suburbs,
}: {
  renderContext: RenderContext | undefined;
  loadedPages: LoadedPages | undefined;
  suburbs: SuburbDirectory;
}) {
  const [location] = useLocation();
  const search = useSearch();
  // One resolver for server and browser (routes.ts), rather than wouter <Route> patterns,
  // so the page shown and the HTTP status can never disagree.
  const route = resolveRoute(location, suburbs);
  const meta = pageMeta(route, search, suburbs);
  if (renderContext) {
    renderContext.route = route;
    renderContext.meta = meta;
  }
  useDocumentMeta(meta);
  useResetViewOnNavigation(location);
  useServerForUnknownPaths(route, location);
  usePrefetchWizardOnIntent();

  // The admin area has its own frame (admin/): no public header, footer or contact dialog.
  if (route.page === 'admin') {
    return (
      <>
        <AdminArea screen={route.screen} />
        <MarkHydrated />
      </>
    );
  }

  return (
    <>
      <SiteHeader
        onHomePage={route.page === 'home'}
        currentPath={route.page === 'not-found' ? undefined : route.path}
      />
      {/* tabIndex -1: the skip link and client navigation move focus here. */}
      <main id="main" className="site-main" tabIndex={-1}>
        <Suspense fallback={null}>
          {pageFor(route, loadedPages, suburbs)}
          <MarkHydrated />
        </Suspense>
      </main>
      <SiteFooter onHomePage={route.page === 'home'} />
      <ContactDialog />
      <SiteToaster />
    </>
  );
}

function pageFor(
  route: ResolvedRoute,
  loadedPages: LoadedPages | undefined,
  suburbs: SuburbDirectory,
): ReactNode {
  const ServiceFormPage = loadedPages?.ServiceFormPage ?? LazyServiceFormPage;
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
      return <SuburbPage suburb={route.suburb} nearby={suburbs.nearby(route.suburb.slug)} />;
    case 'admin':
      return null; // rendered by Site, outside the public frame
    case 'not-found':
      return <NotFoundPage />;
  }
}

/**
 * The browser knows only the suburb of the page it was sent, so a client-side navigation to a path
 * it cannot resolve (another suburb, say) asks the server, which knows every page, by loading it.
 * The document the server sent is never reloaded: its 404 is the server's own verdict.
 */
function useServerForUnknownPaths(route: ResolvedRoute, location: string): void {
  const first = useRef(location);
  useEffect(() => {
    if (route.page === 'not-found' && location !== first.current) window.location.reload();
  }, [route.page, location]);
}

/**
 * Fetches the wizard's chunk as soon as a visitor points at or focuses a link to it, so following
 * the link shows the wizard without a blank moment. Nothing is fetched for visitors who never do.
 */
function usePrefetchWizardOnIntent(): void {
  useEffect(() => {
    const prefetch = (event: Event) => {
      if (!(event.target instanceof Element)) return;
      if (!event.target.closest('a[href^="/service-form"]')) return;
      stop();
      void loadServiceFormPage();
    };
    const stop = () => {
      document.removeEventListener('pointerover', prefetch);
      document.removeEventListener('focusin', prefetch);
    };
    document.addEventListener('pointerover', prefetch, { passive: true });
    document.addEventListener('focusin', prefetch);
    return stop;
  }, []);
}

/**
 * Marks <html data-hydrated> once the app has taken over the server's markup, the page's own content
 * included: React hydrates a Suspense boundary after the shell around it, so this sits inside the
 * page's boundary. The head's first-tap script replays held taps then (decision 0008); tests wait
 * for it.
 */
function MarkHydrated(): null {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return null;
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
    closeMobileMenu();
    if (window.location.hash) return; // the browser scrolls to the anchor itself
    window.scrollTo(0, 0);
    document.getElementById('main')?.focus({ preventScroll: true });
  }, [location]);
}
