import { DEFAULT_PRICE_LIST, type QuoteLine } from '@cleanquote/quote-core/staff';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MailDeliveryWorker } from '../../mail/delivery.ts';
import type { PricedQuote, QuoteVersion } from '../../priced-quotes/priced-quote-store.ts';
import type { QuoteDetail } from '../../quote-requests/quote-view.ts';
import { createQuoteRequestDesk, type QuoteRequestDesk } from '../../test-support/quote-request-desk.ts';
import { type ReceivedMail, startSmtpTestServer } from '../../test-support/smtp-test-server.ts';
import { eq, pricedQuotes } from '../../test-support/stored-rows.ts';
import { startTestMailDelivery } from '../../test-support/test-mail.ts';

const MAIL_FROM = 'Sparkle Clean <quotes@sparkleclean.example>';

/** A regular clean of three bedrooms and two bathrooms: $120 + 3 × $25 + 2 × $30 = $255. */
const LINES: QuoteLine[] = [
  { description: 'Regular Cleaning', quantity: 1, unitPriceCents: 12000 },
  { description: 'Bedrooms', quantity: 3, unitPriceCents: 2500 },
  { description: 'Bathrooms', quantity: 2, unitPriceCents: 3000 },
];

let inbox: QuoteRequestDesk | undefined;
let smtp: Awaited<ReturnType<typeof startSmtpTestServer>> | undefined;
let worker: MailDeliveryWorker | undefined;
afterEach(async () => {
  await worker?.stop();
  await smtp?.close();
  inbox?.close();
  worker = undefined;
  smtp = undefined;
  inbox = undefined;
});

/** A signed-in inbox; with `mail`, a real SMTP server and delivery worker behind it. */
async function open(overrides: Record<string, string> = {}, mail = false) {
  if (mail) smtp = await startSmtpTestServer();
  inbox = await createQuoteRequestDesk({ ...(smtp ? { SMTP_URL: smtp.url } : {}), MAIL_FROM, ...overrides });
  if (smtp) worker = startTestMailDelivery(inbox.database, { smtpUrl: smtp.url, from: MAIL_FROM });
  return inbox;
}

function put(app: QuoteRequestDesk, path: string, body: unknown) {
  return app.app.request(path, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', Cookie: app.cookie },
    body: JSON.stringify(body),
  });
}

const json = async <T>(response: Response): Promise<T> => (await response.json()) as T;

/** The price list with the given discounts. */
function discounts(weekly: number, fortnightly: number, fourWeekly: number) {
  return {
    ...DEFAULT_PRICE_LIST,
    frequencyDiscountPercent: { weekly, fortnightly, 'four-weekly': fourWeekly },
  };
}

/** The customer's quote page behind the link in the quote's mail. */
async function customerPage(app: QuoteRequestDesk, mail: ReceivedMail): Promise<string> {
  const link = mail.text.match(
    /View and accept your quote: https:\/\/clean\.example(\/quote\/[A-Za-z0-9_-]{22})\b/,
  )?.[1];
  if (!link) throw new Error(`no quote link in ${mail.text}`);
  const page = await app.app.request(link);
  expect(page.status).toBe(200);
  return page.text();
}

