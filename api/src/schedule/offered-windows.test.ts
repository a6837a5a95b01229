import { DEFAULT_SCHEDULE_SETTINGS, type WeekdayKey } from '@cleanquote/quote-core/staff';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  melbourneDay,
  melbourneMinutesOfDay,
  melbourneWallClock,
  weekdayOf,
} from '../lib/melbourne-time.ts';
import {
  type BusyVisit,
  checkSlot,
  type OfferingInput,
  type OfferingRules,
  offeredWindows,
} from './offered-windows.ts';
import { slotValue } from './window-labels.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const rules: OfferingRules = DEFAULT_SCHEDULE_SETTINGS;
const twoTeams = [
  { id: 'team-1', active: true },
  { id: 'team-2', active: true },
];
const everyDay = { start: '08:00', end: '17:00' };
const openEveryDay: OfferingRules = {
  ...rules,
  hours: {
    '0': everyDay,
    '1': everyDay,
    '2': everyDay,
    '3': everyDay,
    '4': everyDay,
    '5': everyDay,
    '6': everyDay,
  },
};

function input(overrides: Partial<OfferingInput> = {}): OfferingInput {
  return {
    rules,
    teams: twoTeams,
    visits: [],
    durationMinutes: 240,
    now: new Date('2026-11-30T09:00:00+11:00'),
    ...overrides,
  };
}

/** The Melbourne wall-clock times ('HH:mm') of the windows offered on `day`. */
function timesOn(windows: { start: Date }[], day: string): string[] {
  return windows
    .filter((window) => slotValue(window.start).startsWith(day))
    .map((window) => slotValue(window.start).slice(11, 16));
}

/** The windows' starts as the booking form sends them, with their offsets. */
const slotsOn = (windows: { start: Date }[], day: string) =>
  windows.map((window) => slotValue(window.start)).filter((slot) => slot.startsWith(day));

