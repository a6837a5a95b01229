import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { insertSentQuote } from '../test-support/priced-quotes.ts';
import { validQuoteRequests } from '../test-support/quote-requests.ts';
import { createTestAdmin, signIn } from '../test-support/sign-in.ts';
import { eq, quoteRequests, webhookDeliveries } from '../test-support/stored-rows.ts';
import { createTestApp } from '../test-support/test-app.ts';
import { quotedDurationMinutes } from './customer-booking.ts';
import { offeredWindowsFor } from './visits.ts';
import { slotValue } from './window-labels.ts';

const partnerSite = 'https://agency.example';
let context: Awaited<ReturnType<typeof createTestApp>>;
let cookie: string;

beforeEach(async () => {
  context = await createTestApp({
    PARTNER_ORIGINS: `agency=${partnerSite}`,
    SECRETS_KEY: Buffer.alloc(32, 7).toString('base64'),
    WEBHOOK_ALLOWED_HTTP_ORIGINS: 'http://127.0.0.1:4999',
  });
  await createTestAdmin(context.database);
  cookie = await signIn(context.app);
});
afterEach(() => context.close());

function staff(method: string, path: string, body?: unknown) {
  return context.app.request(path, {
    method,
    headers: { Cookie: cookie, 'Content-Type': 'application/json', Origin: 'https://clean.example' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

function customerForm(token: string, form: string, fields: Record<string, string>) {
  return context.app.request(`/quote/${token}/${form}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
}

describe('a partner’s webhook hears of its quotes’ visits', () => {
  it('queues visit.booked, visit.rescheduled and visit.cancelled with the reference, the partner’s reference and the window only', async () => {
    const events = ['visit.booked', 'visit.rescheduled', 'visit.cancelled', 'visit.completed'];
    const saved = await staff('PUT', '/api/partners/agency/webhook', {
      url: 'http://127.0.0.1:4999/hooks',
      events,
      enabled: true,
    });
    expect(saved.status).toBe(200);
    const submitted = await context.app.request('/api/service-form', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: partnerSite, 'X-Partner-Key': 'agency' },
      body: JSON.stringify({ ...validQuoteRequests.endOfLeaseWithCarpet, partnerRef: 'CASE-42' }),
    });
    expect(submitted.status).toBe(201);
    const [request] = await context.database.db.select().from(quoteRequests);
    if (!request) throw new Error('no request');
    const { token, id } = await insertSentQuote(context.database, request.id, {
      status: 'accepted',
      withMail: false,
    });
    const durationMinutes = await quotedDurationMinutes(context.database.db, id);
    const { windows } = await offeredWindowsFor(context.database.db, { durationMinutes, now: new Date() });
    const [first, second] = windows;
    if (!first || !second) throw new Error('fewer than two windows');

    expect((await customerForm(token, 'book', { slot: slotValue(first.start) })).status).toBe(303);
    expect((await customerForm(token, 'reschedule', { slot: slotValue(second.start) })).status).toBe(303);
    expect((await customerForm(token, 'cancel', {})).status).toBe(303);

    const queued = await context.database.db
      .select({ type: webhookDeliveries.type, payload: webhookDeliveries.payload })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.partnerKey, 'agency'));
    const visitEvents = queued.filter((delivery) => delivery.type.startsWith('visit.'));
    expect(visitEvents.map((delivery) => delivery.type)).toEqual([
      'visit.booked',
      'visit.rescheduled',
      'visit.cancelled',
    ]);
    const data = (delivery: (typeof visitEvents)[number]) =>
      (typeof delivery.payload === 'string' ? JSON.parse(delivery.payload) : delivery.payload).data;
    expect(data(visitEvents[0] as (typeof visitEvents)[number])).toEqual({
      reference: request.reference,
      partnerRef: 'CASE-42',
      start: first.start.toISOString(),
      end: first.end.toISOString(),
    });
    expect(data(visitEvents[1] as (typeof visitEvents)[number])).toMatchObject({
      start: second.start.toISOString(),
    });
  });
});
