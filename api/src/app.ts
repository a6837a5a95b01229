import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { requestId } from 'hono/request-id';
import type { Database } from './db/database.ts';
import type { Environment } from './env.ts';
import type { Clock } from './jobs/clock.ts';
import type { AppEnv } from './lib/app-env.ts';
import { compressFixedReads, compressJsonReads } from './lib/compress-reads.ts';
import type { Logger } from './lib/logger.ts';
import { prefersHtml } from './lib/negotiation.ts';
import { PartnerRegistry } from './partners/partner-registry.ts';
import { publicRoutes } from './public-api.ts';
import { createLoginThrottle } from './routes/auth/auth.ts';
import { caseManagerUpdatesRoutes } from './routes/case-manager-updates/case-manager-updates.ts';
import { customerQuoteRoutes } from './routes/customer-quote/customer-quote.ts';
import { embedRoutes } from './routes/embed/embed.ts';
import { healthRoutes } from './routes/health/health.ts';
import { partnerStatusRoutes } from './routes/partners/partner-status.ts';
import { contactCsvRoutes } from './routes/quote-requests/quote-requests.ts';
import { seoRoutes } from './routes/seo/seo.ts';
import { quoteFormPageRoutes } from './routes/service-form/quote-form-page.ts';
import { serviceFormRoutes } from './routes/service-form/service-form.ts';
import { xeroPageRoutes } from './routes/xero/xero-pages.ts';
import { applySecurityBaseline } from './security/baseline.ts';
import type { BuiltSite } from './site/site.ts';
import { createSiteServer } from './site/site-server.ts';
import { staffRoutes } from './staff-api.ts';
import type { XeroAdapter } from './xero/xero-adapter.ts';
import { XeroService, xeroConfigured } from './xero/xero-service.ts';

export interface AppDependencies {
  environment: Environment;
  database: Database;
  logger: Logger;
  /** The built site; absent when the API runs alone (unit tests, `npm run dev`). */
  site?: BuiltSite | undefined;
  /**
   * Where the report's default day, the jobs' next runs and the age of the partners' in-memory copy
   * are read from (tests move it).
   */
  clock?: Clock | undefined;
  /** Xero's endpoints (default: the real adapter at XERO_IDENTITY_URL and XERO_API_URL). */
  xeroAdapter?: XeroAdapter | undefined;
}

/**
 * Builds the whole HTTP application: the API under /api, sitemap.xml and robots.txt, and the
 * prerendered site. One factory, used by the server and by the tests.
 */
export function createApp({ environment, database, logger, site, clock, xeroAdapter }: AppDependencies) {
  const app = new Hono<AppEnv>();
  const silent = !logger.isLevelEnabled('fatal');
  const partners = new PartnerRegistry(database, environment, clock);
  const xero = xeroConfigured(environment)
    ? new XeroService(database, environment, logger, xeroAdapter)
    : null;

  app.use(requestId());
  app.use(async (c, next) => {
    c.set('environment', environment);
    c.set('database', database);
    c.set('partners', partners);
    // A silent logger (LOG_LEVEL=silent) writes nothing: skip building a child for every request.
    c.set('logger', silent ? logger : logger.child({ requestId: c.var.requestId }));
    await next();
  });
  // Request log, security headers, partner CORS, CSRF origin check, rate limits, 100 kB body limit.
  applySecurityBaseline(app, environment, { inlineScriptHashes: site?.inlineScriptHashes });
  const siteServer = site && createSiteServer(site, environment.PUBLIC_URL);
  // Large JSON reads compressed per request (never a submission's answer); sitemap.xml and robots.txt
  // compressed once.
  app.use('/api/*', compressJsonReads());
  app.use('/sitemap.xml', compressFixedReads());
  app.use('/robots.txt', compressFixedReads());

  app.route('/api/health', healthRoutes);
  app.route('/api/service-form', serviceFormRoutes);
  // The team contact, newsletter and analytics beacon routes the site's pages call.
  app.route('/', publicRoutes());
  // Sign-in failures and wrong dashboard passwords share one per-IP counter, held in the database so
  // that several app processes on it cannot multiply the guesses an address gets.
  const loginThrottle = createLoginThrottle(environment, database);
  app.route('/', staffRoutes({ loginThrottle, clock, xero }));
  app.route('/api/contact.csv', contactCsvRoutes);
  app.route('/api/partner-status', partnerStatusRoutes);
  app.route('/', seoRoutes);

  // Unknown API paths answer JSON to programs (curl's */*, application/json). /api itself shows
  // the site's 404 page, and a browser asking for any other unknown API path gets that page too.
  app.all('/api/*', (c) => {
    const apiRoot = c.req.path === '/api' || c.req.path === '/api/';
    if (siteServer && (apiRoot || prefersHtml(c.req.header('Accept')))) return siteServer.notFoundPage(c);
    return c.json({ error: 'Not found', requestId: c.var.requestId }, 404);
  });

  // The quote wizard without script: its form posts to the page's own path (docs/decisions/0009).
  app.route('/service-form', quoteFormPageRoutes(site));

  // A customer's priced quote, answered on a page without script (QUOTE_PAGE_PATH, quote-link.ts).
  app.route(
    '/quote',
    customerQuoteRoutes({ clock, notFoundPage: siteServer ? (c) => siteServer.notFoundPage(c) : undefined }),
  );

  // A case manager's link in each update mail: stops the updates about one request.
  app.route('/case-manager-updates', caseManagerUpdatesRoutes);

  // The partner embed: the loader script and its chunk, versioned (packages/quote-embed/PROTOCOL.md).
  // In development the embed is rebuilt on change (scripts/dev.mjs), so its files are read again.
  app.route('/embed', embedRoutes(undefined, { reload: environment.NODE_ENV === 'development' }));

  // Connecting Xero in a popup: /xero/connect and /xero/callback (the /xero screen is the site's).
  app.route('/xero', xeroPageRoutes(xero));

  // The built site: its files from memory, precompressed; its pages rendered once and kept.
  if (siteServer) app.get('*', (c) => siteServer.serve(c));

  app.onError((error, c) => {
    if (error instanceof HTTPException) {
      return c.json({ error: error.message, requestId: c.var.requestId }, error.status);
    }
    c.var.logger.error({ err: error }, 'unhandled error');
    return c.json({ error: 'Something went wrong on our side.', requestId: c.var.requestId }, 500);
  });

  return app;
}

/** The application's type, for typed clients in tests. */
export type App = ReturnType<typeof createApp>;
