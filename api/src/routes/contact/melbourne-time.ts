/** The business's time zone (DESIGN.md item 11): the inbox's dates and the CSV's times are in it. */
export const BUSINESS_TIME_ZONE = 'Australia/Melbourne';

const wallClock = new Intl.DateTimeFormat('en-AU', {
  timeZone: BUSINESS_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function melbourneWallTime(epochMs: number): WallTime {
  const parts: Record<string, number> = {};
  for (const part of wallClock.formatToParts(new Date(epochMs))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? 0,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

/** Melbourne's offset from UTC at an instant, in milliseconds (+10 h, or +11 h in daylight saving). */
function offsetAt(epochMs: number): number {
  const wall = melbourneWallTime(epochMs);
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return asUtc - Math.floor(epochMs / 1000) * 1000;
}

/** A calendar date as the API takes it: yyyy-MM-dd, a day that exists. */
export const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True when `value` is a real yyyy-MM-dd date (no 2026-02-30). */
export function isCalendarDate(value: string): boolean {
  const match = CALENDAR_DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * The instant a Melbourne calendar day begins (00:00 local), for a yyyy-MM-dd date; `addDays` moves
 * to a later day first (1: the instant the day ends). Victoria changes its clocks at 2 and 3 am, so
 * every day has exactly one midnight; days are 23, 24 or 25 hours long.
 */
export function melbourneDayStart(date: string, addDays = 0): Date {
  const match = CALENDAR_DATE.exec(date);
  if (!match) throw new Error(`not a yyyy-MM-dd date: ${date}`);
  const wallMidnight = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + addDays);
  // The offset at the guess can differ from the offset at the answer only across a clock change:
  // a second pass settles it.
  let instant = wallMidnight - offsetAt(wallMidnight);
  instant = wallMidnight - offsetAt(instant);
  return new Date(instant);
}

const pad = (value: number) => String(value).padStart(2, '0');

/** 'yyyy-MM-dd HH:mm' in Melbourne: sortable, and read as a date and time by spreadsheets. */
export function formatMelbourneDateTime(date: Date): string {
  const wall = melbourneWallTime(date.getTime());
  return `${wall.year}-${pad(wall.month)}-${pad(wall.day)} ${pad(wall.hour)}:${pad(wall.minute)}`;
}

/** Today's Melbourne date, yyyy-MM-dd (the CSV's file name). */
export function melbourneToday(now = new Date()): string {
  return formatMelbourneDateTime(now).slice(0, 10);
}
