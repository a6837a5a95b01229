import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestAdmin, signIn } from '../../test-support/sign-in.ts';
import { quoteRequests } from '../../test-support/stored-rows.ts';
import { createAppBeside, createTestApp } from '../../test-support/test-app.ts';

let context: Awaited<ReturnType<typeof createTestApp>>;

async function setUp(overrides: Record<string, string> = {}) {
  context = await createTestApp(overrides);
  await createTestAdmin(context.database);
}

afterEach(() => context.close());

/** Stores `count` quote requests, one a minute apart, the newest last. */
async function storeQuotes(count: number) {
  const start = Date.parse('2026-11-01T00:00:00Z');
  await context.database.writes.run(async (tx) => {
    for (let n = 0; n < count; n += 1) {
      await tx.insert(quoteRequests).values({
        id: `quote-${String(n).padStart(3, '0')}`,
        reference: `CQ-${n}`,
        serviceType: n % 2 ? 'deep-clean' : 'regular-clean',
        name: `Client ${n}`,
        email: `client${n}@example.com`,
        phone: '0491 570 156',
        address: `${n} Collins St, Melbourne, VIC`,
        details: { specialRequests: n === 0 ? 'Please bring a ladder' : '' },
        source: n === 1 ? 'partner:agency' : 'main-site',
        createdAt: new Date(start + n * 60_000),
      });
    }
  });
}

function list(cookie: string | undefined, query = '') {
  return context.app.request(`/api/contact${query}`, { headers: cookie ? { Cookie: cookie } : {} });
}

function unlock(cookie: string, password: string, headers: Record<string, string> = {}) {
  return context.app.request('/api/admin/unlock', {
    method: 'POST',
    headers: { Cookie: cookie, 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify({ password }),
  });
}

describe('GET /api/contact without a dashboard password', () => {
  beforeEach(() => setUp());

  it('answers 401 without a session', async () => {
    await storeQuotes(1);
    const response = await list(undefined);
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ requestId: expect.any(String) });
  });

  it('lists quote requests newest first with name, contact, address, service, message and time, status and source', async () => {
    await storeQuotes(3);
    const response = await list(await signIn(context.app));
    expect(response.status).toBe(200);
    expect(response.headers.get('Cache-Control')).toBe('no-store');
    const quotes = (await response.json()) as Array<Record<string, unknown>>;
    expect(quotes.map((quote) => quote.id)).toEqual(['quote-002', 'quote-001', 'quote-000']);
    expect(quotes[2]).toEqual({
      id: 'quote-000',
      reference: 'CQ-0',
      name: 'Client 0',
      phone: '0491 570 156',
      email: 'client0@example.com',
      address: '0 Collins St, Melbourne, VIC',
      service: 'regular-clean',
      message: 'Please bring a ladder',
      createdAt: '2026-11-01T00:00:00.000Z',
      status: 'new',
      source: 'main-site',
      partnerRef: null,
      replyDueAt: '2026-11-02T00:00:00.000Z',
      firstResponseAt: null,
      statusChangedAt: '2026-11-01T00:00:00.000Z',
      returning: false,
      suburb: 'Melbourne',
      quoteStatus: null,
    });
    expect(quotes[1]).toMatchObject({ source: 'partner:agency', service: 'deep-clean' });
    expect(quotes[1]).not.toHaveProperty('message');
  });

  it('returns at most 500 by default and pages with ?limit= and ?before=', async () => {
    await storeQuotes(503);
    const cookie = await signIn(context.app);
    const first = await list(cookie);
    const page = (await first.json()) as Array<{ id: string }>;
    expect(page).toHaveLength(500);
    expect(page[0]?.id).toBe('quote-502');
    expect(first.headers.get('Link')).toBe('</api/contact?limit=500&before=quote-003>; rel="next"');
    const rest = (await (await list(cookie, '?before=quote-003')).json()) as Array<{ id: string }>;
    expect(rest.map((quote) => quote.id)).toEqual(['quote-002', 'quote-001', 'quote-000']);
    const two = (await (await list(cookie, '?limit=2&before=quote-100')).json()) as Array<{ id: string }>;
    expect(two.map((quote) => quote.id)).toEqual(['quote-099', 'quote-098']);
  });

  it('answers 400 for a bad limit or an unknown cursor', async () => {
    const cookie = await signIn(context.app);
    expect((await list(cookie, '?limit=0')).status).toBe(400);
    expect((await list(cookie, '?limit=501')).status).toBe(400);
    expect((await list(cookie, '?before=no-such-quote')).status).toBe(400);
  });

  it('never answers with CORS headers, even to a partner origin', async () => {
    const partnered = await createTestApp({ PARTNER_ORIGINS: 'https://agency.example' });
    try {
      await createTestAdmin(partnered.database);
      const cookie = await signIn(partnered.app);
      const response = await partnered.app.request('/api/contact', {
        headers: { Cookie: cookie, Origin: 'https://agency.example' },
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('Access-Control-Allow-Origin')).toBeNull();
      const preflight = await partnered.app.request('/api/contact', {
        method: 'OPTIONS',
        headers: { Origin: 'https://agency.example', 'Access-Control-Request-Method': 'GET' },
      });
      expect(preflight.headers.get('Access-Control-Allow-Origin')).toBeNull();
    } finally {
      partnered.close();
    }
  });
});

