import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import { z } from 'zod';
import { type AuthEnv, readSession } from '../../auth/middleware.ts';
import { XeroConsentError, type XeroService } from '../../xero/xero-service.ts';
import { connectedPage, connectionFailedPage, signInFirstPage } from './xero-connect-pages.tsx';

/**
 * Tells the /xero screen that opened the popup, on this origin only, and closes the popup. Opened in
 * the tab itself (a blocked popup), the page stays with its link back to /xero.
 */
const CONNECTED_SCRIPT = `if (window.opener && !window.opener.closed) {
  window.opener.postMessage({ type: 'xero-connected' }, window.location.origin);
  window.close();
}
`;

/**
 * Tells the /xero screen that opened the popup why connecting failed (the page's own message), on
 * this origin only, and closes the popup. Opened in the tab itself, the page stays.
 */
const FAILED_SCRIPT = `if (window.opener && !window.opener.closed) {
  var failure = document.getElementById('xero-connect-failure');
  window.opener.postMessage(
    { type: 'xero-connect-failed', message: failure ? failure.textContent.trim() : '' },
    window.location.origin,
  );
  window.close();
}
`;

/** One of Xero's answer parameters: a repeated or missing one is no answer, which the consent refuses. */
const answerPart = z.string().optional().catch(undefined);

/** What Xero's consent sends back to /xero/callback. */
const consentAnswer = z.object({ state: answerPart, code: answerPart, error: answerPart });

/**
 * The browser's side of connecting Xero: /xero/connect starts the consent
 * in the popup, /xero/callback completes it. Both need the admin session.
 */
export function xeroPageRoutes(xero: XeroService | null) {
  return (
    new Hono<AuthEnv>()
      .use(async (c, next) => {
        // The popup passes through Xero's pages: with COOP left at unsafe-none it keeps its opener,
        // which the screen's own same-origin-allow-popups allows.
        c.header('Cross-Origin-Opener-Policy', 'unsafe-none');
        c.header('Cache-Control', 'no-store');
        c.header('X-Robots-Tag', 'noindex');
        await next();
      })
      .get('/connect', async (c) => {
        const { session } = await readSession(c);
        if (!session) {
          return c.html(signInFirstPage(), 401);
        }
        if (!xero) {
          return c.html(
            connectionFailedPage(
              'Xero is not configured on this server (XERO_CLIENT_ID and XERO_CLIENT_SECRET).',
            ),
            503,
          );
        }
        try {
          return c.redirect(await xero.beginConsent(session.id), 302);
        } catch (error) {
          c.var.logger.error({ err: error }, 'Xero consent could not start');
          return c.html(
            connectionFailedPage('Xero could not be reached. Please try again in a moment.'),
            502,
          );
        }
      })
      .get('/callback', zValidator('query', consentAnswer), async (c) => {
        const { session } = await readSession(c);
        if (!session) {
          return c.html(
            connectionFailedPage('Your admin session ended. Please log in and connect Xero again.'),
            401,
          );
        }
        if (!xero) return c.html(connectionFailedPage('Xero is not configured on this server.'), 503);
        try {
          const tenants = await xero.completeConsent(session.id, c.req.valid('query'));
          return c.html(connectedPage(tenants.map((tenant) => tenant.tenantName)));
        } catch (error) {
          if (!(error instanceof XeroConsentError)) throw error;
          return c.html(connectionFailedPage(error.message), 400);
        }
      })
      // The page's one script, a file of this origin as the CSP wants.
      .get('/connected.js', (c) => {
        c.header('Content-Type', 'text/javascript; charset=utf-8');
        return c.body(CONNECTED_SCRIPT);
      })
      .get('/failed.js', (c) => {
        c.header('Content-Type', 'text/javascript; charset=utf-8');
        return c.body(FAILED_SCRIPT);
      })
  );
}
