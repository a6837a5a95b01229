import { scheduleSettings } from '@cleanquote/quote-core/staff';
import { Hono } from 'hono';
import { type AuthEnv, requireAdmin } from '../../auth/middleware.ts';
import { jsonBody } from '../../lib/json-body.ts';
import { actorOf } from '../../quote-requests/history.ts';
import {
  readScheduleSettings,
  readScheduleSettingsHistory,
  saveScheduleSettings,
} from '../../schedule/schedule-settings-store.ts';

/**
 * The schedule's working time and teams, for signed-in staff: GET / (the settings), PUT / (the same
 * JSON replaces them: a team without an id is added, a team left out is removed — 409 while it has
 * visits to come; a bad value is a 400 naming the field) and GET /history (every change: who, when,
 * old → new). The settings hold no customer data, so they need no quote-dashboard unlock.
 */
export const scheduleSettingsRoutes = new Hono<AuthEnv>()
  .use(requireAdmin)
  .get('/', async (c) => c.json(await readScheduleSettings(c.var.database.db)))
  .put('/', jsonBody(scheduleSettings), async (c) => {
    const saved = await saveScheduleSettings(c.var.database, c.req.valid('json'), actorOf(c));
    if ('refused' in saved) {
      const message = `${saved.team.name} has visits to come: make it inactive instead.`;
      return c.json({ error: message, fields: { teams: message }, requestId: c.var.requestId }, 409);
    }
    return c.json(saved, 200);
  })
  .get('/history', async (c) => c.json(await readScheduleSettingsHistory(c.var.database.db)));
