import { Hono } from 'hono';
import type { AppEnv } from './lib/app-env.ts';
import { collectRoutes } from './routes/analytics/collect.ts';
import { newsletterRoutes } from './routes/newsletter/newsletter.ts';
import { teamContactRoutes } from './routes/team-contact/team-contact.ts';

/**
 * The public routes the site's pages call, mounted at their full paths in one chain so that their
 * types compose: {@link PublicApi} is the contract the site's typed client (Hono's `hc`) is built from,
 * as the admin's is from the staff API. A message to the team, a newsletter sign-up, and the page-view
 * and funnel beacons (sent with sendBeacon, which the typed client can't do: only their body's type
 * comes from here).
 */
export function publicRoutes() {
  return new Hono<AppEnv>()
    .route('/api/team-contact', teamContactRoutes)
    .route('/api/newsletter', newsletterRoutes)
    .route('/api/collect', collectRoutes());
}

/** The public API's routes, requests and answers: import it as a type only (`import type`). */
export type PublicApi = ReturnType<typeof publicRoutes>;
