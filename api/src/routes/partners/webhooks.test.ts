import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestAdmin, signIn } from '../../test-support/sign-in.ts';
import { eq, partnerWebhooks, webhookDeliveries } from '../../test-support/stored-rows.ts';
import { createTestApp } from '../../test-support/test-app.ts';
import { saveWebhook } from '../../webhooks/partner-webhooks.ts';
import { WebhookSecrets } from '../../webhooks/webhook-secrets.ts';

const SECRETS_KEY = Buffer.alloc(32, 7).toString('base64');
const partnerSite = 'https://agency.example';

let context: Awaited<ReturnType<typeof createTestApp>>;
let cookie: string;

async function start(overrides: Record<string, string> = {}) {
  context = await createTestApp({
    PARTNER_ORIGINS: `agency=${partnerSite}`,
    QUOTE_DASHBOARD_PASSWORD: 'webhooks need no unlock',
    SECRETS_KEY,
    WEBHOOK_ALLOWED_HTTP_ORIGINS: 'http://127.0.0.1:4999',
    ...overrides,
  });
  await createTestAdmin(context.database);
  // The partner PARTNER_ORIGINS configures is known to these routes before anything else asked for it.
  cookie = await signIn(context.app);
}
afterEach(() => context.close());

function admin(method: string, path: string, body?: unknown) {
  return context.app.request(path, {
    method,
    headers: { Cookie: cookie, 'Content-Type': 'application/json', Origin: 'https://clean.example' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

const receiver = 'http://127.0.0.1:4999/hooks/cleanquote';

describe('a partner’s webhook through the API', () => {
  beforeEach(() => start());

  it('is set with PUT, shows its secret only in that first answer, and reads back without it', async () => {
    expect((await context.app.request('/api/partners/agency/webhook')).status).toBe(401);
    expect((await admin('GET', '/api/partners/agency/webhook')).status).toBe(404);

    const created = await admin('PUT', '/api/partners/agency/webhook', {
      url: receiver,
      events: ['quote.status_changed', 'quote.created', 'quote.created'],
      enabled: true,
    });
    expect(created.status).toBe(200);
    const first = (await created.json()) as Record<string, unknown>;
    expect(first).toMatchObject({
      url: receiver,
      events: ['quote.created', 'quote.status_changed'],
      enabled: true,
      disabledReason: null,
    });
    expect(first.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(String(first.secret).slice('whsec_'.length), 'base64')).toHaveLength(32);

    const [stored] = await context.database.db.select().from(partnerWebhooks);
    expect(stored?.secretSealed).not.toContain(String(first.secret).slice('whsec_'.length));

    const read = await admin('GET', '/api/partners/agency/webhook');
    expect(read.status).toBe(200);
    const shown = (await read.json()) as Record<string, unknown>;
    expect(shown).toMatchObject({
      url: receiver,
      events: ['quote.created', 'quote.status_changed'],
      enabled: true,
    });
    expect(JSON.stringify(shown)).not.toMatch(/whsec_|secretSealed/);

    const changed = await admin('PUT', '/api/partners/agency/webhook', {
      url: receiver,
      events: ['quote.created'],
      enabled: false,
    });
    expect(changed.status).toBe(200);
    const second = (await changed.json()) as Record<string, unknown>;
    expect(second).toMatchObject({ events: ['quote.created'], enabled: false });
    expect(second).not.toHaveProperty('secret');
  });

  it('switches off a webhook whose receiver’s name no longer resolves (its URL unchanged)', async () => {
    const secrets = WebhookSecrets.from(context.environment);
    if (!secrets) throw new Error('no secrets');
    await admin('GET', '/api/partners'); // the configured partner, in the table for saveWebhook
    // `.invalid` never resolves (RFC 6761): as a receiver's name that lapsed after it was saved.
    const saved = await saveWebhook(context.database, secrets, 'agency', {
      url: 'https://hooks.lapsed.invalid/cleanquote',
      events: ['quote.created'],
      enabled: true,
    });
    expect(saved.outcome).toBe('created');
    const off = await admin('PUT', '/api/partners/agency/webhook', {
      url: 'https://hooks.lapsed.invalid/cleanquote',
      events: ['quote.created'],
      enabled: false,
    });
    expect(off.status).toBe(200);
    expect(await off.json()).toMatchObject({ enabled: false });
    const moved = await admin('PUT', '/api/partners/agency/webhook', {
      url: 'https://other.lapsed.invalid/cleanquote',
      events: ['quote.created'],
      enabled: false,
    });
    expect(moved.status).toBe(400);
    expect(await moved.json()).toMatchObject({
      fields: { url: 'No address was found for other.lapsed.invalid' },
    });
  });

  it('answers 404 for a partner that does not exist, and 400 naming each bad field', async () => {
    const unknown = await admin('PUT', '/api/partners/nobody/webhook', {
      url: receiver,
      events: ['quote.created'],
      enabled: true,
    });
    expect(unknown.status).toBe(404);
    const bad = await admin('PUT', '/api/partners/agency/webhook', {
      url: 'ftp://x',
      events: [],
      enabled: 'yes',
    });
    expect(bad.status).toBe(400);
    const { fields } = (await bad.json()) as { fields: Record<string, string> };
    expect(Object.keys(fields).sort()).toEqual(['enabled', 'events', 'url']);
  });

  it('queues a test event (202) and lists deliveries newest first with their fields', async () => {
    await admin('PUT', '/api/partners/agency/webhook', {
      url: receiver,
      events: ['quote.created'],
      enabled: true,
    });
    const first = await admin('POST', '/api/partners/agency/webhook/test');
    expect(first.status).toBe(202);
    const second = await admin('POST', '/api/partners/agency/webhook/test');
    const queued = [(await first.json()) as { id: string }, (await second.json()) as { id: string }];
    const list = await admin('GET', '/api/partners/agency/webhook/deliveries');
    expect(list.status).toBe(200);
    const { deliveries } = (await list.json()) as { deliveries: Record<string, unknown>[] };
    expect(deliveries.map((delivery) => delivery.id)).toEqual([queued[1]?.id, queued[0]?.id]);
    expect(deliveries[0]).toEqual({
      id: expect.stringMatching(/^msg_[0-9a-f]{32}$/),
      type: 'webhook.test',
      status: 'pending',
      attempts: 0,
      lastStatusCode: null,
      lastError: null,
      createdAt: expect.any(String),
      deliveredAt: null,
      nextAttemptAt: expect.any(String),
    });
    const [row] = await context.database.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.id, String(queued[0]?.id)));
    expect(row?.payload).toEqual({
      type: 'webhook.test',
      timestamp: expect.any(String),
      data: { partnerKey: 'agency' },
    });
  });
});

describe('without SECRETS_KEY', () => {
  beforeEach(() => start({ SECRETS_KEY: '' }));

  it('refuses to set a webhook, says why, and stores nothing', async () => {
    const refused = await admin('PUT', '/api/partners/agency/webhook', {
      url: receiver,
      events: ['quote.created'],
      enabled: true,
    });
    expect(refused.status).toBe(503);
    expect(await refused.json()).toMatchObject({ error: expect.stringContaining('SECRETS_KEY') });
    expect(await context.database.db.select().from(partnerWebhooks)).toEqual([]);
    expect((await admin('GET', '/api/partners/agency/webhook')).status).toBe(404);
    expect((await admin('POST', '/api/partners/agency/webhook/rotate')).status).toBe(503);
  });
});
