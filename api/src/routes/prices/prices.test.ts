import { DEFAULT_PRICE_LIST, type PriceList, priceLabel } from '@cleanquote/quote-core/staff';
import { afterEach, describe, expect, it } from 'vitest';
import type { PriceChange } from '../../priced-quotes/price-list-store.ts';
import { createQuoteRequestDesk, type QuoteRequestDesk } from '../../test-support/quote-request-desk.ts';
import { testAdmin } from '../../test-support/sign-in.ts';

let inbox: QuoteRequestDesk | undefined;
afterEach(() => inbox?.close());

async function open(overrides: Record<string, string> = {}): Promise<QuoteRequestDesk> {
  inbox = await createQuoteRequestDesk(overrides);
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

/** The default list with a few prices changed. */
function changed(): PriceList {
  const list = structuredClone(DEFAULT_PRICE_LIST);
  list.services['end-of-lease'].bedroomCents = 6500;
  list.services['oven-clean'].ovenCents['90cm-oven']['burnt-food'] = 23900;
  return list;
}

describe('GET and PUT /api/prices', () => {
  it('answers the default price list first, then the saved one, with whether prices include GST', async () => {
    const app = await open();
    const before = await app.get('/api/prices');
    expect(before.status).toBe(200);
    expect(await before.json()).toEqual({ ...DEFAULT_PRICE_LIST, gstRegistered: true });

    // The GET answer sent back with changes, `gstRegistered` and all, is accepted.
    const saved = await put(app, '/api/prices', { ...changed(), gstRegistered: false });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual({ ...changed(), gstRegistered: true });
    expect(await json(await app.get('/api/prices'))).toEqual({ ...changed(), gstRegistered: true });
  });

  it('records each changed price once, with who changed it and from what to what, newest first', async () => {
    const app = await open();
    expect(await json(await app.get('/api/prices/history'))).toEqual([]);
    await put(app, '/api/prices', changed());
    // The same list again changes nothing, so it records nothing.
    await put(app, '/api/prices', changed());
    const later = changed();
    later.services['end-of-lease'].bedroomCents = 7000;
    await put(app, '/api/prices', later);

    const history = await json<PriceChange[]>(await app.get('/api/prices/history'));
    const actor = { name: testAdmin.firstName, email: testAdmin.email };
    expect(history).toHaveLength(3);
    expect(history[0]).toEqual({
      id: expect.any(String),
      at: expect.any(String),
      actor,
      key: 'services.end-of-lease.bedroomCents',
      label: 'End of Lease Cleaning: Per bedroom',
      unit: 'cents',
      oldCents: 6500,
      newCents: 7000,
    });
    // The first save's two changes, at one time.
    expect(history.slice(1)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          key: 'services.oven-clean.ovenCents.90cm-oven.burnt-food',
          label: priceLabel('services.oven-clean.ovenCents.90cm-oven.burnt-food'),
          oldCents: 21900,
          newCents: 23900,
          actor,
        }),
        expect.objectContaining({
          key: 'services.end-of-lease.bedroomCents',
          oldCents: 6000,
          newCents: 6500,
          actor,
        }),
      ]),
    );
    expect(Date.parse(history[0]?.at ?? '')).toBeGreaterThanOrEqual(Date.parse(history[1]?.at ?? ''));
  });

  it('saves the times of each service, records them in minutes, and keeps them when a body leaves them out', async () => {
    const app = await open();
    const timed = changed();
    timed.durations['end-of-lease'].baseMinutes = 200;
    timed.durations['carpet-clean'].baseMinutes = 75;
    const saved = await put(app, '/api/prices', timed);
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual({ ...timed, gstRegistered: true });

    // A caller that knows only the prices changes a price; the times stay as saved.
    const { durations: _left, ...pricesOnly } = changed();
    pricesOnly.urgentSurchargeCents = 6000;
    const pricesSaved = await put(app, '/api/prices', pricesOnly);
    expect(pricesSaved.status).toBe(200);
    const after = await json<PriceList>(await app.get('/api/prices'));
    expect(after.durations).toEqual(timed.durations);
    expect(after.urgentSurchargeCents).toBe(6000);

    const history = await json<PriceChange[]>(await app.get('/api/prices/history'));
    expect(history.filter((change) => change.unit === 'minutes')).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          key: 'durations.end-of-lease.baseMinutes',
          label: 'End of Lease Cleaning: Base time',
          unit: 'minutes',
          oldCents: 180,
          newCents: 200,
        }),
        expect.objectContaining({
          key: 'durations.carpet-clean.baseMinutes',
          label: 'Carpet Cleaning: Base time',
          unit: 'minutes',
          oldCents: 60,
          newCents: 75,
        }),
      ]),
    );
    expect(history.filter((change) => change.unit === 'minutes')).toHaveLength(2);
    expect(history[0]).toMatchObject({ key: 'urgentSurchargeCents', unit: 'cents', newCents: 6000 });
  });

  it('saves the discount of each frequency, records it in percent, and keeps the discounts when a body leaves them out', async () => {
    const app = await open();
    expect(await json<PriceList>(await app.get('/api/prices'))).toMatchObject({
      frequencyDiscountPercent: { weekly: 15, fortnightly: 10, 'four-weekly': 5 },
    });
    const discounted = changed();
    discounted.frequencyDiscountPercent = { weekly: 20, fortnightly: 10, 'four-weekly': 0 };
    const saved = await put(app, '/api/prices', discounted);
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual({ ...discounted, gstRegistered: true });

    // A caller that knows only the prices (and times) changes a price; the discounts stay as saved.
    const { frequencyDiscountPercent: _left, ...withoutDiscounts } = changed();
    withoutDiscounts.urgentSurchargeCents = 6000;
    expect((await put(app, '/api/prices', withoutDiscounts)).status).toBe(200);
    const after = await json<PriceList>(await app.get('/api/prices'));
    expect(after.frequencyDiscountPercent).toEqual(discounted.frequencyDiscountPercent);

    const history = await json<PriceChange[]>(await app.get('/api/prices/history'));
    const percents = history.filter((change) => change.unit === 'percent');
    expect(percents).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          key: 'frequencyDiscountPercent.weekly',
          label: 'Weekly discount (%)',
          oldCents: 15,
          newCents: 20,
        }),
        expect.objectContaining({
          key: 'frequencyDiscountPercent.four-weekly',
          label: 'Every 4 weeks discount (%)',
          oldCents: 5,
          newCents: 0,
        }),
      ]),
    );
    // The fortnightly discount was sent unchanged: no row for it.
    expect(percents).toHaveLength(2);
  });

  it('refuses a discount that is not a whole percent from 0 to 50 with a 400 naming it, and saves nothing', async () => {
    const app = await open();
    for (const percent of [51, -1, 12.5, '15']) {
      const bad = {
        ...changed(),
        frequencyDiscountPercent: { weekly: percent, fortnightly: 10, 'four-weekly': 5 },
      };
      const response = await put(app, '/api/prices', bad);
      expect(response.status).toBe(400);
      const answer = await json<{ fields: Record<string, string> }>(response);
      expect(answer.fields).toEqual({
        'frequencyDiscountPercent.weekly': 'Weekly discount (%): a whole percent from 0 to 50',
      });
    }
    expect(await json(await app.get('/api/prices'))).toEqual({ ...DEFAULT_PRICE_LIST, gstRegistered: true });
    expect(await json(await app.get('/api/prices/history'))).toEqual([]);
  });

  it('refuses a time that is not whole minutes from 0 to 720 with a 400 naming it, and saves nothing', async () => {
    const app = await open();
    for (const minutes of [90.5, -15, 721]) {
      const bad = changed();
      bad.durations['end-of-lease'].bedroomMinutes = minutes;
      const response = await put(app, '/api/prices', bad);
      expect(response.status).toBe(400);
      const answer = await json<{ fields: Record<string, string> }>(response);
      expect(Object.keys(answer.fields)).toEqual(['durations.end-of-lease.bedroomMinutes']);
      expect(answer.fields['durations.end-of-lease.bedroomMinutes']).toMatch(
        /^End of Lease Cleaning: Time per bedroom: /,
      );
    }
    expect(await json(await app.get('/api/prices'))).toEqual({ ...DEFAULT_PRICE_LIST, gstRegistered: true });
    expect(await json(await app.get('/api/prices/history'))).toEqual([]);
  });

  it('refuses a half cent or a negative price with a 400 naming the price, and saves nothing', async () => {
    const app = await open();
    const halfCent = changed();
    halfCent.services['end-of-lease'].bedroomCents = 6000.5;
    const negative = changed();
    negative.urgentSurchargeCents = -100;
    for (const [body, field, message] of [
      [
        halfCent,
        'services.end-of-lease.bedroomCents',
        'End of Lease Cleaning: Per bedroom: whole cents only',
      ],
      [negative, 'urgentSurchargeCents', 'Urgent (Today/Tomorrow) surcharge: can’t be negative'],
    ] as const) {
      const response = await put(app, '/api/prices', body);
      expect(response.status).toBe(400);
      const answer = await json<{ error: string; fields: Record<string, string> }>(response);
      expect(Object.keys(answer.fields)).toEqual([field]);
      expect(answer.fields[field]).toContain(message);
    }
    const { bedroomCents: _missing, ...withoutBedroom } = DEFAULT_PRICE_LIST.services['regular-clean'];
    const incomplete = {
      ...DEFAULT_PRICE_LIST,
      services: { ...DEFAULT_PRICE_LIST.services, 'regular-clean': withoutBedroom },
    };
    const missing = await put(app, '/api/prices', incomplete);
    expect(missing.status).toBe(400);
    expect(Object.keys((await json<{ fields: object }>(missing)).fields)).toEqual([
      'services.regular-clean.bedroomCents',
    ]);

    expect(await json(await app.get('/api/prices'))).toEqual({ ...DEFAULT_PRICE_LIST, gstRegistered: true });
    expect(await json(await app.get('/api/prices/history'))).toEqual([]);
  });

  it('says the prices include no GST when the business is not registered for it', async () => {
    const app = await open({ GST_REGISTERED: 'false' });
    expect(await json(await app.get('/api/prices'))).toMatchObject({ gstRegistered: false });
  });

  it('is open to a signed-in session before the quote dashboard is unlocked; a request’s quote is not', async () => {
    const app = await open({ QUOTE_DASHBOARD_PASSWORD: 'the shared dashboard password' });
    const quote = await app.storeQuote();
    expect((await app.get('/api/prices')).status).toBe(200);
    expect((await put(app, '/api/prices', changed())).status).toBe(200);
    expect((await app.get('/api/prices/history')).status).toBe(200);
    const locked = await app.get(`/api/contact/${quote.id}/quote`);
    expect(locked.status).toBe(403);
    expect(await locked.json()).toMatchObject({ locked: true });
    const lines = [{ description: 'Regular Cleaning', quantity: 1, unitPriceCents: 12000 }];
    expect((await app.post(`/api/contact/${quote.id}/quote`, { lines, note: '' })).status).toBe(403);
    expect((await app.post(`/api/contact/${quote.id}/quote/send`, {})).status).toBe(403);
  });

  it('answers 401 without a session', async () => {
    const app = await open();
    expect((await app.get('/api/prices', {})).status).toBe(401);
    expect((await app.get('/api/prices/history', {})).status).toBe(401);
  });
});
