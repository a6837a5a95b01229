import { DEFAULT_PRICE_LIST, type PriceList } from '@cleanquote/quote-core/staff';
import { HttpResponse, http } from 'msw';
import type { PriceListAnswer } from '../../sites/web/src/admin/lib/price-list-query.ts';
import type { PriceChange } from '../../sites/web/src/admin/prices/prices-queries.ts';

/*
 * The price list on /prices, as GET /api/prices and /api/prices/history answer: the defaults, the
 * same list after Kate raised the end-of-lease price per bedroom from $60 to $65, and after she
 * lengthened the end-of-lease base time from 3 h to 3 h 20 min.
 */

/** The key of the end-of-lease price per bedroom. */
export const bedroomKey = 'services.end-of-lease.bedroomCents';

/** The price list as the business starts: every price the default. */
export const defaultPrices = { ...DEFAULT_PRICE_LIST, gstRegistered: true } satisfies PriceListAnswer;

/** The list with the end-of-lease price per bedroom at $65. */
export const raisedBedroomPrices = {
  ...DEFAULT_PRICE_LIST,
  services: {
    ...DEFAULT_PRICE_LIST.services,
    'end-of-lease': { ...DEFAULT_PRICE_LIST.services['end-of-lease'], bedroomCents: 6500 },
  },
  gstRegistered: true,
} satisfies PriceList & PriceListAnswer;

/** Kate's change of the end-of-lease price per bedroom. */
export const bedroomRaised = {
  id: 'price-change-0312',
  at: '2026-03-12T00:45:00.000Z',
  actor: { name: 'Kate', email: 'kate@sparkleclean.example' },
  key: bedroomKey,
  label: 'End of Lease Cleaning: Per bedroom',
  unit: 'cents',
  oldCents: 6000,
  newCents: 6500,
} as const satisfies PriceChange;

/** The list with the end-of-lease base time at 3 h 20 min. */
export const longerEndOfLease = {
  ...DEFAULT_PRICE_LIST,
  durations: {
    ...DEFAULT_PRICE_LIST.durations,
    'end-of-lease': { ...DEFAULT_PRICE_LIST.durations['end-of-lease'], baseMinutes: 200 },
  },
  gstRegistered: true,
} satisfies PriceList & PriceListAnswer;

/** Kate's change of the end-of-lease base time, in minutes. */
export const endOfLeaseLonger = {
  id: 'price-change-0402',
  at: '2026-04-01T23:15:00.000Z',
  actor: { name: 'Kate', email: 'kate@sparkleclean.example' },
  key: 'durations.end-of-lease.baseMinutes',
  label: 'End of Lease Cleaning: Base time',
  unit: 'minutes',
  oldCents: 180,
  newCents: 200,
} as const satisfies PriceChange;

/** The list with the weekly discount at 20%. */
export const biggerWeeklyDiscount = {
  ...DEFAULT_PRICE_LIST,
  frequencyDiscountPercent: { ...DEFAULT_PRICE_LIST.frequencyDiscountPercent, weekly: 20 },
  gstRegistered: true,
} satisfies PriceList & PriceListAnswer;

/** Kate's change of the weekly discount, in percent. */
export const weeklyDiscountRaised = {
  id: 'price-change-0405',
  at: '2026-04-04T23:15:00.000Z',
  actor: { name: 'Kate', email: 'kate@sparkleclean.example' },
  key: 'frequencyDiscountPercent.weekly',
  label: 'Weekly discount (%)',
  unit: 'percent',
  oldCents: 15,
  newCents: 20,
} as const satisfies PriceChange;

/** GET /api/prices and /api/prices/history answering `list` and `history`. */
export const pricesAnswer = (list: PriceListAnswer, history: readonly PriceChange[]) => [
  http.get('/api/prices', () => HttpResponse.json(list)),
  http.get('/api/prices/history', () => HttpResponse.json([...history])),
];
