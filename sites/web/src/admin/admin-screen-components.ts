import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import type { AdminScreen } from '../admin-screens.ts';
import type { AdminUser } from './lib/session.ts';

/** What every admin screen is given: the signed-in admin. */
export interface AdminScreenProps {
  user: AdminUser;
}

/** A screen's component, loaded on first use, and a way to start loading it early. */
export interface LazyScreen {
  Component: LazyExoticComponent<ComponentType<AdminScreenProps>>;
  /** Starts fetching the screen's chunk (the module loader keeps it: asking again costs nothing). */
  preload: () => void;
}

/** A screen in a chunk of its own, loaded when the screen is first shown or preloaded. */
function screen<Name extends string>(
  load: () => Promise<Record<Name, ComponentType<AdminScreenProps>>>,
  name: Name,
): LazyScreen {
  return {
    Component: lazy(() => load().then((module) => ({ default: module[name] }))),
    preload: () => void load().catch(() => undefined),
  };
}

/**
 * The component of each admin screen of the registry (admin-screens.ts), keyed by its id: a screen
 * missing here fails the type check.
 */
export const adminScreenComponents: Readonly<Record<AdminScreen, LazyScreen>> = {
  dashboard: screen(() => import('./dashboard/dashboard-screen.tsx'), 'DashboardScreen'),
  admin: screen(() => import('./inbox/inbox-screen.tsx'), 'InboxScreen'),
  'email-test': screen(() => import('./email-test/email-test-screen.tsx'), 'EmailTestScreen'),
  'client-email-test': screen(
    () => import('./client-email-test/client-email-test-screen.tsx'),
    'ClientEmailTestScreen',
  ),
  analytics: screen(() => import('./analytics/analytics-screen.tsx'), 'AnalyticsScreen'),
  xero: screen(() => import('./xero/xero-screen.tsx'), 'XeroScreen'),
  locations: screen(() => import('./locations/locations-screen.tsx'), 'LocationsScreen'),
  partners: screen(() => import('./partners/partners-screen.tsx'), 'PartnersScreen'),
};
