import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { partnerWebhooks, quoteRequests, webhookDeliveries } from '../db/schema.ts';
import type { Clock } from '../jobs/clock.ts';
import { backoff } from '../lib/durable-queue.ts';
import { createLogger } from '../lib/logger.ts';
import { validQuoteRequests } from '../test-support/quote-requests.ts';
import { createTestAdmin, signIn } from '../test-support/sign-in.ts';
import { createTestApp } from '../test-support/test-app.ts';
import {
  startWebhookReceiver,
  verifyWebhook,
  type WebhookReceiver,
} from '../test-support/webhook-receiver.ts';
import {
  type WebhookDeliveryOptions,
  WebhookDeliveryWorker,
  webhookBackoff,
  webhookDeliveryOptions,
} from './delivery-worker.ts';
import { saveWebhook } from './partner-webhooks.ts';
import { WebhookSecrets } from './webhook-secrets.ts';
import type { ResolveHost } from './webhook-url.ts';

const SECRETS_KEY = Buffer.alloc(32, 9).toString('base64');
const partnerSite = 'https://agency.example';
const DAY_MS = 24 * 60 * 60 * 1000;

/** The real time, moved on by hand: the worker stands a day later while the app and receiver don't. */
class MovedClock implements Clock {
  #offsetMs = 0;
  now(): Date {
    return new Date(Date.now() + this.#offsetMs);
  }
  advance(milliseconds: number): void {
    this.#offsetMs += milliseconds;
  }
}

/** Waits for a delivery's outcome: real HTTP round trips, bounded for a loaded machine. */
function eventually<T>(check: () => T | Promise<T>): Promise<T> {
  return vi.waitFor(check, { timeout: 15_000, interval: 20 });
}

let context: Awaited<ReturnType<typeof createTestApp>>;
let receiver: WebhookReceiver;
let cookie: string;
const workers: WebhookDeliveryWorker[] = [];

async function start(env: Record<string, string> = {}) {
  receiver = await startWebhookReceiver();
  started = true;
  context = await createTestApp({
    PARTNER_ORIGINS: `agency=${partnerSite}`,
    SECRETS_KEY,
    WEBHOOK_ALLOWED_HTTP_ORIGINS: receiver.origin,
    ...env,
  });
  await createTestAdmin(context.database);
  cookie = await signIn(context.app);
  await admin('GET', '/api/partners'); // seeds the partner from PARTNER_ORIGINS
}

let started = false;
afterEach(async () => {
  if (!started) return;
  started = false;
  for (const worker of workers.splice(0)) await worker.stop();
  await receiver.close();
  context.close();
});

function startWorker(overrides: Partial<WebhookDeliveryOptions> = {}) {
  const worker = new WebhookDeliveryWorker(context.database, createLogger('silent'), {
    ...webhookDeliveryOptions(context.environment),
    retryBaseMs: 30,
    pollIntervalMs: 20,
    timeoutMs: 2_000,
    ...overrides,
  }).start();
  workers.push(worker);
  return worker;
}

function admin(method: string, path: string, body?: unknown) {
  return context.app.request(path, {
    method,
    headers: { Cookie: cookie, 'Content-Type': 'application/json', Origin: 'https://clean.example' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

async function setWebhook(
  events: string[] = ['quote.created', 'quote.status_changed'],
  url = `${receiver.origin}/hooks`,
): Promise<string> {
  const response = await admin('PUT', '/api/partners/agency/webhook', { url, events, enabled: true });
  expect(response.status).toBe(200);
  return ((await response.json()) as { secret: string }).secret;
}

/** Submits a quote from the partner's site with its key, as the embed does; returns the quote's row. */
async function partnerQuote(partnerRef?: string) {
  const response = await context.app.request('/api/service-form', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: partnerSite, 'X-Partner-Key': 'agency' },
    body: JSON.stringify({
      ...validQuoteRequests.endOfLeaseWithCarpet,
      ...(partnerRef ? { partnerRef } : {}),
    }),
  });
  expect(response.status).toBe(201);
  const { reference } = (await response.json()) as { reference: string };
  const [quote] = await context.database.db
    .select()
    .from(quoteRequests)
    .where(eq(quoteRequests.reference, reference));
  if (!quote) throw new Error('the quote was not stored');
  return quote;
}

async function deliveries() {
  const response = await admin('GET', '/api/partners/agency/webhook/deliveries');
  expect(response.status).toBe(200);
  return ((await response.json()) as { deliveries: Record<string, unknown>[] }).deliveries;
}

async function storedDelivery(id: string) {
  const [row] = await context.database.db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.id, id));
  if (!row) throw new Error(`no delivery ${id}`);
  return row;
}

describe('the retry schedule', () => {
  it('waits the base, then 4 times longer per retry, capped at 3 hours, within ±20%', () => {
    const wait = backoff(webhookBackoff(5_000));
    expect([1, 2, 3, 4].map((n) => wait(n, () => 0.5))).toEqual([5_000, 20_000, 80_000, 320_000]);
    expect(wait(1, () => 0)).toBe(4_000);
    expect(wait(1, () => 0.999_999)).toBe(6_000);
    expect(wait(12, () => 0.5)).toBe(10_800_000);
  });
});

describe('partner webhooks, delivered', () => {
  it('sends quote.created for a partner’s quote and quote.status_changed when staff move it, signed and minimal', async () => {
    await start();
    const secret = await setWebhook();
    startWorker();
    const quote = await partnerQuote('case-123');
    await eventually(() => expect(receiver.received).toHaveLength(1));

    const [createdRequest] = receiver.received;
    if (!createdRequest) throw new Error('nothing received');
    expect(createdRequest.path).toBe('/hooks');
    expect(createdRequest.headers['content-type']).toBe('application/json');
    expect(createdRequest.headers['webhook-id']).toMatch(/^msg_/);
    const created = verifyWebhook(secret, createdRequest);
    expect(created).toEqual({
      type: 'quote.created',
      timestamp: quote.createdAt.toISOString(),
      data: {
        reference: quote.reference,
        partnerRef: 'case-123',
        service: 'end-of-lease',
        status: 'new',
        createdAt: quote.createdAt.toISOString(),
      },
    });
    // Never a copy of the customer: no name, phone, email or address anywhere in the body.
    for (const personal of [quote.name, quote.email, quote.phone, quote.address]) {
      expect(createdRequest.body).not.toContain(personal);
    }

    const moved = await admin('POST', `/api/contact/${quote.id}/status`, { status: 'contacted' });
    expect(moved.status).toBe(200);
    await eventually(() => expect(receiver.received).toHaveLength(2));
    const changed = verifyWebhook(secret, receiver.received[1] as (typeof receiver.received)[number]);
    expect(changed).toMatchObject({
      type: 'quote.status_changed',
      data: {
        reference: quote.reference,
        partnerRef: 'case-123',
        service: 'end-of-lease',
        status: 'contacted',
        previousStatus: 'new',
        changedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      },
    });
    expect(changed.timestamp).toBe(changed.data.changedAt);

    await eventually(async () =>
      expect((await deliveries()).map(({ type, status, attempts }) => ({ type, status, attempts }))).toEqual([
        { type: 'quote.status_changed', status: 'delivered', attempts: 1 },
        { type: 'quote.created', status: 'delivered', attempts: 1 },
      ]),
    );
    const [latest] = await deliveries();
    expect(latest).toMatchObject({ lastStatusCode: 204, lastError: null, nextAttemptAt: null });
    expect(latest?.deliveredAt).toEqual(expect.any(String));
  });

  it('queues nothing for the main site’s quotes or for events the webhook does not want', async () => {
    await start();
    await setWebhook(['quote.status_changed']);
    const mainSite = await context.app.request('/api/service-form', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: 'https://clean.example' },
      body: JSON.stringify(validQuoteRequests.regularClean),
    });
    expect(mainSite.status).toBe(201);
    await partnerQuote();
    expect(await context.database.db.select().from(webhookDeliveries)).toEqual([]);
  });

