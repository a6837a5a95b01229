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
 * The schedule's working time and teams, for signed-in staff:
 * - GET / — the settings (the defaults until first saved; the teams in their order);
 * - PUT / — the same JSON replaces them: a team without an id is added, a team left out is removed
 *   (409 naming it while it has a booked visit: make it inactive instead); a bad value is the one 400
 *   of every staff form, naming the field; each changed setting is recorded with who changed it;
 * - GET /history — every change, newest first: who, when, which setting in words, old → new.
 * The settings hold no customer data, so they need no quote-dashboard unlock (auth/middleware.ts).
 */
export const scheduleSettingsRoutes = new Hono<AuthEnv>()
  .use(requireAdmin)
  .get('/', async (c) => c.json(await readScheduleSettings(c.var.database.db), 200))
  .put('/', jsonBody(scheduleSettings), async (c) => {
    const saved = await saveScheduleSettings(c.var.database, c.req.valid('json'), actorOf(c));
    if (!('refused' in saved)) return c.json(saved, 200);
    if (saved.refused === 'unknown-team') {
      const field = `teams.${saved.index}.id`;
      const message = 'This team is no longer in the settings: reload the page to see the teams as they are';
      return c.json(
        {
          error: 'Please check the highlighted fields.',
          fields: { [field]: message },
          requestId: c.var.requestId,
        },
        400,
      );
    }
    const message = `${saved.team.name} has visits to come: make it inactive instead.`;
    return c.json(
      { error: message, fields: { teams: message }, team: saved.team, requestId: c.var.requestId },
      409,
    );
  })
  .get('/history', async (c) => c.json(await readScheduleSettingsHistory(c.var.database.db), 200));
