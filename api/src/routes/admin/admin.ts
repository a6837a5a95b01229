import { suburbs } from '@cleanquote/content';
import { dashboardUnlock, mailListQuery } from '@cleanquote/quote-core/staff';
import { constantTimeEqual } from '@oslojs/crypto/subtle';
import { Hono } from 'hono';
import { type AuthEnv, readSession, requireAdmin } from '../../auth/middleware.ts';
import { unlockQuoteDashboard } from '../../auth/session.ts';
import { jsonBody } from '../../lib/json-body.ts';
import { linkNextPage } from '../../lib/keyset-page.ts';
import { pathParams, validQuery } from '../../lib/request-validators.ts';
import { hashToken } from '../../lib/tokens.ts';
import { readMailLog, retryDeadMail } from '../../mail/mail-log.ts';
import { clientIp } from '../../security/client-ip.ts';
import type { SharedSlidingWindowLimiter } from '../../security/rate-limit.ts';
import { systemStatus } from '../../system-status/system-status.ts';

/** Compares two secrets in constant time, whatever their lengths (their hashes have one length). */
function sameSecret(given: string, expected: string): boolean {
  return constantTimeEqual(hashToken(given), hashToken(expected));
}

/**
 * Admin APIs under /api/admin, all behind the session: POST /unlock (the quote dashboard password,
 * checked on the server, unlocks this session only), GET /status (the dashboard's live System
 * Status), GET /locations (every suburb page's URL, for /locations), and the mail log — GET /outbox
 * lists mail (dead letters with ?status=dead), POST /outbox/:id/retry queues a dead-lettered mail again.
 */
export function adminRoutes(passwordThrottle: SharedSlidingWindowLimiter) {
  return (
    new Hono<AuthEnv>()
      .use(requireAdmin)
      .post('/unlock', jsonBody(dashboardUnlock), async (c) => {
        const { password } = c.req.valid('json');
        const expected = c.var.environment.QUOTE_DASHBOARD_PASSWORD;
        const { session } = await readSession(c);
        if (!session) return c.json({ error: 'Please sign in.', requestId: c.var.requestId }, 401);
        if (!expected) return c.json({ unlocked: true });
        const key = `unlock ${clientIp(c, c.var.environment.TRUST_PROXY)}`;
        const throttled = await passwordThrottle.check(key);
        if (!throttled.allowed) {
          c.header('Retry-After', String(throttled.retryAfterSeconds));
          return c.json({ error: 'Too many wrong passwords. Please wait.', requestId: c.var.requestId }, 429);
        }
        if (!sameSecret(password, expected)) {
          await passwordThrottle.record(key);
          return c.json({ error: 'Incorrect password', requestId: c.var.requestId }, 401);
        }
        await passwordThrottle.reset(key);
        await unlockQuoteDashboard(c.var.database, session.id);
        return c.json({ unlocked: true });
      })
      .get('/status', async (c) => c.json(await systemStatus(c.var.database, c.var.environment)))
      // Every suburb page's public URL, from the one suburb data set (the sitemap's too).
      .get('/locations', (c) => {
        const base = c.var.environment.PUBLIC_URL.replace(/\/+$/, '');
        return c.json(
          suburbs.map((suburb) => ({ name: suburb.name, slug: suburb.slug, url: `${base}/${suburb.slug}` })),
        );
      })
      .get('/outbox', validQuery(mailListQuery, 'Invalid query.'), async (c) => {
        const query = c.req.valid('query');
        const mails = await readMailLog(c.var.database.db, query, c.var.environment.PUBLIC_URL);
        if (mails === null)
          return c.json({ error: 'Unknown mail id in before.', requestId: c.var.requestId }, 400);
        linkNextPage(c, mails, query.limit, { status: query.status });
        return c.json(mails);
      })
      .post('/outbox/:id/retry', pathParams('id'), async (c) => {
        const { id } = c.req.valid('param');
        if (!(await retryDeadMail(c.var.database, id))) {
          return c.json({ error: 'No dead-lettered mail with that id.', requestId: c.var.requestId }, 404);
        }
        return c.json({ id, status: 'queued' });
      })
  );
}