  it('retries a failing receiver with the same webhook-id until it answers 2xx', async () => {
    await start();
    const secret = await setWebhook();
    receiver.answer((_request, index) => ({ status: index < 2 ? 500 : 200 }));
    startWorker();
    await partnerQuote();
    await eventually(async () => expect((await deliveries())[0]).toMatchObject({ status: 'delivered' }));
    expect(receiver.received).toHaveLength(3);
    const ids = new Set(receiver.received.map((request) => request.headers['webhook-id']));
    expect(ids.size).toBe(1);
    for (const request of receiver.received)
      expect(verifyWebhook(secret, request).type).toBe('quote.created');
    expect((await deliveries())[0]).toMatchObject({ attempts: 3, lastStatusCode: 200, lastError: null });
  });

  it('counts a redirect as a failure and never follows it', async () => {
    await start();
    await setWebhook();
    receiver.answer((request) =>
      request.path === '/hooks'
        ? { status: 307, headers: { Location: `${receiver.origin}/elsewhere` } }
        : { status: 200 },
    );
    startWorker({ retryBaseMs: 60_000 });
    await partnerQuote();
    await eventually(async () =>
      expect((await deliveries())[0]).toMatchObject({ attempts: 1, lastStatusCode: 307 }),
    );
    const [delivery] = await deliveries();
    expect(delivery).toMatchObject({ status: 'pending', lastError: expect.stringContaining('redirect') });
    expect(receiver.received.map((request) => request.path)).toEqual(['/hooks']);
  });

