import type { QuoteRequest } from '@cleanquote/quote-core';
import {
  DEFAULT_PRICE_LIST,
  estimateDurationMinutes,
  type QuoteLine,
  quoteLinesFor,
} from '@cleanquote/quote-core/staff';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addDays, melbourneDay } from '../../lib/melbourne-time.ts';
import type { MailDeliveryWorker } from '../../mail/delivery.ts';
import type { PricedQuote, QuoteVersion, SentQuote } from '../../priced-quotes/priced-quote-store.ts';
import { quoteTokenHash } from '../../priced-quotes/quote-link.ts';
import type { QuoteDetail } from '../../quote-requests/quote-view.ts';
import { createQuoteRequestDesk, type QuoteRequestDesk } from '../../test-support/quote-request-desk.ts';
import { validQuoteRequests } from '../../test-support/quote-requests.ts';
import { testAdmin } from '../../test-support/sign-in.ts';
import { decodeHeader, type ReceivedMail, startSmtpTestServer } from '../../test-support/smtp-test-server.ts';
import { and, eq, outbox, pricedQuotes } from '../../test-support/stored-rows.ts';
import { startTestMailDelivery } from '../../test-support/test-mail.ts';

const MAIL_FROM = 'Sparkle Clean <quotes@sparkleclean.example>';
const BUSINESS_EMAIL = 'office@sparkleclean.example';

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
  inbox = await createQuoteRequestDesk({
    ...(smtp ? { SMTP_URL: smtp.url } : {}),
    MAIL_FROM,
    BUSINESS_EMAIL,
    ...overrides,
  });
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

const header = (mail: ReceivedMail, name: string) => decodeHeader(mail.headers.get(name)?.[0] ?? '');

