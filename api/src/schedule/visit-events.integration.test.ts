import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { outbox, pricedQuotes, visits } from '../db/schema.ts';
import { CASE_MANAGER_UPDATE_KIND } from '../quote-requests/case-manager-updates.ts';
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

describe('a regular clean tells partners of each visit and the case manager once', () => {
  it('queues visit.booked for each of the 12 visits and visit.cancelled for one skipped; the case manager reads the series once', async () => {
    const saved = await staff('PUT', '/api/partners/agency/webhook', {
      url: 'http://127.0.0.1:4999/hooks',
      events: ['visit.booked', 'visit.cancelled'],
      enabled: true,
    });
    expect(saved.status).toBe(200);
    const submitted = await context.app.request('/api/service-form', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: partnerSite, 'X-Partner-Key': 'agency' },
      body: JSON.stringify({
        ...validQuoteRequests.ndisWithCaseManager,
        caseManagerUpdates: true,
        partnerRef: 'CASE-77',
      }),
    });
    expect(submitted.status).toBe(201);
    const [request] = await context.database.db.select().from(quoteRequests);
    if (!request) throw new Error('no request');
    const { token, id } = await insertSentQuote(context.database, request.id, {
      status: 'accepted',
      withMail: false,
    });
    await context.database.writes.run((tx) =>
      tx.update(pricedQuotes).set({ frequency: 'weekly' }).where(eq(pricedQuotes.id, id)),
    );
    const durationMinutes = await quotedDurationMinutes(context.database.db, id);
    const { windows } = await offeredWindowsFor(context.database.db, { durationMinutes, now: new Date() });
    const [first] = windows;
    if (!first) throw new Error('no window');
    expect((await customerForm(token, 'book', { slot: slotValue(first.start) })).status).toBe(303);
    const held = await context.database.db
      .select({ id: visits.id, start: visits.start })
      .from(visits)
      .orderBy(visits.start);
    expect(held).toHaveLength(12);
    expect((await customerForm(token, `visits/${held[1]?.id}/skip`, {})).status).toBe(303);

    const types = (
      await context.database.db
        .select({ type: webhookDeliveries.type })
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.partnerKey, 'agency'))
    ).map((delivery) => delivery.type);
    expect(types.filter((type) => type === 'visit.booked')).toHaveLength(12);
    expect(types.filter((type) => type === 'visit.cancelled')).toHaveLength(1);

    const updates = await context.database.db
      .select({ text: outbox.textBody })
      .from(outbox)
      .where(eq(outbox.kind, CASE_MANAGER_UPDATE_KIND));
    const booked = updates.filter((update) => (update.text ?? '').includes('regular clean'));
    expect(booked).toHaveLength(1);
    expect(booked[0]?.text).toMatch(/The regular clean is booked: weekly, [A-Z][a-z]+days \d/);
    // The skip is between the customer and the business: no update for one visit.
    expect(updates.filter((update) => (update.text ?? '').includes('skipped'))).toHaveLength(0);
  });
});
