import { TZDate } from '@date-fns/tz';
import { addDays, BUSINESS_TIME_ZONE, melbourneDay } from '../lib/melbourne-time.ts';

/*
 * Which arrival windows are offered: the one rule the customer's page, the staff's slots and the
 * booking's own check all use (docs/decisions/0036-booked-visits.md).
 *
 * On each open day (its weekday has hours, it is not a closed date) from now + the minimum notice up
 * to and including today + the days ahead, a candidate start is the day's start, then every window
 * length after it, while start + the clean's duration still ends by the day's end. A candidate is
 * offered when at least one active team has no visit whose busy time [start, start + its duration +
 * the buffer) overlaps [candidate, candidate + duration + buffer). Days and hours are Melbourne's
 * wall-clock: an 08:00 start is 08:00 on either side of a daylight-saving change; the notice is real
 * time (24 hours are 24 hours).
 */

/** A weekday key, Sunday first ('0' Sunday … '6' Saturday). */
export type WeekdayKey = '0' | '1' | '2' | '3' | '4' | '5' | '6';

/** The settings the rule reads. */
export interface OfferingRules {
  /** Working hours per weekday as 'HH:mm' Melbourne times; null: closed that weekday. */
  hours: Record<WeekdayKey, { start: string; end: string } | null>;
  /** The arrival window's length, and the step between candidate starts. */
  windowMinutes: number;
  /** Time kept free after each visit (travel, packing up). */
  bufferMinutes: number;
  minimumNoticeHours: number;
  /** How many days after today are still offered (today + horizonDays included). */
  horizonDays: number;
  /** Melbourne days closed whatever their weekday ('yyyy-MM-dd'). */
  closedDates: readonly string[];
}

/** A booked visit, as far as its team's busy time goes. */
export interface BusyVisit {
  id: string;
  teamId: string;
  start: Date;
  durationMinutes: number;
}

/** What the rule is asked about. */
export interface OfferingInput {
  rules: OfferingRules;
  /** The teams, in the order a free one is chosen. */
  teams: readonly { id: string; active: boolean }[];
  /** The booked visits (cancelled and completed ones are left out by the caller). */
  visits: readonly BusyVisit[];
  /** How long the clean takes. */
  durationMinutes: number;
  now: Date;
  /** A visit not counted against the times (the one being moved). */
  excludeVisitId?: string | undefined;
}

/** An arrival window: the team arrives between start and end (start + windowMinutes). */
export interface OfferedWindow {
  start: Date;
  end: Date;
}

/** Why a start is not offered, in the order they are checked. */
export type NotOfferedReason =
  | 'closed'
  | 'outside-hours'
  | 'not-aligned'
  | 'beyond-horizon'
  | 'notice'
  | 'taken';

const MINUTE = 60_000;

function minutesOf(time: string): number {
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  return hours * 60 + minutes;
}

/** The instant of a Melbourne wall-clock time: `minutes` after midnight of `day`. */
function wallClock(day: string, minutes: number): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(
    new TZDate(year, month - 1, date, Math.floor(minutes / 60), minutes % 60, BUSINESS_TIME_ZONE).getTime(),
  );
}

/** Minutes after Melbourne's midnight that its clocks show at `instant`. */
function wallMinutesOf(instant: Date): number {
  const local = new TZDate(instant.getTime(), BUSINESS_TIME_ZONE);
  return local.getHours() * 60 + local.getMinutes();
}

/** The weekday of a calendar day, read from the date alone. */
function weekdayOf(day: string): WeekdayKey {
  return String(new Date(`${day}T00:00:00Z`).getUTCDay()) as WeekdayKey;
}

/** The day's working hours as instants, or null when the business is closed that day. */
function openHours(
  rules: OfferingRules,
  day: string,
): { start: Date; end: Date; startMinutes: number; endMinutes: number } | null {
  if (rules.closedDates.includes(day)) return null;
  const hours = rules.hours[weekdayOf(day)];
  if (!hours) return null;
  const startMinutes = minutesOf(hours.start);
  const endMinutes = minutesOf(hours.end);
  return { start: wallClock(day, startMinutes), end: wallClock(day, endMinutes), startMinutes, endMinutes };
}

/**
 * The visits of each active team, sorted by start, with the longest busy time among them: a team is
 * free for [from, to) when none of its visits starting before `to` still runs at `from`.
 */
