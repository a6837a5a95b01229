import { DEFAULT_PRICE_LIST, priceItems, priceList, withPrices } from '@cleanquote/quote-core/staff';
import { type FieldError, get } from 'react-hook-form';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestAdmin, signIn } from '../../../../../api/src/test-support/sign-in.ts';
import { createTestApp } from '../../../../../api/src/test-support/test-app.ts';
import {
  DISCOUNT_KEYS,
  DURATION_KEYS,
  FIELD_KEYS,
  notAnAmountMessage,
  notMinutesMessage,
  notPercentMessage,
  PRICE_KEYS,
  type PriceFormValues,
  priceFormResolver,
  priceFormValues,
} from './price-form.ts';

const bedroom = 'services.end-of-lease.bedroomCents';
const options = { fields: {}, shouldUseNativeValidation: false } as const;

/** The default list's form with one price typed as `text`. */
function typed(key: string, text: string): PriceFormValues {
  const values = priceFormValues(DEFAULT_PRICE_LIST);
  const path = key.split('.');
  let at = values as unknown as Record<string, unknown>;
  for (const step of path.slice(0, -1)) at = at[step] as Record<string, unknown>;
  at[path.at(-1) as string] = text;
  return values;
}

/** The message the server's own schema gives for `cents` at `key`. */
function serverMessage(key: string, cents: number): string | undefined {
  const list = withPrices(DEFAULT_PRICE_LIST, new Map([[key, cents]]));
  return priceList.safeParse(list).error?.issues.find((issue) => issue.path.join('.') === key)?.message;
}

