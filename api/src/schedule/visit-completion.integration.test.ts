import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type FakeXero, productEnvironmentFor, startFakeXero } from '../../../tests/support/fake-xero.ts';
import { newRowId } from '../db/row-id.ts';
import { outbox, pricedQuotes, teams, visitSeries, visits, xeroSyncJobs } from '../db/schema.ts';
import { createLogger } from '../lib/logger.ts';
import type { MailDeliveryWorker } from '../mail/delivery.ts';
import { SAMPLE_LINES, sendQuoteAsStaff } from '../test-support/priced-quotes.ts';
import { createQuoteRequestDesk, type QuoteRequestDesk } from '../test-support/quote-request-desk.ts';
import { type ReceivedMail, startSmtpTestServer } from '../test-support/smtp-test-server.ts';
import { startTestMailDelivery } from '../test-support/test-mail.ts';
import type { QuoteXeroSync, VisitInvoice } from '../xero/sync-queue.ts';
import { XeroSyncWorker } from '../xero/sync-worker.ts';
import { XeroService } from '../xero/xero-service.ts';
import { RECLEAN_OFFER } from './completion-mail.ts';

// Completing a visit as staff do (PATCH /api/visits/:id), on the real database, the real SMTP test
// server and the fake Xero: the customer's one mail, and the visit's invoice approved in Xero.

const MAIL_FROM = 'Sparkle Clean <quotes@sparkleclean.example>';
const HOUR = 60 * 60 * 1000;
const PAYMENT_TERMS =
  'Payment is due on completion of the service unless otherwise agreed in writing. We accept payment by bank transfer or card; cash is also accepted when arranged with us beforehand.';

let fake: FakeXero | undefined;
let desk: QuoteRequestDesk | undefined;
let smtp: Awaited<ReturnType<typeof startSmtpTestServer>> | undefined;
let mail: MailDeliveryWorker | undefined;
let sync: XeroSyncWorker | undefined;

afterEach(async () => {
  await sync?.stop();
  await mail?.stop();
  await smtp?.close();
  desk?.close();
  await fake?.close();
  sync = mail = smtp = desk = fake = undefined;
});

/**
 * The desk with the fake Xero connected and chosen for quotes (unless `xero` is false), mail
 * delivered to the SMTP test server, and the sync worker retrying after `retryBaseMs`.
 */
async function setUp({ xero = true, retryBaseMs = 20 }: { xero?: boolean; retryBaseMs?: number } = {}) {
  fake = await startFakeXero();
  smtp = await startSmtpTestServer();
  desk = await createQuoteRequestDesk({
    ...productEnvironmentFor(fake),
    SMTP_URL: smtp.url,
    MAIL_FROM,
    XERO_TIMEOUT_MS: '1000',
  });
  mail = startTestMailDelivery(desk.database, { smtpUrl: smtp.url, from: MAIL_FROM });
  const start = await desk.app.request('/xero/connect', { headers: { Cookie: desk.cookie } });
  const consent = await fetch(start.headers.get('Location') ?? '', { redirect: 'manual' });
  const callback = new URL(consent.headers.get('Location') ?? '');
  await desk.app.request(`/xero/callback${callback.search}`, { headers: { Cookie: desk.cookie } });
  const service = new XeroService(desk.database, desk.environment, createLogger('silent'));
  sync = new XeroSyncWorker(desk.database, service, createLogger('silent'), {
    retryBaseMs,
    timeoutMs: 1_000,
    pollIntervalMs: 20,
  }).start();
  if (xero) {
    const chosen = await staff('/api/xero/sync', {
      method: 'PUT',
      body: JSON.stringify({ tenantId: fake.tenants[0]?.tenantId }),
    });
    expect(chosen.status).toBe(200);
  }
}

function staff(path: string, init: RequestInit = {}) {
  if (!desk) throw new Error('not set up');
  return desk.app.request(path, {
    ...init,
    headers: {
      Cookie: desk.cookie,
      Origin: 'https://clean.example',
      ...(init.body ? { 'Content-Type': 'application/json' } : {}),
      ...init.headers,
    },
  });
}

