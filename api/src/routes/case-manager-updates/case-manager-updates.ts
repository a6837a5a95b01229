import { zValidator } from '@hono/zod-validator';
import { type Context, Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../lib/app-env.ts';
import { findCaseManagerUpdates, stopCaseManagerUpdates } from '../../quote-requests/case-manager-updates.ts';
import { stopPage, stoppedPage, unknownLinkPage } from './case-manager-updates-pages.tsx';

function page(c: Context, html: string, status: 200 | 404) {
  return c.html(html, status, {
    // The link is the page's only key: never cached, never sent on to another site.
    'Cache-Control': 'no-store',
    'Referrer-Policy': 'no-referrer',
  });
}

/** The link's token: any string, which the lookup refuses when no request has it. */
const updatesLink = zValidator('param', z.object({ token: z.string() }), (result, c) =>
  result.success ? undefined : page(c, unknownLinkPage(), 404),
);

/**
 * The link in every update mail to a case manager (no session, no script):
 * - GET /case-manager-updates/:token — names the request and offers a 'Stop these emails' button
 *   (a GET never stops anything: mail scanners open links);
 * - POST /case-manager-updates/:token — stops them, from the button or from a mail client's RFC 8058
 *   one-click POST (body `List-Unsubscribe=One-Click`, sent from the provider's origin or none, which
 *   the app's origin check lets through on this path: the token is the whole authority). Stopping
 *   again says the same.
 * A token no request has gets a 404 page.
 */
export const caseManagerUpdatesRoutes = new Hono<AppEnv>()
  .get('/:token', updatesLink, async (c) => {
    const { token } = c.req.valid('param');
    const updates = await findCaseManagerUpdates(c.var.database, token);
    if (!updates) return page(c, unknownLinkPage(), 404);
    if (updates.stopped) return page(c, stoppedPage(updates.reference), 200);
    return page(c, stopPage(updates.reference, token), 200);
  })
  .post('/:token', updatesLink, async (c) => {
    const reference = await stopCaseManagerUpdates(c.var.database, c.req.valid('param').token, new Date());
    if (reference === undefined) return page(c, unknownLinkPage(), 404);
    c.var.logger.info({ reference }, 'case manager updates stopped');
    return page(c, stoppedPage(reference), 200);
  });
