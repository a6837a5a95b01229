import { TZDate } from '@date-fns/tz';
import { format, parseISO } from 'date-fns';
import { BUSINESS_TIME_ZONE } from '../lib/melbourne-time.ts';
import type { OfferedWindow } from './offered-windows.ts';

/*
 * Arrival windows in the customer's words, in Melbourne's wall-clock time whatever the server's
 * zone: 'Tue 2 Dec, arrive 8:00–10:00 am', 'Tuesday 2 December 2026, arriving between 8:00 and
 * 10:00 am'. The period is said once when both ends share it, and at each end across noon.
 */

const inMelbourne = (instant: Date) => new TZDate(instant.getTime(), BUSINESS_TIME_ZONE);

/** '8:00' and 'am' of an instant in Melbourne. */
function clock(instant: Date): { time: string; period: string } {
  const local = inMelbourne(instant);
  return { time: format(local, 'h:mm'), period: format(local, 'aaa') };
}

/** The window's two ends: '8:00–10:00 am' or '11:00 am–1:00 pm' (with `joiner` between them). */
function span({ start, end }: OfferedWindow, joiner: string): string {
  const from = clock(start);
  const to = clock(end);
  return from.period === to.period
    ? `${from.time}${joiner}${to.time} ${to.period}`
    : `${from.time} ${from.period}${joiner}${to.time} ${to.period}`;
}

/** '8:00–10:00 am', '11:00 am–1:00 pm': a window's two ends in Melbourne time. */
export function windowSpan(window: OfferedWindow): string {
  return span(window, '–');
}

/** 'Tue 2 Dec, arrive 8:00–10:00 am': an offered window, as the list of times shows it. */
export function windowLabel(window: OfferedWindow): string {
  return `${format(inMelbourne(window.start), 'EEE d MMM')}, arrive ${span(window, '–')}`;
}

/** 'Tuesday 2 December 2026, arriving between 8:00 and 10:00 am': a booked window in full. */
export function bookedWindowText(window: OfferedWindow): string {
  return `${format(inMelbourne(window.start), 'EEEE d MMMM yyyy')}, arriving between ${span(window, ' and ')}`;
}

/** 'Tuesday 2 December': the Melbourne day a window starts on, heading its group of times. */
export function dayHeading(start: Date): string {
  return format(inMelbourne(start), 'EEEE d MMMM');
}

/** '2026-12-02T08:00:00+11:00': a window's start as the booking form sends it, with Melbourne's offset. */
export function slotValue(start: Date): string {
  return format(inMelbourne(start), "yyyy-MM-dd'T'HH:mm:ssxxx");
}

/** 'Tuesday 28 April 2026': a Melbourne calendar day ('2026-04-28') in full. */
export function longDay(day: string): string {
  return format(parseISO(day), 'EEEE d MMMM yyyy');
}