/** A request whose $495.00 quote was sent and accepted by Priya on her page. */
async function acceptedQuote() {
  if (!desk || !smtp) throw new Error('not set up');
  const request = await desk.storeQuote({ email: 'priya.shah@example.com', name: 'Priya Shah' });
  const { token } = await sendQuoteAsStaff(staff, request.id, smtp.received);
  const accepted = await desk.app.request(`/quote/${token}/accept`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'https://clean.example' },
    body: new URLSearchParams({ name: 'Priya Shah', accept: 'yes' }).toString(),
  });
  expect(accepted.status).toBe(303);
  return request;
}

/** Staff place the request's visit at `start` (an arrival window that has begun, so it can be done). */
async function bookVisit(quoteId: string, start: Date): Promise<{ id: string; start: string }> {
  const booked = await staff(`/api/contact/${quoteId}/visit`, {
    method: 'POST',
    body: JSON.stringify({ start: start.toISOString(), override: true }),
  });
  expect(booked.status).toBe(201);
  return (await booked.json()) as { id: string; start: string };
}

function complete(visitId: string, body: Record<string, unknown> = {}) {
  return staff(`/api/visits/${visitId}`, {
    method: 'PATCH',
    body: JSON.stringify({ status: 'completed', ...body }),
  });
}

/** The visit as the request's page reads it, with its invoice. */
async function visitOfRequest(quoteId: string) {
  const response = await staff(`/api/contact/${quoteId}/visit`);
  return ((await response.json()) as { visit: { id: string; invoice: VisitInvoice | null } }).visit;
}

async function quoteSync(quoteId: string): Promise<QuoteXeroSync> {
  return (await (await staff(`/api/contact/${quoteId}/xero`)).json()) as QuoteXeroSync;
}

/** The completion mails received so far (by their subject line's thread or their text). */
function completionMails(): ReceivedMail[] {
  return (smtp?.received ?? []).filter((received) => received.text.includes(RECLEAN_OFFER));
}

async function completionMail(): Promise<ReceivedMail> {
  await vi.waitFor(() => expect(completionMails()).toHaveLength(1), { timeout: 5_000 });
  return completionMails()[0] as ReceivedMail;
}

const invoiceWrites = () =>
  (fake?.requests ?? []).filter((request) => request.method === 'POST' && request.path.endsWith('/Invoices'));

