import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../../app.ts';
import { quoteRequests } from '../../db/schema.ts';
import { createLogger } from '../../lib/logger.ts';
import { validQuoteRequests } from '../../test-support/quote-requests.ts';
import { createTestAdmin, signIn } from '../../test-support/sign-in.ts';
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
    expect((await submitQuote(agency, 'agency-one')).status).toBe(400);
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

  it('refuses a disabled partner’s quotes with a way to call, still readable by its page, until enabled again', async () => {
    const disabled = await admin('PATCH', '/api/partners/seeded-partner', { enabled: false });
    expect(disabled.status).toBe(200);
    expect(await disabled.json()).toMatchObject({ enabled: false });

    const refused = await submitQuote(seeded, 'seeded-partner');
    expect(refused.status).toBe(403);
    expect(refused.headers.get('Access-Control-Allow-Origin')).toBe(seeded);
    const body = (await refused.json()) as { error: string; partnerDisabled: boolean };
    expect(body.partnerDisabled).toBe(true);
    expect(body.error).toMatch(/call .* on \(03\) 5550 0123/);
    expect(await context.database.db.select().from(quoteRequests)).toHaveLength(0);

    expect(
      (await admin('PATCH', '/api/partners/seeded-partner', { enabled: true, name: 'Seeded Agency' })).status,
    ).toBe(200);
    expect((await submitQuote(seeded, 'seeded-partner')).status).toBe(201);
    expect((await admin('PATCH', '/api/partners/no-such-partner', { enabled: true })).status).toBe(404);
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
