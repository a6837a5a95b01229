import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { QuoteRequest } from '../quote-request-rules.ts';
import { fieldErrors } from './field-errors.ts';
import { formatAud, gstIncluded, parseDollars } from './money.ts';
import { DEFAULT_PRICE_LIST, type PriceList, priceItems, priceList, withPrices } from './price-list.ts';
import { quoteDraft, quoteLinesFor, quoteTotals } from './priced-quote.ts';

const contact = {
  urgency: 'this-week',
  name: 'Jane Citizen',
  email: 'jane@example.com',
  phone: '0491 570 158',
  address: '12 Smith St, Fitzroy VIC 3065',
  termsAccepted: true,
} as const;

// A price list with a distinct amount per price, so a line priced from the wrong entry shows.
const prices: PriceList = withPrices(
  DEFAULT_PRICE_LIST,
  new Map(priceItems(DEFAULT_PRICE_LIST).map((item, index) => [item.key, 1000 + index * 7])),
);
const at = (key: string) => priceItems(prices).find((item) => item.key === key)?.cents;

describe('the lines a quote starts from', () => {
  it('prices a regular clean by its rooms, counting 5+ as 5 and 4+ as 4', () => {
    const request: QuoteRequest = {
      ...contact,
      serviceType: 'regular-clean',
      bedrooms: '5+',
      bathrooms: '4+',
    };
    expect(quoteLinesFor(request, prices)).toEqual([
      {
        description: 'Regular Cleaning',
        quantity: 1,
        unitPriceCents: at('services.regular-clean.baseCents'),
      },
      { description: 'Bedrooms', quantity: 5, unitPriceCents: at('services.regular-clean.bedroomCents') },
      { description: 'Bathrooms', quantity: 4, unitPriceCents: at('services.regular-clean.bathroomCents') },
    ]);
  });

  it('prices a deep clean from its own prices, with the urgency surcharge for today/tomorrow', () => {
    const request: QuoteRequest = {
      ...contact,
      serviceType: 'deep-clean',
      bedrooms: '2',
      bathrooms: '1',
      urgency: 'urgent-today',
    };
    expect(quoteLinesFor(request, prices)).toEqual([
      { description: 'Deep Cleaning', quantity: 1, unitPriceCents: at('services.deep-clean.baseCents') },
      { description: 'Bedrooms', quantity: 2, unitPriceCents: at('services.deep-clean.bedroomCents') },
      { description: 'Bathrooms', quantity: 1, unitPriceCents: at('services.deep-clean.bathroomCents') },
      {
        description: 'Urgent (Today/Tomorrow) surcharge',
        quantity: 1,
        unitPriceCents: at('urgentSurchargeCents'),
      },
    ]);
  });

  it('prices an end of lease clean with carpet per room kind, and ignores carpet counts when carpet was declined', () => {
    const withCarpet: QuoteRequest = {
      ...contact,
      serviceType: 'end-of-lease',
      bedrooms: '3',
      bathrooms: '2',
      carpetNeeded: 'yes',
      carpetAreas: ['bedrooms', 'hallways'],
      carpetRoomCounts: { bedrooms: 3, hallways: 1 },
    };
    expect(quoteLinesFor(withCarpet, prices)).toEqual([
      {
        description: 'End of Lease Cleaning',
        quantity: 1,
        unitPriceCents: at('services.end-of-lease.baseCents'),
      },
      { description: 'Bedrooms', quantity: 3, unitPriceCents: at('services.end-of-lease.bedroomCents') },
      { description: 'Bathrooms', quantity: 2, unitPriceCents: at('services.end-of-lease.bathroomCents') },
      {
        description: 'Carpet steam cleaning: Bedrooms',
        quantity: 3,
        unitPriceCents: at('services.end-of-lease.carpetRoomCents.bedrooms'),
      },
      {
        description: 'Carpet steam cleaning: Hallways',
        quantity: 1,
        unitPriceCents: at('services.end-of-lease.carpetRoomCents.hallways'),
      },
    ]);
    const declined = quoteLinesFor({ ...withCarpet, carpetNeeded: 'no' }, prices);
    expect(declined.map((line) => line.description)).toEqual([
      'End of Lease Cleaning',
      'Bedrooms',
      'Bathrooms',
    ]);
  });

  it('prices a carpet clean from the carpet service’s own room prices', () => {
    const request: QuoteRequest = {
      ...contact,
      serviceType: 'carpet-clean',
      carpetAreas: ['living-rooms', 'staircases'],
      carpetRoomCounts: { 'living-rooms': 2, staircases: 1 },
    };
    expect(quoteLinesFor(request, prices)).toEqual([
      { description: 'Carpet Cleaning', quantity: 1, unitPriceCents: at('services.carpet-clean.baseCents') },
      {
        description: 'Carpet steam cleaning: Living Rooms',
        quantity: 2,
        unitPriceCents: at('services.carpet-clean.carpetRoomCents.living-rooms'),
      },
      {
        description: 'Carpet steam cleaning: Staircases',
        quantity: 1,
        unitPriceCents: at('services.carpet-clean.carpetRoomCents.staircases'),
      },
    ]);
  });

  it('prices window panels by the window type, and each window extra once', () => {
    const request: QuoteRequest = {
      ...contact,
      serviceType: 'window-clean',
      propertyType: 'both-sides',
      windowPanels: 14,
      windowScope: ['tracks-and-sills', 'security-screens'],
    };
    expect(quoteLinesFor(request, prices)).toEqual([
      { description: 'Window Cleaning', quantity: 1, unitPriceCents: at('services.window-clean.baseCents') },
      {
        description: 'Window panels (Both sides)',
        quantity: 14,
        unitPriceCents: at('services.window-clean.windowPanelCents.both-sides'),
      },
      {
        description: 'Window tracks & sills',
        quantity: 1,
        unitPriceCents: at('services.window-clean.extraCents.tracks-and-sills'),
      },
      {
        description: 'Security screens',
        quantity: 1,
        unitPriceCents: at('services.window-clean.extraCents.security-screens'),
      },
    ]);
  });

  it('prices the oven at its size and condition, and each oven extra once', () => {
    const request: QuoteRequest = {
      ...contact,
      serviceType: 'oven-clean',
      ovenType: '90cm-oven',
      ovenCondition: 'burnt-food',
      cleaningFocus: ['rangehood'],
    };
    expect(quoteLinesFor(request, prices)).toEqual([
      { description: 'Oven Cleaning', quantity: 1, unitPriceCents: at('services.oven-clean.baseCents') },
      {
        description: 'Large oven (90cm), burnt-on food',
        quantity: 1,
        unitPriceCents: at('services.oven-clean.ovenCents.90cm-oven.burnt-food'),
      },
      {
        description: 'Rangehood cleaning',
        quantity: 1,
        unitPriceCents: at('services.oven-clean.extraCents.rangehood'),
      },
    ]);
  });

  it('prices NDIS and aged care cleaning at its base price', () => {
    const request: QuoteRequest = {
      ...contact,
      serviceType: 'ndis-aged-care',
      ndisClientType: 'self-managed',
    };
    expect(quoteLinesFor(request, prices)).toEqual([
      {
        description: 'NDIS & Aged Care Cleaning',
        quantity: 1,
        unitPriceCents: at('services.ndis-aged-care.baseCents'),
      },
    ]);
  });
});

