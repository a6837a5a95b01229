import './admin.css';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import type { AdminScreen } from '../routes.ts';
import { SiteToaster } from '../ui/site-toaster.tsx';
import { AccessRequired } from './access-required.tsx';
import { AdminLoading } from './admin-area.tsx';
import { AdminFrame } from './admin-frame.tsx';
import { AnalyticsScreen } from './analytics/analytics-screen.tsx';
import { ClientEmailTestScreen } from './client-email-test/client-email-test-screen.tsx';
import { DashboardScreen } from './dashboard/dashboard-screen.tsx';
import { EmailTestScreen } from './email-test/email-test-screen.tsx';
import { InboxScreen } from './inbox/inbox-screen.tsx';
import { staffQueryClient } from './lib/query-client.ts';
import { type AdminUser, sessionQuery } from './lib/session.ts';
import { LocationsScreen } from './locations/locations-screen.tsx';
import { PartnersScreen } from './partners/partners-screen.tsx';
import { XeroScreen } from './xero/xero-screen.tsx';

/** What every admin screen is given: the signed-in admin. */
export interface AdminScreenProps {
  user: AdminUser;
}

/** The component of each admin screen. */
const screens: Readonly<Record<AdminScreen, ComponentType<AdminScreenProps>>> = {
  dashboard: DashboardScreen,
  admin: InboxScreen,
  'email-test': EmailTestScreen,
  'client-email-test': ClientEmailTestScreen,
  analytics: AnalyticsScreen,
  xero: XeroScreen,
  locations: LocationsScreen,
  partners: PartnersScreen,
};

/** Props of {@link AdminApp}. */
export interface AdminAppProps {
  screen: AdminScreen;
}

/**
 * The admin area (the admin chunk's entry): the page's query client around the screen, so every
 * screen reads the server through TanStack Query and one error handler.
 */
export function AdminApp({ screen }: AdminAppProps) {
  return (
    <QueryClientProvider client={staffQueryClient()}>
      <AdminShell screen={screen} />
      <SiteToaster />
    </QueryClientProvider>
  );
}

/**
 * Asks the server who is signed in, shows 'Loading' until it knows, then the signed-out 'Access
 * Required' card or the screen in the admin frame. Any call answering 401 later signs the page out.
 */
function AdminShell({ screen }: AdminAppProps) {
  const session = useQuery(sessionQuery);
  const Screen = screens[screen];
  if (session.isPending) return <AdminLoading />;
  if (session.isError) {
    return (
      <AdminFrame screen={screen}>
        <section className="card" role="alert">
          <h1>The admin area could not be opened</h1>
          <p>{session.error.message || 'The session could not be checked.'}</p>
          <button type="button" className="button" onClick={() => void session.refetch()}>
            Try again
          </button>
        </section>
      </AdminFrame>
    );
  }
  if (!session.data) {
    return (
      <AdminFrame screen={screen}>
        <AccessRequired screen={screen} />
      </AdminFrame>
    );
  }
  return (
    <AdminFrame screen={screen} user={session.data}>
      <Screen user={session.data} />
    </AdminFrame>
  );
}
