import { type SignIn, type SignInInput, signIn } from '@cleanquote/quote-core/staff';
import { zValidator } from '@hono/zod-validator';
import { type Context, Hono, type MiddlewareHandler } from 'hono';
import { z } from 'zod';
import { type AuthEnv, deleteSessionCookie, readSession, setSessionCookie } from '../../auth/middleware.ts';
import { PasswordChecksBusy } from '../../auth/password.ts';
import { createSession, invalidateSession } from '../../auth/session.ts';
import { checkCredentials } from '../../auth/sign-in.ts';
import { loginPage, logoutConfirmPage } from '../../auth/sign-in-page.tsx';
import type { Database } from '../../db/database.ts';
import type { Environment } from '../../env.ts';
import { isJsonContentType, readJsonBody } from '../../lib/read-json.ts';
import { clientIp } from '../../security/client-ip.ts';
import { SharedSlidingWindowLimiter } from '../../security/rate-limit.ts';

/**
 * Counts failed sign-ins (and wrong dashboard passwords) per IP: LOGIN_MAX_FAILURES in the window → 429.
 * Held in the database, so every app process on it shares the count.
 */
export function createLoginThrottle(
  environment: Environment,
  database: Database,
): SharedSlidingWindowLimiter {
  return new SharedSlidingWindowLimiter(
    database,
    environment.LOGIN_MAX_FAILURES,
    environment.LOGIN_FAILURE_WINDOW_MINUTES * 60_000,
  );
}

/** Where to go after signing in: a path on this site only, never another origin. */
function safeNext(value: unknown): string {
  return typeof value === 'string' && /^\/(?![/\\])[^\s]*$/.test(value) ? value : '/dashboard';
}

function isJsonRequest(c: Context): boolean {
  return isJsonContentType(c.req.header('Content-Type'));
}

/** GET /api/login's query: where to go once signed in (anything but one path means the dashboard). */
const signInPageQuery = z.object({ next: z.string().optional().catch(undefined) });

/** A string field of a body the schema refused, to show the sign-in page again with it. */
function typed(body: unknown, field: 'email' | 'next'): string | undefined {
  const value =
    typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[field] : undefined;
  return typeof value === 'string' ? value : undefined;
}

const TOO_MANY_ATTEMPTS = 'Too many failed sign-in attempts. Please wait and try again later.';

/**
 * GET /api/login (the sign-in page), POST /api/login (form or JSON), GET|POST /api/logout and
 * GET /api/auth/user. Failed sign-ins are counted per IP; past the limit every attempt answers 429.
 */
