import { type PriceList, priceList } from '@cleanquote/quote-core/staff';
import { Hono } from 'hono';
import { type AuthEnv, requireAdmin } from '../../auth/middleware.ts';
import { jsonBody } from '../../lib/json-body.ts';
import { readPriceHistory, readPriceList, savePriceList } from '../../priced-quotes/price-list-store.ts';
import { actorOf } from '../../quote-requests/history.ts';

/** GET and PUT /api/prices: the price list, and whether its prices include GST (GST_REGISTERED). */
export type PriceListAnswer = PriceList & { gstRegistered: boolean };

/**
 * The business's price list, for the signed-in admin: GET / (the list with its `durations` — each
 * service's time in minutes — and GST_REGISTERED as `gstRegistered`), PUT / (the whole list, its
 * `durations` optional: left out, the times stay as they are; each changed price or time is recorded
 * with who changed it) and GET /history (every change, newest first, each with its `unit`: cents or
 * minutes). Prices are not quote or customer data, so these need no quote-dashboard unlock; prices
 * never appear on public pages.
 */
export const priceRoutes = new Hono<AuthEnv>()
  .use(requireAdmin)
  .get('/', async (c) => {
    const list = await readPriceList(c.var.database.db);
    return c.json({ ...list, gstRegistered: c.var.environment.GST_REGISTERED } satisfies PriceListAnswer);
  })
  .put('/', jsonBody(priceList), async (c) => {
    // `gstRegistered` is the environment's, read-only here.
    const { gstRegistered: _ignored, ...list } = c.req.valid('json');
    const saved = await savePriceList(c.var.database, list, actorOf(c));
    return c.json({ ...saved, gstRegistered: c.var.environment.GST_REGISTERED } satisfies PriceListAnswer);
  })
  .get('/history', async (c) => c.json(await readPriceHistory(c.var.database.db)));
