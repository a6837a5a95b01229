import { describe, expect, it } from 'vitest';
import { bookedWindowText, dayHeading, slotValue, windowLabel } from './window-labels.ts';

const window = (start: string, end: string) => ({ start: new Date(start), end: new Date(end) });

describe('arrival windows in words, in Melbourne time', () => {
  it('says the period once within a morning, and at each end across noon', () => {
    const morning = window('2026-12-02T08:00:00+11:00', '2026-12-02T10:00:00+11:00');
    expect(windowLabel(morning)).toBe('Wed 2 Dec, arrive 8:00–10:00 am');
    expect(bookedWindowText(morning)).toBe('Wednesday 2 December 2026, arriving between 8:00 and 10:00 am');
    const noon = window('2026-12-02T11:00:00+11:00', '2026-12-02T13:00:00+11:00');
    expect(windowLabel(noon)).toBe('Wed 2 Dec, arrive 11:00 am–1:00 pm');
    expect(bookedWindowText(noon)).toBe('Wednesday 2 December 2026, arriving between 11:00 am and 1:00 pm');
  });

  it('names the Melbourne day and offset on both sides of a daylight-saving change, whatever the server’s zone', () => {
    // 8:00 on Saturday 3 April 2027 (+11:00) and on Monday 5 April 2027 (+10:00): 21:00 and 22:00 UTC the day before.
    const before = new Date('2027-04-02T21:00:00Z');
    const after = new Date('2027-04-04T22:00:00Z');
    expect(slotValue(before)).toBe('2027-04-03T08:00:00+11:00');
    expect(slotValue(after)).toBe('2027-04-05T08:00:00+10:00');
    expect(dayHeading(before)).toBe('Saturday 3 April');
    expect(dayHeading(after)).toBe('Monday 5 April');
    expect(slotValue(new Date('2027-10-03T21:00:00Z'))).toBe('2027-10-04T08:00:00+11:00');
  });
});
