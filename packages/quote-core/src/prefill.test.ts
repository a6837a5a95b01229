import { describe, expect, it } from 'vitest';
import { prefillAnswers, serviceFromSlug, suburbToAddress } from './prefill.ts';

describe('serviceFromSlug', () => {
  it.each([
    ['regular-cleaning', 'regular-clean'],
    ['deep-cleaning', 'deep-clean'],
    ['end-of-lease', 'end-of-lease'],
    ['carpet-cleaning', 'carpet-clean'],
    ['window-cleaning', 'window-clean'],
    ['oven-clean', 'oven-clean'],
    ['ndis-cleaning', 'ndis-aged-care'],
    ['commercial-cleaning', 'regular-clean'],
  ])('maps %s to %s', (slug, serviceType) => {
    expect(serviceFromSlug(slug)).toBe(serviceType);
  });

  it('ignores unknown, empty and missing slugs', () => {
    expect(serviceFromSlug('spring-clean')).toBeUndefined();
    expect(serviceFromSlug('')).toBeUndefined();
    expect(serviceFromSlug(null)).toBeUndefined();
    expect(serviceFromSlug(undefined)).toBeUndefined();
  });

  it('accepts service ids (partner embeds) and tolerates case and spaces', () => {
    expect(serviceFromSlug('window-clean')).toBe('window-clean');
    expect(serviceFromSlug(' Deep-Cleaning ')).toBe('deep-clean');
  });
});

describe('suburbToAddress', () => {
  it.each([
    ['box-hill', 'Box Hill, VIC'],
    ['richmond', 'Richmond, VIC'],
    ['st-kilda-east', 'St Kilda East, VIC'],
    // Any slug, known or not.
    ['made-up-place', 'Made Up Place, VIC'],
    ['BOX-HILL', 'Box Hill, VIC'],
    ['box--hill-', 'Box Hill, VIC'],
  ])('turns %s into %s', (slug, address) => {
    expect(suburbToAddress(slug)).toBe(address);
  });

  it('gives nothing for an empty slug', () => {
    expect(suburbToAddress('')).toBeUndefined();
    expect(suburbToAddress('--')).toBeUndefined();
    expect(suburbToAddress(null)).toBeUndefined();
  });

  it('keeps an absurdly long slug within the address limit', () => {
    const address = suburbToAddress('a'.repeat(1000));
    expect(address?.length).toBeLessThanOrEqual(300);
    expect(address).toMatch(/, VIC$/);
  });
});

describe('prefillAnswers', () => {
  it('pre-fills service and address together', () => {
    expect(prefillAnswers({ service: 'oven-clean', suburb: 'box-hill' })).toEqual({
      serviceType: 'oven-clean',
      address: 'Box Hill, VIC',
    });
  });

  it('pre-selects the commercial property type for the commercial card', () => {
    expect(prefillAnswers({ service: 'commercial-cleaning' })).toEqual({
      serviceType: 'regular-clean',
      propertyType: 'commercial',
    });
  });

  it('still fills the address when the service slug is unknown', () => {
    expect(prefillAnswers({ service: 'spring-clean', suburb: 'fitzroy' })).toEqual({
      address: 'Fitzroy, VIC',
    });
  });

  it('fills nothing without query values', () => {
    expect(prefillAnswers({})).toEqual({});
  });
});
