/**
 * A partner hears back: staff set the partner's webhook, a visitor sends a quote inside the element
 * on the partner's site (sites/partner-demo on a second origin, with `partner-ref`), and the
 * partner's receiver — a real HTTP server on 127.0.0.1, allowed by WEBHOOK_ALLOWED_HTTP_ORIGINS —
 * gets `quote.created`, then `quote.status_changed` when staff mark the quote Contacted, each
 * verified with the standardwebhooks library. A receiver failing twice gets the same webhook-id a
 * third time; a server killed (SIGKILL) mid-delivery sends it after its restart; addresses inside
 * the network, and plain http, are refused naming `url`.
 */
import { randomBytes } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { freePort } from '../../api/src/test-support/smtp-test-server.ts';
import {
  type ReceivedWebhook,
  startWebhookReceiver,
  verifyWebhook,
  type WebhookReceiver,
} from '../../api/src/test-support/webhook-receiver.ts';
import { type PartnerDemo, startPartnerDemo } from '../../sites/partner-demo/src/server.ts';
import { answerEndOfLease, demoPartnerKey, sendQuote } from '../support/partner-embed.ts';
import { type ServerWithSmtp, signInAsAdmin, startServerWithSmtp } from '../support/server-with-smtp.ts';

test.describe.configure({ mode: 'serial' });

const visitor = {
  name: 'Robin Participant',
  phone: '0491 570 162',
  email: 'robin.participant@example.com',
  address: '9 Sydney Rd, Brunswick, VIC',
};

let app: ServerWithSmtp;
let partner: PartnerDemo;
let receiver: WebhookReceiver;
let cookie: string;
/** The partner's signing secret, as the PUT that created the webhook showed it. */
let secret = '';

/** What the receiver verified, in order, and what it could not verify. */
interface VerifiedEvent {
  id: string;
  type: string;
  data: Record<string, unknown>;
  body: string;
}
const verified: VerifiedEvent[] = [];
const unverified: string[] = [];

/** The receiver's answers: each request is verified first, then answered as the test says. */
let respond: (request: ReceivedWebhook) => { status: number } | 'stall' = () => ({ status: 204 });

test.beforeAll(async () => {
  test.setTimeout(90_000);
  const apiPort = await freePort();
  partner = await startPartnerDemo({ apiOrigin: `http://127.0.0.1:${apiPort}`, partnerKey: demoPartnerKey });
  receiver = await startWebhookReceiver();
  receiver.answer((request) => {
    try {
      const event = verifyWebhook(secret, request);
      verified.push({
        id: String(request.headers['webhook-id']),
        type: event.type,
        data: event.data,
        body: request.body,
      });
    } catch (error) {
      unverified.push(`${request.headers['webhook-id']}: ${String(error)}`);
    }
    return respond(request);
  });
  app = await startServerWithSmtp({
    env: {
      PORT: String(apiPort),
      PARTNER_ORIGINS: `${demoPartnerKey}=${partner.url}`,
      WEBHOOK_ALLOWED_HTTP_ORIGINS: receiver.origin,
      SECRETS_KEY: randomBytes(32).toString('base64'),
      // Retries within a second, so a receiver's failures resolve while the test watches.
      WEBHOOK_RETRY_BASE_MS: '200',
    },
  });
  cookie = await signInAsAdmin(app.url);
});

test.afterAll(async () => {
  await app?.close();
  await receiver?.close();
  await partner?.close();
});

