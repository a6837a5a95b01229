import { isWellFormedText, textProblem, trimText } from '@cleanquote/quote-core';
import { eq } from 'drizzle-orm';
import { type Context, Hono } from 'hono';
import { z } from 'zod';
import { type AuthEnv, deleteSessionCookie, readSession, setSessionCookie } from '../../auth/middleware.ts';
import { PasswordChecksBusy, verifyNothing, verifyPassword } from '../../auth/password.ts';
import { createSession, invalidateSession } from '../../auth/session.ts';
import type { Database } from '../../db/database.ts';
import { users } from '../../db/schema.ts';
import type { Environment } from '../../env.ts';
import { escapeHtml, htmlPage } from '../../lib/html-page.ts';
import { isJsonContentType } from '../../lib/read-json.ts';
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

const credentials = z.object({
  email: z
    .string()
    .refine((value) => textProblem(value) === null)
    .transform(trimText)
    .pipe(z.string().min(1).max(254)),
  // Bounded so nobody makes argon2 hash megabytes; a lone surrogate has no bytes to hash.
  password: z.string().min(1).max(1_000).refine(isWellFormedText),
  next: z.string().optional(),
});

/** Where to go after signing in: a path on this site only, never another origin. */
function safeNext(value: unknown): string {
  return typeof value === 'string' && /^\/(?![/\\])[^\s]*$/.test(value) ? value : '/dashboard';
}

/** The sign-in page: `error` (a refused attempt's reason) shows above the form, which keeps `email`. */
export function loginPage({ next, error, email }: { next: string; error?: string; email?: string }): string {
  const errorBlock = error ? `<p id="login-error" class="error" role="alert">${escapeHtml(error)}</p>` : '';
  const describedBy = error ? ' aria-describedby="login-error" aria-invalid="true"' : '';
  return htmlPage({
    title: 'Sign in · CleanQuote admin',
    body: `<h1>Sign in</h1>
<p>Staff sign-in for the quote inbox, analytics and integrations.</p>
${errorBlock}
<form method="post" action="/api/login">
  <input type="hidden" name="next" value="${escapeHtml(next)}">
  <label for="email">Email address</label>
  <input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(email ?? '')}"${describedBy}>
  <label for="password">Password</label>
  <input id="password" name="password" type="password" autocomplete="current-password" required${describedBy}>
  <button type="submit">Sign in</button>
</form>
<p><a href="/">Back to the website</a></p>`,
  });
}

function isJsonRequest(c: Context): boolean {
  return isJsonContentType(c.req.header('Content-Type'));
}

async function readCredentials(c: Context): Promise<unknown> {
  if (isJsonRequest(c)) return c.req.json().catch(() => undefined);
  return c.req.parseBody().catch(() => undefined);
}

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

  return (
    new Hono<AuthEnv>()
      .get('/login', async (c) => {
        const next = safeNext(c.req.query('next'));
        const { user } = await readSession(c);
        if (user) return c.redirect(next, 303);
        return c.html(loginPage({ next }), 200, { 'Cache-Control': 'no-store' });
      })
      .post('/login', async (c) => {
        const environment = c.var.environment;
        const json = isJsonRequest(c);
        const ip = clientIp(c, environment.TRUST_PROXY);
        const body = await readCredentials(c);
        const next = safeNext((body as { next?: unknown } | undefined)?.next);
        const fail = (status: 400 | 401 | 429, error: string) =>
          json
            ? c.json({ error, requestId: c.var.requestId }, status)
            : c.html(
                loginPage({
                  next,
                  error,
                  email:
                    typeof (body as { email?: unknown })?.email === 'string'
                      ? (body as { email: string }).email
                      : '',
                }),
                status,
              );

        const parsed = credentials.safeParse(body);
        const throttled = parsed.success ? await loginThrottle.hit(ip) : await loginThrottle.check(ip);
        if (!throttled.allowed) {
          c.header('Retry-After', String(throttled.retryAfterSeconds));
          return fail(429, 'Too many failed sign-in attempts. Please wait and try again later.');
        }
        if (!parsed.success) return fail(400, 'Please enter your email address and password.');
        // The attempt is counted before the password is hashed (hit above) and forgotten only when it
        // succeeds, so N concurrent wrong attempts cost at most LOGIN_MAX_FAILURES hashes.

        const [user] = await c.var.database.db
          .select()
          .from(users)
          .where(eq(users.email, parsed.data.email.toLowerCase()));
        let valid: boolean;
        try {
          valid = user
            ? await verifyPassword(user.passwordHash, parsed.data.password)
            : await verifyNothing(parsed.data.password);
        } catch (error) {
          if (!(error instanceof PasswordChecksBusy)) throw error;
          await loginThrottle.release(ip);
          c.header('Retry-After', '1');
          return json
            ? c.json({ error: error.message, requestId: c.var.requestId }, 503)
            : c.html(loginPage({ next, error: error.message }), 503);
        }
        if (!user || !valid) {
          c.var.logger.warn({ ip }, 'failed sign-in');
          return fail(401, 'Incorrect email or password.');
        }
        await loginThrottle.reset(ip);

        // A new session on every sign-in (no fixation); the one this browser had, if any, ends.
        const previous = await readSession(c);
        if (previous.session) await invalidateSession(c.var.database, previous.session.id);
        const { token, session } = await createSession(c.var.database, user.id);
        setSessionCookie(c, environment, token, session);
        c.var.logger.info({ userId: user.id }, 'signed in');
        return json ? c.json({ firstName: user.firstName, email: user.email }) : c.redirect(next, 303);
      })
      // The Log Out button navigates here. Only a navigation from this site (or typed by the
      // person, Sec-Fetch-Site none) signs out; a link or image on another site — even a sibling
      // subdomain — gets a page asking to confirm with a POST, which the origin check guards.
      .get('/logout', async (c) => {
        const fetchSite = c.req.header('Sec-Fetch-Site');
        if (fetchSite === undefined || fetchSite === 'same-origin' || fetchSite === 'none') return logout(c);
        return c.html(
          htmlPage({
            title: 'Log out · CleanQuote admin',
            body: `<h1>Log out?</h1>
<p>Another site sent you here. To sign out of the CleanQuote admin area, confirm below.</p>
<form method="post" action="/api/logout"><button type="submit">Log Out</button></form>
<p><a href="/dashboard">Back to the dashboard</a></p>`,
          }),
          403,
          { 'Cache-Control': 'no-store' },
        );
      })
      .post('/logout', logout)
      .get('/auth/user', async (c) => {
        const { user } = await readSession(c);
        if (!user) return c.json({ error: 'Not signed in.', requestId: c.var.requestId }, 401);
        return c.json({ firstName: user.firstName, email: user.email });
      })
  );
}
