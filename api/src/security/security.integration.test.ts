import { afterEach, describe, expect, it } from 'vitest';
import {
  newsletterSubscribers,
  outbox,
  quoteRequests,
  rateLimitEvents,
  teamContactMessages,
} from '../db/schema.ts';
import { createLogger } from '../lib/logger.ts';
import { httpGet, httpPost, listen } from '../test-support/http-server.ts';
import { validQuoteRequests } from '../test-support/quote-requests.ts';
import { createTestAdmin, signIn, testAdmin } from '../test-support/sign-in.ts';
import { createTestApp } from '../test-support/test-app.ts';
import { SHARED_SWEEP_EVERY, SharedSlidingWindowLimiter, SlidingWindowLimiter } from './rate-limit.ts';

let context: Awaited<ReturnType<typeof createTestApp>>;
afterEach(() => context?.close());

const contact = {
  senderName: 'Jo Client',
  senderEmail: 'jo@client.example',
  message: 'Hello',
  recipientId: 'founder',
};

function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  return context.app.request(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

async function nothingStored() {
  expect(await context.database.db.select().from(teamContactMessages)).toEqual([]);
  expect(await context.database.db.select().from(newsletterSubscribers)).toEqual([]);
  expect(await context.database.db.select().from(outbox)).toEqual([]);
}

describe('security headers', () => {
  it('sends HSTS for a year, a CSP without inline scripts, nosniff and a Referrer-Policy on every response', async () => {
    context = await createTestApp();
    for (const path of ['/api/health', '/sitemap.xml', '/api/no-such-route', '/api/login']) {
      const response = await context.app.request(path);
      expect(response.headers.get('Strict-Transport-Security')).toBe('max-age=31536000; includeSubDomains');
      expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff');
      expect(response.headers.get('Referrer-Policy')).toBe('strict-origin-when-cross-origin');
      const csp = response.headers.get('Content-Security-Policy') ?? '';
      expect(csp).toContain("default-src 'self'");
      expect(csp).toMatch(/script-src 'self'(;|$)/);
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("frame-ancestors 'self'");
      expect(csp).toContain('frame-src https://reviews-widget.example');
    }
  });

  it('keeps API answers to this origin and out of caches; lets partner sites load public files', async () => {
    context = await createTestApp();
    const api = await context.app.request('/api/health');
    expect(api.headers.get('Cross-Origin-Resource-Policy')).toBe('same-origin');
    expect(api.headers.get('Cache-Control')).toBe('no-store');
    const file = await context.app.request('/robots.txt');
    expect(file.headers.get('Cross-Origin-Resource-Policy')).toBe('cross-origin');
    expect(file.headers.get('Cache-Control')).toBe('public, max-age=3600');
  });
});

describe('the 100 kB body limit', () => {
  it.each(['/api/team-contact', '/api/newsletter', '/api/service-form'])(
    'answers 413 with a JSON error on %s and stores nothing',
    async (path) => {
      context = await createTestApp();
      const body = JSON.stringify({ ...contact, email: 'a@b.example', message: 'x'.repeat(101 * 1024) });
      const response = await post(path, body);
      expect(response.status).toBe(413);
      expect(await response.json()).toMatchObject({
        error: expect.any(String),
        requestId: expect.any(String),
      });
      await nothingStored();
      expect(await context.database.db.select().from(outbox)).toEqual([]);
    },
  );

  it('also stops a streamed body without Content-Length', async () => {
    context = await createTestApp();
    const chunk = new TextEncoder().encode(`{"message":"${'x'.repeat(20 * 1024)}`);
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 8) controller.enqueue(chunk);
        else controller.close();
      },
    });
    const request = new Request('http://localhost/api/team-contact', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    const response = await context.app.request(request);
    expect(response.status).toBe(413);
    await nothingStored();
  });
});

