import { lazy, Suspense, useEffect, useState } from 'react';
import type { AdminScreen } from '../admin-screens.ts';

/*
 * The only admin code in the public bundle. The admin screens are client-rendered behind the
 * server session, in their own chunk (admin-app.tsx): the server sends every admin URL the same
 * 'Loading' document, with no admin data in it, and the browser fetches the chunk only once such a
 * page has hydrated. Public pages never load it.
 */
const loadAdminApp = () => import('./admin-app.tsx');
const LazyAdminApp = lazy(() => loadAdminApp().then((module) => ({ default: module.AdminApp })));

/** Props of {@link AdminArea}. */
export interface AdminAreaProps {
  screen: AdminScreen;
}

/** An admin screen: 'Loading' on the server and while hydrating, then the admin chunk. */
export function AdminArea({ screen }: AdminAreaProps) {
  // Rendered after hydration, so the first browser render matches the server's 'Loading'.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  if (!hydrated) return <AdminLoading />;
  return (
    <Suspense fallback={<AdminLoading />}>
      <LazyAdminApp screen={screen} />
    </Suspense>
  );
}

/** What an admin URL says where scripts are off. */
export const adminNeedsScript = 'The admin area needs JavaScript. Please turn it on and reload this page.';

/** What shows while the session is checked ('A wrapper shows Loading'). */
export function AdminLoading() {
  return (
    <main id="main" className="admin-loading" tabIndex={-1}>
      <p role="status">Loading</p>
      {/*
        Shown only where scripts are off: the admin area is rendered in the browser. Its text is
        rendered by the server only (React leaves a <noscript>'s content alone when hydrating), so
        the public bundle carries none of it.
      */}
      {import.meta.env.SSR ? (
        <noscript>
          <p className="admin-noscript">{adminNeedsScript}</p>
        </noscript>
      ) : (
        <noscript />
      )}
    </main>
  );
}
