import { SERVICE_TYPES } from '@cleanquote/quote-core';
import {
  centsToDollarsText,
  DEFAULT_PRICE_LIST,
  discountItems,
  durationItems,
  type PriceList,
  type PriceListInput,
  priceItems,
  priceLabel,
  priceList,
} from '@cleanquote/quote-core/staff';
import { type FieldErrors, type Resolver, set } from 'react-hook-form';
import { centsOfTypedDollars, typedCount } from '../lib/typed-dollars.ts';

/** Every number of `T` as the text of a field. */
type AsText<T> = { [K in keyof T]: T[K] extends number ? string : AsText<T[K]> };

/**
 * The price list form's values: the price list's shape, each price as the dollars typed ('123.45'),
 * each time as the minutes typed ('180'), each discount as the percent typed ('15'). A field's name
 * is its key ('services.end-of-lease.bedroomCents', 'durations.end-of-lease.baseMinutes',
 * 'frequencyDiscountPercent.weekly'), which is also the path the server's 400 names, so the server's
 * messages land on the same field.
 */
export type PriceFormValues = AsText<
  Pick<PriceList, 'services' | 'urgentSurchargeCents' | 'durations' | 'frequencyDiscountPercent'>
>;

/** Every price's key, in the screen's order: the list names every price whatever its amounts. */
export const PRICE_KEYS: readonly string[] = priceItems(DEFAULT_PRICE_LIST).map((item) => item.key);

/** Every time's key, in the screen's order. */
export const DURATION_KEYS: readonly string[] = durationItems(DEFAULT_PRICE_LIST).map((item) => item.key);

/** Every discount's key, in the screen's order: weekly, fortnightly, every 4 weeks. */
export const DISCOUNT_KEYS: readonly string[] = discountItems(DEFAULT_PRICE_LIST).map((item) => item.key);

/**
 * Every field's key in the screen's order: each service's prices then its times, then the
 * surcharge, then the regular cleans' discounts.
 */
export const FIELD_KEYS: readonly string[] = [
  ...SERVICE_TYPES.flatMap((service) => [
    ...priceItems(DEFAULT_PRICE_LIST)
      .filter((item) => item.service === service)
      .map((item) => item.key),
    ...durationItems(DEFAULT_PRICE_LIST)
      .filter((item) => item.service === service)
      .map((item) => item.key),
  ]),
  ...priceItems(DEFAULT_PRICE_LIST)
    .filter((item) => item.service === undefined)
    .map((item) => item.key),
  ...DISCOUNT_KEYS,
];

const read = (values: unknown, key: string): unknown =>
  key.split('.').reduce<unknown>((at, step) => (at as Record<string, unknown> | undefined)?.[step], values);

/**
 * The form's values of a price list: each price as dollars, each time as minutes and each discount
 * as percent, in the shape of the list.
 */
export function priceFormValues(list: PriceList): PriceFormValues {
  const values = {};
  for (const item of priceItems(list)) set(values, item.key, centsToDollarsText(item.cents));
  for (const item of durationItems(list)) set(values, item.key, String(item.minutes));
  for (const item of discountItems(list)) set(values, item.key, String(item.percent));
  return values as PriceFormValues;
}

/** What a price's field says when its text is no amount at all (the server only ever receives numbers). */
export function notAnAmountMessage(key: string): string {
  return `${priceLabel(key)}: enter an amount in dollars, like 123.45`;
}

/** What a time's field says when its text is no number at all. */
export function notMinutesMessage(key: string): string {
  return `${priceLabel(key)}: enter a time in minutes, like 90`;
}

/** What a discount's field says when its text is no number at all. */
export function notPercentMessage(key: string): string {
  return `${priceLabel(key)}: enter a whole percent, like 15`;
}

/**
 * The price list form's check: every price read from dollars into cents, every time as minutes and
 * every discount as whole percent,
 * then judged by the server's own schema (priceList), so a field shows the server's message for it
 * ('End of Lease Cleaning: Per bedroom: can’t be negative') before any request. Valid, it gives the
 * JSON PUT /api/prices takes, times and discounts included.
 */
export const priceFormResolver: Resolver<PriceFormValues, unknown, PriceListInput> = async (values) => {
  const cents = {};
  const messages = new Map<string, string>();
  for (const key of PRICE_KEYS) {
    const typed = read(values, key);
    const amount = centsOfTypedDollars(typeof typed === 'string' ? typed : '');
    if (Number.isNaN(amount)) messages.set(key, notAnAmountMessage(key));
    set(cents, key, amount);
  }
  for (const key of DURATION_KEYS) {
    const typed = read(values, key);
    const minutes = typedCount(typeof typed === 'string' ? typed : '');
    if (Number.isNaN(minutes)) messages.set(key, notMinutesMessage(key));
    set(cents, key, minutes);
  }
  for (const key of DISCOUNT_KEYS) {
    const typed = read(values, key);
    const percent = typedCount(typeof typed === 'string' ? typed.replace(/%\s*$/, '') : '');
    if (Number.isNaN(percent)) messages.set(key, notPercentMessage(key));
    set(cents, key, percent);
  }
  const result = priceList.safeParse(cents);
  if (result.success && messages.size === 0) return { values: result.data, errors: {} };
  for (const issue of result.error?.issues ?? []) {
    const key = issue.path.join('.');
    if (!messages.has(key)) messages.set(key, issue.message);
  }
  const errors: FieldErrors<PriceFormValues> = {};
  for (const [key, message] of messages) set(errors, key, { type: 'validate', message });
  return { values: {}, errors };
};
