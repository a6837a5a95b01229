import { collectEvent } from '@cleanquote/quote-core/staff';
import { zValidator } from '@hono/zod-validator';
import { type Context, Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import { CollectedEvents } from '../../analytics/collected-events.ts';
import { isCountedUserAgent, optedOut } from '../../analytics/visitor-filters.ts';
import { sessionCookieName } from '../../auth/middleware.ts';
import { validateSessionToken } from '../../auth/session.ts';
import type { AppEnv } from '../../lib/app-env.ts';
import { refuseRequest } from '../../lib/request-validators.ts';
import { clientIp } from '../../security/client-ip.ts';

/** Largest beacon accepted; a page view is a few hundred bytes. */
export const MAX_COLLECT_BYTES = 4 * 1024;

/**
 * One small JSON text: 413 past {@link MAX_COLLECT_BYTES} (declared or sent), 400 when it is not
 * JSON. Read here, before the validator, which would answer malformed JSON in words of its own.
 */
const oneSmallEvent = createMiddleware<AppEnv>(async (c, next) => {
  const declared = Number.parseInt(c.req.header('Content-Length') ?? '', 10);
  if (declared > MAX_COLLECT_BYTES) {
    return c.json({ error: 'The event is too large.', requestId: c.var.requestId }, 413);
  }
  const text = await c.req.text();
  if (text.length > MAX_COLLECT_BYTES) {
    return c.json({ error: 'The event is too large.', requestId: c.var.requestId }, 413);
  }
  try {
    JSON.parse(text);
  } catch {
    return c.json({ error: 'Send one event as JSON.', requestId: c.var.requestId }, 400);
  }
  await next();
});

/** True when the request carries a valid staff session: staff's own views are not counted. */
async function fromStaff(c: Context<AppEnv>): Promise<boolean> {
  const token = getCookie(c, sessionCookieName(c.var.environment));
  if (!token) return false;
  // Validated without touching the cookie: the collect answer never sets one.
  return (await validateSessionToken(c.var.database, token)) !== null;
}

/**
 * POST /api/collect: the site's page views and the wizard's funnel events. Public, JSON,
 * rate-limited and size-limited by the security baseline; it answers 204 whether or not the event
 * was counted — a visitor with Do Not Track or Global Privacy Control, a bot or headless browser by
 * its user agent, or signed-in staff are not — so a beacon never learns anything and never fails a
 * page. No cookie is set; neither IP address nor user agent is stored (only the day's salted hash).
 */
export function collectRoutes() {
  let events: CollectedEvents | undefined;
  return new Hono<AppEnv>().post(
    '/',
    oneSmallEvent,
    zValidator('json', collectEvent, refuseRequest('Not an event this endpoint counts.')),
    async (c) => {
      const userAgent = c.req.header('User-Agent');
      if (optedOut(c.req.raw.headers) || !isCountedUserAgent(userAgent) || (await fromStaff(c))) {
        return c.body(null, 204);
      }
      events ??= new CollectedEvents(c.var.database);
      const event = c.req.valid('json');
      const now = new Date();
      if (event.kind === 'funnel') {
        await events.recordFunnelStep(event, now);
        return c.body(null, 204);
      }
      const viewer = {
        ip: clientIp(c, c.var.environment.TRUST_PROXY),
        userAgent: userAgent ?? '',
        host: c.req.header('Host') ?? new URL(c.req.url).host,
      };
      if (!(await events.recordPageView(event, viewer, now))) {
        return c.json({ error: 'url must be the page address.', requestId: c.var.requestId }, 400);
      }
      return c.body(null, 204);
    },
  );
}