/** Text without tags or line breaks between cells, as a reader meets it. */
const words = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('how often the clean is done, on POST, PUT and GET /api/contact/:id/quote', () => {
  it('takes the price list’s discount for the frequency off the lines, rounded once, with GST on the total per visit', async () => {
    const app = await open();
    const quote = await app.storeQuote();
    const path = `/api/contact/${quote.id}/quote`;

    const weekly = await app.post(path, { lines: LINES, frequency: 'weekly' });
    expect(weekly.status).toBe(201);
    // $255.00 less 15% ($38.25) is $216.75 per visit; GST $216.75 ÷ 11 = $19.704…
    expect(await json<QuoteVersion>(weekly)).toMatchObject({
      frequency: 'weekly',
      subtotalCents: 25500,
      discountPercent: 15,
      discountCents: 3825,
      totalCents: 21675,
      gstCents: 1970,
      exGstCents: 19705,
    });

    // 10% of $255.05 is $25.505: rounded once, a half cent up, to $25.51.
    const odd = [...LINES, { description: 'Extra', quantity: 1, unitPriceCents: 5 }];
    const fortnightly = await put(app, path, { lines: odd, frequency: 'fortnightly' });
    expect(fortnightly.status).toBe(200);
    expect(await json<QuoteVersion>(fortnightly)).toMatchObject({
      frequency: 'fortnightly',
      subtotalCents: 25505,
      discountPercent: 10,
      discountCents: 2551,
      totalCents: 22954,
      gstCents: 2087,
    });
    expect(await json<PricedQuote>(await app.get(path))).toMatchObject({
      frequency: 'fortnightly',
      totalCents: 22954,
      versions: [{ version: 1, status: 'draft', sentAt: null, totalCents: 22954 }],
    });

    // Left out, the frequency is once: nothing taken off.
    expect(await json<QuoteVersion>(await put(app, path, { lines: LINES }))).toMatchObject({
      frequency: 'once',
      subtotalCents: 25500,
      discountPercent: 0,
      discountCents: 0,
      totalCents: 25500,
      gstCents: 2318,
    });
    expect(
      await json<QuoteVersion>(await put(app, path, { lines: LINES, frequency: 'four-weekly' })),
    ).toMatchObject({ frequency: 'four-weekly', discountPercent: 5, discountCents: 1275, totalCents: 24225 });
  });

  it('answers 400 naming frequency for anything but once, weekly, fortnightly or four-weekly, and saves nothing', async () => {
    const app = await open();
    const quote = await app.storeQuote();
    const path = `/api/contact/${quote.id}/quote`;
    for (const frequency of ['monthly', 'Weekly', '', null, 2]) {
      for (const response of [
        await app.post(path, { lines: LINES, frequency }),
        await put(app, path, { lines: LINES, frequency }),
      ]) {
        expect(response.status, String(frequency)).toBe(400);
        expect(await response.json()).toEqual({
          error: 'Please check the highlighted fields.',
          fields: { frequency: 'Choose how often: One-off, Weekly, Fortnightly or Every 4 weeks' },
          requestId: expect.any(String),
        });
      }
    }
    expect((await app.get(path)).status).toBe(404);
  });

  it('keeps the percent a version was saved with when the price list changes; the next save takes the new one', async () => {
    const app = await open();
    const quote = await app.storeQuote();
    const path = `/api/contact/${quote.id}/quote`;
    await app.post(path, { lines: LINES, frequency: 'weekly' });
    expect((await put(app, '/api/prices', discounts(20, 10, 5))).status).toBe(200);
    // The draft as staff saved it: 15%, and sent as it is.
    expect(await json(await app.get(path))).toMatchObject({ discountPercent: 15, totalCents: 21675 });
    expect((await app.post(`${path}/send`, {})).status).toBe(200);
    expect((await put(app, '/api/prices', discounts(25, 10, 5))).status).toBe(200);
    expect(await json(await app.get(path))).toMatchObject({
      version: 1,
      status: 'sent',
      discountPercent: 15,
      discountCents: 3825,
      totalCents: 21675,
      gstCents: 1970,
    });
    // Editing after sending drafts version 2 at today's percent; version 1 stays as sent.
    expect(await json(await put(app, path, { lines: LINES, frequency: 'weekly' }))).toMatchObject({
      version: 2,
      discountPercent: 25,
      discountCents: 6375,
      totalCents: 19125,
    });
    const rows = await app.database.db
      .select({ version: pricedQuotes.version, percent: pricedQuotes.discountPercent })
      .from(pricedQuotes)
      .where(eq(pricedQuotes.quoteId, quote.id));
    expect(rows.sort((a, b) => a.version - b.version)).toEqual([
      { version: 1, percent: 15 },
      { version: 2, percent: 25 },
    ]);
  });

  it('reads a version stored before discounts as its total, nothing taken off', async () => {
    const app = await open();
    const quote = await app.storeQuote();
    const path = `/api/contact/${quote.id}/quote`;
    await app.post(path, { lines: LINES });
    await app.post(`${path}/send`, {});
    await app.database.writes.run((tx) =>
      tx
        .update(pricedQuotes)
        .set({ subtotalCents: null, discountPercent: 0, discountCents: 0 })
        .where(eq(pricedQuotes.quoteId, quote.id)),
    );
    expect(await json(await app.get(path))).toMatchObject({
      frequency: 'once',
      subtotalCents: 25500,
      discountPercent: 0,
      discountCents: 0,
      totalCents: 25500,
      gstCents: 2318,
    });
  });
});

