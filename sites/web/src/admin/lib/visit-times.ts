import { isCalendarDay } from '@cleanquote/quote-core/staff';
import { TZDate, tz } from '@date-fns/tz';
import { addDays, addWeeks, format, parseISO, startOfWeek } from 'date-fns';
import { BUSINESS_TIME_ZONE } from '../../ui/melbourne-time.ts';

/*
 * The schedule's days and times, always Melbourne's wall-clock: a week is Monday to Sunday there,
 * a visit belongs to the Melbourne day it starts on, and an 8:00 window reads 8:00 on either side of
 * a daylight-saving change. The time-zone library does the arithmetic, so no offset is written here.
 */

const inMelbourne = { in: tz(BUSINESS_TIME_ZONE) };

/** A 'yyyy-MM-dd' day as the start of that Melbourne day. */
function melbourneDay(day: string): Date {
  return parseISO(day, inMelbourne);
}

/** An instant (ISO 8601) as Melbourne's wall-clock. */
function melbourneTime(instant: string | Date): TZDate {
  return new TZDate(instant instanceof Date ? instant.getTime() : Date.parse(instant), BUSINESS_TIME_ZONE);
}

/** Today's Melbourne calendar day, 'yyyy-MM-dd'. */
export function melbourneToday(now: Date = new Date()): string {
  return format(melbourneTime(now), 'yyyy-MM-dd');
}

/** The Melbourne calendar day ('yyyy-MM-dd') an instant falls on. */
export function melbourneDayOf(instant: string | Date): string {
  return format(melbourneTime(instant), 'yyyy-MM-dd');
}

/** The Monday ('yyyy-MM-dd') of the Monday-to-Sunday week holding `day`. */
export function mondayOf(day: string): string {
  return format(startOfWeek(melbourneDay(day), { weekStartsOn: 1 }), 'yyyy-MM-dd');
}

/** The week a `?week=` value names (any day of it), else the week holding today: always its Monday. */
export function weekFromSearch(value: string | null, now: Date = new Date()): string {
  return mondayOf(value && isCalendarDay(value) ? value : melbourneToday(now));
}

/** The Monday `weeks` weeks after (or, negative, before) the week starting `monday`. */
export function shiftWeek(monday: string, weeks: number): string {
  return format(addWeeks(melbourneDay(monday), weeks), 'yyyy-MM-dd');
}

/** The seven days, Monday to Sunday, of the week starting `monday`. */
export function weekDays(monday: string): string[] {
  const first = melbourneDay(monday);
  return Array.from({ length: 7 }, (_, index) => format(addDays(first, index), 'yyyy-MM-dd'));
}

/** The week's name: '30 November – 6 December 2026', '7 – 13 December 2026', '28 December 2026 – 3 January 2027'. */
export function weekHeading(monday: string): string {
  const first = melbourneDay(monday);
  const last = addDays(first, 6);
  const sameYear = first.getFullYear() === last.getFullYear();
  const sameMonth = sameYear && first.getMonth() === last.getMonth();
  const from = format(first, sameMonth ? 'd' : sameYear ? 'd MMMM' : 'd MMMM yyyy');
  return `${from} – ${format(last, 'd MMMM yyyy')}`;
}

/** A day as the week's rows name it: 'Monday 30 November'. */
export function dayName(day: string): string {
  return format(melbourneDay(day), 'EEEE d MMMM');
}

/** The two times of a window, with 'am'/'pm' once when both share it: ['8:00', '10:00 am'] or ['11:00 am', '1:00 pm']. */
function windowTimes(start: string | Date, end: string | Date): [string, string] {
  const from = melbourneTime(start);
  const to = melbourneTime(end);
  const samePeriod = format(from, 'aaa') === format(to, 'aaa');
  return [format(from, samePeriod ? 'h:mm' : 'h:mm aaa'), format(to, 'h:mm aaa')];
}

/** An arrival window as the schedule shows it: '8:00–10:00 am', '11:00 am–1:00 pm'. */
export function arrivalWindow(start: string | Date, end: string | Date): string {
  const [from, to] = windowTimes(start, end);
  return `${from}–${to}`;
}

/** A booked window in full: 'Wednesday 2 December 2026, arriving between 8:00 and 10:00 am'. */
export function bookedWindowText(start: string | Date, end: string | Date): string {
  const [from, to] = windowTimes(start, end);
  return `${format(melbourneTime(start), 'EEEE d MMMM yyyy')}, arriving between ${from} and ${to}`;
}

/**
 * A Melbourne date ('yyyy-MM-dd') and wall-clock time ('HH:mm') as the instant the API takes, with
 * Melbourne's offset of that day: ('2026-12-02', '08:00') → '2026-12-02T08:00:00.000+11:00'.
 */
export function melbourneInstant(day: string, time: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  return new TZDate(year, month - 1, date, hours, minutes, BUSINESS_TIME_ZONE).toISOString();
}

/** An instant's Melbourne date and wall-clock time, as a date and a time field hold them. */
export function melbourneDateAndTime(instant: string | Date): { day: string; time: string } {
  const local = melbourneTime(instant);
  return { day: format(local, 'yyyy-MM-dd'), time: format(local, 'HH:mm') };
}
