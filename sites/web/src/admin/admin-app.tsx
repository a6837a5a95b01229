import './admin.css';
import { useSignals } from '@preact/signals-react/runtime';
import { type ComponentType, useEffect } from 'react';
import type { AdminScreen } from '../routes.ts';
import { adminSession, checkAdminSession } from '../state/admin-session.ts';
import { SiteToaster } from '../ui/site-toaster.tsx';
import { AccessRequired } from './access-required.tsx';
import type { AdminUser } from './admin-api.ts';
import { AdminLoading } from './admin-area.tsx';
import { AdminFrame } from './admin-frame.tsx';
import { AnalyticsScreen } from './analytics/analytics-screen.tsx';
import { ClientEmailTestScreen } from './client-email-test/client-email-test-screen.tsx';
import { DashboardScreen } from './dashboard/dashboard-screen.tsx';
import { EmailTestScreen } from './email-test/email-test-screen.tsx';
import { InboxScreen } from './inbox/inbox-screen.tsx';
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
 * The admin area (the admin chunk's entry): checks the server session once, shows 'Loading' until
 * it knows, then the signed-out 'Access Required' card or the screen in the admin frame.
 */
export function AdminApp({ screen }: AdminAppProps) {
  useSignals();
  useEffect(() => {
    if (adminSession.peek().state === 'checking') void checkAdminSession();
  }, []);
  const session = adminSession.value;
  const Screen = screens[screen];
  return (
    <>
      {session.state === 'checking' ? (
        <AdminLoading />
      ) : session.state === 'signed-in' ? (
        <AdminFrame screen={screen} user={session.user}>
          <Screen user={session.user} />
        </AdminFrame>
      ) : session.state === 'signed-out' ? (
        <AdminFrame screen={screen}>
          <AccessRequired screen={screen} />
        </AdminFrame>
      ) : (
        <AdminFrame screen={screen}>
          <section className="card" role="alert">
            <h1>The admin area could not be opened</h1>
            <p>{session.message}</p>
            <button type="button" className="button" onClick={() => void checkAdminSession()}>
              Try again
            </button>
          </section>
        </AdminFrame>
      )}
      <SiteToaster />
    </>
  );
}