describe('the offered arrival windows', () => {
  it('start at the day’s start, every window after it, while the clean still ends by the day’s end', () => {
    const windows = offeredWindows(input());
    // Tuesday 1 December is within the notice until 9:00; Wednesday is a whole working day.
    expect(timesOn(windows, '2026-12-01')).toEqual(['10:00', '12:00']);
    expect(timesOn(windows, '2026-12-02')).toEqual(['08:00', '10:00', '12:00']);
    // Saturday 08:00–14:00: only a 4-hour clean from 8:00 or 10:00.
    expect(timesOn(windows, '2026-12-05')).toEqual(['08:00', '10:00']);
    // Sunday is closed.
    expect(timesOn(windows, '2026-12-06')).toEqual([]);
    // A 2-hour clean may start at 14:00 and end at 16:00 with its buffer still inside 17:00; 16:00 may not.
    expect(timesOn(offeredWindows(input({ durationMinutes: 120 })), '2026-12-02')).toEqual([
      '08:00',
      '10:00',
      '12:00',
      '14:00',
    ]);
    expect(windows[0]?.end.getTime()).toBe((windows[0]?.start.getTime() ?? 0) + 120 * MINUTE);
    const starts = windows.map((window) => window.start.getTime());
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
  });

  it('keep 08:00 at 08:00 on each daylight-saving change day and either side of it (+11:00 in summer, +10:00 in winter)', () => {
    for (const [change, offsetBefore, offsetAfter] of [
      ['2026-04-05', '+11:00', '+10:00'],
      ['2026-10-04', '+10:00', '+11:00'],
      ['2027-04-04', '+11:00', '+10:00'],
      ['2027-10-03', '+10:00', '+11:00'],
    ] as const) {
      const asked = input({
        rules: { ...openEveryDay, horizonDays: 6 },
        now: new Date(`${addDays(change, -3)}T12:00:00Z`),
      });
      const windows = offeredWindows(asked);
      const saturday = addDays(change, -1);
      const monday = addDays(change, 1);
      expect(slotsOn(windows, saturday)).toEqual(
        ['08', '10', '12'].map((hour) => `${saturday}T${hour}:00:00${offsetBefore}`),
      );
      expect(slotsOn(windows, change)).toEqual(
        ['08', '10', '12'].map((hour) => `${change}T${hour}:00:00${offsetAfter}`),
      );
      expect(slotsOn(windows, monday)).toEqual(
        ['08', '10', '12'].map((hour) => `${monday}T${hour}:00:00${offsetAfter}`),
      );
      // The booking form posts the slot with its offset; the check reads it as the same window.
      expect(checkSlot({ ...asked, start: new Date(`${change}T08:00:00${offsetAfter}`) })).toEqual({
        offered: true,
        teamId: 'team-1',
      });
      expect(checkSlot({ ...asked, start: new Date(`${change}T08:00:00${offsetBefore}`) }).offered).toBe(
        false,
      );
    }
  });

  it('offer no start the clocks skip in October, the first of a time they show twice in April, and count the clean in real hours', () => {
    const night = { start: '00:00', end: '06:00' };
    const nights: OfferingRules = {
      ...rules,
      hours: { ...rules.hours, '0': night },
      windowMinutes: 60,
      bufferMinutes: 0,
      minimumNoticeHours: 0,
    };
    const around = (day: string, durationMinutes: number) =>
      offeredWindows(
        input({ rules: nights, now: new Date(`${addDays(day, -2)}T00:00:00Z`), durationMinutes }),
      );
    // 4 October 2026: 2:00 becomes 3:00 (+11:00), so there is no 2:00 window.
    expect(slotsOn(around('2026-10-04', 60), '2026-10-04')).toEqual([
      '2026-10-04T00:00:00+10:00',
      '2026-10-04T01:00:00+10:00',
      '2026-10-04T03:00:00+11:00',
      '2026-10-04T04:00:00+11:00',
      '2026-10-04T05:00:00+11:00',
    ]);
    // 5 April 2026: 3:00 becomes 2:00 (+10:00); 2:00 is offered once, the first time the clocks show it.
    const april = around('2026-04-05', 60);
    expect(slotsOn(april, '2026-04-05')).toEqual([
      '2026-04-05T00:00:00+11:00',
      '2026-04-05T01:00:00+11:00',
      '2026-04-05T02:00:00+11:00',
      '2026-04-05T03:00:00+10:00',
      '2026-04-05T04:00:00+10:00',
      '2026-04-05T05:00:00+10:00',
    ]);
    const asked = { ...input({ rules: nights, now: new Date('2026-04-03T00:00:00Z') }), durationMinutes: 60 };
    expect(checkSlot({ ...asked, start: new Date('2026-04-05T02:00:00+10:00') })).toEqual({
      offered: false,
      reason: 'not-aligned',
    });
    // Hours that start at 2:30 on the October night start on the clock: 3:00 (+11:00) is the first window.
    const lateStart = {
      ...nights,
      hours: { ...nights.hours, '0': { start: '02:30', end: '06:00' } },
      windowMinutes: 30,
    };
    const october = { ...asked, rules: lateStart, now: new Date('2026-10-02T00:00:00Z') };
    expect(slotsOn(offeredWindows({ ...october, durationMinutes: 150 }), '2026-10-04')).toEqual([
      '2026-10-04T03:00:00+11:00',
      '2026-10-04T03:30:00+11:00',
    ]);
    expect(checkSlot({ ...october, start: new Date('2026-10-04T03:00:00+11:00') })).toEqual({
      offered: true,
      teamId: 'team-1',
    });
    // A 3-hour clean must end by 6:00: on the 25-hour night 2:00 (+11:00) still does, at 4:00 (+10:00);
    // on the 23-hour night 3:00 (+11:00) is the last.
    expect(timesOn(around('2026-04-05', 180), '2026-04-05')).toEqual(['00:00', '01:00', '02:00', '03:00']);
    expect(timesOn(around('2026-10-04', 180), '2026-10-04')).toEqual(['00:00', '01:00', '03:00']);
  });

  it('count the notice in real hours across a daylight-saving change', () => {
    // 24 real hours after Saturday 3 October 2026 09:00 (+10:00) is Sunday 10:00 (+11:00) — closed — so
    // Monday 5 October opens at 8:00.
    const windows = offeredWindows(
      input({ rules: { ...rules, horizonDays: 3 }, now: new Date('2026-10-03T09:00:00+10:00') }),
    );
    expect(slotValue(windows[0]?.start ?? new Date(0))).toBe('2026-10-05T08:00:00+11:00');
    // With Sunday open, 10:00 (+11:00) is exactly 24 hours on and offered; 8:00 is not.
    const sunday = offeredWindows(
      input({
        rules: { ...openEveryDay, horizonDays: 3 },
        now: new Date('2026-10-03T09:00:00+10:00'),
        durationMinutes: 120,
      }),
    );
    expect(timesOn(sunday, '2026-10-04')).toEqual(['10:00', '12:00', '14:00']);
  });

  it('are not offered on closed dates, beyond the horizon, or by inactive teams', () => {
    expect(
      timesOn(offeredWindows(input({ rules: { ...rules, closedDates: ['2026-12-02'] } })), '2026-12-02'),
    ).toEqual([]);
    // Today is Monday 30 November: 3 days ahead includes Thursday 3 December, and nothing after it.
    const windows = offeredWindows(input({ rules: { ...rules, horizonDays: 3 } }));
    expect(windows.every((window) => melbourneDay(window.start) <= '2026-12-03')).toBe(true);
    expect(timesOn(windows, '2026-12-03')).toEqual(['08:00', '10:00', '12:00']);
    const inactive = twoTeams.map((team) => ({ ...team, active: false }));
    expect(offeredWindows(input({ teams: inactive }))).toEqual([]);
    expect(offeredWindows(input({ teams: [] }))).toEqual([]);
    expect(
      checkSlot({ ...input({ teams: inactive }), start: new Date('2026-12-02T08:00:00+11:00') }),
    ).toEqual({
      offered: false,
      reason: 'taken',
    });
  });

  it('keep the buffer after a visit, and leave a time taken by every team out', () => {
    const wednesday = (time: string) => new Date(`2026-12-02T${time}:00+11:00`);
    // Team 1 cleans 8:00–12:00 (busy until 12:30); team 2 cleans 10:00–14:00 (busy until 14:30).
    const visits: BusyVisit[] = [
      { id: 'a', teamId: 'team-1', start: wednesday('08:00'), durationMinutes: 240 },
      { id: 'b', teamId: 'team-2', start: wednesday('10:00'), durationMinutes: 240 },
    ];
    const windows = offeredWindows(input({ visits, durationMinutes: 120 }));
    // 8:00: team 2 is free until its 10:00 visit, but 8:00 + 2 h + 30 min reaches into it; at 12:00
    // team 1 is still busy until 12:30; at 14:00 team 1 is free.
    expect(timesOn(windows, '2026-12-02')).toEqual(['14:00']);
    expect(checkSlot({ ...input({ visits, durationMinutes: 120 }), start: wednesday('08:00') })).toEqual({
      offered: false,
      reason: 'taken',
    });
    // The visit being moved does not count against its own new time.
    expect(
      timesOn(offeredWindows(input({ visits, durationMinutes: 120, excludeVisitId: 'b' })), '2026-12-02'),
    ).toEqual(['08:00', '10:00', '12:00', '14:00']);
    // Busy until 10:00 exactly (7:30 + 2 h + 30 min) leaves 10:00 free: busy time ends where the next begins.
    const early: BusyVisit[] = [
      { id: 'c', teamId: 'team-1', start: wednesday('07:30'), durationMinutes: 120 },
      { id: 'e', teamId: 'team-1', start: new Date('2026-12-01T08:00:00+11:00'), durationMinutes: 480 },
    ];
    expect(
      timesOn(
        offeredWindows(input({ teams: [twoTeams[0] as (typeof twoTeams)[0]], visits: early })),
        '2026-12-02',
      ),
    ).toEqual(['10:00', '12:00']);
    // Without a buffer, a visit ending at 12:00 leaves 12:00 free; with one, it does not.
    const morning: BusyVisit[] = [
      { id: 'd', teamId: 'team-1', start: wednesday('08:00'), durationMinutes: 240 },
    ];
    const oneTeam = [{ id: 'team-1', active: true }];
    const noBuffer = { ...rules, bufferMinutes: 0 };
    expect(
      timesOn(offeredWindows(input({ rules: noBuffer, teams: oneTeam, visits: morning })), '2026-12-02'),
    ).toEqual(['12:00']);
    expect(timesOn(offeredWindows(input({ teams: oneTeam, visits: morning })), '2026-12-02')).toEqual([]);
  });

  it('give the first free active team in the teams’ order', () => {
    const start = new Date('2026-12-02T08:00:00+11:00');
    const busy: BusyVisit[] = [{ id: 'a', teamId: 'team-1', start, durationMinutes: 240 }];
    expect(checkSlot({ ...input(), start })).toEqual({ offered: true, teamId: 'team-1' });
    expect(checkSlot({ ...input({ visits: busy }), start })).toEqual({ offered: true, teamId: 'team-2' });
    expect(checkSlot({ ...input({ teams: [...twoTeams].reverse() }), start })).toEqual({
      offered: true,
      teamId: 'team-2',
    });
    const firstInactive = [{ id: 'team-1', active: false }, twoTeams[1] as (typeof twoTeams)[1]];
    expect(checkSlot({ ...input({ teams: firstInactive }), start })).toEqual({
      offered: true,
      teamId: 'team-2',
    });
    // An inactive team's own visits take nothing from the active ones.
    const inactiveBusy: BusyVisit[] = [{ id: 'b', teamId: 'team-1', start, durationMinutes: 240 }];
    expect(checkSlot({ ...input({ teams: firstInactive, visits: inactiveBusy }), start })).toEqual({
      offered: true,
      teamId: 'team-2',
    });
  });

  it('say why a start is not offered, the day’s and hours’ reasons before the calendar’s, taken last', () => {
    const at = (value: string) => checkSlot({ ...input(), start: new Date(value) });
    expect(at('2026-12-06T08:00:00+11:00')).toEqual({ offered: false, reason: 'closed' });
    expect(at('2026-12-02T07:00:00+11:00')).toEqual({ offered: false, reason: 'outside-hours' });
    expect(at('2026-12-02T14:00:00+11:00')).toEqual({ offered: false, reason: 'outside-hours' });
    expect(at('2026-12-02T09:00:00+11:00')).toEqual({ offered: false, reason: 'not-aligned' });
    expect(at('2026-12-02T08:00:30+11:00')).toEqual({ offered: false, reason: 'not-aligned' });
    expect(at('2027-03-01T08:00:00+11:00')).toEqual({ offered: false, reason: 'beyond-horizon' });
    expect(at('2026-12-01T08:00:00+11:00')).toEqual({ offered: false, reason: 'notice' });
    expect(at('2026-11-25T08:00:00+11:00')).toEqual({ offered: false, reason: 'notice' });
    expect(at('2026-12-02T08:00:00+11:00')).toEqual({ offered: true, teamId: 'team-1' });
    // Several at once: a Sunday at 9:00 far ahead is closed; a Wednesday at 7:15 far ahead is outside the hours.
    expect(at('2027-06-06T09:00:00+10:00')).toEqual({ offered: false, reason: 'closed' });
    expect(at('2027-06-09T07:15:00+10:00')).toEqual({ offered: false, reason: 'outside-hours' });
    expect(at('2027-06-09T09:00:00+10:00')).toEqual({ offered: false, reason: 'not-aligned' });
  });
});

