import { business } from '@cleanquote/content';
import { type Context, Hono } from 'hono';
import type { AppEnv } from '../../lib/app-env.ts';
import { escapeHtml, htmlPage } from '../../lib/html-page.ts';
import {
  CASE_MANAGER_UPDATES_PATH,
  findCaseManagerUpdates,
  stopCaseManagerUpdates,
} from '../../quote-requests/case-manager-updates.ts';

/** The button on the page that stops a request's updates. */
export const STOP_BUTTON = 'Stop these emails';

/** What the page says once a request's updates are stopped. */
export function stoppedText(reference: string): string {
  return `You will not get more emails about request ${reference}.`;
}

function page(c: Context<AppEnv>, status: 200 | 404, title: string, body: string) {
  return c.html(htmlPage({ title: `${title} · ${business.name}`, body }), status, {
    // The link is the page's only key: never cached, never sent on to another site.
    'Cache-Control': 'no-store',
    'Referrer-Policy': 'no-referrer',
  });
}

const back = `<p><a href="/">Back to ${escapeHtml(business.name)}</a></p>`;

function stoppedPage(c: Context<AppEnv>, reference: string) {
  return page(
    c,
    200,
    'Emails stopped',
    `<h1>Emails stopped</h1>\n<p>${escapeHtml(stoppedText(reference))}</p>\n${back}`,
  );
}

function unknownLink(c: Context<AppEnv>) {
  return page(
    c,
    404,
    'This link no longer works',
    `<h1>This link no longer works</h1>\n<p>We could not find a quote request for this link, so it sends you no emails.</p>\n${back}`,
  );
}

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
  .get('/:token', async (c) => {
    const token = c.req.param('token');
    const updates = await findCaseManagerUpdates(c.var.database, token);
    if (!updates) return unknownLink(c);
    if (updates.stopped) return stoppedPage(c, updates.reference);
    const reference = escapeHtml(updates.reference);
    const action = escapeHtml(`${CASE_MANAGER_UPDATES_PATH}/${encodeURIComponent(token)}`);
    return page(
      c,
      200,
      `Emails about request ${updates.reference}`,
      `<h1>Emails about request ${reference}</h1>
<p>We email you when request ${reference} is quoted, booked or closed.</p>
<form method="post" action="${action}">
<button type="submit">${escapeHtml(STOP_BUTTON)}</button>
</form>
${back}`,
    );
  })
  .post('/:token', async (c) => {
    const reference = await stopCaseManagerUpdates(c.var.database, c.req.param('token'), new Date());
    if (reference === undefined) return unknownLink(c);
    c.var.logger.info({ reference }, 'case manager updates stopped');
    return stoppedPage(c, reference);
  });
