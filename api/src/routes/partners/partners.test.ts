import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../../app.ts';
import { openDatabase } from '../../db/database.ts';
import { ManualClock } from '../../jobs/clock.ts';
import { createLogger } from '../../lib/logger.ts';
import { PARTNER_REFRESH_MS } from '../../partners/partner-registry.ts';
import { validQuoteRequests } from '../../test-support/quote-requests.ts';
import { createTestAdmin, signIn } from '../../test-support/sign-in.ts';
import {
  eq,
  newsletterSubscribers,
  partners,
  quoteRequests,
  teamContactMessages,
} from '../../test-support/stored-rows.ts';
import { createTestApp } from '../../test-support/test-app.ts';

const agency = 'https://agency.example';
const seeded = 'https://seeded.example';

let context: Awaited<ReturnType<typeof createTestApp>>;
let cookie: string;
beforeEach(async () => {
  context = await createTestApp({
    PARTNER_ORIGINS: `seeded-partner=${seeded}`,
    QUOTE_DASHBOARD_PASSWORD: 'partners need no unlock',
  });
  await createTestAdmin(context.database);
  cookie = await signIn(context.app);
});
afterEach(() => context.close());

function admin(method: string, path: string, body?: unknown) {
  return context.app.request(path, {
    method,
    headers: { Cookie: cookie, 'Content-Type': 'application/json', Origin: 'https://clean.example' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

function submitQuote(origin: string, key: string) {
  return context.app.request('/api/service-form', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: origin, 'X-Partner-Key': key },
    body: JSON.stringify(validQuoteRequests.regularClean),
  });
}

const contact = {
  senderName: 'Jo Client',
  senderEmail: 'jo@client.example',
  message: 'Hello',
  recipientId: 'founder',
};

/** Every public POST a partner's page could send: path, body, content type. */
const publicPosts: readonly [path: string, body: unknown, type: string][] = [
  ['/api/service-form', validQuoteRequests.regularClean, 'application/json'],
  ['/api/team-contact', contact, 'application/json'],
  ['/api/newsletter', { email: 'jo@client.example' }, 'application/json'],
  ['/api/collect', { kind: 'view', url: `${seeded}/quotes` }, 'application/json'],
  ['/service-form', 'service=deep-clean', 'application/x-www-form-urlencoded'],
];
const submissionPaths = ['/api/service-form', '/api/team-contact', '/api/newsletter'];

function fromSite(origin: string, path: string, body: unknown, type: string, key?: string) {
  return context.app.request(path, {
    method: 'POST',
    headers: { 'Content-Type': type, Origin: origin, ...(key === undefined ? {} : { 'X-Partner-Key': key }) },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

function preflight(path: string, origin: string, app = context.app) {
  return app.request(path, {
    method: 'OPTIONS',
    headers: {
      Origin: origin,
      'Access-Control-Request-Method': 'POST',
      'Access-Control-Request-Headers': 'content-type, idempotency-key, x-partner-key',
    },
  });
}

describe('partners managed by staff', () => {
  it('lists the partners PARTNER_ORIGINS seeded, for a signed-in admin only (no dashboard unlock)', async () => {
    expect((await context.app.request('/api/partners')).status).toBe(401);
    const response = await admin('GET', '/api/partners');
    expect(response.status).toBe(200);
    const { partners } = (await response.json()) as { partners: unknown[] };
    expect(partners).toEqual([
      { key: 'seeded-partner', name: 'seeded-partner', origins: [seeded], enabled: true, quoteCount: 0 },
    ]);
  });

  it('adds a partner whose key is accepted from its origins at once, and counts its quotes', async () => {
    // Before it is added, its site is not listed: refused, with no CORS answer its page could read.
    const early = await submitQuote(agency, 'agency-one');
    expect(early.status).toBe(403);
    expect(early.headers.get('Access-Control-Allow-Origin')).toBeNull();
    const added = await admin('POST', '/api/partners', {
      name: 'Agency One Support Coordination',
      key: 'agency-one',
      origins: [`${agency}/`],
    });
    expect(added.status).toBe(201);
    expect(await added.json()).toMatchObject({
      key: 'agency-one',
      origins: [agency],
      enabled: true,
      quoteCount: 0,
    });

    const preflight = await context.app.request('/api/service-form', {
      method: 'OPTIONS',
      headers: {
        Origin: agency,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'x-partner-key',
      },
    });
    expect(preflight.headers.get('Access-Control-Allow-Origin')).toBe(agency);
    expect((await submitQuote(agency, 'agency-one')).status).toBe(201);
    expect((await submitQuote('https://elsewhere.example', 'agency-one')).status).toBe(403);
    const [stored] = await context.database.db.select({ source: quoteRequests.source }).from(quoteRequests);
    expect(stored?.source).toBe('partner:agency-one');

    const list = (await (await admin('GET', '/api/partners')).json()) as {
      partners: { key: string; quoteCount: number }[];
    };
    expect(list.partners.find((partner) => partner.key === 'agency-one')?.quoteCount).toBe(1);
  });

  it('refuses a second partner with the same key, and bad fields by name', async () => {
    const taken = await admin('POST', '/api/partners', {
      name: 'Again',
      key: 'seeded-partner',
      origins: [agency],
    });
    expect(taken.status).toBe(409);
    expect(await taken.json()).toMatchObject({ fields: { key: expect.any(String) } });
    const bad = await admin('POST', '/api/partners', {
      name: ' ',
      key: 'Bad Key',
      origins: ['agency.example/path'],
    });
    expect(bad.status).toBe(400);
    const { fields } = (await bad.json()) as { fields: Record<string, string> };
    expect(Object.keys(fields).sort()).toEqual(['key', 'name', 'origins.0']);
  });

  it('refuses a disabled partner’s site on every public POST, with or without its key, with no CORS answer, until enabled again', async () => {
    const disabled = await admin('PATCH', '/api/partners/seeded-partner', { enabled: false });
    expect(disabled.status).toBe(200);
    expect(await disabled.json()).toMatchObject({ enabled: false });

    for (const [path, body, type] of publicPosts) {
      for (const key of [undefined, 'seeded-partner']) {
        const refused = await fromSite(seeded, path, body, type, key);
        const label = `${path} ${key ?? 'without a key'}`;
        expect(refused.status, label).toBe(403);
        expect(refused.headers.get('Access-Control-Allow-Origin'), label).toBeNull();
        expect(await refused.json(), label).toMatchObject({
          error:
            path === '/api/service-form'
              ? 'Quote requests from this site are switched off. Please call Sparkle Clean Melbourne on (03) 5550 0123 for your quote.'
              : 'Requests from this site are switched off. Please call Sparkle Clean Melbourne on (03) 5550 0123.',
          requestId: refused.headers.get('X-Request-Id'),
        });
      }
    }
    for (const path of submissionPaths) {
      expect((await preflight(path, seeded)).headers.get('Access-Control-Allow-Origin'), path).toBeNull();
    }
    expect(await context.database.db.select().from(quoteRequests)).toHaveLength(0);
    expect(await context.database.db.select().from(teamContactMessages)).toHaveLength(0);
    expect(await context.database.db.select().from(newsletterSubscribers)).toHaveLength(0);

    expect(
      (await admin('PATCH', '/api/partners/seeded-partner', { enabled: true, name: 'Seeded Agency' })).status,
    ).toBe(200);
    for (const path of submissionPaths) {
      expect((await preflight(path, seeded)).headers.get('Access-Control-Allow-Origin'), path).toBe(seeded);
    }
    const accepted = await submitQuote(seeded, 'seeded-partner');
    expect(accepted.status).toBe(201);
    expect(accepted.headers.get('Access-Control-Allow-Origin')).toBe(seeded);
    expect((await fromSite(seeded, '/api/team-contact', contact, 'application/json')).status).toBe(201);
    const signUp = await fromSite(
      seeded,
      '/api/newsletter',
      { email: 'jo@client.example' },
      'application/json',
    );
    expect(signUp.status).toBe(202);
    expect((await admin('PATCH', '/api/partners/no-such-partner', { enabled: true })).status).toBe(404);
  });

  it('refuses a site at once when staff take it off a partner’s list', async () => {
    expect((await submitQuote(seeded, 'seeded-partner')).status).toBe(201);
    const moved = await admin('PATCH', '/api/partners/seeded-partner', {
      origins: ['https://new.seeded.example'],
    });
    expect(moved.status).toBe(200);
    for (const key of [undefined, 'seeded-partner']) {
      const refused = await fromSite(
        seeded,
        '/api/service-form',
        validQuoteRequests.regularClean,
        'application/json',
        key,
      );
      expect(refused.status).toBe(403);
      expect(refused.headers.get('Access-Control-Allow-Origin')).toBeNull();
      expect(await refused.json()).toMatchObject({ error: 'Cross-site request refused.' });
    }
    expect(
      (await preflight('/api/service-form', seeded)).headers.get('Access-Control-Allow-Origin'),
    ).toBeNull();
    expect((await submitQuote('https://new.seeded.example', 'seeded-partner')).status).toBe(201);
  });

  it('keeps what staff changed when the server starts again with the same PARTNER_ORIGINS', async () => {
    await admin('PATCH', '/api/partners/seeded-partner', { enabled: false, name: 'Renamed' });
    const restarted = createApp({
      environment: context.environment,
      database: context.database,
      logger: createLogger('silent'),
    });
    const response = await restarted.request('/api/partners', { headers: { Cookie: cookie } });
    expect(await response.json()).toMatchObject({
      partners: [{ key: 'seeded-partner', name: 'Renamed', enabled: false, origins: [seeded] }],
    });
  });
});

describe('a partner change’s body', () => {
  const patch = (body: string, type: string) =>
    context.app.request('/api/partners/seeded-partner', {
      method: 'PATCH',
      headers: { Cookie: cookie, 'Content-Type': type, Origin: 'https://clean.example' },
      body,
    });

  it('is a JSON object sent as JSON: 400 naming the request otherwise, 415 under another type', async () => {
    for (const body of ['{"name": "Half', '[]', '']) {
      const refused = await patch(body, 'application/json');
      expect(refused.status).toBe(400);
      expect(await refused.json()).toEqual({
        error: 'Please check the highlighted fields.',
        fields: { request: 'The body must be a JSON object.' },
        requestId: expect.any(String),
      });
    }
    const plain = await patch('{"name": "Renamed"}', 'text/plain');
    expect(plain.status).toBe(415);
    expect(await plain.json()).toMatchObject({
      error: 'Send the request as JSON (Content-Type: application/json).',
    });
    const { partners } = (await (await admin('GET', '/api/partners')).json()) as {
      partners: { name: string }[];
    };
    expect(partners.map((partner) => partner.name)).toEqual(['seeded-partner']);
  });
});

describe('DELETE /api/partners/:key', () => {
  const listedKeys = async (app = context.app) => {
    const response = await app.request('/api/partners', { headers: { Cookie: cookie } });
    return ((await response.json()) as { partners: { key: string }[] }).partners.map(
      (partner) => partner.key,
    );
  };

  it('deletes a configured partner without quotes: its key and site stop working at once, and a restart does not bring it back', async () => {
    const deleted = await admin('DELETE', '/api/partners/seeded-partner');
    expect(deleted.status).toBe(204);
    expect(await deleted.text()).toBe('');
    expect(await listedKeys()).toEqual([]);

    const refused = await submitQuote(seeded, 'seeded-partner');
    expect(refused.status).toBe(403);
    expect(refused.headers.get('Access-Control-Allow-Origin')).toBeNull();
    expect(
      (await preflight('/api/service-form', seeded)).headers.get('Access-Control-Allow-Origin'),
    ).toBeNull();
    expect(await context.database.db.select().from(quoteRequests)).toEqual([]);

    // The same PARTNER_ORIGINS at the next start-up: the partner staff deleted stays deleted.
    const restarted = createApp({
      environment: context.environment,
      database: context.database,
      logger: createLogger('silent'),
    });
    expect(await listedKeys(restarted)).toEqual([]);
    expect(
      (await preflight('/api/service-form', seeded, restarted)).headers.get('Access-Control-Allow-Origin'),
    ).toBeNull();
    expect((await admin('DELETE', '/api/partners/seeded-partner')).status).toBe(404);
  });

  it('lets staff add a deleted key again, and then it is seeded like any configured partner', async () => {
    expect((await admin('DELETE', '/api/partners/seeded-partner')).status).toBe(204);
    const added = await admin('POST', '/api/partners', {
      name: 'Seeded again',
      key: 'seeded-partner',
      origins: [agency],
    });
    expect(added.status).toBe(201);
    const restarted = createApp({
      environment: context.environment,
      database: context.database,
      logger: createLogger('silent'),
    });
    const response = await restarted.request('/api/partners', { headers: { Cookie: cookie } });
    expect(await response.json()).toMatchObject({
      partners: [{ key: 'seeded-partner', name: 'Seeded again', origins: [agency, seeded], enabled: true }],
    });
  });

  it('refuses with 409 while any quote request came through the partner, and keeps it', async () => {
    expect((await submitQuote(seeded, 'seeded-partner')).status).toBe(201);
    const refused = await admin('DELETE', '/api/partners/seeded-partner');
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({
      error: 'This partner has quote requests. Disable it instead.',
      requestId: expect.any(String),
    });
    expect(await listedKeys()).toEqual(['seeded-partner']);
    expect((await submitQuote(seeded, 'seeded-partner')).status).toBe(201);
  });

  it('answers 404 for an unknown key, 401 signed out and 403 from another site', async () => {
    const unknown = await admin('DELETE', '/api/partners/no-such-partner');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ error: 'No partner has this key.' });

    const signedOut = await context.app.request('/api/partners/seeded-partner', {
      method: 'DELETE',
      headers: { Origin: 'https://clean.example' },
    });
    expect(signedOut.status).toBe(401);
    const crossSite = await context.app.request('/api/partners/seeded-partner', {
      method: 'DELETE',
      headers: { Cookie: cookie, Origin: 'https://elsewhere.example' },
    });
    expect(crossSite.status).toBe(403);
    expect(await listedKeys()).toEqual(['seeded-partner']);
  });
});

describe('partners changed by another process on the same database', () => {
  it('are seen here once the copy in memory is PARTNER_REFRESH_MS old: added, disabled, enabled, removed', async () => {
    const clock = new ManualClock('2025-06-02T09:00:00+10:00');
    const logger = createLogger('silent');
    const here = createApp({ environment: context.environment, database: context.database, logger, clock });
    const otherDatabase = await openDatabase({ url: context.environment.DATABASE_URL });
    try {
      const elsewhere = createApp({ environment: context.environment, database: otherDatabase, logger });
      const change = (method: string, path: string, body: unknown) =>
        elsewhere.request(path, {
          method,
          headers: { Cookie: cookie, 'Content-Type': 'application/json', Origin: 'https://clean.example' },
          body: JSON.stringify(body),
        });
      const send = () =>
        here.request('/api/service-form', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Origin: agency, 'X-Partner-Key': 'agency-one' },
          body: JSON.stringify(validQuoteRequests.regularClean),
        });
      const corsAnswer = async () =>
        (await preflight('/api/service-form', agency, here)).headers.get('Access-Control-Allow-Origin');

      expect((await send()).status).toBe(403); // read here before the partner exists
      const added = await change('POST', '/api/partners', {
        name: 'Agency One',
        key: 'agency-one',
        origins: [agency],
      });
      expect(added.status).toBe(201);
      clock.advance(PARTNER_REFRESH_MS);
      const accepted = await send();
      expect(accepted.status).toBe(201);
      expect(accepted.headers.get('Access-Control-Allow-Origin')).toBe(agency);

      expect((await change('PATCH', '/api/partners/agency-one', { enabled: false })).status).toBe(200);
      clock.advance(PARTNER_REFRESH_MS);
      const refused = await send();
      expect(refused.status).toBe(403);
      expect(refused.headers.get('Access-Control-Allow-Origin')).toBeNull();
      expect(await corsAnswer()).toBeNull();

      expect((await change('PATCH', '/api/partners/agency-one', { enabled: true })).status).toBe(200);
      clock.advance(PARTNER_REFRESH_MS);
      expect(await corsAnswer()).toBe(agency);
      expect((await send()).status).toBe(201);

      // Removed from the table (staff have no button for it; a database tool does): not listed any more.
      await otherDatabase.writes.run((tx) => tx.delete(partners).where(eq(partners.key, 'agency-one')));
      clock.advance(PARTNER_REFRESH_MS);
      const removed = await send();
      expect(removed.status).toBe(403);
      expect(removed.headers.get('Access-Control-Allow-Origin')).toBeNull();
      expect(await removed.json()).toMatchObject({ error: 'Cross-site request refused.' });
      expect(await corsAnswer()).toBeNull();
      const sources = await context.database.db.select({ source: quoteRequests.source }).from(quoteRequests);
      expect(sources.map((row) => row.source)).toEqual(['partner:agency-one', 'partner:agency-one']);
    } finally {
      otherDatabase.close();
    }
  });
});