// ---------------------------------------------------------------------------------------------
// The rule for any settings, teams, bookings and moment, checked against its plain definition.

const DAY_MINUTES = 24 * 60;
const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** The candidate starts by the definition, each wall-clock time read on its own. */
function definedCandidates(asked: OfferingInput): Date[] {
  const { rules: r, now, durationMinutes } = asked;
  const today = melbourneDay(now);
  const starts: Date[] = [];
  for (let offset = 0; offset <= r.horizonDays; offset += 1) {
    const day = addDays(today, offset);
    const hours = r.hours[String(weekdayOf(day)) as WeekdayKey];
    if (!hours || r.closedDates.includes(day)) continue;
    const dayEnd = melbourneWallClock(day, minutesOf(hours.end)).getTime();
    for (let minutes = minutesOf(hours.start); minutes < DAY_MINUTES; minutes += r.windowMinutes) {
      const start = melbourneWallClock(day, minutes);
      if (melbourneMinutesOfDay(start) !== minutes) continue;
      if (start.getTime() + durationMinutes * MINUTE > dayEnd) break;
      if (start.getTime() >= now.getTime() + r.minimumNoticeHours * HOUR) starts.push(start);
    }
  }
  return starts;
}

/** The active teams free for a clean starting at `start`, in the teams' order, by checking every visit. */
function freeTeams(asked: OfferingInput, start: Date): string[] {
  const from = start.getTime();
  const to = from + (asked.durationMinutes + asked.rules.bufferMinutes) * MINUTE;
  return asked.teams
    .filter((team) => team.active)
    .filter(
      (team) =>
        !asked.visits.some(
          (visit) =>
            visit.teamId === team.id &&
            visit.id !== asked.excludeVisitId &&
            visit.start.getTime() < to &&
            from < visit.start.getTime() + (visit.durationMinutes + asked.rules.bufferMinutes) * MINUTE,
        ),
    )
    .map((team) => team.id);
}

