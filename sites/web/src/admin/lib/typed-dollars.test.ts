import { describe, expect, it } from 'vitest';
import { centsOfTypedDollars, typedCount } from './typed-dollars.ts';

describe('dollars as staff type them', () => {
  it('reads a valid amount into exact cents', () => {
    expect(centsOfTypedDollars('123.45')).toBe(12345);
    expect(centsOfTypedDollars('$1,234.5')).toBe(123450);
    expect(centsOfTypedDollars(' 80 ')).toBe(8000);
    expect(centsOfTypedDollars('0.1')).toBe(10);
    // No binary fraction: 0.29 × 100 is 28.999… in floating point.
    expect(centsOfTypedDollars('0.29')).toBe(29);
  });

  it('keeps what is wrong with a number for the schema to name', () => {
    expect(centsOfTypedDollars('-5')).toBe(-500);
    expect(centsOfTypedDollars('12.345')).toBe(1234.5);
    expect(centsOfTypedDollars('12.340')).toBe(1234);
    expect(centsOfTypedDollars('-$0.005')).toBe(-0.5);
  });

  it('is NaN for text that is no number', () => {
    for (const text of ['', '  ', 'abc', '1e3', '12..3', '.', '$', '1,23']) {
      expect(centsOfTypedDollars(text), text).toBeNaN();
    }
  });

  it('reads counts, keeping fractions for the schema to refuse', () => {
    expect(typedCount(' 3 ')).toBe(3);
    expect(typedCount('2.5')).toBe(2.5);
    expect(typedCount('-1')).toBe(-1);
    expect(typedCount('')).toBeNaN();
    expect(typedCount('three')).toBeNaN();
  });
});
