import { describe, expect, it } from 'vitest';
import {
  arrivalWindow,
  bookedWindowText,
  dayName,
  melbourneDateAndTime,
  melbourneDayOf,
  melbourneInstant,
  shiftWeek,
  weekDays,
  weekFromSearch,
  weekHeading,
} from './visit-times.ts';

describe('the schedule’s week', () => {
  it('across the start of daylight saving (Sunday 4 October 2026) is still Monday to Sunday', () => {
    const monday = weekFromSearch('2026-10-04');
    expect(monday).toBe('2026-09-28');
    expect(weekDays(monday).map(dayName)).toEqual([
      'Monday 28 September',
      'Tuesday 29 September',
      'Wednesday 30 September',
      'Thursday 1 October',
      'Friday 2 October',
      'Saturday 3 October',
      'Sunday 4 October',
    ]);
    expect(shiftWeek(monday, 1)).toBe('2026-10-05');
    expect(shiftWeek('2026-10-05', -1)).toBe(monday);
    expect(weekHeading(monday)).toBe('28 September – 4 October 2026');
  });

  it('across the end of daylight saving (Sunday 4 April 2027) is still Monday to Sunday', () => {
    const monday = weekFromSearch('2027-04-01');
    expect(weekDays(monday)).toEqual([
      '2027-03-29',
      '2027-03-30',
      '2027-03-31',
      '2027-04-01',
      '2027-04-02',
      '2027-04-03',
      '2027-04-04',
    ]);
    expect(shiftWeek(monday, 1)).toBe('2027-04-05');
  });

  it('puts an 8:00 visit on its Melbourne day, 8:00–10:00 am on either side of the change', () => {
    // 8:00 at +10:00 on the Saturday, 8:00 at +11:00 on the Sunday.
    const saturday = { start: '2026-10-02T22:00:00.000Z', end: '2026-10-03T00:00:00.000Z' };
    const sunday = { start: '2026-10-03T21:00:00.000Z', end: '2026-10-03T23:00:00.000Z' };
    expect(melbourneDayOf(saturday.start)).toBe('2026-10-03');
    expect(melbourneDayOf(sunday.start)).toBe('2026-10-04');
    expect(arrivalWindow(saturday.start, saturday.end)).toBe('8:00–10:00 am');
    expect(arrivalWindow(sunday.start, sunday.end)).toBe('8:00–10:00 am');
  });

  it('is the week of today in Melbourne when the address names none, or no real day', () => {
    // Monday 30 November, 00:30 in Melbourne: still Sunday in UTC.
    const mondayJustAfterMidnight = new Date('2026-11-29T13:30:00.000Z');
    // Sunday 6 December, 23:30 in Melbourne.
    const sundayNight = new Date('2026-12-06T12:30:00.000Z');
    expect(weekFromSearch(null, mondayJustAfterMidnight)).toBe('2026-11-30');
    expect(weekFromSearch(null, sundayNight)).toBe('2026-11-30');
    expect(weekFromSearch('2026-02-30', sundayNight)).toBe('2026-11-30');
    expect(weekFromSearch('next week', sundayNight)).toBe('2026-11-30');
  });

  it('names the week with the months and years it spans', () => {
    expect(weekHeading('2026-11-30')).toBe('30 November – 6 December 2026');
    expect(weekHeading('2026-12-07')).toBe('7 – 13 December 2026');
    expect(weekHeading('2026-12-28')).toBe('28 December 2026 – 3 January 2027');
  });
});

describe('a visit’s window', () => {
  it('says am or pm once when both times share it, and on both sides across noon', () => {
    expect(arrivalWindow('2026-12-02T00:00:00.000Z', '2026-12-02T02:00:00.000Z')).toBe('11:00 am–1:00 pm');
    expect(arrivalWindow('2026-12-02T03:00:00.000Z', '2026-12-02T05:00:00.000Z')).toBe('2:00–4:00 pm');
    expect(bookedWindowText('2026-12-01T21:00:00.000Z', '2026-12-01T23:00:00.000Z')).toBe(
      'Wednesday 2 December 2026, arriving between 8:00 and 10:00 am',
    );
  });

  it('turns a Melbourne date and time into the instant with that day’s offset', () => {
    expect(melbourneInstant('2026-12-02', '08:00')).toBe('2026-12-02T08:00:00.000+11:00');
    expect(melbourneInstant('2026-07-01', '08:00')).toBe('2026-07-01T08:00:00.000+10:00');
    expect(Date.parse(melbourneInstant('2026-10-04', '08:00'))).toBe(Date.parse('2026-10-03T21:00:00.000Z'));
    expect(melbourneDateAndTime('2026-10-03T21:00:00.000Z')).toEqual({ day: '2026-10-04', time: '08:00' });
  });
});
