import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookedWindowText, dayHeading, slotValue, windowLabel } from './window-labels.ts';

const window = (start: string, end: string) => ({ start: new Date(start), end: new Date(end) });

// The server's own zone must not matter: UTC as most hosts run, Melbourne's own, and a zone whose
// daylight saving runs the other way.
describe.each(['UTC', 'Australia/Melbourne', 'America/New_York'])(
  'arrival windows in words on a server in %s',
  (zone) => {
    const serverZone = process.env.TZ;
    beforeAll(() => {
      process.env.TZ = zone;
    });
    afterAll(() => {
      if (serverZone === undefined) delete process.env.TZ;
      else process.env.TZ = serverZone;
    });

    it('says the period once within a morning or an afternoon, and at each end across noon', () => {
      const morning = window('2026-12-02T08:00:00+11:00', '2026-12-02T10:00:00+11:00');
      expect(windowLabel(morning)).toBe('Wed 2 Dec, arrive 8:00–10:00 am');
      expect(bookedWindowText(morning)).toBe('Wednesday 2 December 2026, arriving between 8:00 and 10:00 am');
      const acrossNoon = window('2026-12-02T11:00:00+11:00', '2026-12-02T13:00:00+11:00');
      expect(windowLabel(acrossNoon)).toBe('Wed 2 Dec, arrive 11:00 am–1:00 pm');
      expect(bookedWindowText(acrossNoon)).toBe(
        'Wednesday 2 December 2026, arriving between 11:00 am and 1:00 pm',
      );
      const toNoon = window('2026-12-02T10:00:00+11:00', '2026-12-02T12:00:00+11:00');
      expect(windowLabel(toNoon)).toBe('Wed 2 Dec, arrive 10:00 am–12:00 pm');
      const fromNoon = window('2026-12-02T12:00:00+11:00', '2026-12-02T14:00:00+11:00');
      expect(windowLabel(fromNoon)).toBe('Wed 2 Dec, arrive 12:00–2:00 pm');
      const halfPast = window('2026-12-02T15:30:00+11:00', '2026-12-02T17:00:00+11:00');
      expect(bookedWindowText(halfPast)).toBe('Wednesday 2 December 2026, arriving between 3:30 and 5:00 pm');
    });

    it('names the Melbourne day and offset on the daylight-saving change days and either side of them', () => {
      // 8:00 on Saturday 3 April 2027 (+11:00) and on Sunday 4 and Monday 5 April 2027 (+10:00).
      const before = new Date('2027-04-02T21:00:00Z');
      const changeDay = new Date('2027-04-03T22:00:00Z');
      const after = new Date('2027-04-04T22:00:00Z');
      expect(slotValue(before)).toBe('2027-04-03T08:00:00+11:00');
      expect(slotValue(changeDay)).toBe('2027-04-04T08:00:00+10:00');
      expect(slotValue(after)).toBe('2027-04-05T08:00:00+10:00');
      expect(dayHeading(before)).toBe('Saturday 3 April');
      expect(dayHeading(changeDay)).toBe('Sunday 4 April');
      expect(dayHeading(after)).toBe('Monday 5 April');
      const twoHours = (start: Date) => ({ start, end: new Date(start.getTime() + 2 * 3_600_000) });
      expect(windowLabel(twoHours(before))).toBe('Sat 3 Apr, arrive 8:00–10:00 am');
      expect(windowLabel(twoHours(changeDay))).toBe('Sun 4 Apr, arrive 8:00–10:00 am');
      // 8:00 on Saturday 3 October 2026 (+10:00) and on Sunday 4 October 2026 (+11:00).
      expect(slotValue(new Date('2026-10-02T22:00:00Z'))).toBe('2026-10-03T08:00:00+10:00');
      expect(slotValue(new Date('2026-10-03T21:00:00Z'))).toBe('2026-10-04T08:00:00+11:00');
      expect(bookedWindowText(twoHours(new Date('2026-10-03T21:00:00Z')))).toBe(
        'Sunday 4 October 2026, arriving between 8:00 and 10:00 am',
      );
      expect(slotValue(new Date('2027-10-03T21:00:00Z'))).toBe('2027-10-04T08:00:00+11:00');
    });

    it('reads a window across a change in the clock times shown at each end', () => {
      // Two real hours from 1:00 (+11:00) on the night of 5 April 2026 end at 2:00 (+10:00), the second 2:00.
      const april = window('2026-04-05T01:00:00+11:00', '2026-04-05T02:00:00+10:00');
      expect(windowLabel(april)).toBe('Sun 5 Apr, arrive 1:00–2:00 am');
      // Two real hours from 1:00 (+10:00) on 4 October 2026 end at 4:00 (+11:00).
      const october = window('2026-10-04T01:00:00+10:00', '2026-10-04T04:00:00+11:00');
      expect(windowLabel(october)).toBe('Sun 4 Oct, arrive 1:00–4:00 am');
    });

    it('writes the slot the booking form posts with Melbourne’s offset, never Z, and reads back as the same instant', () => {
      const start = new Date('2026-12-01T21:00:00Z');
      expect(slotValue(start)).toBe('2026-12-02T08:00:00+11:00');
      expect(new Date(slotValue(start)).getTime()).toBe(start.getTime());
      expect(slotValue(new Date('2026-06-30T14:00:00Z'))).toBe('2026-07-01T00:00:00+10:00');
    });
  },
);
