import { Hono } from 'hono';
import { type AuthEnv, requireAdmin } from '../../auth/middleware.ts';
import { type Clock, systemClock } from '../../jobs/clock.ts';
import { jobStatuses } from '../../system-status/job-statuses.ts';

/**
 * GET /api/admin/jobs: every scheduled job — name, cron schedule, time zone, the next run in
 * Melbourne time with its offset ('2026-11-24T09:00:00+11:00') and the last run (period, status,
 * times, error). Admin session; no quote data, so open before the dashboard unlock.
 */
export function adminJobRoutes(clock: Clock = systemClock) {
  return new Hono<AuthEnv>()
    .use(requireAdmin)
    .get('/', async (c) => c.json(await jobStatuses(c.var.database, clock.now())));
}
