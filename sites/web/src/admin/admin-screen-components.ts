import type { ComponentType } from 'react';
import type { AdminScreen } from '../admin-screens.ts';
import { AnalyticsScreen } from './analytics/analytics-screen.tsx';
import { ClientEmailTestScreen } from './client-email-test/client-email-test-screen.tsx';
import { DashboardScreen } from './dashboard/dashboard-screen.tsx';
import { EmailTestScreen } from './email-test/email-test-screen.tsx';
import type { AdminUser } from './lib/session.ts';
import { LocationsScreen } from './locations/locations-screen.tsx';
import { PartnersScreen } from './partners/partners-screen.tsx';
import { PricesScreen } from './prices/prices-screen.tsx';
import { QuoteRequestsScreen } from './quote-requests/quote-requests-screen.tsx';
import { ScheduleScreen } from './schedule/schedule-screen.tsx';
import { XeroScreen } from './xero/xero-screen.tsx';

/** What every admin screen is given: the signed-in admin. */
export interface AdminScreenProps {
  user: AdminUser;
}

/**
 * The component of each admin screen of the registry (admin-screens.ts), keyed by its id: a screen
 * missing here fails the type check. They live in the admin chunk, which the public pages never
 * load (admin-area.tsx imports it lazily); one chunk for all screens, so the code they share is
 * never split into chunks the public pages would load too.
 */
export const adminScreenComponents: Readonly<Record<AdminScreen, ComponentType<AdminScreenProps>>> = {
  dashboard: DashboardScreen,
  'quote-requests': QuoteRequestsScreen,
  schedule: ScheduleScreen,
  prices: PricesScreen,
  'email-test': EmailTestScreen,
  'client-email-test': ClientEmailTestScreen,
  analytics: AnalyticsScreen,
  xero: XeroScreen,
  locations: LocationsScreen,
  partners: PartnersScreen,
};
