import { and, desc, eq, lt, or } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { type AuthEnv, requireAdmin, requireQuoteDashboardUnlocked } from '../../auth/middleware.ts';
import { quoteRequests } from '../../db/schema.ts';

const listQuery = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(500),
  /** The id of the oldest quote request already shown: the page continues after it. */
  before: z.string().min(1).max(200).optional(),
});

/** The optional free-text message of a stored request (the wizard's special requests). */
function messageOf(details: unknown): string | undefined {
  if (details && typeof details === 'object' && 'specialRequests' in details) {
    const value = (details as { specialRequests?: unknown }).specialRequests;
    if (typeof value === 'string' && value.trim() !== '') return value;
  }
  return undefined;
}

/**
 * GET /api/contact: the quote inbox for the signed-in admin (401 without a session; 403 while the
 * quote dashboard password is set and this session has not entered it). A JSON array, newest first,
 * with spec §3's fields plus reference, status and source; `?limit=` (default and maximum 500) and
 * `?before=<id>` for the next page. A full page carries a Link rel="next" header.
 */
export const contactRoutes = new Hono<AuthEnv>()
  .use(requireAdmin, requireQuoteDashboardUnlocked)
  .get('/', async (c) => {
    const query = listQuery.safeParse(c.req.query());
    if (!query.success) {
      return c.json(
        { error: 'limit must be 1–500; before must be a quote id.', requestId: c.var.requestId },
        400,
      );
    }
    const { limit, before } = query.data;
    const db = c.var.database.db;
    let after: ReturnType<typeof or> | undefined;
    if (before) {
      const [cursor] = await db
        .select({ id: quoteRequests.id, createdAt: quoteRequests.createdAt })
        .from(quoteRequests)
        .where(eq(quoteRequests.id, before));
      if (!cursor) return c.json({ error: 'Unknown quote id in before.', requestId: c.var.requestId }, 400);
      // Keyset pagination on (createdAt, id): stable while new quotes arrive.
      after = or(
        lt(quoteRequests.createdAt, cursor.createdAt),
        and(eq(quoteRequests.createdAt, cursor.createdAt), lt(quoteRequests.id, cursor.id)),
      );
    }
    const rows = await db
      .select()
      .from(quoteRequests)
      .where(after)
      .orderBy(desc(quoteRequests.createdAt), desc(quoteRequests.id))
      .limit(limit);
    const last = rows.at(-1);
    if (rows.length === limit && last) {
      c.header('Link', `</api/contact?limit=${limit}&before=${encodeURIComponent(last.id)}>; rel="next"`);
    }
    return c.json(
      rows.map((row) => ({
        id: row.id,
        reference: row.reference,
        name: row.name,
        phone: row.phone,
        email: row.email,
        address: row.address,
        service: row.serviceType,
        message: messageOf(row.details),
        createdAt: row.createdAt.toISOString(),
        status: row.status,
        source: row.source,
      })),
    );
  });
