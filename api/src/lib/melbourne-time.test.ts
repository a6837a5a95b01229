import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  formatMelbourneDateTime,
  melbourneDay,
  melbourneDayBounds,
  melbourneDayClock,
  melbourneDayStart,
  melbourneHour,
  melbourneIsoString,
  melbourneMinutesOfDay,
  melbourneOffsetMinutes,
  melbourneToday,
  melbourneWallClock,
  weekdayOf,
} from './melbourne-time.ts';

const HOUR = 3_600_000;
const at = (value: string) => new Date(value);

// Melbourne's daylight-saving changes: the first Sunday of April (3:00 summer time becomes 2:00) and
// of October (2:00 becomes 3:00 summer time), both at 16:00 UTC the day before.
const changes = [
  { day: '2026-04-05', instant: '2026-04-04T16:00:00Z', before: '+11:00', after: '+10:00' },
  { day: '2026-10-04', instant: '2026-10-03T16:00:00Z', before: '+10:00', after: '+11:00' },
  { day: '2027-04-04', instant: '2027-04-03T16:00:00Z', before: '+11:00', after: '+10:00' },
  { day: '2027-10-03', instant: '2027-10-02T16:00:00Z', before: '+10:00', after: '+11:00' },
] as const;

// The server's own zone must not matter: UTC as most hosts run, Melbourne's own, and a zone whose
// daylight saving runs the other way.
describe.each(['UTC', 'Australia/Melbourne', 'America/New_York'])(
  'Melbourne time on a server in %s',
  (zone) => {
    const serverZone = process.env.TZ;
    beforeAll(() => {
      process.env.TZ = zone;
    });
    afterAll(() => {
      if (serverZone === undefined) delete process.env.TZ;
      else process.env.TZ = serverZone;
    });

    it('writes an instant with the offset in force on each side of every daylight-saving change', () => {
      for (const change of changes) {
        const minuteBefore = new Date(Date.parse(change.instant) - 60_000);
        const instant = at(change.instant);
        const wallBefore = change.before === '+11:00' ? '02:59' : '01:59';
        const wallAfter = change.after === '+10:00' ? '02:00' : '03:00';
        expect(melbourneIsoString(minuteBefore)).toBe(`${change.day}T${wallBefore}:00${change.before}`);
        expect(melbourneIsoString(instant)).toBe(`${change.day}T${wallAfter}:00${change.after}`);
        expect(melbourneOffsetMinutes(minuteBefore)).toBe(change.before === '+11:00' ? 660 : 600);
        expect(melbourneOffsetMinutes(instant)).toBe(change.after === '+11:00' ? 660 : 600);
        expect(melbourneDay(minuteBefore)).toBe(change.day);
        expect(formatMelbourneDateTime(instant)).toBe(`${change.day} ${wallAfter}`);
      }
    });

    it('tells the two 2 a.m. hours of April apart', () => {
      expect(melbourneHour(at('2026-04-04T15:30:00Z'))).toBe('2026-04-05T02+11:00');
      expect(melbourneHour(at('2026-04-04T16:30:00Z'))).toBe('2026-04-05T02+10:00');
      expect(melbourneHour(at('2026-12-01T09:10:00+11:00'))).toBe('2026-12-01T09+11:00');
    });

    it('makes the change days 25 hours long in April and 23 in October, their neighbours 24', () => {
      for (const change of changes) {
        const hoursOf = (day: string) => {
          const { start, end } = melbourneDayBounds(day);
          return (end.getTime() - start.getTime()) / HOUR;
        };
        expect(hoursOf(change.day)).toBe(change.after === '+10:00' ? 25 : 23);
        expect(hoursOf(addDays(change.day, -1))).toBe(24);
        expect(hoursOf(addDays(change.day, 1))).toBe(24);
        expect(melbourneIsoString(melbourneDayStart(change.day))).toBe(
          `${change.day}T00:00:00${change.before}`,
        );
        expect(melbourneIsoString(melbourneDayStart(addDays(change.day, 1)))).toBe(
          `${addDays(change.day, 1)}T00:00:00${change.after}`,
        );
      }
    });

    it('keeps 8:00 at 8:00 on the change days and either side of them', () => {
      for (const change of changes) {
        for (const [day, offset] of [
          [addDays(change.day, -1), change.before],
          [change.day, change.after],
          [addDays(change.day, 1), change.after],
        ] as const) {
          expect(melbourneIsoString(melbourneWallClock(day, 8 * 60))).toBe(`${day}T08:00:00${offset}`);
          expect(melbourneIsoString(melbourneDayClock(day).at(8 * 60))).toBe(`${day}T08:00:00${offset}`);
          expect(melbourneMinutesOfDay(melbourneWallClock(day, 8 * 60))).toBe(8 * 60);
        }
      }
    });

    it('reads a time shown twice as the first of the two, and a skipped time on the clocks before the change', () => {
      // 2:30 on 5 April 2026 happens at +11:00 and again an hour later at +10:00.
      expect(melbourneIsoString(melbourneWallClock('2026-04-05', 150))).toBe('2026-04-05T02:30:00+11:00');
      expect(melbourneDayClock('2026-04-05').shows(150)).toBe(true);
      // 2:30 on 4 October 2026 never happens: the clocks go from 2:00 to 3:00.
      const skipped = melbourneWallClock('2026-10-04', 150);
      expect(melbourneIsoString(skipped)).toBe('2026-10-04T03:30:00+11:00');
      expect(melbourneMinutesOfDay(skipped)).toBe(210);
      expect(melbourneDayClock('2026-10-04').shows(150)).toBe(false);
      expect(melbourneDayClock('2026-10-04').shows(180)).toBe(true);
      expect(melbourneDayClock('2026-10-05').shows(150)).toBe(true);
    });

    it('counts calendar days and weekdays across months, years and the changes', () => {
      expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
      expect(addDays('2027-03-01', -1)).toBe('2027-02-28');
      expect(addDays('2026-04-04', 2)).toBe('2026-04-06');
      expect(addDays('2026-10-03', 2)).toBe('2026-10-05');
      expect(addDays('2026-11-30', 60)).toBe('2027-01-29');
      for (const change of changes) expect(weekdayOf(change.day)).toBe(0);
      expect(weekdayOf('2026-12-02')).toBe(3);
    });

    it('names Melbourne’s day, not the server’s, around midnight', () => {
      // 13:30 UTC on New Year's Eve is half past midnight in Melbourne (+11:00).
      expect(melbourneToday(at('2026-12-31T13:30:00Z'))).toBe('2027-01-01');
      expect(melbourneDay(at('2026-12-31T12:59:00Z'))).toBe('2026-12-31');
      expect(formatMelbourneDateTime(at('2026-12-31T13:30:00Z'))).toBe('2027-01-01 00:30');
    });
  },
);
