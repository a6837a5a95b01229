import { quoteTotals } from '@cleanquote/quote-core/staff';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type FakeXero, productEnvironmentFor, startFakeXero } from '../../../tests/support/fake-xero.ts';
import { xeroSyncJobs } from '../db/schema.ts';
import { ManualClock } from '../jobs/clock.ts';
import { backoff } from '../lib/durable-queue.ts';
import { createLogger } from '../lib/logger.ts';
import type { MailDeliveryWorker } from '../mail/delivery.ts';
import { SAMPLE_LINES, sendQuoteAsStaff } from '../test-support/priced-quotes.ts';
import { createQuoteRequestDesk, type QuoteRequestDesk } from '../test-support/quote-request-desk.ts';
import {
  startSmtpTestServer as startSmtp,
  type startSmtpTestServer,
} from '../test-support/smtp-test-server.ts';
import { startTestMailDelivery } from '../test-support/test-mail.ts';
import type { QuoteXeroSync, XeroSyncSettingsView } from './sync-queue.ts';
import { XeroSyncWorker, xeroSyncBackoff } from './sync-worker.ts';
import { XeroService } from './xero-service.ts';

const MAIL_FROM = 'Sparkle Clean <quotes@sparkleclean.example>';
const READ_ONLY_SCOPES =
  'openid profile email offline_access accounting.settings.read accounting.reports.profitandloss.read accounting.reports.balancesheet.read';

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

/**
 * An inbox with a fake Xero connected (with the write scopes unless `scopes` says otherwise), a real
 * SMTP server for the customers' mails, and a sync worker on `clock` retrying after `retryBaseMs`.
 */
async function setUp({
  scopes,
  retryBaseMs = 20,
  clock,
}: {
  scopes?: string;
  retryBaseMs?: number;
  clock?: ManualClock;
} = {}) {
  fake = await startFakeXero();
  smtp = await startSmtp();
  inbox = await createQuoteRequestDesk({
    ...productEnvironmentFor(fake),
    SMTP_URL: smtp.url,
    MAIL_FROM,
    XERO_TIMEOUT_MS: '2000',
    ...(scopes ? { XERO_SCOPES: scopes } : {}),
  });
  mail = startTestMailDelivery(inbox.database, { smtpUrl: smtp.url, from: MAIL_FROM });
  const app = inbox;
  const start = await app.app.request('/xero/connect', { headers: { Cookie: app.cookie } });
  const consent = await fetch(start.headers.get('Location') ?? '', { redirect: 'manual' });
  const callback = new URL(consent.headers.get('Location') ?? '');
  const page = await app.app.request(`/xero/callback${callback.search}`, { headers: { Cookie: app.cookie } });
  expect(page.status).toBe(200);
  const xero = new XeroService(app.database, app.environment, createLogger('silent'));
  sync = new XeroSyncWorker(app.database, xero, createLogger('silent'), {
    retryBaseMs,
    timeoutMs: 2_000,
    pollIntervalMs: 20,
    clock,
  }).start();
  return app;
}

const tenantId = () => fake?.tenants[0]?.tenantId ?? '';

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

async function chooseOrganisation(body: Record<string, unknown> = { tenantId: tenantId() }) {
  const response = await staff('/api/xero/sync', { method: 'PUT', body: JSON.stringify(body) });
  return {
    status: response.status,
    body: (await response.json()) as XeroSyncSettingsView & { error?: string },
  };
}

async function quoteSync(id: string): Promise<QuoteXeroSync> {
  const response = await staff(`/api/contact/${id}/xero`);
  expect(response.status).toBe(200);
  return (await response.json()) as QuoteXeroSync;
}

/** A request from `email`, priced and sent as staff do; the customer's link token. */
async function sentQuote(email = 'priya.shah@example.com', name = 'Priya Shah') {
  if (!inbox || !smtp) throw new Error('not set up');
  const quote = await inbox.storeQuote({ email, name });
  const { token } = await sendQuoteAsStaff(staff, quote.id, smtp.received);
  return { ...quote, token };
}

