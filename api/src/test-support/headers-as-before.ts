import { business } from '@cleanquote/content';
import type { MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';
import { secureHeaders } from 'hono/secure-headers';
import type { Environment } from '../env.ts';
import type { AppEnv } from '../lib/app-env.ts';
import { PUBLIC_SUBMISSION_PATHS } from '../security/baseline.ts';

/**
 * The security headers as they were set before decision 0007: hono's secureHeaders() with these
 * settings, and the resource policy and API Cache-Control written after the handler. Kept, with
 * partner CORS as it was, only as the baseline of bench/site-serving.bench.ts (what setting them
 * this way cost in CPU). It is no test's oracle: security-headers.test.ts states the headers
 * themselves.
 */
export function headersAsBefore(environment: Environment): MiddlewareHandler<AppEnv> {
  const headers = secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      frameSrc: [new URL(business.reviewsWidgetUrl).origin],
      frameAncestors: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      ...(environment.PUBLIC_URL.startsWith('https:') ? { upgradeInsecureRequests: [] } : {}),
    },
    strictTransportSecurity: 'max-age=31536000; includeSubDomains',
    referrerPolicy: 'strict-origin-when-cross-origin',
    xContentTypeOptions: 'nosniff',
    xFrameOptions: 'SAMEORIGIN',
    crossOriginResourcePolicy: false,
    crossOriginOpenerPolicy: 'same-origin-allow-popups',
  });
  return async (c, next) => {
    await headers(c, async () => {
      await next();
      c.header(
        'Cross-Origin-Resource-Policy',
        c.req.path.startsWith('/api/') ? 'same-origin' : 'cross-origin',
      );
      if (c.req.path.startsWith('/api/'))
        c.header('Cache-Control', c.res.headers.get('Cache-Control') ?? 'no-store');
    });
  };
}

/** Partner CORS as it was before decision 0007: hono's cors() on the public submission routes. */
export function partnerCorsAsBefore(environment: Environment): MiddlewareHandler<AppEnv> {
  const allowed = new Set(environment.PARTNER_ORIGINS);
  const handler = cors({
    origin: (origin) => (allowed.has(origin) ? origin : null),
    allowMethods: ['POST', 'OPTIONS'],
    allowHeaders: ['Content-Type', 'Idempotency-Key', 'X-Partner-Key'],
    exposeHeaders: ['Retry-After', 'X-Request-Id'],
    maxAge: 600,
  });
  const paths = new Set<string>(PUBLIC_SUBMISSION_PATHS);
  const trimSlash = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);
  return async (c, next) => (paths.has(trimSlash(c.req.path)) ? handler(c, next) : next());
}