describe('per-IP rate limits on public POSTs', () => {
  it('allows 120 requests a minute per route and IP by default, then answers 429 with Retry-After', async () => {
    context = await createTestApp();
    for (let n = 0; n < 120; n += 1) {
      expect((await post('/api/team-contact', { message: 'incomplete' })).status).toBe(400);
    }
    const limited = await post('/api/team-contact', contact);
    expect(limited.status).toBe(429);
    const retryAfter = Number(limited.headers.get('Retry-After'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await limited.json()).toMatchObject({ requestId: expect.any(String) });
    await nothingStored();
    // Another route has its own budget.
    expect((await post('/api/newsletter', { email: 'jo@client.example' })).status).toBe(202);
  });

  it('takes its limit from PUBLIC_POST_RATE_LIMIT and counts each client address apart', async () => {
    context = await createTestApp({ PUBLIC_POST_RATE_LIMIT: '2', TRUST_PROXY: '1' });
    const from = (ip: string) => ({ 'X-Forwarded-For': ip });
    expect((await post('/api/newsletter', { email: 'a@b.example' }, from('203.0.113.1'))).status).toBe(202);
    expect((await post('/api/newsletter', { email: 'c@d.example' }, from('203.0.113.1'))).status).toBe(202);
    expect((await post('/api/newsletter', { email: 'e@f.example' }, from('203.0.113.1'))).status).toBe(429);
    expect((await post('/api/newsletter', { email: 'e@f.example' }, from('203.0.113.2'))).status).toBe(202);
    // Without a trusted proxy hop a client cannot pick its own address.
    context.close();
    context = await createTestApp({ PUBLIC_POST_RATE_LIMIT: '1' });
    expect((await post('/api/newsletter', { email: 'a@b.example' }, from('203.0.113.1'))).status).toBe(202);
    expect((await post('/api/newsletter', { email: 'c@d.example' }, from('203.0.113.9'))).status).toBe(429);
  });

  it('does not limit reads', async () => {
    context = await createTestApp({ PUBLIC_POST_RATE_LIMIT: '1' });
    for (let n = 0; n < 5; n += 1) expect((await context.app.request('/api/health')).status).toBe(200);
  });
});

describe('the sliding window limiter', () => {
  it('frees capacity as old events leave the window', () => {
    let now = 0;
    const limiter = new SlidingWindowLimiter(2, 1_000, 100, () => now);
    expect(limiter.hit('a').allowed).toBe(true);
    now = 500;
    expect(limiter.hit('a').allowed).toBe(true);
    expect(limiter.hit('a')).toEqual({ allowed: false, retryAfterSeconds: 1 });
    now = 1_001;
    expect(limiter.hit('a').allowed).toBe(true);
    expect(limiter.hit('a').allowed).toBe(false);
  });

  it('keeps at most maxKeys addresses', () => {
    const limiter = new SlidingWindowLimiter(1, 60_000, 3);
    for (const key of ['a', 'b', 'c', 'd']) limiter.record(key);
    expect(limiter.check('a').allowed).toBe(true);
    expect(limiter.check('d').allowed).toBe(false);
  });
});

describe('the sliding window limiter held in the database', () => {
  it('frees capacity as old events leave the window, and takes back or forgets events', async () => {
    context = await createTestApp();
    let now = 0;
    const limiter = new SharedSlidingWindowLimiter(context.database, 2, 60_000, () => now);
    expect((await limiter.hit('a')).allowed).toBe(true);
    now = 30_000;
    expect((await limiter.hit('a')).allowed).toBe(true);
    expect(await limiter.hit('a')).toEqual({ allowed: false, retryAfterSeconds: 30 });
    expect((await limiter.check('b')).allowed).toBe(true);
    now = 60_001;
    expect((await limiter.hit('a')).allowed).toBe(true);
    expect((await limiter.check('a')).allowed).toBe(false);
    await limiter.release('a');
    expect((await limiter.check('a')).allowed).toBe(true);
    await limiter.record('a');
    await limiter.reset('a');
    expect((await limiter.check('a')).allowed).toBe(true);
  });

  it('deletes events once they have left their window', async () => {
    context = await createTestApp();
    let now = 0;
    const limiter = new SharedSlidingWindowLimiter(context.database, 1_000, 60_000, () => now);
    for (let n = 1; n < SHARED_SWEEP_EVERY; n += 1) await limiter.record(`address ${n}`);
    now = 60_000;
    await limiter.record('a later address');
    expect(await context.database.db.select({ key: rateLimitEvents.key }).from(rateLimitEvents)).toEqual([
      { key: 'a later address' },
    ]);
  });
});

describe('CSRF protection on cookie-authenticated mutations', () => {
  const contentTypes = ['application/json', 'text/plain', 'application/x-www-form-urlencoded'];

  it.each(contentTypes)('refuses a foreign Origin with 403 whatever the content type (%s)', async (type) => {
    context = await createTestApp({ QUOTE_DASHBOARD_PASSWORD: 'sparkle-inbox' });
    await createTestAdmin(context.database);
    const cookie = await signIn(context.app);
    const response = await context.app.request('/api/admin/unlock', {
      method: 'POST',
      headers: { Cookie: cookie, 'Content-Type': type, Origin: 'https://evil.example' },
      body: JSON.stringify({ password: 'sparkle-inbox' }),
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ requestId: expect.any(String) });
    expect((await context.app.request('/api/contact', { headers: { Cookie: cookie } })).status).toBe(403);
  });

  it.each([
    ['Sec-Fetch-Site: cross-site', { 'Sec-Fetch-Site': 'cross-site' }, 403],
    ['Sec-Fetch-Site: same-site', { 'Sec-Fetch-Site': 'same-site' }, 403],
    ['Origin: null', { Origin: 'null' }, 403],
    ['a sibling origin', { Origin: 'https://shop.clean.example' }, 403],
    ['Sec-Fetch-Site: same-origin', { 'Sec-Fetch-Site': 'same-origin' }, 200],
    ['the PUBLIC_URL origin', { Origin: 'https://clean.example' }, 200],
    ['the request’s own origin, when it is not PUBLIC_URL’s', { Origin: 'http://localhost' }, 403],
    ['a Referer from PUBLIC_URL, without Origin', { Referer: 'https://clean.example/api/login' }, 200],
    ['a Referer from another site, without Origin', { Referer: 'https://evil.example/page' }, 403],
    ['a Referer that is no address, without Origin', { Referer: 'not a url' }, 403],
    ['no browser headers (not a browser)', {}, 200],
  ])('%s → %i', async (_label, headers, status) => {
    context = await createTestApp();
    await createTestAdmin(context.database);
    const response = await post('/api/login', testAdmin, headers as Record<string, string>);
    expect(response.status).toBe(status);
  });

  it('refuses a public submission from a site that is not listed, without CORS, and stores nothing', async () => {
    context = await createTestApp({ PARTNER_ORIGINS: 'https://agency.example' });
    const senders: Record<string, string>[] = [
      { Origin: 'https://someone.example', 'Sec-Fetch-Site': 'cross-site' },
      { Referer: 'https://someone.example/contact' },
      { Origin: 'null' },
    ];
    for (const headers of senders) {
      for (const path of ['/api/team-contact', '/api/newsletter', '/api/service-form', '/api/collect']) {
        const response = await post(path, contact, headers);
        expect(response.status, `${path} ${JSON.stringify(headers)}`).toBe(403);
        expect(response.headers.get('Access-Control-Allow-Origin')).toBeNull();
        expect(await response.json()).toEqual({
          error: 'Cross-site request refused.',
          requestId: response.headers.get('X-Request-Id'),
        });
      }
    }
    await nothingStored();
    expect(await context.database.db.select().from(quoteRequests)).toEqual([]);
    // The site itself and a listed partner still send.
    expect((await post('/api/team-contact', contact, { Origin: 'https://clean.example' })).status).toBe(201);
    expect((await post('/api/team-contact', contact, { Origin: 'https://agency.example' })).status).toBe(201);
  });

  it('judges the origin by PUBLIC_URL over HTTP, whatever Host or X-Forwarded-Host say', async () => {
    context = await createTestApp({ QUOTE_DASHBOARD_PASSWORD: 'sparkle-inbox', TRUST_PROXY: '1' });
    await createTestAdmin(context.database);
    const cookie = await signIn(context.app);
    const server = await listen(context.app);
    try {
      const unlock = (headers: Record<string, string>) =>
        httpPost(server.port, '/api/admin/unlock', JSON.stringify({ password: 'sparkle-inbox' }), {
          Cookie: cookie,
          'Content-Type': 'application/json',
          ...headers,
        });
      const spoofed = await unlock({ Host: 'evil.example', Origin: 'http://evil.example' });
      expect(spoofed.status).toBe(403);
      expect(JSON.parse(spoofed.body)).toMatchObject({ error: 'Cross-site request refused.' });
      const forwarded = await unlock({
        'X-Forwarded-Host': 'evil.example',
        'X-Forwarded-Proto': 'http',
        Origin: 'http://evil.example',
      });
      expect(forwarded.status).toBe(403);
      const ownHost = `127.0.0.1:${server.port}`;
      expect((await unlock({ Host: ownHost, Origin: `http://${ownHost}` })).status).toBe(403);
      expect((await unlock({ Host: 'evil.example', Referer: 'http://evil.example/page' })).status).toBe(403);
      // Nothing was unlocked by the refused requests; the site's own origin still unlocks.
      expect((await httpGet(server.port, '/api/contact', { Cookie: cookie })).status).toBe(403);
      expect((await unlock({ Host: 'evil.example', Origin: 'https://clean.example' })).status).toBe(200);
      expect((await httpGet(server.port, '/api/contact', { Cookie: cookie })).status).toBe(200);
    } finally {
      await server.close();
    }
  });
});

describe('content types of public submissions', () => {
  const bodies: Record<string, { type: string | undefined; body: string }> = {
    'text/plain': { type: 'text/plain', body: JSON.stringify(contact) },
    form: { type: 'application/x-www-form-urlencoded', body: new URLSearchParams(contact).toString() },
    multipart: { type: 'multipart/form-data; boundary=x', body: '--x\r\n\r\n--x--' },
    xml: { type: 'application/xml', body: '<contact/>' },
    none: { type: undefined, body: JSON.stringify(contact) },
  };

  it('answers 415 with a JSON error to anything but application/json, and stores nothing', async () => {
    context = await createTestApp();
    for (const path of ['/api/service-form', '/api/team-contact', '/api/newsletter']) {
      for (const [name, { type, body }] of Object.entries(bodies)) {
        const response = await context.app.request(path, {
          method: 'POST',
          headers: {
            Origin: 'https://clean.example',
            ...(type === undefined ? {} : { 'Content-Type': type }),
          },
          body,
        });
        expect(response.status, `${path} ${name}`).toBe(415);
        expect(await response.json()).toMatchObject({ error: expect.stringContaining('JSON') });
      }
    }
    await nothingStored();
  });

  it('accepts JSON with a charset', async () => {
    context = await createTestApp();
    const response = await post('/api/team-contact', contact, {
      'Content-Type': 'application/json; charset=utf-8',
    });
    expect(response.status).toBe(201);
  });
});

describe('CORS', () => {
  it('admits configured partner origins on public submission routes only', async () => {
    context = await createTestApp({ PARTNER_ORIGINS: 'https://agency.example, https://realestate.example' });
    const preflight = (path: string, origin: string) =>
      context.app.request(path, {
        method: 'OPTIONS',
        headers: {
          Origin: origin,
          'Access-Control-Request-Method': 'POST',
          'Access-Control-Request-Headers': 'content-type, idempotency-key',
        },
      });
    for (const path of ['/api/service-form', '/api/team-contact', '/api/newsletter']) {
      const allowed = await preflight(path, 'https://realestate.example');
      expect(allowed.status).toBe(204);
      expect(allowed.headers.get('Access-Control-Allow-Origin')).toBe('https://realestate.example');
      expect(allowed.headers.get('Access-Control-Allow-Methods')).toContain('POST');
      expect(allowed.headers.get('Access-Control-Allow-Headers')?.toLowerCase()).toContain('idempotency-key');
      expect(allowed.headers.get('Access-Control-Allow-Credentials')).toBeNull();
      const refused = await preflight(path, 'https://evil.example');
      expect(refused.headers.get('Access-Control-Allow-Origin')).toBeNull();
    }
    for (const path of ['/api/login', '/api/admin/unlock', '/api/contact', '/api/auth/user', '/api/logout']) {
      const response = await preflight(path, 'https://agency.example');
      expect(response.headers.get('Access-Control-Allow-Origin')).toBeNull();
    }
  });
});

describe('CORS for a quote with a partner key', () => {
  const partnerEnv = { PARTNER_ORIGINS: 'northside=https://northside.example' };
  const submit = (origin: string, partnerKey: string) =>
    context.app.request('/api/service-form', {
      method: 'POST',
      headers: {
        Origin: origin,
        'Content-Type': 'application/json',
        'Idempotency-Key': 'cors-test-key-1',
        'X-Partner-Key': partnerKey,
      },
      body: JSON.stringify(validQuoteRequests.regularClean),
    });

  it('gives a site not allowed to use the key no CORS answer, refuses it and stores nothing', async () => {
    context = await createTestApp(partnerEnv);
    const preflight = await context.app.request('/api/service-form', {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://copycat.example',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type,idempotency-key,x-partner-key',
      },
    });
    expect(preflight.headers.get('Access-Control-Allow-Origin')).toBeNull();

    for (const key of ['northside', ' ', 'no-such-partner']) {
      const refused = await submit('https://copycat.example', key);
      expect(refused.status).toBe(403);
      expect(refused.headers.get('Access-Control-Allow-Origin')).toBeNull();
    }
    expect(await context.database.db.select().from(quoteRequests)).toEqual([]);

    const accepted = await submit('https://northside.example', 'northside');
    expect(accepted.status).toBe(201);
    expect(accepted.headers.get('Access-Control-Allow-Origin')).toBe('https://northside.example');
    const stored = await context.database.db.select().from(quoteRequests);
    expect(stored.map((row) => row.source)).toEqual(['partner:northside']);
  });

  it('still refuses a preflight without the key from a site not listed', async () => {
    context = await createTestApp(partnerEnv);
    const preflight = await context.app.request('/api/service-form', {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://copycat.example',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type,idempotency-key',
      },
    });
    expect(preflight.headers.get('Access-Control-Allow-Origin')).toBeNull();
  });
});

