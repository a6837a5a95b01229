import type { ScheduleSettings, WeekdayKey } from '@cleanquote/quote-core/staff';
import {
  addDays,
  type MelbourneDayClock,
  melbourneDay,
  melbourneDayClock,
  melbourneMinutesOfDay,
  weekdayOf,
} from '../lib/melbourne-time.ts';

/*
 * Which arrival windows are offered: the one rule the customer's page, the staff's slots and the
 * booking's own check all use (docs/decisions/0038-availability-model.md).
 *
 * On each open day (its weekday has hours, it is not a closed date) from now + the minimum notice up
 * to and including today + the days ahead, a candidate start is the day's start, then every window
 * length after it, while start + the clean's duration still ends by the day's end. A candidate is
 * offered when at least one active team has no visit whose busy time [start, start + its duration +
 * the buffer) overlaps [candidate, candidate + duration + buffer). Days and hours are Melbourne's
 * wall-clock: an 08:00 start is 08:00 on either side of a daylight-saving change; the notice is real
 * time (24 hours are 24 hours).
 */

export type { WeekdayKey };

/** The settings the rule reads: the working time of the schedule settings, without the teams. */
export type OfferingRules = Pick<
  ScheduleSettings,
  'hours' | 'windowMinutes' | 'bufferMinutes' | 'minimumNoticeHours' | 'horizonDays' | 'closedDates'
>;

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

/**
 * Why a start is not offered. When several hold, the first in this order is given: what the day and
 * its hours rule out ('closed', 'outside-hours', 'not-aligned'), then what the calendar rules out
 * ('beyond-horizon', 'notice'), and 'taken' (no active team free) last, so 'taken' always means the
 * time would be offered if a team were free.
 */
export type NotOfferedReason =
  | 'closed'
  | 'outside-hours'
  | 'not-aligned'
  | 'beyond-horizon'
  | 'notice'
  | 'taken';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const MINUTES_A_DAY = 24 * 60;

function minutesOf(time: string): number {
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  return hours * 60 + minutes;
}

/** An open day: its clock, when its hours start on it, and the instant they end. */
interface OpenDay {
  clock: MelbourneDayClock;
  startMinutes: number;
  end: Date;
}

/** The day's working hours, or null when the business is closed that day. */
function openDay(rules: OfferingRules, day: string): OpenDay | null {
  if (rules.closedDates.includes(day)) return null;
  const hours = rules.hours[String(weekdayOf(day)) as WeekdayKey];
  if (!hours) return null;
  const clock = melbourneDayClock(day);
  return { clock, startMinutes: minutesOf(hours.start), end: clock.at(minutesOf(hours.end)) };
}

/**
 * Each active team's busy times [start, end) as epoch milliseconds, sorted by start, with the longest
 * of them: a visit that starts more than that before a moment has ended by it, so a binary search
 * finds the first visit that can matter.
 */
interface TeamCalendar {
  id: string;
  busy: { start: number; end: number }[];
  longest: number;
}

function teamCalendars(input: OfferingInput): TeamCalendar[] {
  const bufferMs = input.rules.bufferMinutes * MINUTE;
  const calendars = new Map<string, TeamCalendar>();
  for (const team of input.teams) {
    if (team.active && !calendars.has(team.id)) calendars.set(team.id, { id: team.id, busy: [], longest: 0 });
  }
  for (const visit of input.visits) {
    const calendar = calendars.get(visit.teamId);
    if (!calendar || visit.id === input.excludeVisitId) continue;
    const start = visit.start.getTime();
    const end = start + visit.durationMinutes * MINUTE + bufferMs;
    calendar.busy.push({ start, end });
    calendar.longest = Math.max(calendar.longest, end - start);
  }
  for (const calendar of calendars.values()) calendar.busy.sort((a, b) => a.start - b.start);
  // In the teams' order: the first free one is the one booked.
  return [...calendars.values()];
}

/** True when the team has no busy time overlapping [from, to). */
function isFree({ busy, longest }: TeamCalendar, from: number, to: number): boolean {
  // The first visit starting after from − longest: every one before it has ended by `from`.
  const earliest = from - longest;
  let low = 0;
  let high = busy.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((busy[middle] as { start: number }).start <= earliest) low = middle + 1;
    else high = middle;
  }
  for (let index = low; index < busy.length; index += 1) {
    const visit = busy[index] as { start: number; end: number };
    if (visit.start >= to) break;
    if (visit.end > from) return false;
  }
  return true;
}