describe('POST, PUT and GET /api/contact/:id/quote', () => {
  it('drafts version 1 with its sums, changes the draft in place and reads it with its versions', async () => {
    const app = await open();
    const quote = await app.storeQuote();
    const none = await app.get(`/api/contact/${quote.id}/quote`);
    expect(none.status).toBe(404);
    expect(await none.json()).toMatchObject({ error: 'This request has no quote yet.' });

    const created = await app.post(`/api/contact/${quote.id}/quote`, {
      lines: LINES,
      note: ' See you soon ',
    });
    expect(created.status).toBe(201);
    const draft = await json<QuoteVersion>(created);
    expect(draft).toEqual({
      version: 1,
      status: 'draft',
      lines: [
        { ...LINES[0], lineTotalCents: 12000 },
        { ...LINES[1], lineTotalCents: 7500 },
        { ...LINES[2], lineTotalCents: 6000 },
      ],
      note: 'See you soon',
      // Without staff's figure, the price list's estimate for the request's answers.
      durationMinutes: estimateDurationMinutes(
        validQuoteRequests.regularClean as QuoteRequest,
        DEFAULT_PRICE_LIST,
      ),
      // A one-off unless staff say otherwise: nothing taken off.
      frequency: 'once',
      subtotalCents: 25500,
      discountPercent: 0,
      discountCents: 0,
      totalCents: 25500,
      // $255.00 ÷ 11 = $23.1818…
      gstCents: 2318,
      exGstCents: 23182,
      gstRegistered: true,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      sentAt: null,
      validUntil: null,
      viewedAt: null,
      answeredAt: null,
      acceptedName: null,
      answerText: null,
    });

    const again = await app.post(`/api/contact/${quote.id}/quote`, { lines: LINES });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({
      error: 'This request already has a quote: change it with PUT.',
    });

    const fewer = LINES.slice(0, 2);
    const changed = await put(app, `/api/contact/${quote.id}/quote`, { lines: fewer });
    expect(changed.status).toBe(200);
    expect(await changed.json()).toMatchObject({ version: 1, status: 'draft', note: '', totalCents: 19500 });

    const read = await json<PricedQuote>(await app.get(`/api/contact/${quote.id}/quote`));
    expect(read).toMatchObject({ version: 1, status: 'draft', totalCents: 19500, gstCents: 1773 });
    expect(read.lines.map((line) => line.description)).toEqual(['Regular Cleaning', 'Bedrooms']);
    expect(read.versions).toEqual([{ version: 1, status: 'draft', sentAt: null, totalCents: 19500 }]);
  });

  it('stores how long the visit takes: staff’s figure, else the price list’s estimate, and answers it', async () => {
    const app = await open();
    // An end of lease clean of 3 bedrooms and 2 bathrooms: 3 h + 3 × 45 min + 2 × 30 min = 6 h 15 min.
    const quote = await app.storeQuote({
      request: { ...validQuoteRequests.endOfLeaseWithCarpet, bedrooms: '3', bathrooms: '2' },
    });
    const path = `/api/contact/${quote.id}/quote`;
    const stored = async () => {
      const rows = await app.database.db
        .select({ version: pricedQuotes.version, durationMinutes: pricedQuotes.durationMinutes })
        .from(pricedQuotes)
        .where(eq(pricedQuotes.quoteId, quote.id));
      return rows.sort((a, b) => a.version - b.version).map((row) => row.durationMinutes);
    };

    const created = await app.post(path, { lines: LINES });
    expect(created.status).toBe(201);
    expect(await created.json()).toMatchObject({ version: 1, durationMinutes: 375 });
    expect(await stored()).toEqual([375]);

    const timed = await put(app, path, { lines: LINES, durationMinutes: 240 });
    expect(timed.status).toBe(200);
    expect(await timed.json()).toMatchObject({ version: 1, durationMinutes: 240 });
    expect(await json(await app.get(path))).toMatchObject({ version: 1, durationMinutes: 240 });
    expect(await stored()).toEqual([240]);

    // Once sent, a change drafts version 2 with its own length; version 1 keeps its own.
    await app.post(`${path}/send`, {});
    const next = await put(app, path, { lines: LINES, durationMinutes: 270 });
    expect(await next.json()).toMatchObject({ version: 2, durationMinutes: 270 });
    expect(await stored()).toEqual([240, 270]);
    // Sent without a length, the draft takes the estimate again.
    const estimated = await put(app, path, { lines: LINES });
    expect(await estimated.json()).toMatchObject({ version: 2, durationMinutes: 375 });
    expect(await stored()).toEqual([240, 375]);
  });

  it('answers the estimate, with today’s price list, for a version stored without a length', async () => {
    const app = await open();
    const quote = await app.storeQuote({
      request: { ...validQuoteRequests.endOfLeaseWithCarpet, bedrooms: '3', bathrooms: '2' },
    });
    const path = `/api/contact/${quote.id}/quote`;
    await app.post(path, { lines: LINES, durationMinutes: 240 });
    await app.database.writes.run((tx) =>
      tx.update(pricedQuotes).set({ durationMinutes: null }).where(eq(pricedQuotes.quoteId, quote.id)),
    );
    expect(await json(await app.get(path))).toMatchObject({ version: 1, durationMinutes: 375 });

    const list = structuredClone(DEFAULT_PRICE_LIST);
    list.durations['end-of-lease'].baseMinutes = 120;
    expect((await put(app, '/api/prices', list)).status).toBe(200);
    expect(await json(await app.get(path))).toMatchObject({ version: 1, durationMinutes: 315 });
  });

  it('answers 400 naming durationMinutes when it is not whole minutes from 15 to 720, and saves nothing', async () => {
    const app = await open();
    const quote = await app.storeQuote();
    const path = `/api/contact/${quote.id}/quote`;
    const message = 'The estimated time is a whole number of minutes from 15 to 720';
    for (const durationMinutes of [0, 10, 721, 90.5, '240', null]) {
      for (const response of [
        await app.post(path, { lines: LINES, durationMinutes }),
        await put(app, path, { lines: LINES, durationMinutes }),
      ]) {
        expect(response.status, String(durationMinutes)).toBe(400);
        expect(await response.json()).toEqual({
          error: 'Please check the highlighted fields.',
          fields: { durationMinutes: message },
          requestId: expect.any(String),
        });
      }
    }
    expect((await app.get(path)).status).toBe(404);
    // The bounds themselves are fine.
    expect(await json(await app.post(path, { lines: LINES, durationMinutes: 15 }))).toMatchObject({
      durationMinutes: 15,
    });
    expect(await json(await put(app, path, { lines: LINES, durationMinutes: 720 }))).toMatchObject({
      durationMinutes: 720,
    });
  });

  it('starts from the lines the request’s answers price', async () => {
    const app = await open();
    const quote = await app.storeQuote({ request: validQuoteRequests.endOfLeaseWithCarpet });
    const lines = quoteLinesFor(validQuoteRequests.endOfLeaseWithCarpet as QuoteRequest, DEFAULT_PRICE_LIST);
    const created = await app.post(`/api/contact/${quote.id}/quote`, { lines, note: '' });
    expect(created.status).toBe(201);
    const draft = await json<QuoteVersion>(created);
    expect(draft.totalCents).toBe(lines.reduce((sum, line) => sum + line.quantity * line.unitPriceCents, 0));
  });

  it('answers 400 naming the line and field, and for more than 50 lines', async () => {
    const app = await open();
    const quote = await app.storeQuote();
    const path = `/api/contact/${quote.id}/quote`;
    const badQuantity = [...LINES.slice(0, 2), { ...LINES[2], quantity: 0 }];
    const halfCent = [{ ...LINES[0], unitPriceCents: 12000.5 }];
    const noDescription = [LINES[0], { ...LINES[1], description: '  ' }];
    for (const [lines, field, message] of [
      [badQuantity, 'lines.2.quantity', 'Line 3: the quantity is a whole number from 1 to 999'],
      [
        halfCent,
        'lines.0.unitPriceCents',
        'Line 1: the unit price is in whole cents (no fraction of a cent)',
      ],
      [noDescription, 'lines.1.description', 'Line 2: '],
      [Array.from({ length: 51 }, () => LINES[0]), 'lines', 'At most 50 lines'],
      [[], 'lines', 'Add at least one line'],
    ] as const) {
      for (const response of [await app.post(path, { lines }), await put(app, path, { lines })]) {
        expect(response.status, field).toBe(400);
        const { fields } = await json<{ fields: Record<string, string> }>(response);
        expect(Object.keys(fields), field).toEqual([field]);
        expect(fields[field]).toContain(message);
      }
    }
    // Fifty lines are fine.
    const fifty = await app.post(path, { lines: Array.from({ length: 50 }, () => LINES[1]) });
    expect(fifty.status).toBe(201);
    expect(await fifty.json()).toMatchObject({ totalCents: 50 * 3 * 2500 });
  });

  it('answers 404 for an unknown request, and for PUT before the quote exists', async () => {
    const app = await open();
    const quote = await app.storeQuote();
    const unknown = '0190a3b4-0000-7000-8000-000000000000';
    for (const response of [
      await app.post(`/api/contact/${unknown}/quote`, { lines: LINES }),
      await put(app, `/api/contact/${unknown}/quote`, { lines: LINES }),
      await app.get(`/api/contact/${unknown}/quote`),
      await app.post(`/api/contact/${unknown}/quote/send`, {}),
    ]) {
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ error: 'No quote request with that id.' });
    }
    for (const response of [
      await put(app, `/api/contact/${quote.id}/quote`, { lines: LINES }),
      await app.post(`/api/contact/${quote.id}/quote/send`, {}),
    ]) {
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ error: 'This request has no quote yet.' });
    }
  });

  it('refuses to change or send a quote the customer accepted', async () => {
    const app = await open();
    const quote = await app.storeQuote();
    await app.post(`/api/contact/${quote.id}/quote`, { lines: LINES });
    await app.post(`/api/contact/${quote.id}/quote/send`, {});
    // Staff draft version 2 while the customer accepts version 1 on its page (set here as the page
    // would leave it).
    await put(app, `/api/contact/${quote.id}/quote`, { lines: LINES.slice(0, 1) });
    await app.database.writes.run((tx) =>
      tx
        .update(pricedQuotes)
        .set({ status: 'accepted', answeredAt: new Date(), acceptedName: 'Priya Shah' })
        .where(and(eq(pricedQuotes.quoteId, quote.id), eq(pricedQuotes.version, 1))),
    );
    for (const response of [
      await put(app, `/api/contact/${quote.id}/quote`, { lines: LINES }),
      await app.post(`/api/contact/${quote.id}/quote/send`, {}),
    ]) {
      expect(response.status).toBe(409);
      expect(await response.json()).toMatchObject({
        error: 'This quote was accepted and can no longer change.',
      });
    }
    const read = await json<PricedQuote>(await app.get(`/api/contact/${quote.id}/quote`));
    expect(read.versions.map(({ version, status }) => ({ version, status }))).toEqual([
      { version: 1, status: 'accepted' },
      { version: 2, status: 'draft' },
    ]);
  });
});

