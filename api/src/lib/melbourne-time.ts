/** The business's time zone: days, reports and schedules are Melbourne's wall-clock, whatever the server's time zone. */
export const BUSINESS_TIME_ZONE = 'Australia/Melbourne';

const dateParts = new Intl.DateTimeFormat('en-CA', {
  timeZone: BUSINESS_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

function partsOf(instant: Date): Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', string> {
  const result = { year: '', month: '', day: '', hour: '', minute: '', second: '' };
  for (const part of dateParts.formatToParts(instant)) {
    if (part.type in result) result[part.type as keyof typeof result] = part.value;
  }
  return result;
}

/** Minutes Melbourne is ahead of UTC at `instant` (600 or 660). */
export function melbourneOffsetMinutes(instant: Date): number {
  const p = partsOf(instant);
  const asUtc = Date.UTC(+p.year, +p.month - 1, +p.day, +p.hour, +p.minute, +p.second);
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

/** The Melbourne calendar day of an instant, as 'YYYY-MM-DD'. */
export function melbourneDay(instant: Date): string {
  const p = partsOf(instant);
  return `${p.year}-${p.month}-${p.day}`;
}

/** A 'YYYY-MM-DD' day plus `days` (negative to go back). */
export function addDays(day: string, days: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}

/**
 * The instant Melbourne's day `day` begins (its local midnight). A day is 24 hours long except at
 * the daylight-saving changes (23 hours in October, 25 in April); the next day's start is its end.
 */
export function melbourneDayStart(day: string): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const midnightAsUtc = Date.UTC(year, month - 1, date);
  // Midnight never falls in a change (they happen at 2:00 and 3:00), so two guesses settle it.
  let guess = midnightAsUtc - 600 * 60_000;
  for (let round = 0; round < 2; round += 1) {
    guess = midnightAsUtc - melbourneOffsetMinutes(new Date(guess)) * 60_000;
  }
  return new Date(guess);
}

/** The instants [start, end) of Melbourne's day `day`. */
export function melbourneDayBounds(day: string): { start: Date; end: Date } {
  return { start: melbourneDayStart(day), end: melbourneDayStart(addDays(day, 1)) };
}

/** An instant as Melbourne local time with its offset: '2026-11-24T09:00:00+11:00' (never 'Z'). */
export function melbourneIsoString(instant: Date): string {
  const p = partsOf(instant);
  const offset = melbourneOffsetMinutes(instant);
  const sign = offset < 0 ? '-' : '+';
  const hours = String(Math.floor(Math.abs(offset) / 60)).padStart(2, '0');
  const minutes = String(Math.abs(offset) % 60).padStart(2, '0');
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}:${p.second}${sign}${hours}:${minutes}`;
}

/** 'yyyy-MM-dd HH:mm' in Melbourne: sortable, and read as a date and time by spreadsheets. */
export function formatMelbourneDateTime(instant: Date): string {
  const p = partsOf(instant);
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`;
}

/** Today's Melbourne calendar day, 'YYYY-MM-DD'. */
export function melbourneToday(now = new Date()): string {
  return melbourneDay(now);
}

/** The Melbourne hour of an instant with its offset ('2026-12-01T09+11:00'): the two 2 a.m. hours of April apart. */
export function melbourneHour(instant: Date): string {
  const iso = melbourneIsoString(instant);
  return `${iso.slice(0, 13)}${iso.slice(19)}`;
}
