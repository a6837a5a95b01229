import { Hono } from 'hono';
import { databaseAnswers } from '../../db/database.ts';
import type { AppEnv } from '../../lib/app-env.ts';

/** GET /api/health: 200 {"status":"ok"} when the database answers, else 503. */
export const healthRoutes = new Hono<AppEnv>().get('/', async (c) => {
  const ok = await databaseAnswers(c.var.database.client);
  return ok
    ? c.json({ status: 'ok' }, 200, { 'Cache-Control': 'no-store' })
    : c.json({ status: 'unavailable', error: 'The database is not answering.' }, 503, {
        'Cache-Control': 'no-store',
      });
});
