import { describe, expect, it } from 'vitest';
import { serviceLabel, sourceLabel, suburbOf } from './quote-labels.ts';

describe('quote labels', () => {
  it('names each service as the business offers it', () => {
    expect(serviceLabel('end-of-lease')).toBe('End of Lease Cleaning');
    expect(serviceLabel('ndis-aged-care')).toBe('NDIS & Aged Care Cleaning');
  });

  it('names the source: the main site or the partner', () => {
    expect(sourceLabel('main-site')).toBe('Main site');
    expect(sourceLabel('partner:northside-support')).toBe('northside-support');
    expect(
      sourceLabel('partner:northside-support', new Map([['northside-support', 'Northside Support']])),
    ).toBe('Northside Support');
  });

  it('finds the suburb in the usual ways an address is written', () => {
    expect(suburbOf('12 Chapel St, South Yarra, VIC')).toBe('South Yarra');
    expect(suburbOf('8 Acland St, St Kilda VIC 3182')).toBe('St Kilda');
    expect(suburbOf('1 Probe St, Fitzroy')).toBe('Fitzroy');
    expect(suburbOf('Unit 4, 22 High St, Northcote, VIC, 3070')).toBe('Northcote');
    expect(suburbOf('somewhere')).toBe('');
  });
});