function teamCalendars(input: OfferingInput) {
  const bufferMs = input.rules.bufferMinutes * MINUTE;
  const calendars = input.teams
    .filter((team) => team.active)
    .map((team) => {
      const busy = input.visits
        .filter((visit) => visit.teamId === team.id && visit.id !== input.excludeVisitId)
        .map((visit) => ({
          start: visit.start.getTime(),
          end: visit.start.getTime() + visit.durationMinutes * MINUTE + bufferMs,
        }))
        .sort((a, b) => a.start - b.start);
      const longest = busy.reduce((most, visit) => Math.max(most, visit.end - visit.start), 0);
      return { id: team.id, busy, longest };
    });
  return calendars;
}

type TeamCalendar = ReturnType<typeof teamCalendars>[number];

/** True when the team has no busy time overlapping [from, to). */
function isFree(calendar: TeamCalendar, from: number, to: number): boolean {
  const { busy, longest } = calendar;
  // The first visit that could still run at `from`: it starts after from − the longest busy time.
  let low = 0;
  let high = busy.length;
  const earliest = from - longest;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((busy[middle]?.start ?? 0) <= earliest) low = middle + 1;
    else high = middle;
  }
  for (let index = low; index < busy.length; index += 1) {
    const visit = busy[index];
    if (!visit || visit.start >= to) break;
    if (visit.end > from) return false;
  }
  return true;
}

/** The first active team free for a clean starting at `start`, in the teams' order. */
function freeTeam(calendars: TeamCalendar[], input: OfferingInput, start: Date): string | undefined {
  const from = start.getTime();
  const to = from + (input.durationMinutes + input.rules.bufferMinutes) * MINUTE;
  return calendars.find((calendar) => isFree(calendar, from, to))?.id;
}

/** Every arrival window offered now for a clean of `input.durationMinutes`, in time order. */
export function offeredWindows(input: OfferingInput): OfferedWindow[] {
  const { rules, now } = input;
  const calendars = teamCalendars(input);
  if (calendars.length === 0) return [];
  const earliest = now.getTime() + rules.minimumNoticeHours * 60 * MINUTE;
  const today = melbourneDay(now);
  const windows: OfferedWindow[] = [];
  for (let offset = 0; offset <= rules.horizonDays; offset += 1) {
    const day = addDays(today, offset);
    const open = openHours(rules, day);
    if (!open) continue;
    for (let minutes = open.startMinutes; minutes < open.endMinutes; minutes += rules.windowMinutes) {
      const start = wallClock(day, minutes);
      // A time the clocks skip when daylight saving starts (02:00–03:00) is no window's start.
      if (wallMinutesOf(start) !== minutes) continue;
      if (start.getTime() + input.durationMinutes * MINUTE > open.end.getTime()) break;
      if (start.getTime() < earliest) continue;
      if (freeTeam(calendars, input, start) === undefined) continue;
      windows.push({ start, end: new Date(start.getTime() + rules.windowMinutes * MINUTE) });
    }
  }
  return windows;
}

/**
 * Whether `start` is offered now, and to which team (the first free active one in the teams' order),
 * or why not: closed that day, outside its hours, not a window's start, beyond the days ahead, inside
 * the notice, or taken (no active team free).
 */
export function checkSlot(
  input: OfferingInput & { start: Date },
): { offered: true; teamId: string } | { offered: false; reason: NotOfferedReason } {
  const { rules, start, now } = input;
  const day = melbourneDay(start);
  const open = openHours(rules, day);
  if (!open) return { offered: false, reason: 'closed' };
  const ends = start.getTime() + input.durationMinutes * MINUTE;
  if (start < open.start || ends > open.end.getTime()) return { offered: false, reason: 'outside-hours' };
  const wallMinutes = wallMinutesOf(start);
  const aligned =
    (wallMinutes - open.startMinutes) % rules.windowMinutes === 0 &&
    wallClock(day, wallMinutes).getTime() === start.getTime();
  if (!aligned) return { offered: false, reason: 'not-aligned' };
  if (day > addDays(melbourneDay(now), rules.horizonDays))
    return { offered: false, reason: 'beyond-horizon' };
  if (start.getTime() < now.getTime() + rules.minimumNoticeHours * 60 * MINUTE) {
    return { offered: false, reason: 'notice' };
  }
  const teamId = freeTeam(teamCalendars(input), input, start);
  return teamId === undefined ? { offered: false, reason: 'taken' } : { offered: true, teamId };
}
