import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BATHROOM_COUNTS, BEDROOM_COUNTS, SERVICE_TYPES } from '../quote-options.ts';
import { DEFAULT_PRICE_LIST, type PriceList, withPrices } from './price-list.ts';
import { durationText, estimateDurationMinutes } from './visit-duration.ts';

const timed = (times: Record<string, number>): PriceList =>
  withPrices(DEFAULT_PRICE_LIST, new Map(Object.entries(times)));

describe("a visit's estimated time", () => {
  it('times an end of lease clean of 3 bedrooms and 2 bathrooms: base + 45 per bedroom + 30 per bathroom', () => {
    const list = timed({
      'durations.end-of-lease.baseMinutes': 180,
      'durations.end-of-lease.bedroomMinutes': 45,
      'durations.end-of-lease.bathroomMinutes': 30,
    });
    const request = { serviceType: 'end-of-lease', bedrooms: '3', bathrooms: '2' } as const;
    // 180 + 3 × 45 + 2 × 30 = 375 minutes: 6 h 15 min.
    expect(estimateDurationMinutes(request, list)).toBe(375);
  });

  it('counts 5+ bedrooms as 5 and 4+ bathrooms as 4, as the prices do', () => {
    const list = timed({
      'durations.regular-clean.baseMinutes': 60,
      'durations.regular-clean.bedroomMinutes': 30,
      'durations.regular-clean.bathroomMinutes': 15,
    });
    expect(
      estimateDurationMinutes({ serviceType: 'regular-clean', bedrooms: '5+', bathrooms: '4+' }, list),
    ).toBe(60 + 5 * 30 + 4 * 15);
  });

  it("takes each service's own times, and only the base time where a service is not timed by rooms", () => {
    const list = timed({
      'durations.deep-clean.baseMinutes': 200,
      'durations.deep-clean.bedroomMinutes': 25,
      'durations.deep-clean.bathroomMinutes': 35,
      'durations.oven-clean.baseMinutes': 105,
    });
    expect(estimateDurationMinutes({ serviceType: 'deep-clean', bedrooms: '2', bathrooms: '1' }, list)).toBe(
      285,
    );
    // An oven clean asks no rooms; answers it does not ask change nothing.
    expect(estimateDurationMinutes({ serviceType: 'oven-clean', bedrooms: '4', bathrooms: '3' }, list)).toBe(
      105,
    );
  });

  it('rounds to the nearest quarter hour', () => {
    const list = (base: number) => timed({ 'durations.window-clean.baseMinutes': base });
    expect(estimateDurationMinutes({ serviceType: 'window-clean' }, list(97))).toBe(90);
    expect(estimateDurationMinutes({ serviceType: 'window-clean' }, list(98))).toBe(105);
    expect(estimateDurationMinutes({ serviceType: 'window-clean' }, list(112))).toBe(105);
  });

  it('keeps the estimate between 15 minutes and 12 hours', () => {
    expect(
      estimateDurationMinutes(
        { serviceType: 'carpet-clean' },
        timed({ 'durations.carpet-clean.baseMinutes': 0 }),
      ),
    ).toBe(15);
    const long = timed({
      'durations.end-of-lease.baseMinutes': 600,
      'durations.end-of-lease.bedroomMinutes': 120,
    });
    expect(
      estimateDurationMinutes({ serviceType: 'end-of-lease', bedrooms: '5+', bathrooms: '1' }, long),
    ).toBe(720);
  });

  it('is always a quarter hour from 15 to 720, whatever the times and the answers', () => {
    const time = fc.integer({ min: 0, max: 720 });
    fc.assert(
      fc.property(
        fc.constantFrom(...SERVICE_TYPES),
        fc.constantFrom(...BEDROOM_COUNTS),
        fc.constantFrom(...BATHROOM_COUNTS),
        time,
        time,
        time,
        (serviceType, bedrooms, bathrooms, base, bedroom, bathroom) => {
          const list = timed({
            [`durations.${serviceType}.baseMinutes`]: base,
            [`durations.${serviceType}.bedroomMinutes`]: bedroom,
            [`durations.${serviceType}.bathroomMinutes`]: bathroom,
          });
          const minutes = estimateDurationMinutes({ serviceType, bedrooms, bathrooms }, list);
          expect(minutes % 15).toBe(0);
          expect(minutes).toBeGreaterThanOrEqual(15);
          expect(minutes).toBeLessThanOrEqual(720);
        },
      ),
    );
  });

  it('times a standard home clean (1 to 3 bedrooms, 1 or 2 bathrooms) at 2 to 4 hours by default', () => {
    for (const bedrooms of ['1', '2', '3'] as const)
      for (const bathrooms of ['1', '2'] as const) {
        const minutes = estimateDurationMinutes(
          { serviceType: 'regular-clean', bedrooms, bathrooms },
          DEFAULT_PRICE_LIST,
        );
        expect(minutes).toBeGreaterThanOrEqual(120);
        expect(minutes).toBeLessThanOrEqual(240);
      }
  });
});

describe('a length of time in words', () => {
  it('says whole hours, hours and minutes, or minutes', () => {
    expect(durationText(240)).toBe('4 h');
    expect(durationText(225)).toBe('3 h 45 min');
    expect(durationText(45)).toBe('45 min');
  });
});
