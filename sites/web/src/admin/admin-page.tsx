import { type AdminScreen, adminScreenTitles } from '../routes.ts';
import { HighlightCards } from '../ui/highlight-cards.tsx';

/** Props of {@link AdminPage}. */
export interface AdminPageProps {
  screen: AdminScreen;
}

/** What staff can do once signed in, shown to signed-out visitors (spec §2). */
const adminAreas = [
  { title: 'Customer Management', description: 'Review quote requests and follow up with customers.' },
  { title: 'Analytics', description: 'Website traffic and business metrics, with a daily report.' },
  { title: 'Financial Integration', description: 'Connect Xero and schedule weekly financial reports.' },
] as const;

/**
 * An admin screen. The screens are client-rendered behind the server session later; until
 * then every one shows the signed-out 'Access Required' card.
 */
export function AdminPage({ screen }: AdminPageProps) {
  return (
    <div className="container">
      <div className="page-header">
        <h1>{adminScreenTitles[screen]}</h1>
      </div>
      <section className="card prose" aria-labelledby="access-required-heading">
        <h2 id="access-required-heading">Access Required</h2>
        <p>This area is for staff only. Please log in to continue.</p>
        {/* A full page load, not a client route: the server runs the login flow. */}
        <a href="/api/login" className="button">
          Log In
        </a>
        <HighlightCards items={adminAreas} threeColumns />
      </section>
    </div>
  );
}
