import { useSearch } from 'wouter';
import { type AdminScreen, adminScreen, adminScreenPath } from '../admin-screens.ts';
import { HighlightCards } from '../ui/highlight-cards.tsx';

/** What staff can do once signed in, shown to signed-out visitors. */
const adminAreas = [
  { title: 'Customer Management', description: 'Review quote requests and follow up with customers.' },
  { title: 'Analytics', description: 'Website traffic and business metrics, with a daily report.' },
  { title: 'Financial Integration', description: 'Connect Xero and schedule weekly financial reports.' },
] as const;

/**
 * The signed-out card. Its Log In link carries this screen and its query (a link to one quote,
 * `/admin?quote=<id>`, as the business's mails send), so signing in lands back on the same place.
 * The server accepts only a path on this site as where to go next.
 */
export function AccessRequired({ screen }: { screen: AdminScreen }) {
  const search = useSearch();
  const here = `${adminScreenPath(screen)}${search ? `?${search}` : ''}`;
  return (
    <>
      <div className="page-header">
        <h1>{adminScreen(screen).title}</h1>
      </div>
      <section className="card prose" aria-labelledby="access-required-heading">
        <h2 id="access-required-heading">Access Required</h2>
        <p>This area is for staff only. Please log in to continue.</p>
        {/* A full page load, not a client route: the server runs the sign-in. */}
        <a href={`/api/login?next=${encodeURIComponent(here)}`} className="button">
          Log In
        </a>
        <HighlightCards items={adminAreas} threeColumns />
      </section>
    </>
  );
}