/** Submits the regular clean through the wizard's route and waits for its two mails; the request's id. */
async function submitRequest(app: QuoteRequestDesk): Promise<string> {
  const submitted = await app.app.request('/api/service-form', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(validQuoteRequests.regularClean),
  });
  expect(submitted.status).toBe(201);
  await vi.waitFor(() => expect(smtp?.received).toHaveLength(2), { timeout: 5_000 });
  const [listed] = await json<{ id: string }[]>(await app.get('/api/contact'));
  return listed?.id ?? '';
}

/** The customer's link in a received mail's text. */
function linkIn(mail: ReceivedMail): string {
  const link = mail.text.match(
    /View and accept your quote: (https:\/\/clean\.example\/quote\/[A-Za-z0-9_-]{22})\b/,
  )?.[1];
  if (!link) throw new Error(`no quote link in ${mail.text}`);
  return link;
}

describe('POST /api/contact/:id/quote/send', () => {
  it('mails the quote to the customer under their auto-response, and marks the request quoted', async () => {
    const app = await open({}, true);
    const id = await submitRequest(app);
    const autoResponse = smtp?.received.find((mail) => mail.envelope.to.includes('priya@example.com'));
    const autoResponseId = autoResponse?.headers.get('message-id')?.[0];
    expect(autoResponseId).toMatch(/^<.+@.+>$/);
    const note = 'We can come on Friday <morning> & bring a ladder.';
    await app.post(`/api/contact/${id}/quote`, { lines: LINES, note });

    const response = await app.post(`/api/contact/${id}/quote/send`, {});
    expect(response.status).toBe(200);
    const sent = await json<SentQuote>(response);
    const read = await json<PricedQuote>(await app.get(`/api/contact/${id}/quote`));
    // Valid for 30 days from the Melbourne date it was sent.
    expect(sent).toEqual({
      version: 1,
      status: 'sent',
      validUntil: addDays(melbourneDay(new Date(read.sentAt ?? '')), 30),
    });
    expect(read).toMatchObject({
      version: 1,
      status: 'sent',
      validUntil: sent.validUntil,
      totalCents: 25500,
    });
    expect(read.versions).toEqual([{ version: 1, status: 'sent', sentAt: read.sentAt, totalCents: 25500 }]);

    await vi.waitFor(() => expect(smtp?.received).toHaveLength(3), { timeout: 5_000 });
    const mail = smtp?.received[2] as ReceivedMail;
    const [year, month, day] = sent.validUntil.split('-');
    expect(mail.envelope.to).toEqual(['priya@example.com']);
    expect(header(mail, 'from')).toBe(MAIL_FROM);
    expect(header(mail, 'reply-to')).toBe(BUSINESS_EMAIL);
    expect(header(mail, 'in-reply-to')).toBe(autoResponseId);
    expect(header(mail, 'references')).toBe(autoResponseId);
    expect(header(mail, 'subject')).toMatch(/^Your quote from .+ \(CQ-/);
    const text = mail.text.replace(/\r\n/g, '\n');
    expect(text).toMatch(/^Hi Priya,/);
    for (const line of [
      'Regular Cleaning: 1 × $120.00 = $120.00',
      'Bedrooms: 3 × $25.00 = $75.00',
      'Bathrooms: 2 × $30.00 = $60.00',
      'Total (incl. GST): $255.00',
      'GST included: $23.18',
      `Valid until ${day}/${month}/${year}`,
      note,
      'Payment is due on completion of the service',
    ]) {
      expect(text).toContain(line);
    }
    expect(text).not.toContain('bond-back');
    const link = linkIn(mail);
    const html = mail.html ?? '';
    expect(html).toContain(`<a href="${link}"`);
    expect(html).toContain('View and accept your quote</a>');
    expect(html).toContain('We can come on Friday &#60;morning&#62; &#38; bring a ladder.');
    expect(html).not.toContain('<morning>');
    expect(html).toContain('Total (incl. GST)');
    expect(html).toContain('$255.00');
    // The link works: its token is the one the quote stores (as a hash only).
    const [row] = await app.database.db.select().from(pricedQuotes).where(eq(pricedQuotes.quoteId, id));
    expect(row?.tokenHash).toBe(quoteTokenHash(link.split('/').at(-1) ?? ''));
    expect(JSON.stringify(row)).not.toContain(link.split('/').at(-1));

    const detail = await json<QuoteDetail>(await app.get(`/api/contact/${id}`));
    expect(detail.status).toBe('quoted');
    expect(detail.firstResponseAt).toBe(read.sentAt);
    expect(detail.history.slice(1)).toEqual([
      {
        id: expect.any(String),
        at: read.sentAt,
        kind: 'quote',
        actor: { name: testAdmin.firstName, email: testAdmin.email },
        text: 'Quote sent, $255.00 incl. GST',
      },
      expect.objectContaining({ kind: 'status', from: 'new', to: 'quoted', at: read.sentAt }),
    ]);

    // Once delivered, the stored copy no longer holds the link.
    await vi.waitFor(
      async () => {
        const outbox = await json<{ kind: string; status: string; text: string }[]>(
          await app.get('/api/admin/outbox'),
        );
        const stored = outbox.find((entry) => entry.kind === 'priced-quote');
        expect(stored?.status).toBe('sent');
        expect(stored?.text).toContain('View and accept your quote: [link sent to the customer]');
        expect(stored?.text).not.toContain(link);
      },
      { timeout: 5_000 },
    );
    const [storedMail] = await app.database.db.select().from(outbox).where(eq(outbox.kind, 'priced-quote'));
    expect(storedMail?.htmlBody).toContain('href="[link sent to the customer]"');
    expect(`${storedMail?.textBody}${storedMail?.htmlBody}${storedMail?.secretUntilSent}`).not.toContain(
      link.split('/').at(-1),
    );

    const twice = await app.post(`/api/contact/${id}/quote/send`, {});
    expect(twice.status).toBe(409);
    expect(await twice.json()).toMatchObject({
      error: 'This version was already sent: edit it to make the next version.',
    });
  });

  it('sends an edited quote as version 2, which supersedes version 1', async () => {
    const app = await open({}, true);
    const quote = await app.storeQuote();
    await app.post(`/api/contact/${quote.id}/quote`, { lines: LINES });
    await app.post(`/api/contact/${quote.id}/quote/send`, {});
    const more = [
      ...LINES,
      { description: 'Inside the fridge & <freezer>', quantity: 1, unitPriceCents: 4500 },
    ];
    const edited = await put(app, `/api/contact/${quote.id}/quote`, { lines: more, note: 'Fridge added.' });
    expect(edited.status).toBe(200);
    expect(await edited.json()).toMatchObject({
      version: 2,
      status: 'draft',
      totalCents: 30000,
      sentAt: null,
    });
    const between = await json<PricedQuote>(await app.get(`/api/contact/${quote.id}/quote`));
    expect(between.versions.map(({ version, status }) => ({ version, status }))).toEqual([
      { version: 1, status: 'sent' },
      { version: 2, status: 'draft' },
    ]);

    const second = await app.post(`/api/contact/${quote.id}/quote/send`, {});
    expect(second.status).toBe(200);
    expect(await second.json()).toMatchObject({ version: 2, status: 'sent' });
    const after = await json<PricedQuote>(await app.get(`/api/contact/${quote.id}/quote`));
    expect(after.versions.map(({ version, status }) => ({ version, status }))).toEqual([
      { version: 1, status: 'superseded' },
      { version: 2, status: 'sent' },
    ]);
    const detail = await json<QuoteDetail>(await app.get(`/api/contact/${quote.id}`));
    expect(detail.history.filter((entry) => entry.kind === 'quote').map((entry) => entry.text)).toEqual([
      'Quote sent, $255.00 incl. GST',
      'Quote sent, $300.00 incl. GST (version 2)',
    ]);

    await vi.waitFor(() => expect(smtp?.received).toHaveLength(2), { timeout: 5_000 });
    const [first, latest] = smtp?.received ?? [];
    if (!first || !latest) throw new Error('two quote mails expected');
    expect(header(latest, 'subject')).toMatch(/^Your updated quote from /);
    expect(latest.text).toContain('Inside the fridge & <freezer>: 1 × $45.00 = $45.00');
    expect(latest.html).toContain('<td>Inside the fridge &#38; &#60;freezer&#62;</td>');
    expect(latest.text).toContain('Total (incl. GST): $300.00');
    // Each version has a link of its own.
    expect(linkIn(latest)).not.toBe(linkIn(first));
  });

  it('shows no GST when the business is not registered for it', async () => {
    const app = await open({ GST_REGISTERED: 'false' }, true);
    const quote = await app.storeQuote({
      request: { ...validQuoteRequests.endOfLeaseWithCarpet, email: 'sam@example.com' },
    });
    const draft = await json<QuoteVersion>(
      await app.post(`/api/contact/${quote.id}/quote`, { lines: LINES }),
    );
    expect(draft).toMatchObject({ totalCents: 25500, gstCents: 0, exGstCents: 25500, gstRegistered: false });
    expect((await app.post(`/api/contact/${quote.id}/quote/send`, {})).status).toBe(200);

    await vi.waitFor(() => expect(smtp?.received).toHaveLength(1), { timeout: 5_000 });
    const mail = smtp?.received[0] as ReceivedMail;
    expect(mail.text).toContain('Total: $255.00');
    expect(mail.text).not.toContain('GST');
    expect(mail.html).not.toContain('GST');
    // An end of lease clean carries the bond-back guarantee.
    expect(mail.text).toContain('bond-back guarantee');
    const detail = await json<QuoteDetail>(await app.get(`/api/contact/${quote.id}`));
    expect(detail.history.find((entry) => entry.kind === 'quote')).toMatchObject({
      text: 'Quote sent, $255.00',
    });
  });
});

describe('the inbox and the dashboard', () => {
  it('lists each request’s quote status, filters those awaiting the customer and counts them', async () => {
    const app = await open();
    const setStatus = (quoteId: string, status: 'viewed' | 'accepted') =>
      app.database.writes.run((tx) =>
        tx.update(pricedQuotes).set({ status }).where(eq(pricedQuotes.quoteId, quoteId)),
      );
    const draft = async (quoteId: string) => app.post(`/api/contact/${quoteId}/quote`, { lines: LINES });
    const send = async (quoteId: string) => app.post(`/api/contact/${quoteId}/quote/send`, {});

    const none = await app.storeQuote();
    const drafted = await app.storeQuote();
    await draft(drafted.id);
    const sent = await app.storeQuote();
    await draft(sent.id);
    await send(sent.id);
    const viewed = await app.storeQuote();
    await draft(viewed.id);
    await send(viewed.id);
    // The customer's page marks a version viewed; here the row is set as it would leave it.
    await setStatus(viewed.id, 'viewed');
    const beingChanged = await app.storeQuote();
    await draft(beingChanged.id);
    await send(beingChanged.id);
    await put(app, `/api/contact/${beingChanged.id}/quote`, { lines: LINES.slice(0, 1) });
    const accepted = await app.storeQuote();
    await draft(accepted.id);
    await send(accepted.id);
    await setStatus(accepted.id, 'accepted');

    const list = await json<{ id: string; quoteStatus: string | null }[]>(await app.get('/api/contact'));
    expect(list.map(({ id, quoteStatus }) => ({ id, quoteStatus }))).toEqual([
      { id: accepted.id, quoteStatus: 'accepted' },
      { id: beingChanged.id, quoteStatus: 'draft' },
      { id: viewed.id, quoteStatus: 'viewed' },
      { id: sent.id, quoteStatus: 'sent' },
      { id: drafted.id, quoteStatus: 'draft' },
      { id: none.id, quoteStatus: null },
    ]);
    for (const { id, quoteStatus } of list) {
      expect((await json<QuoteDetail>(await app.get(`/api/contact/${id}`))).quoteStatus).toBe(quoteStatus);
    }

    // A newer draft beside a sent version leaves it with the customer: they can still accept it.
    expect(await app.listIds('?awaiting=customer')).toEqual([beingChanged.id, viewed.id, sent.id]);
    expect(await app.listIds('?awaiting=customer&status=quoted&sort=reply-due')).toEqual([
      beingChanged.id,
      viewed.id,
      sent.id,
    ]);
    expect(await app.listIds('?awaiting=customer&status=new')).toEqual([]);
    const firstPage = await app.get('/api/contact?awaiting=customer&limit=1');
    expect(firstPage.headers.get('Link')).toContain('awaiting=customer');
    const refused = await app.get('/api/contact?awaiting=staff');
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ fields: { awaiting: 'Use customer or booking' } });

    const status = await json<{ quotesAwaitingAnswer: number }>(await app.get('/api/admin/status'));
    expect(status.quotesAwaitingAnswer).toBe(3);
  });
});
