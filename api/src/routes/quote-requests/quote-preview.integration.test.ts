import { business } from '@cleanquote/content';
import { QUOTE_VALID_DAYS, type QuoteLine } from '@cleanquote/quote-core/staff';
import { Window } from 'happy-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { addDays, melbourneDay } from '../../lib/melbourne-time.ts';
import { formatQuoteDay } from '../../priced-quotes/quote-dates.ts';
import type { QuotePreview } from '../../priced-quotes/quote-preview.ts';
import { createQuoteRequestDesk, type QuoteRequestDesk } from '../../test-support/quote-request-desk.ts';
import { count, outbox, pricedQuotes, quoteLinks } from '../../test-support/stored-rows.ts';

const PUBLIC_URL = 'https://clean.example';
const LINES: QuoteLine[] = [
  { description: 'Regular Cleaning', quantity: 1, unitPriceCents: 12000 },
  { description: 'Bedrooms', quantity: 3, unitPriceCents: 2500 },
];

let desk: QuoteRequestDesk | undefined;
const windows: Window[] = [];
afterEach(async () => {
  desk?.close();
  desk = undefined;
  for (const window of windows.splice(0)) await window.happyDOM.close();
});

/** The text a browser shows of an HTML document, whitespace collapsed. */
function shownText(html: string): string {
  const window = new Window({ url: PUBLIC_URL });
  windows.push(window);
  const document = new window.DOMParser().parseFromString(html, 'text/html');
  return (document.body.textContent ?? '').replace(/\s+/g, ' ');
}

/** What the preview must never leave behind: mails, links, or a changed version. */
async function storedCounts(app: QuoteRequestDesk) {
  const db = app.database.db;
  const [mails] = await db.select({ n: count() }).from(outbox);
  const [links] = await db.select({ n: count() }).from(quoteLinks);
  const versions = await db
    .select({ status: pricedQuotes.status, tokenHash: pricedQuotes.tokenHash })
    .from(pricedQuotes);
  return { mails: mails?.n, links: links?.n, versions };
}

describe('GET /api/contact/:id/quote/preview', () => {
  it("answers the draft as the customer's page and the quote's mail, storing nothing and making no link", async () => {
    const app = await createQuoteRequestDesk({ PUBLIC_URL });
    desk = app;
    const quote = await app.storeQuote();
    const path = `/api/contact/${quote.id}/quote`;

    const none = await app.get(`${path}/preview`);
    expect(none.status).toBe(404);
    expect(await none.json()).toMatchObject({ error: 'This request has no quote yet.' });

    expect((await app.post(path, { lines: LINES, note: 'Keys are under the mat.' })).status).toBe(201);
    const before = await storedCounts(app);
    const response = await app.get(`${path}/preview`);
    expect(response.status).toBe(200);
    const preview = (await response.json()) as QuotePreview;

    // The mail as sending writes it: its subject, the total, the note and the link's place.
    expect(preview.mail.subject).toBe(`Your quote from ${business.name} (${quote.reference})`);
    const validUntil = `Valid until ${formatQuoteDay(addDays(melbourneDay(new Date()), QUOTE_VALID_DAYS))}`;
    for (const part of [preview.mail.text, shownText(preview.mail.html)]) {
      expect(part).toContain('$195.00');
      expect(part).toContain(validUntil);
      expect(part).toContain('Keys are under the mat.');
    }
    expect(preview.mail.text).toContain(`${PUBLIC_URL}/quote/link-made-when-sent`);
    // The customer's page: the lines, the total, the valid-until date and the three answers.
    const page = shownText(preview.page);
    expect(page).toContain('Regular Cleaning');
    expect(page).toContain('Total (incl. GST) $195.00');
    expect(page).toContain(validUntil);
    expect(preview.page).toContain('action="/quote/link-made-when-sent/accept"');

    // Nothing was stored: no mail, no link, the draft still a draft with no token.
    expect(await storedCounts(app)).toEqual(before);
    expect(before.versions).toEqual([{ status: 'draft', tokenHash: null }]);

    // Once sent, there is no draft to preview until the next one is made.
    expect((await app.post(`${path}/send`, {})).status).toBe(200);
    const sent = await app.get(`${path}/preview`);
    expect(sent.status).toBe(409);
    expect(await sent.json()).toMatchObject({
      error: 'This version was already sent: edit it to make the next version.',
    });
    expect((await app.get('/api/contact/no-such-request/quote/preview')).status).toBe(404);
  });

  it('is for staff only', async () => {
    const app = await createQuoteRequestDesk({ PUBLIC_URL });
    desk = app;
    const quote = await app.storeQuote();
    expect((await app.get(`/api/contact/${quote.id}/quote/preview`, {})).status).toBe(401);
  });
});
