import { partnerStatusQuery } from '@cleanquote/quote-core/staff';
import { Hono } from 'hono';
import type { AppEnv } from '../../lib/app-env.ts';
import { validQuery } from '../../lib/request-validators.ts';
import { partnerStatus } from '../../partners/partner-keys.ts';

/**
 * GET /api/partner-status?key=…: whether a quote request from the asking page's origin (its Origin
 * header) with that partner key would be accepted — `{accepting: true}`, or `{accepting: false,
 * message}` with what the visitor should read (a disabled partner, a site not allowed to use the key,
 * an unknown key, a site not listed). A refused site's submission gets no CORS headers, so its embed
 * cannot read the refusal; it asks here instead.
 *
 * Readable from any origin (`Access-Control-Allow-Origin: *`, never with credentials): it uses no
 * cookie and tells nothing the asking page does not already hold (its own origin and key).
 */
export const partnerStatusRoutes = new Hono<AppEnv>().get('/', validQuery(partnerStatusQuery), async (c) => {
  const snapshot = await c.var.partners.snapshot();
  const publicOrigin = new URL(c.var.environment.PUBLIC_URL).origin;
  const status = partnerStatus(snapshot, publicOrigin, c.req.header('Origin'), c.req.valid('query').key);
  return c.json(status, 200, { 'Access-Control-Allow-Origin': '*', Vary: 'Origin' });
});
