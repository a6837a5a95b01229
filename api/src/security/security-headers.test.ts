import { business } from '@cleanquote/content';
import { Hono, type MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { describe, expect, it } from 'vitest';
import { type Environment, parseEnvironment } from '../env.ts';
import type { AppEnv } from '../lib/app-env.ts';
import { securityHeaders } from './baseline.ts';

/**
 * The security headers as they were set before decision 0007: hono's secureHeaders() with these
 * settings, and the resource policy and API Cache-Control written after the handler. The headers
 * must not change; only when they are set did.
 */
function headersAsBefore(environment: Environment): MiddlewareHandler<AppEnv> {
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

/** One app per header middleware, with the kinds of answer the real routes give. */
function appWith(headers: MiddlewareHandler<AppEnv>) {
  return new Hono<AppEnv>()
    .use(headers)
    .get('/api/health', (c) => c.json({ status: 'ok' }))
    .get('/api/cached', (c) => c.json({ status: 'ok' }, 200, { 'Cache-Control': 'private, max-age=5' }))
    .get('/api/own-header', (c) => {
      c.header('Cache-Control', 'private, max-age=9');
      return c.text('ok');
    })
    .get('/api/raw', () => new Response('raw', { headers: { 'Content-Type': 'text/plain' } }))
    .get('/api', (c) => c.html('<h1>Page Not Found</h1>', 404))
    .get('/sitemap.xml', (c) => c.body('<urlset/>', 200, { 'Cache-Control': 'public, max-age=3600' }))
    .get('/raw-page', () => new Response('<p>page</p>', { headers: { 'Content-Type': 'text/html' } }))
    .get('/', (c) => c.html('<h1>Home</h1>'))
    .get('/fails', () => {
      throw new Error('boom');
    })
    .onError((_error, c) => c.json({ error: 'Something went wrong on our side.' }, 500));
}

const paths = [
  '/api/health',
  '/api/cached',
  '/api/own-header',
  '/api/raw',
  '/api',
  '/api/nope',
  '/sitemap.xml',
  '/raw-page',
  '/',
  '/fails',
];

function environment(publicUrl: string): Environment {
  return parseEnvironment({ NODE_ENV: 'test', PUBLIC_URL: publicUrl, DATABASE_URL: 'file::memory:' });
}

describe('security headers', () => {
  it.each(['http://localhost:3000', 'https://clean.example'])(
    'are exactly those sent before, on every kind of answer (PUBLIC_URL %s)',
    async (publicUrl) => {
      const before = appWith(headersAsBefore(environment(publicUrl)));
      const now = appWith(securityHeaders(environment(publicUrl)));
      for (const path of paths) {
        const expected = await before.request(path);
        const actual = await now.request(path);
        expect(actual.status, path).toBe(expected.status);
        expect(Object.fromEntries(actual.headers), path).toEqual(Object.fromEntries(expected.headers));
        expect(await actual.text(), path).toBe(await expected.text());
      }
    },
  );

  it('allow the inline scripts whose hashes the site declares, and no others', async () => {
    const hashes = ["'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='", "'sha384-abc'"];
    const app = appWith(
      securityHeaders(environment('https://clean.example'), { inlineScriptHashes: hashes }),
    );
    const csp = (await app.request('/')).headers.get('Content-Security-Policy') ?? '';
    expect(csp).toContain(`script-src 'self' ${hashes.join(' ')};`);
    expect(csp.match(/script-src [^;]*/)?.[0]).not.toContain('unsafe');
  });
});
