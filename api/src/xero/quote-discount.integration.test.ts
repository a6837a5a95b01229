import { type QuoteLine, quoteTotals } from '@cleanquote/quote-core/staff';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type FakeXero, productEnvironmentFor, startFakeXero } from '../../../tests/support/fake-xero.ts';
import { createLogger } from '../lib/logger.ts';
import type { MailDeliveryWorker } from '../mail/delivery.ts';
import { quoteTokenIn } from '../test-support/priced-quotes.ts';
import { createQuoteRequestDesk, type QuoteRequestDesk } from '../test-support/quote-request-desk.ts';
import { startSmtpTestServer } from '../test-support/smtp-test-server.ts';
import { startTestMailDelivery } from '../test-support/test-mail.ts';
import type { QuoteXeroSync } from './sync-queue.ts';
import { XeroSyncWorker } from './sync-worker.ts';
import { XeroService } from './xero-service.ts';

const MAIL_FROM = 'Sparkle Clean <quotes@sparkleclean.example>';

/**
 * Lines whose GST rounded per line differs from GST rounded on the sum, and whose 15% is not a whole
 * number of cents: 3 × $56.67 + $0.05 = $170.06; 15% is $25.509 → $25.51; per visit $144.55.
 */
const LINES: QuoteLine[] = [
  { description: 'Regular Cleaning', quantity: 3, unitPriceCents: 5667 },
  { description: 'Window sill', quantity: 1, unitPriceCents: 5 },
];

let fake: FakeXero | undefined;
let inbox: QuoteRequestDesk | undefined;
let smtp: Awaited<ReturnType<typeof startSmtpTestServer>> | undefined;
let mail: MailDeliveryWorker | undefined;
let sync: XeroSyncWorker | undefined;

afterEach(async () => {
  await sync?.stop();
  await mail?.stop();
  await smtp?.close();
  inbox?.close();
  await fake?.close();
  sync = mail = smtp = inbox = fake = undefined;
});

/** An inbox with a fake Xero connected and its organisation chosen, a real SMTP server and a sync worker. */
async function setUp() {
  fake = await startFakeXero();
  smtp = await startSmtpTestServer();
  inbox = await createQuoteRequestDesk({
    ...productEnvironmentFor(fake),
    SMTP_URL: smtp.url,
    MAIL_FROM,
    XERO_TIMEOUT_MS: '2000',
  });
  mail = startTestMailDelivery(inbox.database, { smtpUrl: smtp.url, from: MAIL_FROM });
  const app = inbox;
  const start = await app.app.request('/xero/connect', { headers: { Cookie: app.cookie } });
  const consent = await fetch(start.headers.get('Location') ?? '', { redirect: 'manual' });
  const callback = new URL(consent.headers.get('Location') ?? '');
  expect(
    (await app.app.request(`/xero/callback${callback.search}`, { headers: { Cookie: app.cookie } })).status,
  ).toBe(200);
  const xero = new XeroService(app.database, app.environment, createLogger('silent'));
  sync = new XeroSyncWorker(app.database, xero, createLogger('silent'), {
    retryBaseMs: 20,
    timeoutMs: 2_000,
    pollIntervalMs: 20,
  }).start();
  const chosen = await staff('/api/xero/sync', {
    method: 'PUT',
    body: JSON.stringify({ tenantId: fake.tenants[0]?.tenantId }),
  });
  expect(chosen.status).toBe(200);
}

function staff(path: string, init: RequestInit = {}) {
  if (!inbox) throw new Error('no inbox');
  return inbox.app.request(path, {
    ...init,
    headers: {
      Cookie: inbox.cookie,
      Origin: 'https://clean.example',
      ...(init.body ? { 'Content-Type': 'application/json' } : {}),
      ...init.headers,
    },
  });
}

async function quoteSync(id: string): Promise<QuoteXeroSync> {
  return (await (await staff(`/api/contact/${id}/xero`)).json()) as QuoteXeroSync;
}