describe('a one-off completed', () => {
  it("approves the draft made with 'Create Invoice in Xero', and mails the customer once", async () => {
    await setUp();
    const request = await acceptedQuote();
    expect((await staff(`/api/contact/${request.id}/xero/invoice`, { method: 'POST' })).status).toBe(202);
    await vi.waitFor(() => expect(fake?.invoices()).toEqual([expect.objectContaining({ Status: 'DRAFT' })]), {
      timeout: 5_000,
    });
    const visit = await bookVisit(request.id, new Date(Date.now() - 3 * HOUR));

    const completed = await complete(visit.id);
    expect(completed.status).toBe(200);
    // Answered before Xero is asked anything.
    expect(((await completed.json()) as { invoice: VisitInvoice | null }).invoice).toMatchObject({
      status: 'waiting',
      number: null,
    });

    await vi.waitFor(() => expect(fake?.invoices()[0]?.Status).toBe('AUTHORISED'), { timeout: 5_000 });
    const invoices = fake?.invoices() ?? [];
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({ Reference: request.reference, Total: 495 });
    await vi.waitFor(async () =>
      expect((await visitOfRequest(request.id))?.invoice).toMatchObject({
        status: 'done',
        number: invoices[0]?.InvoiceNumber,
        error: null,
      }),
    );

    const received = await completionMail();
    expect(received.envelope.to).toEqual(['priya.shah@example.com']);
    expect(received.html).toContain('Something not right? Tell us within 24 hours');
    expect(received.text).toContain('is done: the team finished at');
    expect(received.text).toContain('Amount due: $495.00 incl. GST.');
    expect(received.text).toContain(`How to pay: ${PAYMENT_TERMS}`);
    // Staff never hold the customer's link: the mail carries a new one, which opens their page with
    // 'Report a problem' on it.
    const pageLink = received.text
      .split(`${RECLEAN_OFFER}: `)[1]
      ?.match(/^\S+\/quote\/[A-Za-z0-9_-]{22}/)?.[0];
    expect(pageLink).toBeDefined();
    const page = await (desk as QuoteRequestDesk).app.request(new URL(pageLink ?? '').pathname);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Report a problem');
    expect(received.text).toContain(`Reference: ${request.reference}`);

    // Completed once: a second completion is refused and sends nothing more.
    expect((await complete(visit.id)).status).toBe(409);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(completionMails()).toHaveLength(1);
    expect(fake?.invoices()).toHaveLength(1);
  });

  it("without a draft, creates the quote's invoice AUTHORISED, and 'Create Invoice in Xero' is no longer offered", async () => {
    await setUp();
    const request = await acceptedQuote();
    expect((await quoteSync(request.id)).canCreateInvoice).toBe(true);
    const visit = await bookVisit(request.id, new Date(Date.now() - 2 * HOUR));
    const finished = new Date(Date.now() - HOUR);
    expect((await complete(visit.id, { completedAt: finished.toISOString() })).status).toBe(200);

    await vi.waitFor(() => expect(fake?.invoices()).toHaveLength(1), { timeout: 5_000 });
    const [invoice] = fake?.invoices() ?? [];
    expect(invoice).toMatchObject({
      Type: 'ACCREC',
      Status: 'AUTHORISED',
      Reference: request.reference,
      LineAmountTypes: 'Inclusive',
      Total: 495,
    });
    expect(invoice?.LineItems.map((line) => [line.Description, line.Quantity, line.UnitAmount])).toEqual(
      SAMPLE_LINES.map((line) => [line.description, line.quantity, line.unitPriceCents / 100]),
    );
    await vi.waitFor(async () =>
      expect((await quoteSync(request.id)).invoice.number).toBe(invoice?.InvoiceNumber),
    );
    const synced = await quoteSync(request.id);
    expect(synced.invoice.state).toBe('created');
    expect(synced.canCreateInvoice).toBe(false);
    // Asked for all the same, nothing more is made: the quote has its invoice.
    expect((await staff(`/api/contact/${request.id}/xero/invoice`, { method: 'POST' })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(fake?.invoices()).toHaveLength(1);
    const [stored] =
      (await desk?.database.db
        .select({ completedAt: visits.completedAt })
        .from(visits)
        .where(eq(visits.id, visit.id))) ?? [];
    expect(stored?.completedAt?.getTime()).toBe(finished.getTime());
  });

  it('with quotes not going to Xero, mails the customer and queues nothing', async () => {
    await setUp({ xero: false });
    const request = await acceptedQuote();
    const visit = await bookVisit(request.id, new Date(Date.now() - HOUR));
    const completed = await complete(visit.id);
    expect(completed.status).toBe(200);
    expect(((await completed.json()) as { invoice: VisitInvoice | null }).invoice).toBeNull();
    expect((await completionMail()).text).toContain('Amount due: $495.00 incl. GST.');
    expect(
      await desk?.database.db.select().from(xeroSyncJobs).where(eq(xeroSyncJobs.action, 'visit-invoice')),
    ).toEqual([]);
  });
});

describe('the time it was finished', () => {
  it('is refused in the future or before the visit started, naming completedAt; nothing is sent', async () => {
    await setUp({ xero: false });
    const request = await acceptedQuote();
    const visit = await bookVisit(request.id, new Date(Date.now() - 2 * HOUR));
    for (const completedAt of [
      new Date(Date.now() + 10 * 60_000).toISOString(),
      new Date(Date.parse(visit.start) - 60_000).toISOString(),
    ]) {
      const refused = await complete(visit.id, { completedAt });
      expect(refused.status).toBe(400);
      const body = (await refused.json()) as { error: string; fields: Record<string, string> };
      expect(Object.keys(body.fields)).toEqual(['completedAt']);
      expect(body.error).toBe('Please check completedAt.');
    }
    // Without its offset, or without the status, it is not read at all.
    const local = await complete(visit.id, { completedAt: '2026-11-28T10:00:00' });
    expect(local.status).toBe(400);
    expect(Object.keys(((await local.json()) as { fields: object }).fields)).toEqual(['completedAt']);
    const alone = await staff(`/api/visits/${visit.id}`, {
      method: 'PATCH',
      body: JSON.stringify({ status: 'cancelled', completedAt: new Date().toISOString() }),
    });
    expect(alone.status).toBe(400);

    const [row] = (await desk?.database.db.select().from(visits).where(eq(visits.id, visit.id))) ?? [];
    expect(row?.status).toBe('booked');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(completionMails()).toEqual([]);
  });
});

/**
 * Makes the request's accepted quote a weekly one at 15% off and gives it a series with an
 * occurrence at each of `starts` (the series' own booking is the lead's; its rows are what count).
 */
async function weeklySeries(quoteId: string, starts: Date[]): Promise<string[]> {
  if (!desk) throw new Error('not set up');
  const db = desk.database;
  const [version] = await db.db.select().from(pricedQuotes).where(eq(pricedQuotes.quoteId, quoteId));
  const [team] = await db.db.select({ id: teams.id }).from(teams).limit(1);
  if (!version || !team) throw new Error('no accepted quote or team');
  const seriesId = newRowId();
  const ids = starts.map(() => newRowId());
  const now = new Date();
  await db.writes.run(async (tx) => {
    // 49 500 cents less 15% (7 425) is 42 075 a visit.
    await tx
      .update(pricedQuotes)
      .set({
        frequency: 'weekly',
        subtotalCents: 49_500,
        discountPercent: 15,
        discountCents: 7_425,
        totalCents: 42_075,
      })
      .where(eq(pricedQuotes.id, version.id));
    await tx.insert(visitSeries).values({
      id: seriesId,
      quoteRequestId: quoteId,
      pricedQuoteId: version.id,
      frequency: 'weekly',
      anchorStart: starts[0] as Date,
      durationMinutes: 180,
      windowMinutes: 120,
      teamId: team.id,
      heldUntil: now,
      createdAt: now,
      updatedAt: now,
    });
    await tx.insert(visits).values(
      starts.map((start, index) => ({
        id: ids[index] as string,
        quoteRequestId: quoteId,
        pricedQuoteId: version.id,
        teamId: team.id,
        seriesId,
        occurrenceStart: start,
        start,
        durationMinutes: 180,
        windowMinutes: 120,
        bookedBy: 'customer' as const,
        createdAt: now,
        updatedAt: now,
      })),
    );
  });
  return ids;
}

describe('a visit of a weekly clean completed', () => {
  it("gets an invoice of its own for the discounted amount, its Reference the request's and the visit's Melbourne date", async () => {
    await setUp();
    const request = await acceptedQuote();
    // 8:30 am in Melbourne is still the day before in UTC; the two visits sit either side of the
    // end of daylight saving (Sunday 5 April 2026).
    const [before, after] = await weeklySeries(request.id, [
      new Date('2026-04-04T08:30:00+11:00'),
      new Date('2026-04-11T08:30:00+10:00'),
    ]);
    expect((await complete(before as string)).status).toBe(200);
    expect((await complete(after as string)).status).toBe(200);

    await vi.waitFor(() => expect(fake?.invoices()).toHaveLength(2), { timeout: 5_000 });
    await new Promise((resolve) => setTimeout(resolve, 200));
    const invoices = fake?.invoices() ?? [];
    expect(invoices.map((invoice) => invoice.Reference).sort()).toEqual([
      `${request.reference} 2026-04-04`,
      `${request.reference} 2026-04-11`,
    ]);
    for (const invoice of invoices) {
      expect(invoice).toMatchObject({ Status: 'AUTHORISED', Total: 420.75 });
      expect(invoice.LineItems.at(-1)).toMatchObject({
        Description: 'Weekly discount (15%)',
        UnitAmount: -74.25,
      });
    }
    // The quote's own invoice is not theirs: no draft, and none made for the quote.
    expect((await quoteSync(request.id)).invoice.state).toBe('none');
    const texts = completionMails().map((received) => received.text);
    expect(texts).toHaveLength(2);
    for (const text of texts) expect(text).toContain('Amount due: $420.75 incl. GST (per visit, weekly).');
  });
});

describe('when Xero fails', () => {
  it('a 500, then an answer lost in a timeout: the retries carry one Idempotency-Key and leave ONE invoice', async () => {
    await setUp({ retryBaseMs: 500 });
    const request = await acceptedQuote();
    await vi.waitFor(() => expect(fake?.quotes()[0]?.Status).toBe('ACCEPTED'), { timeout: 5_000 });
    const visit = await bookVisit(request.id, new Date(Date.now() - HOUR));
    fake?.failNext('/api.xro/2.0/Invoices', 500);
    expect((await complete(visit.id)).status).toBe(200);
    await vi.waitFor(() => expect(invoiceWrites()).toHaveLength(1), { timeout: 5_000 });
    // The next attempt: Xero writes the invoice, but its answer comes after the call has given up.
    fake?.delayNext('/api.xro/2.0/Invoices', 1_500);

    await vi.waitFor(async () => expect((await visitOfRequest(request.id))?.invoice?.status).toBe('done'), {
      timeout: 10_000,
    });
    expect(fake?.invoices()).toEqual([expect.objectContaining({ Status: 'AUTHORISED' })]);
    const attempts = invoiceWrites();
    expect(attempts.length).toBeGreaterThanOrEqual(3);
    expect(new Set(attempts.map((attempt) => attempt.idempotencyKey))).toEqual(
      new Set([`${request.id}:1:visit-invoice:${visit.id}`]),
    );
    expect(attempts.some((attempt) => attempt.replayed)).toBe(true);
  });

  it("shows the failure on the visit until staff's Retry, then the invoice", async () => {
    await setUp({ retryBaseMs: 3_600_000 });
    const request = await acceptedQuote();
    await vi.waitFor(() => expect(fake?.quotes()[0]?.Status).toBe('ACCEPTED'), { timeout: 5_000 });
    const visit = await bookVisit(request.id, new Date(Date.now() - HOUR));
    fake?.failAlways('/api.xro/2.0/Invoices', 503);
    expect((await complete(visit.id)).status).toBe(200);
    await vi.waitFor(async () => expect((await visitOfRequest(request.id))?.invoice?.status).toBe('failed'), {
      timeout: 5_000,
    });
    const failed = (await visitOfRequest(request.id))?.invoice;
    expect(failed?.error).toMatch(/^Xero answered 503/);
    expect(failed?.jobId).toEqual(expect.any(String));

    fake?.stopFailing();
    expect((await staff(`/api/contact/${request.id}/xero/retry`, { method: 'POST' })).status).toBe(200);
    await vi.waitFor(async () => expect((await visitOfRequest(request.id))?.invoice?.status).toBe('done'), {
      timeout: 5_000,
    });
    expect(fake?.invoices()).toEqual([expect.objectContaining({ Status: 'AUTHORISED', Total: 495 })]);
  });
});

describe('a re-clean completed', () => {
  it('tells the customer it is done and asks nothing to pay; nothing goes to Xero', async () => {
    await setUp();
    const request = await acceptedQuote();
    const first = await bookVisit(request.id, new Date(Date.now() - 30 * HOUR));
    expect((await complete(first.id)).status).toBe(200);
    await vi.waitFor(() => expect(fake?.invoices()).toHaveLength(1), { timeout: 5_000 });
    const recleanId = newRowId();
    const [done] = (await desk?.database.db.select().from(visits).where(eq(visits.id, first.id))) ?? [];
    if (!done) throw new Error('no visit');
    await desk?.database.writes.run((tx) =>
      tx.insert(visits).values({
        ...done,
        id: recleanId,
        kind: 're-clean',
        status: 'booked',
        start: new Date(Date.now() - 2 * HOUR),
        completedAt: null,
        reminderMailId: null,
      }),
    );

    const completed = await complete(recleanId);
    expect(completed.status).toBe(200);
    expect(((await completed.json()) as { invoice: VisitInvoice | null }).invoice).toBeNull();
    await vi.waitFor(() => expect(completionMails()).toHaveLength(2), { timeout: 5_000 });
    const text = completionMails().find((received) => received.text.includes('re-clean'))?.text ?? '';
    expect(text).toContain('The re-clean of your');
    expect(text).toContain('There is nothing to pay');
    expect(text).not.toContain('Amount due');
    expect(text).not.toContain('How to pay');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(fake?.invoices()).toHaveLength(1);
    const stored = await desk?.database.db.select().from(outbox).where(eq(outbox.kind, 'visit-completed'));
    expect(stored).toHaveLength(2);
  });
});