describe('GET /api/contact with QUOTE_DASHBOARD_PASSWORD set', () => {
  beforeEach(() => setUp({ QUOTE_DASHBOARD_PASSWORD: 'sparkle-inbox' }));

  it('answers 403 until this session unlocked it; a wrong password answers 401', async () => {
    await storeQuotes(2);
    const cookie = await signIn(context.app);
    const locked = await list(cookie);
    expect(locked.status).toBe(403);
    expect(await locked.json()).toMatchObject({ locked: true });
    const wrong = await unlock(cookie, 'sparkle-inbox ');
    expect(wrong.status).toBe(401);
    expect(((await wrong.json()) as { error: string }).error).toBe('Incorrect password');
    expect((await list(cookie)).status).toBe(403);
    expect((await unlock(cookie, 'sparkle-inbox')).status).toBe(200);
    const unlocked = await list(cookie);
    expect(unlocked.status).toBe(200);
    expect(await unlocked.json()).toHaveLength(2);
  });

  it('unlocks only the session that entered the password', async () => {
    const first = await signIn(context.app);
    const second = await signIn(context.app);
    expect((await unlock(first, 'sparkle-inbox')).status).toBe(200);
    expect((await list(first)).status).toBe(200);
    expect((await list(second)).status).toBe(403);
  });

  it('needs a session to unlock, and refuses a cross-site unlock', async () => {
    const anonymous = await context.app.request('/api/admin/unlock', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ password: 'sparkle-inbox' }),
    });
    expect(anonymous.status).toBe(401);
    const cookie = await signIn(context.app);
    expect((await unlock(cookie, 'sparkle-inbox', { Origin: 'https://evil.example' })).status).toBe(403);
    expect((await unlock(cookie, 'sparkle-inbox', { 'Sec-Fetch-Site': 'cross-site' })).status).toBe(403);
    expect((await list(cookie)).status).toBe(403);
  });

  it('limits wrong passwords like failed sign-ins', async () => {
    const cookie = await signIn(context.app);
    for (let n = 0; n < 10; n += 1) expect((await unlock(cookie, `guess ${n}`)).status).toBe(401);
    const blocked = await unlock(cookie, 'sparkle-inbox');
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('Retry-After')).not.toBeNull();
  });

  it('shares the wrong-password limit between app processes on one database', async () => {
    const beside = await createAppBeside(context);
    try {
      const cookie = await signIn(context.app);
      const unlockOn = (app: typeof context.app, password: string) =>
        app.request('/api/admin/unlock', {
          method: 'POST',
          headers: { Cookie: cookie, 'Content-Type': 'application/json' },
          body: JSON.stringify({ password }),
        });
      for (let n = 0; n < 10; n += 1) {
        expect((await unlockOn(n % 2 === 0 ? context.app : beside.app, `guess ${n}`)).status).toBe(401);
      }
      expect((await unlockOn(beside.app, 'sparkle-inbox')).status).toBe(429);
      expect((await unlockOn(context.app, 'sparkle-inbox')).status).toBe(429);
    } finally {
      beside.close();
    }
  });
});
