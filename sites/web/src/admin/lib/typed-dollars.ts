import { parseDollars } from '@cleanquote/quote-core/staff';

// A number as someone might type one, right or wrong: a sign, a dollar sign, thousands commas,
// any number of decimals. Whether it is a valid amount is the schema's to say, not this pattern's.
const NUMBER_LIKE = /^(-)?\s*\$?\s*(\d{1,3}(?:,\d{3})+|\d*)(?:\.(\d*))?$/;

/**
 * The cents of an amount staff typed in dollars, for the server's own schema to judge: exact cents
 * for a valid amount ('123.45' → 12345, '$1,234.5' → 123450), and for a number that is not one the
 * value the schema refuses in its own words ('-5' → -500, negative; '12.345' → 1234.5, a fraction of
 * a cent). NaN when the text is no number at all ('', 'abc'): the form names that itself, as the
 * server never receives text there.
 */
export function centsOfTypedDollars(text: string): number {
  const valid = parseDollars(text);
  if (valid !== undefined) return valid;
  const match = NUMBER_LIKE.exec(text.trim());
  const whole = match?.[2]?.replaceAll(',', '') ?? '';
  const fraction = match?.[3] ?? '';
  if (!match || (whole === '' && fraction === '')) return Number.NaN;
  // Moves the decimal point two places in the text itself, so no binary fraction creeps in:
  // '12.345' is read as '1234.5', exactly.
  const cents = `${whole || '0'}${fraction.padEnd(2, '0').slice(0, 2)}.${fraction.slice(2) || '0'}`;
  return (match[1] ? -1 : 1) * Number(cents);
}

/** A whole number as typed ('3'); a fraction stays one ('2.5') and anything else is NaN, for the schema to judge. */
export function typedCount(text: string): number {
  const trimmed = text.trim();
  return /^-?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}