const changeInstants = [
  '2026-04-04T16:00:00Z',
  '2026-10-03T16:00:00Z',
  '2027-04-03T16:00:00Z',
  '2027-10-02T16:00:00Z',
];
const anyMoment = fc.oneof(
  // The days before and around each of Melbourne's daylight-saving changes, to the millisecond.
  fc
    .tuple(
      fc.constantFrom(...changeInstants),
      fc.integer({ min: -12 * 24 * 60, max: 2 * 24 * 60 }),
      fc.integer({ min: 0, max: 59_999 }),
    )
    .map(([instant, minutes, ms]) => new Date(Date.parse(instant) + minutes * MINUTE + ms)),
  // Any minute of 2026 and 2027.
  fc
    .integer({ min: 0, max: 2 * 365 * DAY_MINUTES })
    .map((minutes) => new Date(Date.parse('2026-01-01T00:00:00Z') + minutes * MINUTE)),
);
// Hours on the quarter hour as a business keeps them, now and then on any minute (up to 23:59).
const clockTime = (min: number) => {
  const anyMinute = fc.integer({ min, max: DAY_MINUTES - 1 });
  const firstQuarter = Math.ceil(min / 15);
  if (firstQuarter > 95) return anyMinute;
  return fc.oneof(
    { arbitrary: fc.integer({ min: firstQuarter, max: 95 }).map((quarters) => quarters * 15), weight: 4 },
    { arbitrary: anyMinute, weight: 1 },
  );
};
const dayHours = fc.option(
  clockTime(0)
    .filter((start) => start <= DAY_MINUTES - 16)
    .chain((start) => clockTime(start + 15).map((end) => ({ start: hhmm(start), end: hhmm(end) }))),
  { nil: null, freq: 4 },
);
const anyRules = fc.record({
  hours: fc.record({
    '0': dayHours,
    '1': dayHours,
    '2': dayHours,
    '3': dayHours,
    '4': dayHours,
    '5': dayHours,
    '6': dayHours,
  }),
  windowMinutes: fc.constantFrom(15, 30, 45, 60, 90, 120, 180, 240),
  bufferMinutes: fc.integer({ min: 0, max: 16 }).map((quarters) => quarters * 15),
  minimumNoticeHours: fc.oneof(fc.integer({ min: 0, max: 72 }), fc.constantFrom(0, 24, 200)),
  horizonDays: fc.integer({ min: 1, max: 14 }),
  closedDateOffsets: fc.array(fc.integer({ min: -1, max: 15 }), { maxLength: 4 }),
});
const anyTeams = fc
  .tuple(
    fc.shuffledSubarray(['team-1', 'team-2', 'team-3'], { minLength: 1 }),
    fc.array(fc.boolean(), { minLength: 3, maxLength: 3 }),
  )
  .map(([ids, active]) => ids.map((id, index) => ({ id, active: active[index] ?? true })));