  it('switches the webhook off when the receiver answers 410 Gone, and says why', async () => {
    await start();
    await setWebhook();
    receiver.answer(() => ({ status: 410 }));
    startWorker();
    await partnerQuote();
    await eventually(async () =>
      expect((await deliveries())[0]).toMatchObject({ status: 'dead', lastStatusCode: 410 }),
    );
    const webhook = (await (await admin('GET', '/api/partners/agency/webhook')).json()) as Record<
      string,
      unknown
    >;
    expect(webhook).toMatchObject({ enabled: false, disabledReason: expect.stringContaining('410 Gone') });
    // Nothing more is queued for it; enabling it again clears the reason.
    await partnerQuote();
    expect(await deliveries()).toHaveLength(1);
    const enabled = await admin('PUT', '/api/partners/agency/webhook', {
      url: webhook.url,
      events: webhook.events,
      enabled: true,
    });
    expect(await enabled.json()).toMatchObject({ enabled: true, disabledReason: null });
    expect(receiver.received).toHaveLength(1);
  });

  it('gives up 24 hours after the event, and sends a dead delivery again when staff retry it', async () => {
    await start();
    await setWebhook();
    receiver.answer(() => ({ status: 503 }));
    const clock = new MovedClock();
    // A minute before the first retry: the test moves the clock on before it is due.
    startWorker({ clock, retryBaseMs: 60_000 });
    await partnerQuote();
    await eventually(async () =>
      expect((await deliveries())[0]).toMatchObject({ attempts: 1, status: 'pending', lastStatusCode: 503 }),
    );
    const [first] = await deliveries();
    const id = String(first?.id);
    expect((await admin('POST', `/api/partners/agency/webhook/deliveries/${id}/retry`)).status).toBe(409);

    clock.advance(DAY_MS);
    await eventually(async () =>
      expect(await storedDelivery(id)).toMatchObject({ status: 'dead', attempts: 2, lastStatusCode: 503 }),
    );
    expect((await deliveries())[0]).toMatchObject({ status: 'dead', nextAttemptAt: null });
    expect(new Set(receiver.received.map((request) => request.headers['webhook-id']))).toEqual(new Set([id]));

    receiver.answer(() => ({ status: 200 }));
    const retried = await admin('POST', `/api/partners/agency/webhook/deliveries/${id}/retry`);
    expect(retried.status).toBe(202);
    expect(await retried.json()).toMatchObject({ id, status: 'pending' });
    await eventually(async () =>
      expect(await storedDelivery(id)).toMatchObject({ status: 'delivered', attempts: 3 }),
    );
    expect(receiver.received.at(-1)?.headers['webhook-id']).toBe(id);
    expect((await admin('POST', '/api/partners/agency/webhook/deliveries/msg_unknown/retry')).status).toBe(
      404,
    );
  });

