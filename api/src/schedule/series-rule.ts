import { QUOTE_FREQUENCY_LABELS, type SeriesFrequency } from '@cleanquote/quote-core/staff';
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import {
  addDays,
  BUSINESS_TIME_ZONE,
  melbourneDay,
  melbourneMinutesOfDay,
  melbourneWallClock,
} from '../lib/melbourne-time.ts';
import { windowSpan } from './window-labels.ts';

/*
 * The rule of a recurring clean: the same Melbourne wall-clock time and weekday every 1, 2 or 4
 * weeks from its anchor (the first occurrence), so a 9:00 clean stays at 9:00 across daylight-saving
 * changes. A series holds its occurrences of the next 12 weeks, counted from the later of today and
 * its first visit.
 */

/** Days between two occurrences of each frequency. */
export const INTERVAL_DAYS: Readonly<Record<SeriesFrequency, number>> = {
  weekly: 7,
  fortnightly: 14,
  'four-weekly': 28,
};

/** How far ahead a series holds its occurrences: 12 weeks. */
export const SERIES_HOLD_DAYS = 84;

/**
 * The last Melbourne day whose occurrences a series holds at `now`: 12 weeks counted from the later
 * of today and its first visit's day (weekly: the first and 11 more).
 */
export function heldThroughDay(firstStart: Date, now: Date): string {
  const today = melbourneDay(now);
  const first = melbourneDay(firstStart);
  const later = [today, first].sort()[1] as string;
  return addDays(later, SERIES_HOLD_DAYS - 1);
}

/**
 * The rule's occurrence starts after Melbourne day `afterDay` (exclusive; null from the anchor on)
 * through `throughDay` and `endsOn` (both inclusive), in time order.
 */
export function ruleStarts(
  rule: { anchorStart: Date; frequency: SeriesFrequency; endsOn: string | null },
  { afterDay, throughDay }: { afterDay: string | null; throughDay: string },
): Date[] {
  const anchorDay = melbourneDay(rule.anchorStart);
  const minutes = melbourneMinutesOfDay(rule.anchorStart);
  const last = rule.endsOn !== null && rule.endsOn < throughDay ? rule.endsOn : throughDay;
  const starts: Date[] = [];
  const step = INTERVAL_DAYS[rule.frequency];
  for (let offset = 0; ; offset += step) {
    const day = addDays(anchorDay, offset);
    if (day > last) break;
    if (afterDay !== null && day <= afterDay) continue;
    starts.push(melbourneWallClock(day, minutes));
  }
  return starts;
}

/** 'Weekly, Tuesdays 9:00–11:00 am': a series as the customer's page and the updates name it. */
export function seriesLabel(rule: {
  frequency: SeriesFrequency;
  anchorStart: Date;
  windowMinutes: number;
}): string {
  const window = {
    start: rule.anchorStart,
    end: new Date(rule.anchorStart.getTime() + rule.windowMinutes * 60_000),
  };
  const weekday = format(new TZDate(rule.anchorStart.getTime(), BUSINESS_TIME_ZONE), 'EEEE');
  return `${QUOTE_FREQUENCY_LABELS[rule.frequency]}, ${weekday}s ${windowSpan(window)}`;
}

/** 'weekly, Tuesdays 9:00–11:00 am': the label inside a sentence. */
export function seriesPhrase(label: string): string {
  return `${label.charAt(0).toLowerCase()}${label.slice(1)}`;
}