/** The customer's answer on their quote's page, as its form posts it. */
function answerQuote(token: string, form: 'accept' | 'decline', fields: Record<string, string>) {
  if (!inbox) throw new Error('no inbox');
  return inbox.app.request(`/quote/${token}/${form}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'https://clean.example' },
    body: new URLSearchParams(fields).toString(),
  });
}

const accept = (token: string) => answerQuote(token, 'accept', { name: 'Priya Shah', accept: 'yes' });

/** The POSTs to one Xero collection that created or changed something (replays and failures aside). */
const writesTo = (collection: string) =>
  (fake?.requests ?? []).filter(
    (request) => request.method === 'POST' && request.path.endsWith(`/${collection}`),
  );

describe('choosing the organisation', () => {
  it('defaults to account 200 and GST on income, saves the choice and stops with tenantId null', async () => {
    await setUp();
    const before = await staff('/api/xero/sync');
    expect(await before.json()).toEqual({
      tenantId: null,
      tenantName: null,
      accountCode: '200',
      taxType: 'OUTPUT',
      canWrite: true,
    });
    const chosen = await chooseOrganisation({ tenantId: tenantId(), accountCode: '4100', taxType: 'OUTPUT' });
    expect(chosen).toEqual({
      status: 200,
      body: {
        tenantId: tenantId(),
        tenantName: 'Sparkle Clean Pty Ltd',
        accountCode: '4100',
        taxType: 'OUTPUT',
        canWrite: true,
      },
    });
    const bad = await chooseOrganisation({ tenantId: tenantId(), accountCode: 'no spaces!', taxType: 'VAT' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      fields: { accountCode: expect.any(String), taxType: expect.any(String) },
    });
    const unknown = await chooseOrganisation({ tenantId: 'not-connected' });
    expect(unknown.status).toBe(404);
    const stopped = await chooseOrganisation({ tenantId: null });
    expect(stopped.body).toMatchObject({ tenantId: null, accountCode: '4100' });
  });

  it('refuses an organisation Xero granted only the report scopes, and says so on the status', async () => {
    await setUp({ scopes: READ_ONLY_SCOPES });
    const status = (await (await staff('/api/xero/status')).json()) as { tenants: { canWrite: boolean }[] };
    expect(status.tenants).toEqual([expect.objectContaining({ canWrite: false })]);
    const refused = await chooseOrganisation();
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('Reconnect to allow quotes and invoices');
    expect(((await (await staff('/api/xero/sync')).json()) as XeroSyncSettingsView).canWrite).toBe(false);
  });

  it('defaults to GST-free income when the business is not registered for GST', async () => {
    fake = await startFakeXero();
    inbox = await createQuoteRequestDesk({ ...productEnvironmentFor(fake), GST_REGISTERED: 'false' });
    expect(await (await staff('/api/xero/sync')).json()).toMatchObject({ taxType: 'EXEMPTOUTPUT' });
  });
});

describe('quotes and invoices in Xero', () => {
  it('creates the quote with the customer as contact, updates it for version 2, accepts it and invoices once', async () => {
    await setUp();
    await chooseOrganisation();
    const first = await sentQuote();
    await vi.waitFor(async () => expect((await quoteSync(first.id)).state).toBe('in-xero'), {
      timeout: 5_000,
    });
    const [xeroQuote] = fake?.quotes() ?? [];
    const totals = quoteTotals(SAMPLE_LINES, true);
    expect(xeroQuote).toMatchObject({
      Status: 'SENT',
      Reference: first.reference,
      LineAmountTypes: 'Inclusive',
      Total: totals.totalCents / 100,
    });
    expect(xeroQuote?.LineItems).toHaveLength(SAMPLE_LINES.length);
    expect(xeroQuote?.LineItems?.map((line) => [line.Description, line.Quantity, line.UnitAmount])).toEqual(
      SAMPLE_LINES.map((line) => [line.description, line.quantity, line.unitPriceCents / 100]),
    );
    expect(
      xeroQuote?.LineItems?.every((line) => line.AccountCode === '200' && line.TaxType === 'OUTPUT'),
    ).toBe(true);
    expect(fake?.contacts()).toEqual([
      expect.objectContaining({ Name: 'Priya Shah', EmailAddress: 'priya.shah@example.com' }),
    ]);
    expect((await quoteSync(first.id)).quoteNumber).toBe(xeroQuote?.QuoteNumber);

    // Version 2 updates the same Xero quote.
    const v2Lines = [{ description: 'End of Lease Cleaning', quantity: 1, unitPriceCents: 31_000 }];
    const { token } = await sendQuoteAsStaff(staff, first.id, smtp?.received ?? [], { lines: v2Lines });
    await vi.waitFor(() => expect(fake?.quotes()[0]?.Total).toBe(310), { timeout: 5_000 });
    expect(fake?.quotes()).toHaveLength(1);

    // A second quote for the same email reuses the contact.
    const second = await sentQuote('PRIYA.SHAH@example.com', 'Priya Shah');
    await vi.waitFor(async () => expect((await quoteSync(second.id)).state).toBe('in-xero'), {
      timeout: 5_000,
    });
    expect(fake?.contacts()).toHaveLength(1);
    expect(fake?.quotes()).toHaveLength(2);

    // The customer's accept answers at once; the Xero quote becomes ACCEPTED.
    expect((await accept(token)).status).toBe(303);
    await vi.waitFor(() => expect(fake?.quotes()[0]?.Status).toBe('ACCEPTED'), { timeout: 5_000 });
    expect((await quoteSync(first.id)).canCreateInvoice).toBe(true);

    const pressed = await Promise.all([
      staff(`/api/contact/${first.id}/xero/invoice`, { method: 'POST' }),
      staff(`/api/contact/${first.id}/xero/invoice`, { method: 'POST' }),
    ]);
    expect(pressed.map((response) => response.status).sort()).toEqual([200, 202]);
    await vi.waitFor(async () => expect((await quoteSync(first.id)).invoice.state).toBe('created'), {
      timeout: 5_000,
    });
    const invoices = fake?.invoices() ?? [];
    expect(invoices).toEqual([
      expect.objectContaining({
        Type: 'ACCREC',
        Status: 'DRAFT',
        Reference: first.reference,
        LineAmountTypes: 'Inclusive',
        Total: 310,
      }),
    ]);
    const synced = await quoteSync(first.id);
    expect(synced.invoice.number).toBe(invoices[0]?.InvoiceNumber);
    expect(synced.invoice.url).toContain(invoices[0]?.InvoiceID);
    expect(synced.canCreateInvoice).toBe(false);
    expect((await staff(`/api/contact/${first.id}/xero/invoice`, { method: 'POST' })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(fake?.invoices()).toHaveLength(1);
  });

  it('a declined quote is DECLINED in Xero, and can not be invoiced', async () => {
    await setUp();
    await chooseOrganisation();
    const quote = await sentQuote();
    await vi.waitFor(() => expect(fake?.quotes()[0]?.Status).toBe('SENT'), { timeout: 5_000 });
    expect((await answerQuote(quote.token, 'decline', { reason: 'Found someone closer' })).status).toBe(303);
    await vi.waitFor(() => expect(fake?.quotes()[0]?.Status).toBe('DECLINED'), { timeout: 5_000 });
    expect((await quoteSync(quote.id)).canCreateInvoice).toBe(false);
    const refused = await staff(`/api/contact/${quote.id}/xero/invoice`, { method: 'POST' });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ error: 'Only an accepted quote can be invoiced.' });
  });

  it('sends nothing to Xero while no organisation is chosen', async () => {
    await setUp();
    const quote = await sentQuote();
    expect((await quoteSync(quote.id)).state).toBe('off');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(fake?.quotes()).toEqual([]);
  });
});

describe('when Xero fails', () => {
  it('retries after 500, 500, 500 with the same Idempotency-Key and creates one quote', async () => {
    await setUp();
    await chooseOrganisation();
    fake?.failTimes('/api.xro/2.0/Quotes', 500, 3);
    const quote = await sentQuote();
    await vi.waitFor(async () => expect((await quoteSync(quote.id)).state).toBe('in-xero'), {
      timeout: 5_000,
    });
    const attempts = writesTo('Quotes');
    expect(attempts).toHaveLength(4);
    expect(new Set(attempts.map((attempt) => attempt.idempotencyKey))).toEqual(
      new Set([`${quote.id}:1:quote`]),
    );
    expect(fake?.quotes()).toHaveLength(1);
  });

  it('a lost answer is replayed by Xero: the retry with the same key creates nothing more', async () => {
    await setUp();
    await chooseOrganisation();
    // Xero creates the quote but the answer never arrives in time.
    fake?.delayNext('/api.xro/2.0/Quotes', 3_000);
    const quote = await sentQuote();
    await vi.waitFor(async () => expect((await quoteSync(quote.id)).state).toBe('in-xero'), {
      timeout: 10_000,
    });
    expect(fake?.quotes()).toHaveLength(1);
  });

  it('waits the Retry-After of a 429 before trying again', async () => {
    const clock = new ManualClock(Date.now());
    await setUp({ clock });
    await chooseOrganisation();
    fake?.rateLimitNext('/api.xro/2.0/Quotes', 120);
    const quote = await sentQuote();
    // The job is due from the real time it was queued: the worker's clock catches up to it, then stands.
    clock.set(Date.now());
    await vi.waitFor(async () => expect((await quoteSync(quote.id)).state).toBe('failed'), {
      timeout: 5_000,
    });
    const [job] =
      (await inbox?.database.db.select().from(xeroSyncJobs).where(eq(xeroSyncJobs.quoteId, quote.id))) ?? [];
    expect(job?.nextAttemptAt.getTime()).toBe(clock.now().getTime() + 120_000);
    clock.advance(119_000);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(writesTo('Quotes')).toHaveLength(1);
    clock.advance(1_000);
    await vi.waitFor(async () => expect((await quoteSync(quote.id)).state).toBe('in-xero'), {
      timeout: 5_000,
    });
    expect(writesTo('Quotes')).toHaveLength(2);
  });

  it('Xero down: the accept answers at once, the quote shows the failure, Retry sends it when Xero is back', async () => {
    await setUp({ retryBaseMs: 3_600_000 });
    await chooseOrganisation();
    fake?.failAlways('/api.xro/2.0/', 503);
    const quote = await sentQuote();
    await vi.waitFor(async () => expect((await quoteSync(quote.id)).state).toBe('failed'), {
      timeout: 5_000,
    });
    const failed = await quoteSync(quote.id);
    expect(failed.reason).toMatch(/^Xero answered 503/);
    const status = (await (await staff('/api/admin/status')).json()) as { xeroSyncFailed: number };
    expect(status.xeroSyncFailed).toBe(1);

    expect((await accept(quote.token)).status).toBe(303);

    fake?.stopFailing();
    const retried = await staff(`/api/contact/${quote.id}/xero/retry`, { method: 'POST' });
    expect(retried.status).toBe(200);
    // Counted afresh: 'Waiting for Xero' until the worker has tried it.
    expect(((await retried.json()) as QuoteXeroSync).state).not.toBe('failed');
    await vi.waitFor(async () => expect((await quoteSync(quote.id)).state).toBe('in-xero'), {
      timeout: 5_000,
    });
    expect(fake?.quotes()).toEqual([expect.objectContaining({ Status: 'ACCEPTED' })]);
    expect(
      ((await (await staff('/api/admin/status')).json()) as { xeroSyncFailed: number }).xeroSyncFailed,
    ).toBe(0);
  });

  it('a lost grant is "Reconnect needed in Xero" until the organisation is connected again', async () => {
    await setUp({ retryBaseMs: 3_600_000 });
    await chooseOrganisation();
    fake?.revokeGrant();
    fake?.expireAccessTokens();
    const quote = await sentQuote();
    await vi.waitFor(
      async () => expect((await quoteSync(quote.id)).reason).toBe('Reconnect needed in Xero'),
      {
        timeout: 5_000,
      },
    );
    const app = inbox as QuoteRequestDesk;
    const start = await app.app.request('/xero/connect', { headers: { Cookie: app.cookie } });
    const consent = await fetch(start.headers.get('Location') ?? '', { redirect: 'manual' });
    const callback = new URL(consent.headers.get('Location') ?? '');
    await app.app.request(`/xero/callback${callback.search}`, { headers: { Cookie: app.cookie } });
    await vi.waitFor(async () => expect((await quoteSync(quote.id)).state).toBe('in-xero'), {
      timeout: 5_000,
    });
  });
});

describe('the retry schedule', () => {
  it('waits base × 4^(n−1), capped at three hours', () => {
    const wait = backoff(xeroSyncBackoff(5_000));
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((attempts) => wait(attempts))).toEqual([
      5_000, 20_000, 80_000, 320_000, 1_280_000, 5_120_000, 10_800_000, 10_800_000,
    ]);
  });
});
