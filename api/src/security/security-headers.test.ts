import { Hono, type MiddlewareHandler } from 'hono';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database.ts';
import { type Environment, parseEnvironment } from '../env.ts';
import type { AppEnv } from '../lib/app-env.ts';
import { PartnerRegistry } from '../partners/partner-registry.ts';
import { partnerCors, securityHeaders } from './baseline.ts';

/** An app with the real header middleware and the kinds of answer the real routes give. */
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

function environment(publicUrl: string): Environment {
  return parseEnvironment({
    NODE_ENV: 'test',
    PUBLIC_URL: publicUrl,
    DATABASE_URL: 'file::memory:',
    PARTNER_ORIGINS: 'https://partner.example,https://other-partner.example',
  });
}

/** The policy every answer carries: only our own origin, the reviews widget framed, no plugins. */
const POLICY =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; " +
  "font-src 'self' data:; connect-src 'self'; frame-src https://reviews-widget.example; " +
  "frame-ancestors 'self'; object-src 'none'; base-uri 'self'; form-action 'self'";

/** What every answer carries, whatever the route, status or handler. */
const ON_EVERY_ANSWER = {
  'content-security-policy': POLICY,
  'cross-origin-opener-policy': 'same-origin-allow-popups',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

/**
 * Per path: the status, and how the answer may be shared and cached. The API's answers are for our
 * own pages only (same-origin) and never cached unless the route says so; pages and files may be
 * embedded by any origin (cross-origin) and keep their own caching.
 */
const ANSWERS: [path: string, status: number, resourcePolicy: string, cacheControl: string | null][] = [
  ['/api/health', 200, 'same-origin', 'no-store'],
  ['/api/cached', 200, 'same-origin', 'private, max-age=5'],
  ['/api/own-header', 200, 'same-origin', 'private, max-age=9'],
  ['/api/raw', 200, 'same-origin', 'no-store'],
  ['/api', 404, 'cross-origin', null],
  ['/api/nope', 404, 'same-origin', 'no-store'],
  ['/sitemap.xml', 200, 'cross-origin', 'public, max-age=3600'],
  ['/raw-page', 200, 'cross-origin', null],
  ['/', 200, 'cross-origin', null],
  ['/fails', 500, 'cross-origin', null],
];

describe('security headers', () => {
  it.each(ANSWERS)(
    '%s answers %i with the security headers, CORP %s and Cache-Control %s',
    async (path, status, resourcePolicy, cacheControl) => {
      const response = await appWith(securityHeaders(environment('http://localhost:3000'))).request(path);
      expect(response.status).toBe(status);
      expect(Object.fromEntries(response.headers)).toMatchObject(ON_EVERY_ANSWER);
      expect(response.headers.get('Cross-Origin-Resource-Policy')).toBe(resourcePolicy);
      expect(response.headers.get('Cache-Control')).toBe(cacheControl);
    },
  );

  it('leave the body and content type of every answer as the handler made them', async () => {
    const app = appWith(securityHeaders(environment('http://localhost:3000')));
    const page = await app.request('/raw-page');
    expect(page.headers.get('Content-Type')).toBe('text/html');
    expect(await page.text()).toBe('<p>page</p>');
    const failed = await app.request('/fails');
    expect(await failed.json()).toEqual({ error: 'Something went wrong on our side.' });
  });

  it('ask browsers to upgrade insecure requests only when the site is served over https', async () => {
    for (const [publicUrl, upgrades] of [
      ['http://localhost:3000', false],
      ['https://clean.example', true],
    ] as const) {
      for (const [path] of ANSWERS) {
        const response = await appWith(securityHeaders(environment(publicUrl))).request(path);
        const policy = response.headers.get('Content-Security-Policy');
        expect(policy, `${publicUrl}${path}`).toBe(
          upgrades ? `${POLICY}; upgrade-insecure-requests` : POLICY,
        );
      }
    }
  });

  describe('with partner CORS', () => {
    async function partnerApp() {
      const env = environment('https://clean.example');
      const partners = new PartnerRegistry(await openDatabase({ url: 'file::memory:' }), env);
      return appWith(securityHeaders(env), async (c, next) => {
        c.set('partners', partners);
        return partnerCors()(c, next);
      });
    }
    const post = (origin?: string, body = '{"name":"Jo"}') => ({
      method: 'POST',
      body,
      headers: { 'Content-Type': 'application/json', ...(origin ? { Origin: origin } : {}) },
    });

    it("let a partner's page read a submission's answer, and no other origin's", async () => {
      const app = await partnerApp();
      for (const path of ['/api/service-form', '/api/service-form/']) {
        const fromPartner = await app.request(path, post('https://partner.example'));
        expect(fromPartner.headers.get('Access-Control-Allow-Origin'), path).toBe('https://partner.example');
        expect(fromPartner.headers.get('Access-Control-Expose-Headers'), path).toBe(
          'Retry-After,X-Request-Id',
        );
        expect(fromPartner.headers.get('Vary'), path).toBe('Origin');
        expect(Object.fromEntries(fromPartner.headers), path).toMatchObject({
          ...ON_EVERY_ANSWER,
          'content-security-policy': `${POLICY}; upgrade-insecure-requests`,
        });
        for (const origin of ['https://evil.example', undefined]) {
          const other = await app.request(path, post(origin));
          expect(other.headers.get('Access-Control-Allow-Origin'), `${path} ${origin}`).toBeNull();
          expect(other.headers.get('Vary'), `${path} ${origin}`).toBe('Origin');
        }
      }
    });

    it("keep the handler's own Vary and add Origin after it", async () => {
      const answer = await (await partnerApp()).request(
        '/api/newsletter',
        post('https://partner.example', '{}'),
      );
      expect(answer.headers.get('Vary')).toBe('Cookie, Origin');
      expect(answer.headers.get('Access-Control-Allow-Origin')).toBe('https://partner.example');
    });

    it("answer a partner's preflight with the methods and headers a submission uses, cached 10 minutes", async () => {
      const app = await partnerApp();
      const preflight = (origin: string) =>
        app.request('/api/service-form', {
          method: 'OPTIONS',
          headers: {
            Origin: origin,
            'Access-Control-Request-Method': 'POST',
            'Access-Control-Request-Headers': 'content-type',
          },
        });
      const allowed = await preflight('https://other-partner.example');
      expect(allowed.status).toBe(204);
      expect(allowed.headers.get('Access-Control-Allow-Origin')).toBe('https://other-partner.example');
      expect(allowed.headers.get('Access-Control-Allow-Methods')).toBe('POST,OPTIONS');
      expect(allowed.headers.get('Access-Control-Allow-Headers')).toBe(
        'Content-Type,Idempotency-Key,X-Partner-Key',
      );
      expect(allowed.headers.get('Access-Control-Max-Age')).toBe('600');
      expect((await preflight('https://evil.example')).headers.get('Access-Control-Allow-Origin')).toBeNull();
    });

    it('add no CORS headers to routes other than the public submissions', async () => {
      const health = await (await partnerApp()).request('/api/health', {
        headers: { Origin: 'https://partner.example' },
      });
      expect(health.headers.get('Access-Control-Allow-Origin')).toBeNull();
      expect(health.headers.get('Access-Control-Expose-Headers')).toBeNull();
      expect(health.headers.get('Vary')).toBeNull();
    });
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