  it('signs with both secrets for 24 hours after a rotation, then with the new one only', async () => {
    await start();
    const oldSecret = await setWebhook();
    const clock = new MovedClock();
    startWorker({ clock });
    const rotated = await admin('POST', '/api/partners/agency/webhook/rotate');
    expect(rotated.status).toBe(200);
    const { secret: newSecret, previousSecretUntil } = (await rotated.json()) as {
      secret: string;
      previousSecretUntil: string;
    };
    expect(newSecret).toMatch(/^whsec_/);
    expect(newSecret).not.toBe(oldSecret);
    expect(Date.parse(previousSecretUntil) - Date.now()).toBeGreaterThan(DAY_MS - 60_000);
    expect(JSON.stringify(await (await admin('GET', '/api/partners/agency/webhook')).json())).not.toContain(
      'whsec_',
    );

    expect((await admin('POST', '/api/partners/agency/webhook/test')).status).toBe(202);
    await eventually(() => expect(receiver.received).toHaveLength(1));
    const [during] = receiver.received;
    if (!during) throw new Error('nothing received');
    expect(String(during.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(verifyWebhook(oldSecret, during)).toEqual({
      type: 'webhook.test',
      timestamp: expect.any(String),
      data: { partnerKey: 'agency' },
    });
    expect(verifyWebhook(newSecret, during).type).toBe('webhook.test');

    // A day later (the receiver verifies against the real time, so only the worker's clock moves).
    clock.advance(DAY_MS + 1_000);
    expect((await admin('POST', '/api/partners/agency/webhook/test')).status).toBe(202);
    await eventually(() => expect(receiver.received).toHaveLength(2));
    expect(String(receiver.received[1]?.headers['webhook-signature']).split(' ')).toHaveLength(1);
  });

  it('takes over a delivery whose worker crashed mid-send once its lease runs out, with the same webhook-id', async () => {
    await start();
    const secret = await setWebhook();
    // The first worker gets the request and never hears back: it is "killed" while the receiver stalls.
    receiver.answer(() => 'stall');
    const clock = new MovedClock();
    const crashed = startWorker({ clock, leaseMs: 60_000, timeoutMs: 60_000 });
    await partnerQuote();
    await eventually(() => expect(receiver.received).toHaveLength(1));
    workers.splice(workers.indexOf(crashed), 1);
    await crashed.stop(0);

    receiver.answer(() => ({ status: 200 }));
    startWorker({ clock });
    const [pending] = await deliveries();
    expect(pending).toMatchObject({ status: 'pending', attempts: 1 });
    clock.advance(61_000);
    await eventually(async () =>
      expect((await deliveries())[0]).toMatchObject({ status: 'delivered', attempts: 2 }),
    );
    expect(receiver.received[1]?.headers['webhook-id']).toBe(receiver.received[0]?.headers['webhook-id']);
    verifyWebhook(secret, receiver.received[1] as (typeof receiver.received)[number]);
  });
});

describe('webhook URLs', () => {
  it.each([
    ['http://127.0.0.1:9/hooks', 'an address not listed in WEBHOOK_ALLOWED_HTTP_ORIGINS'],
    ['https://10.0.0.1/hooks', 'a private address'],
    ['https://169.254.169.254/latest/meta-data', 'the cloud metadata address'],
    ['https://[fd00:ec2::254]/', 'the IPv6 metadata address'],
    ['https://[::ffff:127.0.0.1]/', 'an IPv4-mapped loopback address'],
    ['https://[64:ff9b::a00:1]/', 'a NAT64 address of a private one'],
    ['https://100.64.0.1/', 'a carrier-grade NAT address'],
    ['http://example.com/hooks', 'plain http'],
    ['https://localhost/hooks', 'a name that resolves to the machine itself'],
  ])('refuses %s (%s) with 400 naming url, and stores nothing', async (url) => {
    await start();
    const refused = await admin('PUT', '/api/partners/agency/webhook', {
      url,
      events: ['quote.created'],
      enabled: true,
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ fields: { url: expect.any(String) } });
    expect(await context.database.db.select().from(partnerWebhooks)).toEqual([]);
  });

  it('checks the address again at every delivery, and connects to the address it checked', async () => {
    await start({ WEBHOOK_ALLOWED_HTTP_ORIGINS: '' });
    const secrets = WebhookSecrets.from(context.environment);
    if (!secrets) throw new Error('no secrets');
    // Saved while its name pointed outside (the API would refuse it now): a name that rebinds.
    await saveWebhook(context.database, secrets, 'agency', {
      url: `https://rebinding.example:${receiver.port}/hooks`,
      events: ['quote.created'],
      enabled: true,
    });
    const resolve: ResolveHost = async () => [{ address: '10.0.0.7', family: 4 }];
    startWorker({ resolve, retryBaseMs: 60_000 });
    await partnerQuote();
    await eventually(async () => expect((await deliveries())[0]?.lastError).toEqual(expect.any(String)));
    expect((await deliveries())[0]).toMatchObject({
      attempts: 1,
      status: 'pending',
      lastStatusCode: null,
      lastError: expect.stringContaining('10.0.0.7'),
    });
    expect(receiver.received).toEqual([]);
  });

  it('refuses at delivery a name that resolves to the machine itself, through the real resolver', async () => {
    await start({ WEBHOOK_ALLOWED_HTTP_ORIGINS: '' });
    const secrets = WebhookSecrets.from(context.environment);
    if (!secrets) throw new Error('no secrets');
    await saveWebhook(context.database, secrets, 'agency', {
      url: `https://localhost:${receiver.port}/hooks`,
      events: ['quote.created'],
      enabled: true,
    });
    startWorker({ retryBaseMs: 60_000 });
    await partnerQuote();
    await eventually(async () => expect((await deliveries())[0]?.lastError).toEqual(expect.any(String)));
    expect((await deliveries())[0]?.lastError).toMatch(
      /localhost resolves to .*not a public internet address/,
    );
    expect(receiver.received).toEqual([]);
  });

  it('reaches an allowed origin through the address the worker checked, not a second lookup', async () => {
    const resolve: ResolveHost = async (host) =>
      host === 'receiver.test' ? [{ address: '127.0.0.1', family: 4 }] : [];
    await start();
    const listed = `http://receiver.test:${receiver.port}`;
    context.close();
    context = await createTestApp({
      PARTNER_ORIGINS: `agency=${partnerSite}`,
      SECRETS_KEY,
      WEBHOOK_ALLOWED_HTTP_ORIGINS: listed,
    });
    await createTestAdmin(context.database);
    cookie = await signIn(context.app);
    await admin('GET', '/api/partners');
    const secrets = WebhookSecrets.from(context.environment);
    if (!secrets) throw new Error('no secrets');
    await saveWebhook(context.database, secrets, 'agency', {
      url: `${listed}/hooks`,
      events: ['quote.created'],
      enabled: true,
    });
    startWorker({ resolve });
    await partnerQuote();
    await eventually(async () => expect((await deliveries())[0]).toMatchObject({ status: 'delivered' }));
    expect(receiver.received[0]?.headers.host).toBe(`receiver.test:${receiver.port}`);
  });
});

describe('deleting a partner', () => {
  it('deletes its webhook and its delivery log with it', async () => {
    await start();
    await setWebhook();
    expect((await admin('POST', '/api/partners/agency/webhook/test')).status).toBe(202);
    expect((await admin('DELETE', '/api/partners/agency')).status).toBe(204);
    expect(await context.database.db.select().from(partnerWebhooks)).toEqual([]);
    expect(await context.database.db.select().from(webhookDeliveries)).toEqual([]);
    expect((await admin('GET', '/api/partners/agency/webhook')).status).toBe(404);
  });
});
