import { Hono, type MiddlewareHandler } from 'hono';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database.ts';
import { type Environment, parseEnvironment } from '../env.ts';
import type { AppEnv } from '../lib/app-env.ts';
import { PartnerRegistry } from '../partners/partner-registry.ts';
import { headersAsBefore, partnerCorsAsBefore } from '../test-support/headers-as-before.ts';
import { partnerCors, securityHeaders } from './baseline.ts';

/** One app per header middleware, with the kinds of answer the real routes give. */
function appWith(headers: MiddlewareHandler<AppEnv>, cors?: MiddlewareHandler<AppEnv>) {
  return new Hono<AppEnv>()
    .use(headers)
    .use(cors ?? (async (_c, next) => next()))
    .post('/api/service-form', async (c) => {
      const body = (await c.req.json()) as { name?: string };
      return body.name ? c.json({ reference: 'CQ-1' }, 201) : c.json({ error: 'Please check' }, 400);
    })
    .post('/api/newsletter', (c) => {
      c.header('Vary', 'Cookie');
      return c.json({ ok: true });
    })
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
  return parseEnvironment({
    NODE_ENV: 'test',
    PUBLIC_URL: publicUrl,
    DATABASE_URL: 'file::memory:',
    PARTNER_ORIGINS: 'https://partner.example,https://other-partner.example',
  });
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

  it('with partner CORS, are exactly those sent before on submissions, preflights and other routes', async () => {
    const env = environment('https://clean.example');
    const before = appWith(headersAsBefore(env), partnerCorsAsBefore(env));
    const partners = new PartnerRegistry(await openDatabase({ url: 'file::memory:' }), env);
    const now = appWith(securityHeaders(env), async (c, next) => {
      c.set('partners', partners);
      return partnerCors()(c, next);
    });
    const requests: [string, RequestInit][] = [];
    for (const origin of [undefined, 'https://partner.example', 'https://evil.example']) {
      const originHeader: Record<string, string> = origin ? { Origin: origin } : {};
      for (const [path, body] of [
        ['/api/service-form', '{"name":"Jo"}'],
        ['/api/service-form/', '{}'],
        ['/api/newsletter', '{}'],
      ] as const) {
        requests.push([
          path,
          { method: 'POST', body, headers: { 'Content-Type': 'application/json', ...originHeader } },
        ]);
      }
      requests.push([
        '/api/service-form',
        {
          method: 'OPTIONS',
          headers: {
            ...originHeader,
            'Access-Control-Request-Method': 'POST',
            'Access-Control-Request-Headers': 'content-type',
          },
        },
      ]);
      requests.push(['/api/health', { headers: originHeader }]);
    }
    for (const [path, init] of requests) {
      const expected = await before.request(path, init);
      const actual = await now.request(path, init);
      const label = `${init.method ?? 'GET'} ${path} ${JSON.stringify(init.headers)}`;
      expect(actual.status, label).toBe(expected.status);
      expect(Object.fromEntries(actual.headers), label).toEqual(Object.fromEntries(expected.headers));
    }
  });

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
