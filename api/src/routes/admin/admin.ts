import { suburbs } from '@cleanquote/content';
import { dashboardUnlock, mailListQuery } from '@cleanquote/quote-core/staff';
import { constantTimeEqual } from '@oslojs/crypto/subtle';
import { and, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { type AuthEnv, readSession, requireAdmin } from '../../auth/middleware.ts';
import { unlockQuoteDashboard } from '../../auth/session.ts';
import { outbox } from '../../db/schema.ts';
import { storedTextReader } from '../../db/stored-text.ts';
import { jsonBody } from '../../lib/json-body.ts';
import { afterCursor, linkNextPage, newestFirst } from '../../lib/keyset-page.ts';
import { hashToken } from '../../lib/tokens.ts';
import { mailBodies } from '../../mail/mail-bodies.ts';
import { outboxSignal } from '../../mail/outbox.ts';
import { clientIp } from '../../security/client-ip.ts';
import type { SharedSlidingWindowLimiter } from '../../security/rate-limit.ts';
import { systemStatus } from './status.ts';

/** Compares two secrets in constant time, whatever their lengths (their hashes have one length). */
function sameSecret(given: string, expected: string): boolean {
  return constantTimeEqual(hashToken(given), hashToken(expected));
}

const outboxPage = { table: outbox, createdAt: outbox.createdAt, id: outbox.id };
// Text read as bytes: a stored value that is not UTF-8 shows as U+FFFD instead of aborting the process.
const outboxReader = storedTextReader(outbox, [
  'id',
  'kind',
  'messageId',
  'toAddress',
  'subject',
  'textBody',
  'htmlBody',
  'recordId',
  'status',
  'attempts',
  'nextAttemptAt',
  'lastError',
  'sentAt',
  'createdAt',
]);

/**
 * Admin APIs under /api/admin, all behind the session: POST /unlock (the quote dashboard password,
 * checked on the server, unlocks this session only), GET /status (the dashboard's live System
 * Status, status.ts), GET /locations (every suburb page's URL, for /locations), and the outbox for staff — GET /outbox lists mail
 * (dead letters with ?status=dead), POST /outbox/:id/retry queues a dead-lettered mail again.
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
      .get('/status', async (c) => c.json(await systemStatus(c)))
      // Every suburb page's public URL, from the one suburb data set (the sitemap's too).
      .get('/locations', (c) => {
        const base = c.var.environment.PUBLIC_URL.replace(/\/+$/, '');
        return c.json(
          suburbs.map((suburb) => ({ name: suburb.name, slug: suburb.slug, url: `${base}/${suburb.slug}` })),
        );
      })
      .get('/outbox', async (c) => {
        const query = mailListQuery.safeParse(c.req.query());
        if (!query.success) return c.json({ error: 'Invalid query.', requestId: c.var.requestId }, 400);
        const { status, limit, before } = query.data;
        const db = c.var.database.db;
        const after = await afterCursor(db, outboxPage, before);
        if (after === null)
          return c.json({ error: 'Unknown mail id in before.', requestId: c.var.requestId }, 400);
        const raw = await db
          .select(outboxReader.selection)
          .from(outbox)
          .where(and(status ? eq(outbox.status, status) : undefined, after))
          .orderBy(...newestFirst(outboxPage))
          .limit(limit);
        const rows = raw.map((row) => outboxReader.decode(row).row);
        linkNextPage(c, rows, limit, { status });
        // A quote's mails are written from the quote on reading, as on delivery (mail-bodies.ts).
        const bodies = await mailBodies(db, rows, c.var.environment.PUBLIC_URL);
        return c.json(
          rows.map(({ textBody: _text, htmlBody: _html, recordId: _record, toAddress, ...mail }) => ({
            ...mail,
            to: toAddress,
            text: bodies.get(mail.id)?.text ?? null,
          })),
        );
      })
      .post('/outbox/:id/retry', async (c) => {
        const [updated] = await c.var.database.writes.run((tx) =>
          tx
            .update(outbox)
            .set({
              status: 'queued',
              attempts: 0,
              nextAttemptAt: new Date(),
              lastError: null,
              updatedAt: new Date(),
            })
            .where(and(eq(outbox.id, c.req.param('id')), eq(outbox.status, 'dead')))
            .returning({ id: outbox.id }),
        );
        if (!updated) {
          return c.json({ error: 'No dead-lettered mail with that id.', requestId: c.var.requestId }, 404);
        }
        outboxSignal.emit('enqueued', updated.id);
        return c.json({ id: updated.id, status: 'queued' });
      })
  );
}