describe('money', () => {
  it('rounds GST once on the total, to the nearest cent', () => {
    expect(gstIncluded(11000)).toBe(1000);
    expect(gstIncluded(100)).toBe(9); // 9.09…
    expect(gstIncluded(6)).toBe(1); // 0.545… rounds up
    expect(gstIncluded(5)).toBe(0); // 0.4545… rounds down
    // Three lines of $0.05: per line each would round to 0 (0 in all); on the total, 15 ÷ 11 → 1.
    expect(quoteTotals([{ description: 'Tiny', quantity: 3, unitPriceCents: 5 }], true)).toMatchObject({
      totalCents: 15,
      gstCents: 1,
      exGstCents: 14,
    });
  });

  it('shows no GST when the business is not registered for it', () => {
    expect(quoteTotals([{ description: 'Clean', quantity: 1, unitPriceCents: 11000 }], false)).toMatchObject({
      totalCents: 11000,
      gstCents: 0,
      exGstCents: 11000,
    });
  });

  it('formats amounts in Australian dollars', () => {
    expect(formatAud(12345)).toBe('$123.45');
    expect(formatAud(123456789)).toBe('$1,234,567.89');
    expect(formatAud(5)).toBe('$0.05');
  });

  it('reads dollars as staff type them, refusing fractions of a cent and negatives', () => {
    expect(parseDollars('123.45')).toBe(12345);
    expect(parseDollars('$1,234.5')).toBe(123450);
    expect(parseDollars(' 80 ')).toBe(8000);
    expect(parseDollars('0.1')).toBe(10);
    for (const bad of ['12.345', '-5', '1e3', '', 'abc', '1,23.00'])
      expect(parseDollars(bad)).toBeUndefined();
  });

  // Property: the total is the exact integer sum, GST the nearest cent to total/11, nothing drifts.
  it('sums any lines exactly, in integers', () => {
    const line = fc.record({
      description: fc.constant('Line'),
      quantity: fc.integer({ min: 1, max: 999 }),
      unitPriceCents: fc.integer({ min: 0, max: 10_000_000 }),
    });
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 50 }), fc.boolean(), (lines, registered) => {
        const totals = quoteTotals(lines, registered);
        const exact = lines.reduce(
          (sum, each) => sum + BigInt(each.quantity) * BigInt(each.unitPriceCents),
          0n,
        );
        expect(BigInt(totals.totalCents)).toBe(exact);
        for (const each of totals.lines) expect(Number.isSafeInteger(each.lineTotalCents)).toBe(true);
        if (registered) {
          // |11·gst − total| ≤ 5.5 cents·11 … i.e. gst is the nearest whole cent to total ÷ 11.
          const distance = BigInt(totals.gstCents) * 11n - exact;
          expect(distance * 2n <= 11n && distance * 2n >= -11n).toBe(true);
        } else expect(totals.gstCents).toBe(0);
        expect(totals.exGstCents + totals.gstCents).toBe(totals.totalCents);
      }),
    );
  });

  it('takes a recurring quote’s discount off the subtotal, rounded once to the cent, before GST', () => {
    // 3 × $56.67 = $170.01; 15% is $25.5015 → $25.50; per visit $144.51, GST $13.14 (13.137…).
    const lines = [{ description: 'Regular Cleaning', quantity: 3, unitPriceCents: 5667 }];
    expect(quoteTotals(lines, true, 15)).toMatchObject({
      subtotalCents: 17001,
      discountPercent: 15,
      discountCents: 2550,
      totalCents: 14451,
      gstCents: 1314,
      exGstCents: 13137,
    });
    // Half a cent rounds up: 10% of $0.05 is 0.5 cent → 1 cent.
    expect(quoteTotals([{ description: 'Tiny', quantity: 1, unitPriceCents: 5 }], false, 10)).toMatchObject({
      discountCents: 1,
      totalCents: 4,
    });
    // Rounded once on the subtotal, not per line: two lines of $0.03 at 50% take 3 cents, not 2 + 2.
    expect(
      quoteTotals(
        [
          { description: 'A', quantity: 1, unitPriceCents: 3 },
          { description: 'B', quantity: 1, unitPriceCents: 3 },
        ],
        false,
        50,
      ).discountCents,
    ).toBe(3);
    expect(quoteTotals(lines, true)).toMatchObject({
      subtotalCents: 17001,
      discountCents: 0,
      totalCents: 17001,
    });
  });

  // Property: per visit, the discount is the nearest cent (a half up) to subtotal × percent ÷ 100,
  // the total is subtotal − discount, GST the nearest cent to that total ÷ 11; all exact integers.
  it('sums any recurring quote per visit exactly, discount and GST in whole cents', () => {
    const line = fc.record({
      description: fc.constant('Line'),
      quantity: fc.integer({ min: 1, max: 999 }),
      unitPriceCents: fc.integer({ min: 0, max: 10_000_000 }),
    });
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 1, maxLength: 50 }),
        fc.integer({ min: 0, max: 50 }),
        fc.boolean(),
        (lines, percent, registered) => {
          const totals = quoteTotals(lines, registered, percent);
          const subtotal = lines.reduce(
            (sum, each) => sum + BigInt(each.quantity) * BigInt(each.unitPriceCents),
            0n,
          );
          expect(BigInt(totals.subtotalCents)).toBe(subtotal);
          // 100·discount is within half a cent (50) of subtotal·percent; exactly half goes up.
          const off = BigInt(totals.discountCents) * 100n - subtotal * BigInt(percent);
          expect(off > -50n && off <= 50n).toBe(true);
          expect(totals.discountCents).toBeGreaterThanOrEqual(0);
          expect(totals.totalCents).toBe(totals.subtotalCents - totals.discountCents);
          expect(totals.totalCents).toBeGreaterThanOrEqual(0);
          for (const amount of [totals.discountCents, totals.totalCents, totals.gstCents])
            expect(Number.isSafeInteger(amount)).toBe(true);
          if (registered) {
            const distance = BigInt(totals.gstCents) * 11n - BigInt(totals.totalCents);
            expect(distance * 2n <= 11n && distance * 2n >= -11n).toBe(true);
          } else expect(totals.gstCents).toBe(0);
          expect(totals.exGstCents + totals.gstCents).toBe(totals.totalCents);
        },
      ),
    );
  });

  it('reads back every amount it formats', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), (cents) => {
        expect(parseDollars(formatAud(cents))).toBe(cents);
      }),
    );
  });
});