function staff(method: string, path: string, body?: unknown) {
  return fetch(`${app.url}${path}`, {
    method,
    headers: { Cookie: cookie, 'Content-Type': 'application/json', Origin: app.url },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

interface Delivery {
  id: string;
  type: string;
  status: string;
  attempts: number;
}

async function deliveries(): Promise<Delivery[]> {
  const response = await staff('GET', `/api/partners/${demoPartnerKey}/webhook/deliveries`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { deliveries: Delivery[] }).deliveries;
}

/** Waits for the receiver to have verified an event matching `match`, and returns it. */
async function receivedEvent(
  match: (event: VerifiedEvent) => boolean,
  timeout = 15_000,
): Promise<VerifiedEvent> {
  await expect.poll(() => verified.some(match), { timeout }).toBe(true);
  return verified.find(match) as VerifiedEvent;
}

/** Signs the browser in as staff, with the session cookie the API gave. */
async function signInBrowser(page: Page) {
  const equals = cookie.indexOf('=');
  await page
    .context()
    .addCookies([{ name: cookie.slice(0, equals), value: cookie.slice(equals + 1), url: app.url }]);
}

test('a webhook URL inside the network, or without https, is refused naming url, and nothing is kept', async () => {
  for (const url of [
    `${app.url}/api/health`,
    `https://127.0.0.1:${new URL(app.url).port}/api/health`,
    'https://10.0.0.1/hooks',
    'https://169.254.169.254/latest/meta-data/',
    'http://partner.example/hooks',
  ]) {
    const refused = await staff('PUT', `/api/partners/${demoPartnerKey}/webhook`, {
      url,
      events: ['quote.created'],
      enabled: true,
    });
    expect(refused.status, url).toBe(400);
    expect(await refused.json(), url).toMatchObject({ fields: { url: expect.any(String) } });
  }
  expect((await staff('GET', `/api/partners/${demoPartnerKey}/webhook`)).status).toBe(404);
});

test('a quote sent inside the element on the partner’s site, then marked Contacted, reaches the partner signed', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const set = await staff('PUT', `/api/partners/${demoPartnerKey}/webhook`, {
    url: `${receiver.origin}/cleanquote/events`,
    events: ['quote.created', 'quote.status_changed'],
    enabled: true,
  });
  expect(set.status).toBe(200);
  secret = ((await set.json()) as { secret: string }).secret;
  expect(secret).toMatch(/^whsec_/);

  await page.goto(`${partner.url}/two-wizards.html`);
  const endOfLease = page.locator('#end-of-lease-quote');
  await expect(endOfLease).toHaveAttribute('partner-ref', 'case-123');
  await answerEndOfLease(endOfLease, visitor);
  const sent = await sendQuote(page, endOfLease);
  expect(sent.status).toBe(201);

  const created = await receivedEvent((event) => event.type === 'quote.created');
  expect(created.data).toEqual({
    reference: sent.reference,
    partnerRef: 'case-123',
    service: 'end-of-lease',
    status: 'new',
    createdAt: expect.stringMatching(/Z$/),
  });
  for (const personal of [visitor.name, visitor.email, visitor.phone, visitor.address]) {
    expect(created.body).not.toContain(personal);
  }

  // Staff mark it Contacted from the inbox, as they would any quote.
  await signInBrowser(page);
  await page.goto(`${app.url}/admin`);
  const row = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: visitor.name, exact: true }) });
  await row.getByRole('button', { name: 'Mark as Contacted', exact: true }).click();
  await expect(row.getByText('Contacted', { exact: true })).toBeVisible();

  const changed = await receivedEvent((event) => event.type === 'quote.status_changed');
  expect(changed.data).toEqual({
    reference: sent.reference,
    partnerRef: 'case-123',
    service: 'end-of-lease',
    status: 'contacted',
    previousStatus: 'new',
    changedAt: expect.stringMatching(/Z$/),
  });
  await expect
    .poll(async () => (await deliveries()).map((delivery) => delivery.status))
    .toEqual(['delivered', 'delivered']);
});

test('a receiver answering 500 twice then 200 gets the same webhook-id three times, and it is delivered', async () => {
  let calls = 0;
  respond = () => {
    calls += 1;
    return { status: calls <= 2 ? 500 : 200 };
  };
  const before = receiver.received.length;
  const queued = await staff('POST', `/api/partners/${demoPartnerKey}/webhook/test`);
  expect(queued.status).toBe(202);
  const { id } = (await queued.json()) as { id: string };

  await expect
    .poll(async () => (await deliveries()).find((delivery) => delivery.id === id), { timeout: 20_000 })
    .toMatchObject({ status: 'delivered', attempts: 3 });
  const attempts = receiver.received.slice(before);
  expect(attempts.map((request) => request.headers['webhook-id'])).toEqual([id, id, id]);
  expect(verified.filter((event) => event.id === id).map((event) => event.type)).toEqual([
    'webhook.test',
    'webhook.test',
    'webhook.test',
  ]);
  respond = () => ({ status: 204 });
});

test('a server killed mid-delivery sends the event after its restart, with the same webhook-id', async () => {
  test.setTimeout(120_000);
  // The receiver takes the request and never answers: the server is killed while it waits.
  respond = () => 'stall';
  const before = receiver.received.length;
  const [quote] = (await (await staff('GET', '/api/contact')).json()) as { id: string }[];
  const moved = await staff('POST', `/api/contact/${quote?.id}/status`, { status: 'quoted' });
  expect(moved.status).toBe(200);
  await expect.poll(() => receiver.received.length).toBe(before + 1);
  const id = receiver.received[before]?.headers['webhook-id'];

  respond = () => ({ status: 200 });
  await app.restart('SIGKILL');

  // Sent again once the killed process's claim runs out (the longest an attempt may take).
  await expect
    .poll(async () => (await deliveries()).find((delivery) => delivery.id === id), { timeout: 60_000 })
    .toMatchObject({ status: 'delivered', type: 'quote.status_changed' });
  const again = receiver.received.slice(before).map((request) => request.headers['webhook-id']);
  expect(new Set(again)).toEqual(new Set([id]));
  const event = verified.filter((received) => received.id === id).at(-1);
  expect(event?.data).toMatchObject({
    status: 'quoted',
    previousStatus: 'contacted',
    partnerRef: 'case-123',
  });
});

test('every request the receiver got verified with the partner’s secret, and deduped by webhook-id each event came once', async () => {
  expect(unverified).toEqual([]);
  const listed = await deliveries();
  expect(listed.every((delivery) => delivery.status === 'delivered')).toBe(true);
  expect(new Set(verified.map((event) => event.id))).toEqual(new Set(listed.map((delivery) => delivery.id)));
});
