import { Hono } from 'hono';
import type { Clock } from './jobs/clock.ts';
import type { AppEnv } from './lib/app-env.ts';
import { adminRoutes } from './routes/admin/admin.ts';
import { backupRoutes } from './routes/admin/backups.ts';
import { adminJobRoutes } from './routes/admin/jobs.ts';
import { analyticsRoutes } from './routes/analytics/report.ts';
import { authRoutes } from './routes/auth/auth.ts';
import { clientEmailTestRoutes, directEmailRoutes } from './routes/email-tools/email-tools.ts';
import { partnerRoutes } from './routes/partners/partners.ts';
import { partnerWebhookRoutes } from './routes/partners/webhooks.ts';
import { priceRoutes } from './routes/prices/prices.ts';
import { quoteRequestRoutes } from './routes/quote-requests/quote-requests.ts';
import { scheduleSettingsRoutes } from './routes/schedule/settings.ts';
import {
  quoteRequestVisitRoutes,
  scheduleRoutes,
  seriesRoutes,
  visitRoutes,
} from './routes/schedule/visits.ts';
import { xeroRoutes } from './routes/xero/xero.ts';
import type { SharedSlidingWindowLimiter } from './security/rate-limit.ts';
import type { XeroService } from './xero/xero-service.ts';

/** What the staff routes are built with. */
export interface StaffApiDependencies {
  /** Sign-in failures and wrong dashboard passwords share one per-IP counter, held in the database. */
  loginThrottle: SharedSlidingWindowLimiter;
  clock?: Clock | undefined;
  xero: XeroService | null;
}

/**
 * Every route the admin area calls, mounted at their full paths in one chain so that their types
 * compose: {@link StaffApi} is the contract the admin's typed client (Hono's `hc`) is built from, so a
 * changed answer breaks the admin's type check, never a member of staff's screen.
 */
export function staffRoutes({ loginThrottle, clock, xero }: StaffApiDependencies) {
  return new Hono<AppEnv>()
    .route('/api', authRoutes(loginThrottle))
    .route('/api/admin', adminRoutes(loginThrottle))
    .route('/api/admin/jobs', adminJobRoutes(clock))
    .route('/api/admin/backups', backupRoutes)
    .route('/api/contact', quoteRequestRoutes)
    .route('/api/contact', quoteRequestVisitRoutes(clock))
    .route('/api/schedule/settings', scheduleSettingsRoutes)
    .route('/api/schedule', scheduleRoutes(clock))
    .route('/api/visits', visitRoutes(clock))
    .route('/api/series', seriesRoutes(clock))
    .route('/api/send-direct-email', directEmailRoutes)
    .route('/api/test-client-email', clientEmailTestRoutes)
    .route('/api/partners', partnerRoutes)
    .route('/api/partners', partnerWebhookRoutes)
    .route('/api/prices', priceRoutes)
    .route('/api/analytics', analyticsRoutes(clock))
    .route('/api/xero', xeroRoutes(xero, clock));
}

/** The staff API's routes, requests and answers: import it as a type only (`import type`). */
export type StaffApi = ReturnType<typeof staffRoutes>;
