import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { requestId } from 'hono/request-id';
import type { Database } from './db/database.ts';
import type { Environment } from './env.ts';
import type { AppEnv } from './lib/app-env.ts';
import type { Logger } from './lib/logger.ts';
import { adminRoutes } from './routes/admin/admin.ts';
import { authRoutes, createLoginThrottle } from './routes/auth/auth.ts';
import { contactRoutes } from './routes/contact/contact.ts';
import { healthRoutes } from './routes/health/health.ts';
import { newsletterRoutes } from './routes/newsletter/newsletter.ts';
import { seoRoutes } from './routes/seo/seo.ts';
import { quoteFormPageRoutes } from './routes/service-form/quote-form-page.ts';
import { serviceFormRoutes } from './routes/service-form/service-form.ts';
import { teamContactRoutes } from './routes/team-contact/team-contact.ts';
import { applySecurityBaseline } from './security/baseline.ts';
import type { BuiltSite } from './site/site.ts';

export interface AppDependencies {
  environment: Environment;
  database: Database;
  logger: Logger;
  /** The built site; absent when the API runs alone (unit tests, `npm run dev`). */
  site?: BuiltSite | undefined;
}

/**
 * Builds the whole HTTP application: the API under /api, sitemap.xml and robots.txt, and the
 * prerendered site. One factory, used by the server and by the tests.
 */
export function createApp({ environment, database, logger, site }: AppDependencies) {
  const app = new Hono<AppEnv>();
  const silent = !logger.isLevelEnabled('fatal');

  app.use(requestId());
  app.use(async (c, next) => {
    c.set('environment', environment);
    c.set('database', database);
    // A silent logger (LOG_LEVEL=silent) writes nothing: skip building a child for every request.
    c.set('logger', silent ? logger : logger.child({ requestId: c.var.requestId }));
    await next();
  });
  // Request log, security headers, partner CORS, CSRF origin check, rate limits, 100 kB body limit.
  applySecurityBaseline(app, environment);

  app.route('/api/health', healthRoutes);
  app.route('/api/service-form', serviceFormRoutes);
  app.route('/api/team-contact', teamContactRoutes);
  app.route('/api/newsletter', newsletterRoutes);
  // Sign-in failures and wrong dashboard passwords share one per-IP counter.
  const loginThrottle = createLoginThrottle(environment);
  app.route('/api', authRoutes(loginThrottle));
  app.route('/api/admin', adminRoutes(loginThrottle));
  app.route('/api/contact', contactRoutes);
  app.route('/', seoRoutes);

  // Unknown API paths answer JSON, never the site's HTML.
  app.all('/api/*', (c) => c.json({ error: 'Not found', requestId: c.var.requestId }, 404));

  // The quote wizard without script: its form posts to the page's own path (docs/decisions/0009).
  app.route('/service-form', quoteFormPageRoutes(site));

  if (site) {
    app.use(
      '/assets/*',
      serveStatic({
        root: site.clientDirectory,
        onFound: (_path, c) => {
          // Vite puts a content hash in every asset name, so they never change.
          c.header('Cache-Control', 'public, max-age=31536000, immutable');
        },
      }),
    );
    // Other files of the public folder (favicon, images). HTML is always rendered, never the raw template.
    app.use(
      '*',
      serveStatic({
        root: site.clientDirectory,
        rewriteRequestPath: (path) => (path.endsWith('/') || path.endsWith('.html') ? '/\0' : path),
      }),
    );
    app.get('*', (c) => {
      const url = new URL(c.req.url);
      const page = site.renderDocument(url.pathname + url.search, environment.PUBLIC_URL);
      return c.html(page.html, page.status);
    });
  }

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
