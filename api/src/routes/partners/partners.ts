import { newPartner, partnerChange } from '@cleanquote/quote-core/staff';
import { Hono } from 'hono';
import { type AuthEnv, requireAdmin } from '../../auth/middleware.ts';
import { jsonBody } from '../../lib/json-body.ts';
import { pathParams } from '../../lib/request-validators.ts';
import { addPartner, changePartner, deletePartner } from '../../partners/partner-changes.ts';
import { partnerQuoteCounts } from '../../partners/partner-list.ts';
import type { Partner } from '../../partners/partner-registry.ts';
import { readEmbedRelease } from '../embed/embed.ts';

/** What the API answers for a partner. */
function present(partner: Partner, quoteCount: number) {
  return { ...partner, quoteCount };
}

/** The partner a route under /:key is about. */
const byKey = pathParams('key');

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
    const [snapshot, counts] = await Promise.all([
      c.var.partners.reload(),
      partnerQuoteCounts(c.var.database.db),
    ]);
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
    const added = await addPartner(c.var.database, body);
    if (!added) {
      return c.json(
        {
          error: 'Please check the highlighted fields.',
          fields: { key: 'Another partner already has this key' },
          requestId: c.var.requestId,
        },
        409,
      );
    }
    const partner = (await c.var.partners.reload()).byKey.get(added.key);
    c.var.logger.info({ partnerKey: added.key }, 'partner added');
    return c.json(present(partner ?? added, 0), 201);
  })
  .patch('/:key', byKey, jsonBody(partnerChange), async (c) => {
    const { key } = c.req.valid('param');
    await c.var.partners.snapshot(); // the configured partners are in the table before any change
    if (!(await changePartner(c.var.database, key, c.req.valid('json')))) {
      return c.json({ error: 'No partner has this key.', requestId: c.var.requestId }, 404);
    }
    const [snapshot, counts] = await Promise.all([
      c.var.partners.reload(),
      partnerQuoteCounts(c.var.database.db),
    ]);
    const partner = snapshot.byKey.get(key);
    if (!partner) return c.json({ error: 'No partner has this key.', requestId: c.var.requestId }, 404);
    c.var.logger.info({ partnerKey: key, enabled: partner.enabled }, 'partner changed');
    return c.json(present(partner, counts.get(key) ?? 0));
  })
  .delete('/:key', byKey, async (c) => {
    const { key } = c.req.valid('param');
    await c.var.partners.snapshot(); // the configured partners are in the table before any change
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
