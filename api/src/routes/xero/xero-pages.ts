import { Hono } from 'hono';
import { type AuthEnv, readSession } from '../../auth/middleware.ts';
import { escapeHtml, htmlPage } from '../../lib/html-page.ts';
import { XeroConsentError, type XeroService } from '../../xero/xero-service.ts';

/**
 * Tells the /xero screen that opened the popup, on this origin only, and closes the popup. Opened in
 * the tab itself (a blocked popup), the page stays with its link back to /xero.
 */
const CONNECTED_SCRIPT = `if (window.opener && !window.opener.closed) {
  window.opener.postMessage({ type: 'xero-connected' }, window.location.origin);
  window.close();
}
`;

function failurePage(message: string): string {
  return htmlPage({
    title: 'Xero connection failed',
    body: `<h1>Xero connection failed</h1>
<p class="error" role="alert">${escapeHtml(message)}</p>
<p><a href="/xero">Back to Xero settings</a></p>`,
  });
}

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
          return c.html(
            htmlPage({
              title: 'Please sign in',
              body: `<h1>Please sign in</h1>
<p>Sign in to the admin area before connecting Xero.</p>
<p><a href="/api/login?next=/xero">Log In</a></p>`,
            }),
            401,
          );
        }
        if (!xero) {
          return c.html(
            failurePage('Xero is not configured on this server (XERO_CLIENT_ID and XERO_CLIENT_SECRET).'),
            503,
          );
        }
        try {
          return c.redirect(await xero.beginConsent(session.id), 302);
        } catch (error) {
          c.var.logger.error({ err: error }, 'Xero consent could not start');
          return c.html(failurePage('Xero could not be reached. Please try again in a moment.'), 502);
        }
      })
      .get('/callback', async (c) => {
        const { session } = await readSession(c);
        if (!session) {
          return c.html(failurePage('Your admin session ended. Please log in and connect Xero again.'), 401);
        }
        if (!xero) return c.html(failurePage('Xero is not configured on this server.'), 503);
        try {
          const tenants = await xero.completeConsent(session.id, {
            state: c.req.query('state'),
            code: c.req.query('code'),
            error: c.req.query('error'),
          });
          const names = tenants.map((tenant) => escapeHtml(tenant.tenantName)).join(', ');
          return c.html(
            htmlPage({
              title: 'Xero connected',
              body: `<h1>Xero connected</h1>
<p role="status">Connected: ${names}. You can close this window.</p>
<p><a href="/xero">Back to Xero settings</a></p>
<script src="/xero/connected.js"></script>`,
            }),
          );
        } catch (error) {
          if (!(error instanceof XeroConsentError)) throw error;
          return c.html(failurePage(error.message), 400);
        }
      })
      // The page's one script, a file of this origin as the CSP wants.
      .get('/connected.js', (c) => {
        c.header('Content-Type', 'text/javascript; charset=utf-8');
        return c.body(CONNECTED_SCRIPT);
      })
  );
}
