import { TZDate, tzOffset } from '@date-fns/tz';
import { addDays as addCalendarDays, format, getDay, parseISO } from 'date-fns';

/*
 * Melbourne's calendar and clock, whatever the server's time zone. The time-zone library
 * (@date-fns/tz, on the runtime's own zone data) knows when daylight saving starts and ends; no
 * offset is written or computed here.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The business's time zone: days, reports and schedules are Melbourne's wall-clock, whatever the server's time zone. */
export const BUSINESS_TIME_ZONE = 'Australia/Melbourne';

/** An instant as Melbourne's clocks show it (its getters give Melbourne's date and time). */
function melbourneClock(instant: Date): TZDate {
  return new TZDate(instant.getTime(), BUSINESS_TIME_ZONE);
}

/** Minutes Melbourne is ahead of UTC at `instant` (600 or 660). */
export function melbourneOffsetMinutes(instant: Date): number {
  return tzOffset(BUSINESS_TIME_ZONE, instant);
}

/** The Melbourne calendar day of an instant, as 'YYYY-MM-DD'. */
export function melbourneDay(instant: Date): string {
  return format(melbourneClock(instant), 'yyyy-MM-dd');
}

// A calendar day's arithmetic needs no time zone: date-fns counts calendar days, not hours, so the
// server's own zone gives the same days as Melbourne's (and is several times faster to ask).

/** A 'YYYY-MM-DD' day plus `days` (negative to go back). */
export function addDays(day: string, days: number): string {
  return format(addCalendarDays(parseISO(day), days), 'yyyy-MM-dd');
}

/** The weekday of a 'YYYY-MM-DD' day: 0 Sunday … 6 Saturday. */
export function weekdayOf(day: string): number {
  return getDay(parseISO(day));
}

/**
 * The instant Melbourne's day `day` begins (its local midnight). A day is 24 hours long except at
 * the daylight-saving changes (23 hours in October, 25 in April); the next day's start is its end.
 */
export function melbourneDayStart(day: string): Date {
  return melbourneWallClock(day, 0);
}

/** The instants [start, end) of Melbourne's day `day`. */
export function melbourneDayBounds(day: string): { start: Date; end: Date } {
  return { start: melbourneDayStart(day), end: melbourneDayStart(addDays(day, 1)) };
}

/**
 * The instant Melbourne's clocks show `minutes` after midnight on `day` (8:00 is 480), read as
 * calendars read it (RFC 5545, and Temporal's 'compatible'): a time shown twice when daylight saving
 * ends (2:00–2:59 on the first Sunday of April) is the first of the two; a time skipped when it starts
 * (2:00–2:59 on the first Sunday of October) is read on the clocks before the change, so 2:30 is 3:30
 * summer time (and {@link melbourneMinutesOfDay} of it is not 2:30).
 */
export function melbourneWallClock(day: string, minutes: number): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  // A plain Date: a TZDate would write itself with Melbourne's offset wherever it is serialised.
  const instant = new Date(
    new TZDate(year, month - 1, date, Math.floor(minutes / 60), minutes % 60, BUSINESS_TIME_ZONE).getTime(),
  );
  // Which of a repeated time's two instants the library gives depends on the server's own zone, so
  // take the first whenever the clocks showed the same time an hour before, before the change.
  const hourBefore = new Date(instant.getTime() - HOUR);
  const repeated =
    melbourneOffsetMinutes(hourBefore) !== melbourneOffsetMinutes(instant) &&
    melbourneMinutesOfDay(hourBefore) === minutes;
  return repeated ? hourBefore : instant;
}

/** Melbourne's clock on one day. */
export interface MelbourneDayClock {
  /** The instant of a wall-clock time, in minutes after midnight, as {@link melbourneWallClock} reads it. */
  at(minutes: number): Date;
  /** Whether the clocks show that time on this day at all (not in the hour skipped in October). */
  shows(minutes: number): boolean;
}

/**
 * Melbourne's clock on `day`. Quick on the days without a daylight-saving change, where a minute on
 * the clock is a minute of real time from midnight; on the two change days the library reads each time.
 */
export function melbourneDayClock(day: string): MelbourneDayClock {
  const { start, end } = melbourneDayBounds(day);
  if (end.getTime() - start.getTime() !== DAY) {
    return {
      at: (minutes) => melbourneWallClock(day, minutes),
      shows: (minutes) => melbourneMinutesOfDay(melbourneWallClock(day, minutes)) === minutes,
    };
  }
  const midnight = start.getTime();
  return {
    at: (minutes) => new Date(midnight + minutes * MINUTE),
    shows: (minutes) => minutes >= 0 && minutes < DAY / MINUTE,
  };
}

/** Minutes after Melbourne's midnight that its clocks show at `instant` (8:00 is 480). */
export function melbourneMinutesOfDay(instant: Date): number {
  const local = melbourneClock(instant);
  return local.getHours() * 60 + local.getMinutes();
}

/** An instant as Melbourne local time with its offset: '2026-11-24T09:00:00+11:00' (never 'Z'). */
export function melbourneIsoString(instant: Date): string {
  return format(melbourneClock(instant), "yyyy-MM-dd'T'HH:mm:ssxxx");
}

/** 'yyyy-MM-dd HH:mm' in Melbourne: sortable, and read as a date and time by spreadsheets. */
export function formatMelbourneDateTime(instant: Date): string {
  return format(melbourneClock(instant), 'yyyy-MM-dd HH:mm');
}

/** Today's Melbourne calendar day, 'YYYY-MM-DD'. */
export function melbourneToday(now = new Date()): string {
  return melbourneDay(now);
}

/** The Melbourne hour of an instant with its offset ('2026-12-01T09+11:00'): the two 2 a.m. hours of April apart. */
export function melbourneHour(instant: Date): string {
  return format(melbourneClock(instant), "yyyy-MM-dd'T'HHxxx");
}
