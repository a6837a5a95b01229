import { PARTNER_KEY_PATTERN } from '@cleanquote/quote-core/staff';
import { type Context, Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import { z } from 'zod';
import { FUNNEL_EVENTS } from '../../analytics/funnel-steps.ts';
import { deviceClass, isCountedUserAgent, optedOut } from '../../analytics/visitor-filters.ts';
import { VisitorSalts, visitorHash } from '../../analytics/visitors.ts';
import { sessionCookieName } from '../../auth/middleware.ts';
import { validateSessionToken } from '../../auth/session.ts';
import { newRowId } from '../../db/row-id.ts';
import { funnelEvents, pageViews } from '../../db/schema.ts';
import type { AppEnv } from '../../lib/app-env.ts';
import { melbourneDay } from '../../lib/melbourne-time.ts';
import { clientIp } from '../../security/client-ip.ts';

/** Largest beacon accepted; a page view is a few hundred bytes. */
export const MAX_COLLECT_BYTES = 4 * 1024;

const shortText = (max: number) => z.string().max(max);

const collectBody = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('view'),
    /** The page's URL (location.href): its path and UTM parameters are kept, nothing else. */
    url: shortText(2_000),
    referrer: shortText(2_000).optional(),
    /** The viewport width in CSS pixels, for the device class. */
    width: z.number().int().min(0).max(100_000).optional(),
    partner: z.string().regex(PARTNER_KEY_PATTERN).optional(),
  }),
  z.object({
    kind: z.literal('funnel'),
    /** The visit's anonymous id, kept in the page's memory only. */
    visit: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
    step: z.enum(FUNNEL_EVENTS),
  }),
]);

function utm(value: string | null): string | null {
  const trimmed = value?.trim().slice(0, 100);
  return trimmed ? trimmed : null;
}

/** The page's path as the site names it: no trailing slash, and '/public' is the home page. */
function pagePath(page: URL): string {
  const path = page.pathname.length > 1 ? page.pathname.replace(/\/+$/, '') || '/' : page.pathname;
  return (path === '/public' ? '/' : path).slice(0, 300);
}

/** The referring site's host, only when it is another site than this one. */
function referrerHost(referrer: string | undefined, ownHost: string): string | null {
  if (!referrer) return null;
  try {
    const url = new URL(referrer);
    if (!/^https?:$/.test(url.protocol) || url.host === ownHost) return null;
    return url.hostname
      .toLowerCase()
      .replace(/^www\./, '')
      .slice(0, 253);
  } catch {
    return null;
  }
}

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
  const routes = new Hono<AppEnv>();
  let salts: VisitorSalts | undefined;

  routes.post('/', async (c) => {
    const declared = Number.parseInt(c.req.header('Content-Length') ?? '', 10);
    if (declared > MAX_COLLECT_BYTES) {
      return c.json({ error: 'The event is too large.', requestId: c.var.requestId }, 413);
    }
    const text = await c.req.text();
    if (text.length > MAX_COLLECT_BYTES) {
      return c.json({ error: 'The event is too large.', requestId: c.var.requestId }, 413);
    }
    let parsed: ReturnType<typeof collectBody.safeParse>;
    try {
      parsed = collectBody.safeParse(JSON.parse(text));
    } catch {
      return c.json({ error: 'Send one event as JSON.', requestId: c.var.requestId }, 400);
    }
    if (!parsed.success) {
      return c.json({ error: 'Not an event this endpoint counts.', requestId: c.var.requestId }, 400);
    }
    const userAgent = c.req.header('User-Agent');
    if (optedOut(c.req.raw.headers) || !isCountedUserAgent(userAgent) || (await fromStaff(c))) {
      return c.body(null, 204);
    }
    const { database } = c.var;
    const now = new Date();
    const day = melbourneDay(now);
    const event = parsed.data;
    if (event.kind === 'funnel') {
      await database.writes.run(
        (tx) =>
          tx
            .insert(funnelEvents)
            .values({ id: newRowId(), at: now, day, visit: event.visit, step: event.step }),
        { savepoint: false },
      );
      return c.body(null, 204);
    }
    let page: URL;
    try {
      page = new URL(event.url);
    } catch {
      return c.json({ error: 'url must be the page address.', requestId: c.var.requestId }, 400);
    }
    const host = c.req.header('Host') ?? new URL(c.req.url).host;
    salts ??= new VisitorSalts(database);
    const salt = await salts.saltFor(day, now);
    const visitor = visitorHash(salt, clientIp(c, c.var.environment.TRUST_PROXY), userAgent ?? '', host);
    await database.writes.run(
      (tx) =>
        tx.insert(pageViews).values({
          id: newRowId(),
          at: now,
          day,
          path: pagePath(page),
          referrerHost: referrerHost(event.referrer, page.host),
          utmSource: utm(page.searchParams.get('utm_source')),
          utmMedium: utm(page.searchParams.get('utm_medium')),
          utmCampaign: utm(page.searchParams.get('utm_campaign')),
          partner: event.partner ?? null,
          device: deviceClass(event.width),
          visitor,
        }),
      { savepoint: false },
    );
    return c.body(null, 204);
  });

  return routes;
}
