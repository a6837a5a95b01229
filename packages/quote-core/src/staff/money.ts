/**
 * Money as the business quotes it: whole cents of Australian dollars, GST inclusive. Every sum is
 * done on integers; only display goes through Intl, and even then from an exact decimal string.
 */

/** The most a single amount (a price or a line's unit price) may be: $100,000.00. */
export const MAX_AMOUNT_CENTS = 10_000_000;

const aud = new Intl.NumberFormat('en-AU', { style: 'currency', currency: 'AUD' });

/** The cents as an exact decimal string: 12345 → '123.45', -5 → '-0.05'. */
export function centsToDecimal(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const whole = Math.abs(cents);
  return `${sign}${Math.trunc(whole / 100)}.${String(whole % 100).padStart(2, '0')}`;
}

/**
 * An amount for people: 12345 → '$123.45' (en-AU, AUD). Formatted from the exact decimal string, so
 * no binary fraction ever reaches the page.
 */
export function formatAud(cents: number): string {
  // Intl formats a decimal string exactly (ECMA-402 'Intl.NumberFormat v3'); the cast is for older lib typings.
  return aud.format(centsToDecimal(cents) as unknown as number);
}

/** The amount as staff type it back into a field: 12345 → '123.45'. */
export function centsToDollarsText(cents: number): string {
  return centsToDecimal(cents);
}

// '123', '123.4', '123.45', '$1,234.50', ' 5 ' — at most two decimals, no sign, no exponent.
const DOLLARS = /^\$?\s*(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{0,2}))?$/;

/**
 * Dollars as staff type them ('123.45', '$1,234.5', '80') into whole cents, read digit by digit (no
 * float). Undefined when the text is not an amount of dollars with at most two decimals: '12.345'
 * (a fraction of a cent), '-5', '1e3' and '' are all refused.
 */
export function parseDollars(text: string): number | undefined {
  const match = DOLLARS.exec(text.trim());
  if (!match) return undefined;
  const whole = (match[1] ?? '').replaceAll(',', '');
  const fraction = (match[2] ?? '').padEnd(2, '0');
  const cents = Number(whole) * 100 + Number(fraction);
  return Number.isSafeInteger(cents) ? cents : undefined;
}

/**
 * The GST included in a GST-inclusive total: total ÷ 11, rounded to the nearest cent once, on the
 * total (the ATO allows rounding per invoice rather than per line). Integer arithmetic: 11 is odd, so
 * no total is ever exactly half a cent away and rounding half up is unambiguous.
 */
export function gstIncluded(totalCents: number): number {
  return Number((BigInt(totalCents) * 2n + 11n) / 22n);
}
