import { count } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { outbox, quoteRequests } from '../../db/schema.ts';
import { createTestApp } from '../../test-support/test-app.ts';

let context: Awaited<ReturnType<typeof createTestApp>>;
beforeEach(async () => {
  context = await createTestApp();
});
afterEach(() => context.close());

const regularClean = {
  serviceType: 'regular-clean',
  bedrooms: '3',
  bathrooms: '2',
  propertyType: 'house-single',
  urgency: 'this-week',
  name: 'Priya Shah',
  email: 'priya@example.com',
  phone: '0491 570 158',
  address: '12 Chapel St, South Yarra, VIC',
  howFoundUs: 'friend-recommendation',
  specialRequests: 'Please bring a ladder.',
  termsAccepted: true,
};

function post(body: unknown, headers: Record<string, string> = {}) {
  return context.app.request('/api/service-form', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

async function storedCount() {
  const [row] = await context.database.db.select({ total: count() }).from(quoteRequests);
  return row?.total ?? 0;
}

describe('POST /api/service-form', () => {
  it('stores a valid quote request and answers 201 with its reference', async () => {
    const response = await post(regularClean);
    expect(response.status).toBe(201);
    const { reference } = (await response.json()) as { reference: string };
    expect(reference).toMatch(/^CQ-[2-9A-HJ-NP-Z]{8}$/);
    const [stored] = await context.database.db.select().from(quoteRequests);
    expect(stored).toMatchObject({
      reference,
      serviceType: 'regular-clean',
      name: 'Priya Shah',
      source: 'main-site',
      status: 'new',
      termsVersion: '2025-07-19',
    });
    expect(stored?.details).toMatchObject({ bedrooms: '3', specialRequests: 'Please bring a ladder.' });
  });

  it('queues the business notification and the client auto-response with the quote', async () => {
    const response = await post(regularClean);
    const { reference } = (await response.json()) as { reference: string };
    const mails = await context.database.db.select().from(outbox);
    expect(mails).toHaveLength(2);
    const notification = mails.find((mail) => mail.kind === 'quote-notification');
    const autoResponse = mails.find((mail) => mail.kind === 'quote-auto-response');
    expect(notification?.toAddress).toBe(context.environment.BUSINESS_EMAIL ?? 'hello@sparkleclean.example');
    expect(notification?.replyToAddress).toBe('priya@example.com');
    expect(notification?.subject).toContain(reference);
    expect(notification?.textBody).toContain('Service: Regular Cleaning');
    expect(notification?.textBody).toContain('Bedrooms: 3');
    expect(notification?.textBody).toContain('Special requests: Please bring a ladder.');
    expect(autoResponse?.toAddress).toBe('priya@example.com');
    expect(autoResponse?.textBody).toContain('within 24 hours');
    expect(autoResponse?.textBody).toContain('valid for 30 days');
    // No SMTP_URL: the mails are captured, not sent.
    expect(mails.every((mail) => mail.status === 'queued' || mail.status === 'captured')).toBe(true);
  });

  it('keeps a quote field with line breaks out of the mail headers', async () => {
    const response = await post({ ...regularClean, name: 'Eve\r\nBcc: victim@example.com' });
    expect(response.status).toBe(201);
    const mails = await context.database.db.select().from(outbox);
    expect(mails).toHaveLength(2);
    for (const mail of mails) expect(mail.subject).not.toMatch(/[\r\n]/);
  });

  it('answers 400 naming each bad field and stores nothing', async () => {
    const response = await post({ ...regularClean, bedrooms: '9', email: '', termsAccepted: false });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { fields: Record<string, string> };
    expect(Object.keys(body.fields).sort()).toEqual(['bedrooms', 'email', 'termsAccepted']);
    expect(await storedCount()).toBe(0);
    expect(await context.database.db.select().from(outbox)).toEqual([]);
  });

  it('answers 400 for malformed JSON', async () => {
    const response = await post('{"serviceType":');
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ fields: { request: expect.any(String) } });
  });

  it('records the partner key as the source', async () => {
    await post(regularClean, { 'X-Partner-Key': 'northside-support' });
    const [stored] = await context.database.db.select().from(quoteRequests);
    expect(stored?.source).toBe('partner:northside-support');
  });

  it('answers a retry with the same Idempotency-Key and body with the same reference, storing one row', async () => {
    const key = '9b2f8e0a-3c1d-4e5f-8a6b-7c8d9e0f1a2b';
    const first = await post(regularClean, { 'Idempotency-Key': key });
    const again = await post(regularClean, { 'Idempotency-Key': key });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(await again.json()).toEqual(await first.json());
    expect(await storedCount()).toBe(1);
  });

  it('refuses the same Idempotency-Key with another body with 422', async () => {
    const key = 'c6a0a1a2-0000-4000-8000-000000000001';
    await post(regularClean, { 'Idempotency-Key': key });
    const reused = await post({ ...regularClean, bedrooms: '4' }, { 'Idempotency-Key': key });
    expect(reused.status).toBe(422);
    expect(await storedCount()).toBe(1);
  });
});
