import { formatAud } from './money.ts';
import type { QuoteFrequency, SeriesFrequency } from './visits.ts';

/** How often the clean is done, as staff and customers read it. */
export const QUOTE_FREQUENCY_LABELS: Readonly<Record<QuoteFrequency, string>> = {
  once: 'One-off',
  weekly: 'Weekly',
  fortnightly: 'Fortnightly',
  'four-weekly': 'Every 4 weeks',
};

/** 'per visit, weekly', 'per visit, fortnightly', 'per visit, every 4 weeks': beside a recurring total. */
export function perVisitText(frequency: SeriesFrequency): string {
  return `per visit, ${QUOTE_FREQUENCY_LABELS[frequency].toLowerCase()}`;
}

/** The discount's line on a recurring quote: 'Weekly discount (15%)'. */
export function discountLineLabel(frequency: SeriesFrequency, percent: number): string {
  return `${QUOTE_FREQUENCY_LABELS[frequency]} discount (${percent}%)`;
}

/** A discount as an amount taken off, with a minus sign (U+2212): 2550 → '−$25.50'. */
export function discountAmountText(discountCents: number): string {
  return `\u2212${formatAud(discountCents)}`;
}

/** The largest discount the price list may give a recurring clean, in whole percent. */
export const MAX_FREQUENCY_DISCOUNT_PERCENT = 50;

/**
 * The amount a discount of `percent` takes off `subtotalCents`: subtotal × percent ÷ 100, rounded
 * once to the nearest cent, a half cent up. Integer arithmetic throughout (no float ever holds a
 * fraction of a cent).
 */
export function frequencyDiscountCents(subtotalCents: number, percent: number): number {
  // round(x / 100) half up = floor((2x + 100) / 200) for x ≥ 0.
  return Number((BigInt(subtotalCents) * BigInt(percent) * 2n + 100n) / 200n);
}
