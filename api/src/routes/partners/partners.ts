import { newPartner, partnerChange } from '@cleanquote/quote-core/staff';
import { count, eq, like } from 'drizzle-orm';
import { Hono } from 'hono';
import { type AuthEnv, requireAdmin } from '../../auth/middleware.ts';
import { partners, quoteRequests } from '../../db/schema.ts';
import { jsonBody } from '../../lib/json-body.ts';
import { deletePartner, forgetDeletion } from '../../partners/partner-changes.ts';
import type { Partner } from '../../partners/partner-registry.ts';
import { readEmbedRelease } from '../embed/embed.ts';

/** What the API answers for a partner. */
function present(partner: Partner, quoteCount: number) {
  return { ...partner, quoteCount };
}

async function quoteCounts(db: AuthEnv['Variables']['database']['db']): Promise<Map<string, number>> {
  const rows = await db
    .select({ source: quoteRequests.source, quotes: count() })
    .from(quoteRequests)
    .where(like(quoteRequests.source, 'partner:%'))
    .groupBy(quoteRequests.source);
  return new Map(rows.map((row) => [row.source.slice('partner:'.length), row.quotes]));
}

/**
 * Partner sites, managed by staff on /partners: GET /api/partners lists them with their quote counts
 * (and the embed script's exact-version URL and SRI hash for their snippet), POST adds one
 * {name, key, origins}, PATCH /api/partners/:key renames it, changes its origins or disables /
 * enables it, DELETE /api/partners/:key deletes one no quote request came through, and its webhook (204;
 * 409 when it has quote requests: disable it instead). Every change takes effect on the next request (the
 * registry is read again). Behind the admin session; partners are not quote data, so no dashboard
 * unlock.
 */
export const partnerRoutes = new Hono<AuthEnv>()
  .use(requireAdmin)
  .get('/', async (c) => {
    const [snapshot, counts] = await Promise.all([c.var.partners.reload(), quoteCounts(c.var.database.db)]);
    const list = [...snapshot.byKey.values()]
      .sort((a, b) => a.name.localeCompare(b.name, 'en-AU'))
      .map((partner) => present(partner, counts.get(partner.key) ?? 0));
    // Read per request (a small file): a rebuilt embed shows in the snippet without a restart.
    const release = readEmbedRelease();
    const embed = release && {
      version: release.version,
      url: `${c.var.environment.PUBLIC_URL}${release.pinnedPath}`,
      integrity: release.integrity,
    };
    return c.json({ partners: list, embed: embed ?? null });
  })
  .post('/', jsonBody(newPartner), async (c) => {
    const body = c.req.valid('json');
    await c.var.partners.snapshot(); // the configured partners are in the table before any change
    const { name, key } = body;
    const allowed = [...new Set(body.origins)];
    const inserted = await c.var.database.writes.run(async (tx) => {
      const added = await tx
        .insert(partners)
        .values({ key, name, origins: allowed })
        .onConflictDoNothing()
        .returning({ key: partners.key });
      if (added.length > 0) await forgetDeletion(tx, key);
      return added;
    });
    if (inserted.length === 0) {
      return c.json(
        {
          error: 'Please check the highlighted fields.',
          fields: { key: 'Another partner already has this key' },
          requestId: c.var.requestId,
        },
        409,
      );
    }
    const partner = (await c.var.partners.reload()).byKey.get(key);
    c.var.logger.info({ partnerKey: key }, 'partner added');
    return c.json(present(partner ?? { key, name, origins: allowed, enabled: true }, 0), 201);
  })
  .patch('/:key', jsonBody(partnerChange), async (c) => {
    const change = c.req.valid('json');
    await c.var.partners.snapshot(); // the configured partners are in the table before any change
    const key = c.req.param('key');
    const { name, enabled } = change;
    const allowed = change.origins && [...new Set(change.origins)];
    const updated = await c.var.database.writes.run((tx) =>
      tx
        .update(partners)
        .set({
          ...(name === undefined ? {} : { name }),
          ...(allowed === undefined ? {} : { origins: allowed }),
          ...(enabled === undefined ? {} : { enabled }),
          updatedAt: new Date(),
        })
        .where(eq(partners.key, key))
        .returning({ key: partners.key }),
    );
    if (updated.length === 0)
      return c.json({ error: 'No partner has this key.', requestId: c.var.requestId }, 404);
    const [snapshot, counts] = await Promise.all([c.var.partners.reload(), quoteCounts(c.var.database.db)]);
    const partner = snapshot.byKey.get(key);
    if (!partner) return c.json({ error: 'No partner has this key.', requestId: c.var.requestId }, 404);
    c.var.logger.info({ partnerKey: key, enabled: partner.enabled }, 'partner changed');
    return c.json(present(partner, counts.get(key) ?? 0));
  })
  .delete('/:key', async (c) => {
    await c.var.partners.snapshot(); // the configured partners are in the table before any change
    const key = c.req.param('key');
    const outcome = await deletePartner(c.var.database, key);
    if (outcome === 'unknown-partner') {
      return c.json({ error: 'No partner has this key.', requestId: c.var.requestId }, 404);
    }
    if (outcome === 'has-quote-requests') {
      return c.json(
        { error: 'This partner has quote requests. Disable it instead.', requestId: c.var.requestId },
        409,
      );
    }
    await c.var.partners.reload();
    c.var.logger.info({ partnerKey: key }, 'partner deleted');
    return c.body(null, 204);
  });
