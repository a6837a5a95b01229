import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import { matchedRoutes } from 'hono/route';
import type { Environment } from '../env.ts';
import type { AppEnv } from '../lib/app-env.ts';
import { type Session, type SessionUser, sessionExpiresAt, validateSessionToken } from './session.ts';

/** What the session middleware adds to `c.var`: null when signed out, undefined before it ran. */
export interface AuthEnv {
  Variables: AppEnv['Variables'] & {
    session?: Session | null;
    user?: SessionUser | null;
  };
}

/** `__Host-` prefixed over https (bound to this host, Secure, Path=/); a plain name over http. */
export function sessionCookieName(environment: Environment): string {
  return isHttps(environment) ? '__Host-cleanquote_session' : 'cleanquote_session';
}

function isHttps(environment: Environment): boolean {
  return environment.PUBLIC_URL.startsWith('https:');
}

/** Sends the session cookie: HttpOnly, SameSite=Lax, Secure over https, expiring with the session. */
export function setSessionCookie(c: Context, environment: Environment, token: string, session: Session) {
  setCookie(c, sessionCookieName(environment), token, {
    httpOnly: true,
    secure: isHttps(environment),
    sameSite: 'Lax',
    path: '/',
    expires: sessionExpiresAt(session),
  });
}

/** Removes the session cookie from the browser. */
export function deleteSessionCookie(c: Context, environment: Environment) {
  deleteCookie(c, sessionCookieName(environment), {
    path: '/',
    secure: isHttps(environment),
    httpOnly: true,
    sameSite: 'Lax',
  });
}

/**
 * Reads and checks the session cookie once per request; sets `c.var.session` and `c.var.user` (null
 * when signed out), clears a cookie that is no longer valid and re-sends one whose expiry slid.
 */
export async function readSession(
  c: Context<AuthEnv>,
): Promise<{ session: Session | null; user: SessionUser | null }> {
  if (c.var.session !== undefined && c.var.user !== undefined)
    return { session: c.var.session, user: c.var.user };
  const environment = c.var.environment;
  const token = getCookie(c, sessionCookieName(environment));
  let result: Awaited<ReturnType<typeof validateSessionToken>> = null;
  if (token) {
    result = await validateSessionToken(c.var.database, token);
    if (!result) deleteSessionCookie(c, environment);
    else if (result.refreshed) setSessionCookie(c, environment, token, result.session);
  }
  c.set('session', result?.session ?? null);
  c.set('user', result?.user ?? null);
  return { session: result?.session ?? null, user: result?.user ?? null };
}

/** Loads the session, if any, without requiring one. */
export const loadSession = createMiddleware<AuthEnv>(async (c, next) => {
  await readSession(c);
  await next();
});

/**
 * Admin APIs that return no quote or customer data, so a signed-in session may use them before it
 * has unlocked the quote dashboard ("METHOD /path"). Everything else behind {@link requireAdmin} is
 * locked by default: a new admin route can't forget the lock (app.test.ts walks the route table).
 */
export const OPEN_BEFORE_UNLOCK: ReadonlySet<string> = new Set([
  'POST /api/admin/unlock',
  // The dashboard's System Status: counts and health, no quote or customer data (addresses masked).
  'GET /api/admin/status',
  // The email tools send test mail to the address typed in; they read no stored data.
  'POST /api/send-direct-email',
  'POST /api/test-client-email',
  // Scheduled jobs: schedules, next runs and the last run's status; no quote or customer data.
  'GET /api/admin/jobs',
  // The suburb pages' public URLs: the same list as sitemap.xml.
  'GET /api/admin/locations',
  // Partner sites (names, origins, quote counts): no quote or customer data.
  'GET /api/partners',
  'POST /api/partners',
  'PATCH /api/partners/:key',
  'DELETE /api/partners/:key',
  // A partner's webhook and its delivery log: URLs, events, statuses and references, no customer data.
  'PUT /api/partners/:key/webhook',
  'GET /api/partners/:key/webhook',
  'POST /api/partners/:key/webhook/rotate',
  'POST /api/partners/:key/webhook/test',
  'GET /api/partners/:key/webhook/deliveries',
  'POST /api/partners/:key/webhook/deliveries/:id/retry',
  // The price list and its history (who changed which price): no quote or customer data.
  'GET /api/prices',
  'PUT /api/prices',
  'GET /api/prices/history',
  // Xero: the business's books and report schedules, not quote or customer data.
  'GET /api/xero/status',
  'POST /api/xero/test-reports',
  'POST /api/xero/schedule',
  'GET /api/xero/schedules',
  'DELETE /api/xero/schedules/:scheduleId',
  'DELETE /api/xero/disconnect/:tenantId',
  // The schedule's working time and teams: no quote or customer data.
  'GET /api/schedule/settings',
  'PUT /api/schedule/settings',
  'GET /api/schedule/settings/history',
  // Who is signed in (the dashboard's greeting): the staff member's own name and email only.
  'GET /api/auth/user',
  // Backups: file names, times and sizes; the files, which hold customer data, are never served.
  'GET /api/admin/backups',
  'POST /api/admin/backups',
]);

/**
 * Every admin API: 401 JSON without a valid session. And the one rule for quote and customer data:
 * while QUOTE_DASHBOARD_PASSWORD is set, 403 until this session entered it through
 * POST /api/admin/unlock — for every admin route except {@link OPEN_BEFORE_UNLOCK}. Never sends CORS
 * headers (see security/).
 */
export const requireAdmin = createMiddleware<AuthEnv>(async (c, next) => {
  const { user, session } = await readSession(c);
  if (!user) return c.json({ error: 'Please sign in.', requestId: c.var.requestId }, 401);
  // The route as registered ('PATCH /api/partners/:key'), so the list names routes, not URLs.
  const handler = matchedRoutes(c).find((matched) => matched.method === c.req.method);
  const route = `${c.req.method} ${(handler?.path ?? c.req.path).replace(/\/+$/, '')}`;
  if (
    c.var.environment.QUOTE_DASHBOARD_PASSWORD &&
    !session?.dashboardUnlockedAt &&
    !OPEN_BEFORE_UNLOCK.has(route)
  ) {
    return c.json({ error: 'The quote dashboard is locked.', locked: true, requestId: c.var.requestId }, 403);
  }
  await next();
});
