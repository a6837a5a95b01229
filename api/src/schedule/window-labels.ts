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

/**
 * Remembers a label by the instants it names. A customer's page lists every window of the coming
 * weeks, about seven formatted dates each, and each formatted date asks the time-zone database for
 * Melbourne's offset; the same windows are listed to every customer, so under load the labels were
 * most of a booking's time. The words of an instant never change, and the map is bounded.
 */
function remembered<Key extends unknown[]>(label: (...key: Key) => string, keyOf: (...key: Key) => string) {
  const labels = new Map<string, string>();
  return (...key: Key): string => {
    const id = keyOf(...key);
    const known = labels.get(id);
    if (known !== undefined) return known;
    if (labels.size >= 5_000) labels.clear();
    const made = label(...key);
    labels.set(id, made);
    return made;
  };
}

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
export const windowLabel: (window: OfferedWindow) => string = remembered(
  (window: OfferedWindow) => `${format(inMelbourne(window.start), 'EEE d MMM')}, arrive ${span(window, '–')}`,
  ({ start, end }) => `${start.getTime()}/${end.getTime()}`,
);

/** 'Tuesday 2 December 2026, arriving between 8:00 and 10:00 am': a booked window in full. */
export function bookedWindowText(window: OfferedWindow): string {
  return `${format(inMelbourne(window.start), 'EEEE d MMMM yyyy')}, arriving between ${span(window, ' and ')}`;
}

/** 'Tuesday 2 December': the Melbourne day a window starts on, heading its group of times. */
export const dayHeading: (start: Date) => string = remembered(
  (start: Date) => format(inMelbourne(start), 'EEEE d MMMM'),
  (start) => String(start.getTime()),
);

/** '2026-12-02T08:00:00+11:00': a window's start as the booking form sends it, with Melbourne's offset. */
export const slotValue: (start: Date) => string = remembered(
  (start: Date) => format(inMelbourne(start), "yyyy-MM-dd'T'HH:mm:ssxxx"),
  (start) => String(start.getTime()),
);

/** 'Tuesday 28 April 2026': a Melbourne calendar day ('2026-04-28') in full. */
export function longDay(day: string): string {
  return format(parseISO(day), 'EEEE d MMMM yyyy');
}