describe('errors', () => {
  it('answer JSON with the request id and never a stack trace', async () => {
    context = await createTestApp();
    context.database.client.close();
    const response = await post('/api/team-contact', contact);
    expect(response.status).toBe(500);
    const text = await response.text();
    const body = JSON.parse(text) as { error: string; requestId: string };
    expect(body).toEqual({
      error: 'Something went wrong on our side.',
      requestId: response.headers.get('X-Request-Id'),
    });
    expect(text).not.toMatch(/\bat\s|\.ts:|node_modules|SQLITE|Error:/);
  });
});

describe('logs', () => {
  it('are structured, carry the request id, and never hold passwords, cookies or link tokens', async () => {
    const lines: string[] = [];
    const logger = createLogger('debug', { write: (line: string) => void lines.push(line) });
    context = await createTestApp({ QUOTE_DASHBOARD_PASSWORD: 'dashboard-secret-42' }, { logger });
    await createTestAdmin(context.database);
    await post('/api/login', { email: testAdmin.email, password: 'wrong-password-hunter2' });
    const cookie = await signIn(context.app);
    await post('/api/admin/unlock', { password: 'dashboard-secret-42' }, { Cookie: cookie });
    await post('/api/newsletter', { email: 'jo@client.example' });
    await context.app.request('/api/newsletter/unsubscribe?token=secret-link-token-123');
    const [mail] = await context.database.db.select().from(outbox);
    const confirmToken = mail?.textBody?.match(/confirm\?token=([a-z2-7]+)/)?.[1] ?? 'missing';
    await context.app.request(`/api/newsletter/confirm?token=${confirmToken}`);

    const log = lines.join('');
    for (const secret of [
      testAdmin.password,
      'wrong-password-hunter2',
      'dashboard-secret-42',
      cookie.split('=')[1] ?? 'missing',
      'secret-link-token-123',
      confirmToken,
    ]) {
      expect(log).not.toContain(secret);
    }
    const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const requests = entries.filter((entry) => entry.msg === 'request');
    expect(requests.length).toBeGreaterThanOrEqual(6);
    expect(requests.every((entry) => typeof entry.requestId === 'string')).toBe(true);
    expect(requests.map((entry) => entry.path)).toContain('/api/newsletter/confirm');
  });
});