describe('a recurring quote in Xero', () => {
  it('carries its discount as a line of its own, so Xero’s quote and invoice total exactly our per-visit total', async () => {
    await setUp();
    const quote = await inbox?.storeQuote({ email: 'priya.shah@example.com', name: 'Priya Shah' });
    if (!quote || !smtp) throw new Error('not set up');
    const drafted = await staff(`/api/contact/${quote.id}/quote`, {
      method: 'POST',
      body: JSON.stringify({ lines: LINES, frequency: 'weekly' }),
    });
    expect(drafted.status).toBe(201);
    expect((await staff(`/api/contact/${quote.id}/quote/send`, { method: 'POST', body: '{}' })).status).toBe(
      200,
    );
    await vi.waitFor(async () => expect((await quoteSync(quote.id)).state).toBe('in-xero'), {
      timeout: 5_000,
    });

    const ours = quoteTotals(LINES, true, 15);
    expect(ours).toMatchObject({ subtotalCents: 17006, discountCents: 2551, totalCents: 14455 });
    const [xeroQuote] = fake?.quotes() ?? [];
    expect(xeroQuote?.LineItems?.map((line) => [line.Description, line.Quantity, line.UnitAmount])).toEqual([
      ['Regular Cleaning', 3, 56.67],
      ['Window sill', 1, 0.05],
      ['Weekly discount (15%)', 1, -25.51],
    ]);
    expect(
      xeroQuote?.LineItems?.every((line) => line.AccountCode === '200' && line.TaxType === 'OUTPUT'),
    ).toBe(true);
    expect(Math.round((xeroQuote?.Total ?? 0) * 100)).toBe(ours.totalCents);

    // Accepted and invoiced from the quote: the draft invoice totals the same per visit.
    const sentMail = await vi.waitFor(
      () => {
        const found = smtp?.received.find((received) => received.text.includes('/quote/'));
        if (!found) throw new Error('the quote mail has not arrived');
        return found;
      },
      { timeout: 5_000 },
    );
    const token = quoteTokenIn(sentMail);
    const accepted = await inbox?.app.request(`/quote/${token}/accept`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'https://clean.example' },
      body: new URLSearchParams({ name: 'Priya Shah', accept: 'yes' }).toString(),
    });
    expect(accepted?.status).toBe(303);
    await vi.waitFor(() => expect(fake?.quotes()[0]?.Status).toBe('ACCEPTED'), { timeout: 5_000 });
    expect([200, 202]).toContain(
      (await staff(`/api/contact/${quote.id}/xero/invoice`, { method: 'POST' })).status,
    );
    await vi.waitFor(() => expect(fake?.invoices()).toHaveLength(1), { timeout: 5_000 });
    const [invoice] = fake?.invoices() ?? [];
    expect(invoice?.LineItems?.at(-1)).toMatchObject({
      Description: 'Weekly discount (15%)',
      UnitAmount: -25.51,
    });
    expect(Math.round((invoice?.Total ?? 0) * 100)).toBe(ours.totalCents);
  });

  it('sends a one-off quote’s lines only', async () => {
    await setUp();
    const quote = await inbox?.storeQuote({ email: 'sam@example.com', name: 'Sam Lee' });
    if (!quote) throw new Error('not set up');
    await staff(`/api/contact/${quote.id}/quote`, { method: 'POST', body: JSON.stringify({ lines: LINES }) });
    await staff(`/api/contact/${quote.id}/quote/send`, { method: 'POST', body: '{}' });
    await vi.waitFor(async () => expect((await quoteSync(quote.id)).state).toBe('in-xero'), {
      timeout: 5_000,
    });
    const [xeroQuote] = fake?.quotes() ?? [];
    expect(xeroQuote?.LineItems?.map((line) => line.Description)).toEqual([
      'Regular Cleaning',
      'Window sill',
    ]);
    expect(Math.round((xeroQuote?.Total ?? 0) * 100)).toBe(17006);
  });
});
