/**
 * The app's request path with one of two ways of setting the security headers, for
 * bench/site-serving.bench.ts to weigh what each costs in CPU: `before` (hono's secureHeaders() and
 * cors(), headers written after the handler, as up to decision 0007) or `after` (securityHeaders()
 * and partnerCors(), set before it). Everything else is the real code: request id, request log,
 * origin check, rate limit, GET /api/health, POST /api/service-form on a file database, and the
 * built site's pages and files. (It lives in the api package, which has hono.)
 *
 * Argument: before | after. Environment: PORT, DATABASE_URL (file:…), SITE_DIST. Answers the parent's
 * IPC message 'cpu' with its process.cpuUsage().
 */
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { requestId } from 'hono/request-id';
import { openDatabase } from '../db/database.ts';
import { parseEnvironment } from '../env.ts';
import type { AppEnv } from '../lib/app-env.ts';
import { createLogger } from '../lib/logger.ts';
import { PartnerRegistry } from '../partners/partner-registry.ts';
import { healthRoutes } from '../routes/health/health.ts';
import { serviceFormRoutes } from '../routes/service-form/service-form.ts';
import {
  originCheck,
  partnerCors,
  publicPostRateLimit,
  requestLog,
  securityHeaders,
} from '../security/baseline.ts';
import { loadBuiltSite } from '../site/site.ts';
import { createSiteServer } from '../site/site-server.ts';
import { headersAsBefore, partnerCorsAsBefore } from './headers-as-before.ts';

const mode = process.argv[2];
if (mode !== 'before' && mode !== 'after') throw new Error('usage: header-cost-server.ts before|after');

const environment = parseEnvironment({
  ...process.env,
  NODE_ENV: 'production',
  LOG_LEVEL: 'silent',
  PUBLIC_POST_RATE_LIMIT: '100000000',
});
const database = await openDatabase({ url: environment.DATABASE_URL });
const logger = createLogger('silent');
const partners = new PartnerRegistry(database, environment);
const site = await loadBuiltSite(environment.SITE_DIST);
if (!site) throw new Error(`no built site in ${environment.SITE_DIST}`);
const siteServer = createSiteServer(site, environment.PUBLIC_URL);

const app = new Hono<AppEnv>();
app.use(requestId());
app.use(async (c, next) => {
  c.set('environment', environment);
  c.set('database', database);
  c.set('logger', logger);
  c.set('partners', partners);
  await next();
});
app.use(requestLog());
app.use(mode === 'before' ? headersAsBefore(environment) : securityHeaders(environment));
app.use(mode === 'before' ? partnerCorsAsBefore(environment) : partnerCors());
app.use(originCheck(environment));
app.use(publicPostRateLimit(environment));
app.route('/api/health', healthRoutes);
app.route('/api/service-form', serviceFormRoutes);
app.get('*', (c) => siteServer.serve(c));

serve({ fetch: app.fetch, port: environment.PORT });
process.on('message', (message) => {
  if (message === 'cpu') process.send?.(process.cpuUsage());
});