describe('a recurring quote sent to the customer', () => {
  it('mails and shows the discount line, the total per visit and how often, and records it so', async () => {
    const app = await open({}, true);
    const quote = await app.storeQuote({ request: { email: 'priya@example.com' } });
    const path = `/api/contact/${quote.id}/quote`;
    await app.post(path, { lines: LINES, frequency: 'weekly' });
    expect((await app.post(`${path}/send`, {})).status).toBe(200);

    await vi.waitFor(() => expect(smtp?.received).toHaveLength(1), { timeout: 5_000 });
    const mail = smtp?.received[0] as ReceivedMail;
    const text = mail.text.replace(/\r\n/g, '\n');
    expect(text).toContain(
      [
        'Subtotal: $255.00',
        'Weekly discount (15%): −$38.25',
        'Total (incl. GST): $216.75 per visit, weekly',
        'GST included: $19.70',
      ].join('\n'),
    );
    const html = words(mail.html ?? '');
    for (const part of [
      'Subtotal $255.00',
      'Weekly discount (15%) −$38.25',
      'Total (incl. GST) $216.75 per visit, weekly',
      'GST included $19.70',
    ])
      expect(html).toContain(part);

    const page = words(await customerPage(app, mail));
    for (const part of [
      'Subtotal $255.00',
      'Weekly discount (15%) −$38.25',
      'Total (incl. GST) $216.75 per visit, weekly',
      'GST included $19.70',
    ])
      expect(page).toContain(part);

    const detail = await json<QuoteDetail>(await app.get(`/api/contact/${quote.id}`));
    expect(detail.history.find((entry) => entry.kind === 'quote')).toMatchObject({
      text: 'Quote sent, $216.75 incl. GST per visit, weekly',
    });
  });

  it('says every 4 weeks, without GST for a business not registered for it; a one-off shows no discount', async () => {
    const app = await open({ GST_REGISTERED: 'false' }, true);
    const recurring = await app.storeQuote({ request: { email: 'sam@example.com' } });
    await app.post(`/api/contact/${recurring.id}/quote`, { lines: LINES, frequency: 'four-weekly' });
    await app.post(`/api/contact/${recurring.id}/quote/send`, {});
    const once = await app.storeQuote({ request: { email: 'lee@example.com' } });
    await app.post(`/api/contact/${once.id}/quote`, { lines: LINES });
    await app.post(`/api/contact/${once.id}/quote/send`, {});

    await vi.waitFor(() => expect(smtp?.received).toHaveLength(2), { timeout: 5_000 });
    const to = (address: string) =>
      smtp?.received.find((mail) => mail.envelope.to.includes(address)) as ReceivedMail;
    const fourWeekly = to('sam@example.com');
    // $255.00 less 5% ($12.75).
    expect(fourWeekly.text.replace(/\r\n/g, '\n')).toContain(
      'Subtotal: $255.00\nEvery 4 weeks discount (5%): −$12.75\nTotal: $242.25 per visit, every 4 weeks',
    );
    expect(fourWeekly.text).not.toContain('GST');
    expect(words(await customerPage(app, fourWeekly))).toContain('Total $242.25 per visit, every 4 weeks');

    const oneOff = to('lee@example.com');
    expect(oneOff.text).toContain('Total: $255.00');
    for (const absent of ['discount', 'Subtotal', 'per visit']) {
      expect(oneOff.text).not.toContain(absent);
      expect(await customerPage(app, oneOff)).not.toContain(absent);
    }
  });
});
