import { Hono } from 'hono';
import { z } from 'zod';
import { type AuthEnv, requireAdmin } from '../../auth/middleware.ts';
import { quoteRequests } from '../../db/schema.ts';
import { storedTextReader } from '../../db/stored-text.ts';
import { afterCursor, linkNextPage, newestFirst, pageQuery } from '../../lib/keyset-page.ts';

const listQuery = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(500),
  /** The id of the oldest quote request already shown: the page continues after it. */
  ...pageQuery,
});

const quotePage = { table: quoteRequests, createdAt: quoteRequests.createdAt, id: quoteRequests.id };
// Text read as bytes: a stored value that is not UTF-8 shows as U+FFFD instead of aborting the process.
const quoteReader = storedTextReader(quoteRequests);
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
export const contactRoutes = new Hono<AuthEnv>().use(requireAdmin).get('/', async (c) => {
  const query = listQuery.safeParse(c.req.query());
  if (!query.success) {
    return c.json(
      { error: 'limit must be 1–500; before must be a quote id.', requestId: c.var.requestId },
      400,
    );
  }
  const { limit, before } = query.data;
  const db = c.var.database.db;
  const after = await afterCursor(db, quotePage, before);
  if (after === null)
    return c.json({ error: 'Unknown quote id in before.', requestId: c.var.requestId }, 400);
  const raw = await db
    .select(quoteReader.selection)
    .from(quoteRequests)
    .where(after)
    .orderBy(...newestFirst(quotePage))
    .limit(limit);
  const rows = raw.map((row) => quoteReader.decode(row).row);
  linkNextPage(c, rows, limit);
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
