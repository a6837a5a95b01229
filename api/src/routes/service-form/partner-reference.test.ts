/**
 * A partner's own reference for a quote (`partnerRef` beside the request): taken only with a valid
 * partner key, checked by the one text rule, stored on the quote and shown to staff in the list, on
 * the quote's page and in the CSV.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createQuoteRequestDesk, type QuoteRequestDesk } from '../../test-support/quote-request-desk.ts';
import { validQuoteRequests } from '../../test-support/quote-requests.ts';
import { quoteRequests } from '../../test-support/stored-rows.ts';

const northside = 'https://northside.example';
const fromNorthside = { Origin: northside, 'X-Partner-Key': 'northside-support' };

let inbox: QuoteRequestDesk;
beforeEach(async () => {
  inbox = await createQuoteRequestDesk({ PARTNER_ORIGINS: `northside-support=${northside}` });
});
afterEach(() => inbox.close());

function submit(body: unknown, headers: Record<string, string>) {
  return inbox.post('/api/service-form', body, headers);
}

async function storedRefs() {
  const rows = await inbox.database.db.select({ partnerRef: quoteRequests.partnerRef }).from(quoteRequests);
  return rows.map((row) => row.partnerRef);
}

/** The CSV's header row and its rows, split on commas (the values in these tests hold none). */
async function csvRows() {
  const text = await (await inbox.get('/api/contact.csv')).text();
  const [header = [], ...rows] = text
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n')
    .map((line) => line.split(','));
  return rows.map((row) => Object.fromEntries(header.map((name, index) => [name, row[index]])));
}

describe('POST /api/service-form with partnerRef', () => {
  it("stores the partner's reference with a partner key, and staff see it in the list, on the quote's page and in the CSV", async () => {
    const response = await submit(
      { ...validQuoteRequests.regularClean, partnerRef: ' case-123 ' },
      fromNorthside,
    );
    expect(response.status).toBe(201);
    const { reference } = (await response.json()) as { reference: string };
    expect(await storedRefs()).toEqual(['case-123']);

    const listed = (await (await inbox.get('/api/contact')).json()) as Record<string, unknown>[];
    expect(listed).toEqual([
      expect.objectContaining({ reference, source: 'partner:northside-support', partnerRef: 'case-123' }),
    ]);
    const id = String(listed[0]?.id);
    const detail = (await (await inbox.get(`/api/contact/${id}`)).json()) as Record<string, unknown>;
    expect(detail).toMatchObject({ reference, partnerRef: 'case-123' });
    // Not one of the visitor's answers: the request as stored does not hold it.
    expect(detail.details).not.toHaveProperty('partnerRef');

    expect(await csvRows()).toEqual([
      expect.objectContaining({
        Reference: reference,
        Source: 'partner:northside-support',
        'Partner reference': 'case-123',
      }),
    ]);
  });

  it('lists null and leaves the CSV cell empty for a quote without one', async () => {
    expect((await submit(validQuoteRequests.regularClean, fromNorthside)).status).toBe(201);
    expect((await submit({ ...validQuoteRequests.regularClean, partnerRef: null }, {})).status).toBe(201);
    const listed = (await (await inbox.get('/api/contact')).json()) as Record<string, unknown>[];
    expect(listed.map((quote) => quote.partnerRef)).toEqual([null, null]);
    const detail = (await (await inbox.get(`/api/contact/${String(listed[0]?.id)}`)).json()) as {
      partnerRef: unknown;
    };
    expect(detail.partnerRef).toBeNull();
    expect((await csvRows()).map((row) => row['Partner reference'])).toEqual(['', '']);
  });

  it('refuses partnerRef without a partner key with 400 naming it, and stores nothing', async () => {
    const response = await submit(
      { ...validQuoteRequests.regularClean, partnerRef: 'case-123' },
      {
        Origin: northside,
      },
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ fields: { partnerRef: 'partnerRef needs a partner key' } });
    expect(await storedRefs()).toEqual([]);
  });

  it.each([
    ['too long', 'x'.repeat(101), 'partnerRef needs 1 to 100 visible characters'],
    ['empty', '', 'partnerRef needs 1 to 100 visible characters'],
    ['invisible', '\u200b \u2800', 'partnerRef needs 1 to 100 visible characters'],
    ['on two lines', 'case\n123', 'partnerRef must not contain control characters'],
    ['a number', 123, 'partnerRef must be text of 1 to 100 visible characters'],
  ])(
    'refuses a partnerRef that is %s with 400 naming it, and stores nothing',
    async (_, partnerRef, message) => {
      const response = await submit({ ...validQuoteRequests.regularClean, partnerRef }, fromNorthside);
      expect(response.status).toBe(400);
      const body = (await response.json()) as { fields: Record<string, string> };
      expect(body.fields).toEqual({ partnerRef: message });
      expect(await storedRefs()).toEqual([]);
    },
  );

  it('names a bad partnerRef together with the bad answers', async () => {
    const response = await submit(
      { ...validQuoteRequests.regularClean, email: 'not-an-address', partnerRef: 'x'.repeat(101) },
      fromNorthside,
    );
    expect(response.status).toBe(400);
    const body = (await response.json()) as { fields: Record<string, string> };
    expect(Object.keys(body.fields).sort()).toEqual(['email', 'partnerRef']);
  });

  it('answers a retry with the same reference once, and refuses the same Idempotency-Key with another partnerRef', async () => {
    const headers = { ...fromNorthside, 'Idempotency-Key': 'partner-retry-0001' };
    const first = await submit({ ...validQuoteRequests.regularClean, partnerRef: 'case-123' }, headers);
    const again = await submit({ ...validQuoteRequests.regularClean, partnerRef: 'case-123' }, headers);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect((await again.json()) as unknown).toEqual((await first.json()) as unknown);
    const other = await submit({ ...validQuoteRequests.regularClean, partnerRef: 'case-456' }, headers);
    expect(other.status).toBe(422);
    expect(await storedRefs()).toEqual(['case-123']);
  });
});