const anyVisits = fc.array(
  fc.record({
    // A team no longer in the list keeps its visits; they take nothing from the others.
    teamId: fc.constantFrom('team-1', 'team-2', 'team-3', 'team-gone'),
    // On the quarter hour, so that busy times often end exactly where a candidate begins.
    offsetMinutes: fc.integer({ min: -2 * 96, max: 16 * 96 }).map((quarters) => quarters * 15),
    durationMinutes: fc.integer({ min: 1, max: 48 }).map((quarters) => quarters * 15),
  }),
  { maxLength: 40 },
);

const anyAsking = fc
  .record({
    rules: anyRules,
    now: anyMoment,
    teams: anyTeams,
    visits: anyVisits,
    durationMinutes: fc.integer({ min: 1, max: 48 }).map((quarters) => quarters * 15),
    exclude: fc.option(fc.nat({ max: 39 }), { nil: undefined }),
    probes: fc.array(
      fc.oneof(
        fc.integer({ min: -96, max: 16 * 96 }).map((quarters) => quarters * 15),
        fc.integer({ min: -DAY_MINUTES, max: 16 * DAY_MINUTES }),
      ),
      { maxLength: 20 },
    ),
  })
  .map(({ rules: drawn, now, teams, visits, durationMinutes, exclude, probes }) => {
    const { closedDateOffsets, ...rest } = drawn;
    const today = melbourneDay(now);
    // About Melbourne's midnight today (offsets are whole hours): bookings and probes count from it.
    const midnight = Date.parse(`${today}T00:00:00Z`) - 11 * HOUR;
    const asked: OfferingInput = {
      rules: { ...rest, closedDates: closedDateOffsets.map((offset) => addDays(today, offset)) },
      teams,
      visits: visits.map((visit, index) => ({
        id: `v${index}`,
        teamId: visit.teamId,
        start: new Date(midnight + visit.offsetMinutes * MINUTE),
        durationMinutes: visit.durationMinutes,
      })),
      durationMinutes,
      now,
      ...(exclude !== undefined && exclude < visits.length ? { excludeVisitId: `v${exclude}` } : {}),
    };
    // Moments to ask checkSlot about, on the quarter hour or any minute, as a staff member may.
    return { asked, probes: probes.map((minutes) => new Date(midnight + minutes * MINUTE)) };
  });

