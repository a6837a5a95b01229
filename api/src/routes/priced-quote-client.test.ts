import { DEFAULT_PRICE_LIST, type PriceListInput, type QuoteDraftInput } from '@cleanquote/quote-core/staff';
import { hc, type InferRequestType } from 'hono/client';
import { afterEach, beforeEach, describe, expect, expectTypeOf, it } from 'vitest';
import type { PriceChange } from '../priced-quotes/price-list-store.ts';
import type { PricedQuote, QuoteVersion, SentQuote } from '../priced-quotes/priced-quote-store.ts';
import type { StaffApi } from '../staff-api.ts';
import { createQuoteRequestDesk, type QuoteRequestDesk } from '../test-support/quote-request-desk.ts';
import type { PriceListAnswer } from './prices/prices.ts';

let inbox: QuoteRequestDesk;
beforeEach(async () => {
  inbox = await createQuoteRequestDesk();
});
afterEach(() => inbox.close());

/** The admin's typed client over the whole staff API, its requests answered by the real app. */
function staffClient() {
  return hc<StaffApi>('http://localhost', {
    fetch: (input: Request | string | URL, init?: RequestInit) => inbox.app.request(input, init),
    headers: { Cookie: inbox.cookie, Origin: inbox.environment.PUBLIC_URL },
  });
}

describe('priced quotes through Hono’s typed client', () => {
  it('types the price list, its history and a request’s quote as the server answers them', async () => {
    const api = staffClient();
    type Api = ReturnType<typeof staffClient>;
    expectTypeOf<InferRequestType<Api['api']['prices']['$put']>['json']>().toEqualTypeOf<PriceListInput>();
    expectTypeOf<
      InferRequestType<Api['api']['contact'][':id']['quote']['$post']>['json']
    >().toEqualTypeOf<QuoteDraftInput>();

    const saved = await api.api.prices.$put({ json: { ...DEFAULT_PRICE_LIST, urgentSurchargeCents: 6000 } });
    if (saved.status !== 200) throw new Error(`PUT /api/prices answered ${saved.status}`);
    // The price list's nested intersections arrive flattened: the same fields, each way.
    const answer = await saved.json();
    expectTypeOf(answer).toExtend<PriceListAnswer>();
    expectTypeOf<PriceListAnswer>().toExtend<typeof answer>();
    const history = await api.api.prices.history.$get();
    const changes = await history.json();
    expectTypeOf(changes).toEqualTypeOf<PriceChange[]>();
    expect(changes.map(({ key, oldCents, newCents }) => ({ key, oldCents, newCents }))).toEqual([
      { key: 'urgentSurchargeCents', oldCents: 5000, newCents: 6000 },
    ]);

    const request = await inbox.storeQuote();
    const quote = api.api.contact[':id'].quote;
    const lines = [{ description: 'Regular Cleaning', quantity: 1, unitPriceCents: 12000 }];
    const created = await quote.$post({ param: { id: request.id }, json: { lines } });
    if (created.status !== 201) throw new Error(`POST …/quote answered ${created.status}`);
    expectTypeOf(await created.json()).toEqualTypeOf<QuoteVersion>();
    const sent = await quote.send.$post({ param: { id: request.id } });
    if (sent.status !== 200) throw new Error(`POST …/quote/send answered ${sent.status}`);
    expectTypeOf(await sent.json()).toEqualTypeOf<SentQuote>();
    const read = await quote.$get({ param: { id: request.id } });
    if (read.status !== 200) throw new Error(`GET …/quote answered ${read.status}`);
    const body = await read.json();
    expectTypeOf(body).toEqualTypeOf<PricedQuote>();
    expect(body).toMatchObject({ version: 1, status: 'sent', totalCents: 12000 });
    const again = await quote.send.$post({ param: { id: request.id } });
    expect(again.status).toBe(409);
    if (again.status === 409)
      expectTypeOf(await again.json()).toEqualTypeOf<{ error: string; requestId: string }>();
  });
});