describe('the price list form', () => {
  it('shows every price of the list in dollars, under its key', () => {
    const values = priceFormValues(DEFAULT_PRICE_LIST);
    expect(get(values, bedroom)).toBe('60.00');
    expect(get(values, 'services.oven-clean.ovenCents.90cm-oven.burnt-food')).toBe('219.00');
    expect(values.urgentSurchargeCents).toBe('50.00');
    for (const key of PRICE_KEYS) expect(get(values, key), key).toMatch(/^\d+\.\d{2}$/);
    expect(new Set(PRICE_KEYS).size).toBe(priceItems(DEFAULT_PRICE_LIST).length);
  });

  it('shows every time of the list in minutes, under its key, each service’s after its prices', () => {
    const values = priceFormValues(DEFAULT_PRICE_LIST);
    expect(get(values, 'durations.end-of-lease.baseMinutes')).toBe('180');
    expect(get(values, 'durations.end-of-lease.bedroomMinutes')).toBe('45');
    expect(get(values, 'durations.oven-clean.baseMinutes')).toBe('120');
    for (const key of DURATION_KEYS) expect(get(values, key), key).toMatch(/^\d+$/);
    expect([...FIELD_KEYS].sort()).toEqual([...PRICE_KEYS, ...DURATION_KEYS, ...DISCOUNT_KEYS].sort());
    const place = (key: string) => FIELD_KEYS.indexOf(key);
    expect(place('durations.end-of-lease.baseMinutes')).toBeGreaterThan(
      place('services.end-of-lease.carpetRoomCents.other-rooms'),
    );
    expect(place('durations.end-of-lease.bathroomMinutes')).toBeLessThan(
      place('services.carpet-clean.baseCents'),
    );
    expect(FIELD_KEYS.slice(-4)).toEqual([
      'urgentSurchargeCents',
      'frequencyDiscountPercent.weekly',
      'frequencyDiscountPercent.fortnightly',
      'frequencyDiscountPercent.four-weekly',
    ]);
  });

  it('shows each regular clean’s discount in percent, and sends it typed as a whole percent', async () => {
    const values = priceFormValues(DEFAULT_PRICE_LIST);
    expect(DISCOUNT_KEYS.map((key) => get(values, key))).toEqual(['15', '10', '5']);
    const key = 'frequencyDiscountPercent.fortnightly';
    const result = await priceFormResolver(typed(key, ' 12% '), undefined, options);
    expect(result.errors).toEqual({});
    expect(result.values).toEqual(withPrices(DEFAULT_PRICE_LIST, new Map([[key, 12]])));
  });

  it.each([
    ['51', 'Weekly discount (%): a whole percent from 0 to 50'],
    ['-1', 'Weekly discount (%): a whole percent from 0 to 50'],
    ['12.5', 'Weekly discount (%): a whole percent from 0 to 50'],
    ['', notPercentMessage('frequencyDiscountPercent.weekly')],
    ['a lot', 'Weekly discount (%): enter a whole percent, like 15'],
  ])('refuses the discount %j at its field, in the server’s words', async (text, message) => {
    const key = 'frequencyDiscountPercent.weekly';
    const result = await priceFormResolver(typed(key, text), undefined, options);
    expect((get(result.errors, key) as FieldError | undefined)?.message).toBe(message);
    expect(Object.keys(result.errors)).toEqual(['frequencyDiscountPercent']);
  });

  it('sends the times typed as whole minutes with the prices', async () => {
    const key = 'durations.end-of-lease.baseMinutes';
    const result = await priceFormResolver(typed(key, ' 200 '), undefined, options);
    expect(result.errors).toEqual({});
    expect(result.values).toEqual(withPrices(DEFAULT_PRICE_LIST, new Map([[key, 200]])));
  });

  it.each([
    ['90.5', 'End of Lease Cleaning: Time per bedroom: whole minutes only'],
    ['-15', 'End of Lease Cleaning: Time per bedroom: can’t be negative'],
    ['721', 'End of Lease Cleaning: Time per bedroom: at most 720 minutes (12 hours)'],
    ['', notMinutesMessage('durations.end-of-lease.bedroomMinutes')],
    ['an hour', 'End of Lease Cleaning: Time per bedroom: enter a time in minutes, like 90'],
  ])('refuses the time %s at its field', async (text, message) => {
    const key = 'durations.end-of-lease.bedroomMinutes';
    const result = await priceFormResolver(typed(key, text), undefined, options);
    expect((get(result.errors, key) as FieldError | undefined)?.message).toBe(message);
    expect(Object.keys(result.errors)).toEqual(['durations']);
  });

  it('sends the prices typed as whole cents, every one of them', async () => {
    const result = await priceFormResolver(typed(bedroom, '$1,234.5'), undefined, options);
    expect(result.errors).toEqual({});
    expect(get(result.values, bedroom)).toBe(123450);
    expect(result.values).toEqual(withPrices(DEFAULT_PRICE_LIST, new Map([[bedroom, 123450]])));
  });

  it.each([
    ['12.345', 1234.5],
    ['-5', -500],
    ['100000.01', 10_000_001],
  ])('refuses %s at its field with the message the server gives for it', async (text, cents) => {
    const result = await priceFormResolver(typed(bedroom, text), undefined, options);
    const message = (get(result.errors, bedroom) as FieldError | undefined)?.message;
    expect(message).toBe(serverMessage(bedroom, cents));
    expect(message).toMatch(/^End of Lease Cleaning: Per bedroom: /);
    expect(result.values).toEqual({});
    expect(Object.keys(result.errors)).toEqual(['services']);
  });

  it('says so when a price is no amount at all', async () => {
    for (const text of ['', 'sixty', '1e3']) {
      const result = await priceFormResolver(typed('urgentSurchargeCents', text), undefined, options);
      expect(result.errors).toEqual({
        urgentSurchargeCents: { type: 'validate', message: notAnAmountMessage('urgentSurchargeCents') },
      });
    }
    expect(notAnAmountMessage('urgentSurchargeCents')).toBe(
      'Urgent (Today/Tomorrow) surcharge: enter an amount in dollars, like 123.45',
    );
  });
});

describe('the price list form’s messages are the server’s', () => {
  let context: Awaited<ReturnType<typeof createTestApp>>;
  let cookie: string;
  beforeAll(async () => {
    context = await createTestApp();
    await createTestAdmin(context.database);
    cookie = await signIn(context.app);
  });
  afterAll(() => context.close());

  it.each([
    ['12.345', 1234.5],
    ['-5', -500],
  ])('for %s', async (text, cents) => {
    const browser = await priceFormResolver(typed(bedroom, text), undefined, options);
    const response = await context.app.request('/api/prices', {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', Cookie: cookie },
      body: JSON.stringify(withPrices(DEFAULT_PRICE_LIST, new Map([[bedroom, cents]]))),
    });
    expect(response.status).toBe(400);
    const { fields } = (await response.json()) as { fields: Record<string, string> };
    expect(fields[bedroom]).toBeTruthy();
    expect((get(browser.errors, bedroom) as FieldError | undefined)?.message).toBe(fields[bedroom]);
  });
});