describe('validation messages', () => {
  it('names the line and the field of a bad line', () => {
    const result = quoteDraft.safeParse({
      lines: [
        { description: 'Clean', quantity: 1, unitPriceCents: 100 },
        { description: '   ', quantity: 0, unitPriceCents: 10.5 },
      ],
    });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(fieldErrors(result.error)).toEqual({
      'lines.1.description': 'Line 2: enter a description',
      'lines.1.quantity': 'Line 2: the quantity is a whole number from 1 to 999',
      'lines.1.unitPriceCents': 'Line 2: the unit price is in whole cents (no fraction of a cent)',
    });
  });

  it('refuses more than 50 lines, a quantity over 999 and a price over $100,000', () => {
    const line = { description: 'Clean', quantity: 1, unitPriceCents: 100 };
    const tooMany = quoteDraft.safeParse({ lines: Array.from({ length: 51 }, () => line) });
    expect(tooMany.success || fieldErrors(tooMany.error)).toEqual({ lines: 'At most 50 lines' });
    const tooBig = quoteDraft.safeParse({ lines: [{ ...line, quantity: 1000, unitPriceCents: 10_000_001 }] });
    expect(tooBig.success || fieldErrors(tooBig.error)).toEqual({
      'lines.0.quantity': 'Line 1: the quantity is a whole number from 1 to 999',
      'lines.0.unitPriceCents': 'Line 1: the unit price is at most $100,000.00',
    });
  });

  it('names the price of a price list that is a half cent or negative', () => {
    const bad = structuredClone(DEFAULT_PRICE_LIST);
    bad.services['end-of-lease'].bedroomCents = 6000.5;
    bad.services['oven-clean'].ovenCents['60cm-oven']['burnt-food'] = -100;
    const result = priceList.safeParse(bad);
    expect(result.success || fieldErrors(result.error)).toEqual({
      'services.end-of-lease.bedroomCents':
        'End of Lease Cleaning: Per bedroom: whole cents only (no fraction of a cent)',
      'services.oven-clean.ovenCents.60cm-oven.burnt-food':
        'Oven Cleaning: Standard oven (60cm), Burnt-on food: can’t be negative',
    });
    expect(priceList.parse(DEFAULT_PRICE_LIST)).toEqual(DEFAULT_PRICE_LIST);
  });

  it('names the time of a price list that is not whole minutes from 0 to 720', () => {
    const bad = structuredClone(DEFAULT_PRICE_LIST);
    bad.durations['end-of-lease'].bedroomMinutes = 45.5;
    bad.durations['oven-clean'].baseMinutes = -1;
    bad.durations['deep-clean'].bathroomMinutes = 721;
    const result = priceList.safeParse(bad);
    expect(result.success || fieldErrors(result.error)).toEqual({
      'durations.end-of-lease.bedroomMinutes': 'End of Lease Cleaning: Time per bedroom: whole minutes only',
      'durations.oven-clean.baseMinutes': 'Oven Cleaning: Base time: can’t be negative',
      'durations.deep-clean.bathroomMinutes':
        'Deep Cleaning: Time per bathroom: at most 720 minutes (12 hours)',
    });
  });

  it('takes a price list without its times (they stay as they are)', () => {
    const { durations: _left, ...pricesOnly } = DEFAULT_PRICE_LIST;
    expect(priceList.parse(pricesOnly)).toEqual(pricesOnly);
  });

  it('names the frequency discount of a price list that is not a whole percent from 0 to 50', () => {
    const bad = structuredClone(DEFAULT_PRICE_LIST);
    bad.frequencyDiscountPercent.weekly = 51;
    bad.frequencyDiscountPercent.fortnightly = 7.5;
    bad.frequencyDiscountPercent['four-weekly'] = -1;
    const result = priceList.safeParse(bad);
    expect(result.success || fieldErrors(result.error)).toEqual({
      'frequencyDiscountPercent.weekly': 'Weekly discount (%): a whole percent from 0 to 50',
      'frequencyDiscountPercent.fortnightly': 'Fortnightly discount (%): a whole percent from 0 to 50',
      'frequencyDiscountPercent.four-weekly': 'Every 4 weeks discount (%): a whole percent from 0 to 50',
    });
    const edges = { weekly: 0, fortnightly: 50, 'four-weekly': 5 };
    expect(
      priceList.parse({ ...DEFAULT_PRICE_LIST, frequencyDiscountPercent: edges }).frequencyDiscountPercent,
    ).toEqual(edges);
    const { frequencyDiscountPercent: _left, ...withoutDiscounts } = DEFAULT_PRICE_LIST;
    expect(priceList.parse(withoutDiscounts).frequencyDiscountPercent).toBeUndefined();
  });

  it('takes how often the clean is done, once when left out, and names anything else', () => {
    const lines = [{ description: 'Clean', quantity: 1, unitPriceCents: 100 }];
    expect(quoteDraft.parse({ lines }).frequency).toBe('once');
    for (const frequency of ['once', 'weekly', 'fortnightly', 'four-weekly'] as const)
      expect(quoteDraft.parse({ lines, frequency }).frequency).toBe(frequency);
    for (const frequency of ['monthly', 'Weekly', '', null, 7]) {
      const result = quoteDraft.safeParse({ lines, frequency });
      expect(result.success || fieldErrors(result.error)).toEqual({
        frequency: 'Choose how often: One-off, Weekly, Fortnightly or Every 4 weeks',
      });
    }
  });

  it("takes a quote's estimated time as whole minutes from 15 to 720, and none", () => {
    const lines = [{ description: 'Clean', quantity: 1, unitPriceCents: 100 }];
    expect(quoteDraft.parse({ lines, durationMinutes: 240 }).durationMinutes).toBe(240);
    expect(quoteDraft.parse({ lines }).durationMinutes).toBeUndefined();
    for (const durationMinutes of [0, 14, 721, 90.5, '240', null]) {
      const result = quoteDraft.safeParse({ lines, durationMinutes });
      expect(result.success || fieldErrors(result.error)).toEqual({
        durationMinutes: 'The estimated time is a whole number of minutes from 15 to 720',
      });
    }
  });
});