export function authRoutes(loginThrottle: SharedSlidingWindowLimiter) {
  const logout = async (c: Context<AuthEnv>) => {
    const { session } = await readSession(c);
    if (session) await invalidateSession(c.var.database, session.id);
    deleteSessionCookie(c, c.var.environment);
    return c.redirect('/', 303);
  };

  /** A refused attempt, answered as it was asked: JSON, or the sign-in page again keeping the address. */
  const fail = (c: Context<AuthEnv>, status: 400 | 401 | 429 | 503, error: string, keep: unknown) => {
    if (isJsonRequest(c)) return c.json({ error, requestId: c.var.requestId }, status);
    const page = loginPage({ next: safeNext(typed(keep, 'next')), error, email: typed(keep, 'email') ?? '' });
    return c.html(page, status);
  };

  /**
   * A body the schema refuses: nothing is counted, but while the IP is over the limit it gets the
   * same 429 as any attempt; otherwise 400 with the page or JSON it asked in.
   */
  const refuse = async (c: Context<AuthEnv>, body: unknown) => {
    const throttled = await loginThrottle.check(clientIp(c, c.var.environment.TRUST_PROXY));
    if (!throttled.allowed) {
      c.header('Retry-After', String(throttled.retryAfterSeconds));
      return fail(c, 429, TOO_MANY_ATTEMPTS, body);
    }
    return fail(c, 400, 'Please enter your email address and password.', body);
  };
  const refused = (result: { success: boolean; data: unknown }, c: Context<AuthEnv>) =>
    result.success ? undefined : refuse(c, result.data);
  const jsonCredentials = zValidator<typeof signIn, 'json', AuthEnv, string, typeof refused>(
    'json',
    signIn,
    refused,
  );
  const formCredentials = zValidator<typeof signIn, 'form', AuthEnv, string, typeof refused>(
    'form',
    signIn,
    refused,
  );
  /** The sign-in form's fields or the same as JSON, by the shared signIn schema either way. */
  const credentials: MiddlewareHandler<
    AuthEnv,
    string,
    { in: { json: SignInInput; form: SignInInput }; out: { json: SignIn; form: SignIn } }
  > = async (c, next) => {
    if (!isJsonRequest(c)) return formCredentials(c, next);
    // Malformed JSON is refused as an empty form is (the validator itself would throw).
    if (!(await readJsonBody(c)).ok) return refuse(c, undefined);
    return jsonCredentials(c, next);
  };

  return (
    new Hono<AuthEnv>()
      // The query can't be refused: a `next` that isn't one string is no `next`.
      .get('/login', zValidator('query', signInPageQuery), async (c) => {
        const next = safeNext(c.req.valid('query').next);
        const { user } = await readSession(c);
        if (user) return c.redirect(next, 303);
        return c.html(loginPage({ next }), 200, { 'Cache-Control': 'no-store' });
      })
      .post('/login', credentials, async (c) => {
        const json = isJsonRequest(c);
        const attempt = json ? c.req.valid('json') : c.req.valid('form');
        const next = safeNext(attempt.next);
        const ip = clientIp(c, c.var.environment.TRUST_PROXY);
        // The attempt is counted before the password is hashed and forgotten only when it
        // succeeds, so N concurrent wrong attempts cost at most LOGIN_MAX_FAILURES hashes.
        const throttled = await loginThrottle.hit(ip);
        if (!throttled.allowed) {
          c.header('Retry-After', String(throttled.retryAfterSeconds));
          return fail(c, 429, TOO_MANY_ATTEMPTS, attempt);
        }
        let user: Awaited<ReturnType<typeof checkCredentials>>;
        try {
          user = await checkCredentials(c.var.database, attempt);
        } catch (error) {
          if (!(error instanceof PasswordChecksBusy)) throw error;
          await loginThrottle.release(ip);
          c.header('Retry-After', '1');
          return fail(c, 503, error.message, { next });
        }
        if (!user) {
          c.var.logger.warn({ ip }, 'failed sign-in');
          return fail(c, 401, 'Incorrect email or password.', attempt);
        }
        await loginThrottle.reset(ip);

        // A new session on every sign-in (no fixation); the one this browser had, if any, ends.
        const previous = await readSession(c);
        if (previous.session) await invalidateSession(c.var.database, previous.session.id);
        const { token, session } = await createSession(c.var.database, user.id);
        setSessionCookie(c, c.var.environment, token, session);
        c.var.logger.info({ userId: user.id }, 'signed in');
        return json ? c.json({ firstName: user.firstName, email: user.email }) : c.redirect(next, 303);
      })
      // The Log Out button navigates here. Only a navigation from this site (or typed by the
      // person, Sec-Fetch-Site none) signs out; a link or image on another site — even a sibling
      // subdomain — gets a page asking to confirm with a POST, which the origin check guards.
      .get('/logout', async (c) => {
        const fetchSite = c.req.header('Sec-Fetch-Site');
        if (fetchSite === undefined || fetchSite === 'same-origin' || fetchSite === 'none') return logout(c);
        return c.html(logoutConfirmPage(), 403, { 'Cache-Control': 'no-store' });
      })
      .post('/logout', logout)
      .get('/auth/user', async (c) => {
        const { user } = await readSession(c);
        if (!user) return c.json({ error: 'Not signed in.', requestId: c.var.requestId }, 401);
        return c.json({ firstName: user.firstName, email: user.email });
      })
  );
}