describe('the offering rule, for any settings, teams, bookings and moment', () => {
  it('offers exactly the candidates of its definition that an active team is free for, each within the rules', () => {
    fc.assert(
      fc.property(anyAsking, ({ asked }) => {
        const windows = offeredWindows(asked);
        const expected = definedCandidates(asked).filter((start) => freeTeams(asked, start).length > 0);
        expect(windows.map((window) => slotValue(window.start))).toEqual(expected.map(slotValue));
        const { rules: r, now } = asked;
        const today = melbourneDay(now);
        for (const window of windows) {
          const start = window.start.getTime();
          // Some active team has no busy time overlapping [start, start + duration + buffer).
          expect(freeTeams(asked, window.start).length).toBeGreaterThan(0);
          expect(start).toBeGreaterThanOrEqual(now.getTime() + r.minimumNoticeHours * HOUR);
          const day = melbourneDay(window.start);
          expect(day >= today && day <= addDays(today, r.horizonDays)).toBe(true);
          expect(r.closedDates).not.toContain(day);
          const hours = r.hours[String(weekdayOf(day)) as WeekdayKey];
          expect(hours).not.toBeNull();
          const minutes = melbourneMinutesOfDay(window.start);
          expect(minutes).toBeGreaterThanOrEqual(minutesOf(hours?.start ?? '24:00'));
          expect((minutes - minutesOf(hours?.start ?? '00:00')) % r.windowMinutes).toBe(0);
          expect(start + asked.durationMinutes * MINUTE).toBeLessThanOrEqual(
            melbourneWallClock(day, minutesOf(hours?.end ?? '00:00')).getTime(),
          );
          expect(window.end.getTime() - start).toBe(r.windowMinutes * MINUTE);
        }
      }),
      { numRuns: 120 },
    );
  });

  it('checks a start exactly as it lists it: offered to the first free team, else taken only when the rules allow it', () => {
    fc.assert(
      fc.property(anyAsking, ({ asked, probes }) => {
        const offered = new Set(offeredWindows(asked).map((window) => window.start.getTime()));
        const candidates = definedCandidates(asked);
        const candidate = new Set(candidates.map((start) => start.getTime()));
        for (const start of [...candidates.slice(0, 30), ...probes]) {
          const check = checkSlot({ ...asked, start });
          expect(check.offered).toBe(offered.has(start.getTime()));
          if (check.offered) expect(check.teamId).toBe(freeTeams(asked, start)[0]);
          // 'taken' means the time is one the rules offer, and no active team is free for it.
          else expect(check.reason === 'taken').toBe(candidate.has(start.getTime()));
        }
      }),
      { numRuns: 120 },
    );
  });

  it('leaves the visit being moved out, as if it were not booked', () => {
    fc.assert(
      fc.property(anyAsking, ({ asked }) => {
        if (asked.excludeVisitId === undefined) return;
        const without = asked.visits.filter((visit) => visit.id !== asked.excludeVisitId);
        const { excludeVisitId: _moved, ...rest } = asked;
        expect(offeredWindows(asked)).toEqual(offeredWindows({ ...rest, visits: without }));
      }),
      { numRuns: 60 },
    );
  });
});