/** The first active team free for a clean starting at `start`, in the teams' order. */
function freeTeam(calendars: readonly TeamCalendar[], input: OfferingInput, start: Date): string | undefined {
  const from = start.getTime();
  const to = from + (input.durationMinutes + input.rules.bufferMinutes) * MINUTE;
  return calendars.find((calendar) => isFree(calendar, from, to))?.id;
}

/** Every arrival window offered now for a clean of `input.durationMinutes`, in time order. */
export function offeredWindows(input: OfferingInput): OfferedWindow[] {
  const { rules, now } = input;
  const calendars = teamCalendars(input);
  if (calendars.length === 0) return [];
  const earliest = now.getTime() + rules.minimumNoticeHours * HOUR;
  const today = melbourneDay(now);
  const windows: OfferedWindow[] = [];
  for (let offset = 0; offset <= rules.horizonDays; offset += 1) {
    const open = openDay(rules, addDays(today, offset));
    if (!open) continue;
    for (let minutes = open.startMinutes; minutes < MINUTES_A_DAY; minutes += rules.windowMinutes) {
      // A time the clocks skip when daylight saving starts (2:00–2:59) is no window's start.
      if (!open.clock.shows(minutes)) continue;
      const start = open.clock.at(minutes);
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
 * or why not (see {@link NotOfferedReason} for which reason is given when several hold). It answers
 * exactly as {@link offeredWindows}: offered when and only when the list holds a window starting then.
 */
export function checkSlot(
  input: OfferingInput & { start: Date },
): { offered: true; teamId: string } | { offered: false; reason: NotOfferedReason } {
  const { rules, start, now } = input;
  const day = melbourneDay(start);
  const open = openDay(rules, day);
  if (!open) return { offered: false, reason: 'closed' };
  // The hours are read on the clock (8:00 is 8:00 whatever the offset), the clean's length in real time.
  const minutes = melbourneMinutesOfDay(start);
  if (minutes < open.startMinutes || start.getTime() + input.durationMinutes * MINUTE > open.end.getTime()) {
    return { offered: false, reason: 'outside-hours' };
  }
  // A window's start is on the day's clock a whole number of windows after the day's start (the
  // first of the two 2:30s in April, when the clocks show it twice) and on the minute.
  const aligned =
    (minutes - open.startMinutes) % rules.windowMinutes === 0 &&
    open.clock.at(minutes).getTime() === start.getTime();
  if (!aligned) return { offered: false, reason: 'not-aligned' };
  if (day > addDays(melbourneDay(now), rules.horizonDays)) {
    return { offered: false, reason: 'beyond-horizon' };
  }
  if (start.getTime() < now.getTime() + rules.minimumNoticeHours * HOUR) {
    return { offered: false, reason: 'notice' };
  }
  const teamId = freeTeam(teamCalendars(input), input, start);
  return teamId === undefined ? { offered: false, reason: 'taken' } : { offered: true, teamId };
}

/** Why an occurrence of a series has no team at its time: the day is closed, outside the hours, or full. */
export type OccurrenceConflict = 'closed' | 'outside-hours' | 'taken';

/**
 * Where an occurrence of a series goes: the first free active team at its time (in the teams'
 * order), or why none. The time was agreed when the series was booked, so notice, horizon and the
 * windows' alignment do not apply; a closed day, a time outside the day's hours or no free team do.
 */
export function placeOccurrence(
  input: OfferingInput & { start: Date },
): { placed: true; teamId: string } | { placed: false; conflict: OccurrenceConflict } {
  const open = openDay(input.rules, melbourneDay(input.start));
  if (!open) return { placed: false, conflict: 'closed' };
  const minutes = melbourneMinutesOfDay(input.start);
  if (
    minutes < open.startMinutes ||
    input.start.getTime() + input.durationMinutes * MINUTE > open.end.getTime()
  ) {
    return { placed: false, conflict: 'outside-hours' };
  }
  const teamId = freeTeam(teamCalendars(input), input, input.start);
  return teamId === undefined ? { placed: false, conflict: 'taken' } : { placed: true, teamId };
}
