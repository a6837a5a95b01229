import { DEFAULT_SCHEDULE_SETTINGS } from '@cleanquote/quote-core/staff';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, melbourneDay } from '../lib/melbourne-time.ts';
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
    expect(windows[0]?.end.getTime()).toBe((windows[0]?.start.getTime() ?? 0) + 120 * MINUTE);
  });

  it('keep 08:00 at 08:00 on both sides of each daylight-saving change (+11:00 in summer, +10:00 in winter)', () => {
    for (const [before, after, offsetBefore, offsetAfter] of [
      ['2026-04-03', '2026-04-06', '+11:00', '+10:00'],
      ['2026-10-02', '2026-10-05', '+10:00', '+11:00'],
      ['2027-04-02', '2027-04-05', '+11:00', '+10:00'],
      ['2027-10-01', '2027-10-04', '+10:00', '+11:00'],
    ] as const) {
      const windows = offeredWindows(
        input({ now: new Date(`${addDays(before, -2)}T12:00:00Z`), rules: { ...rules, horizonDays: 10 } }),
      );
      const first = (day: string) => windows.find((window) => slotValue(window.start).startsWith(day));
      expect(slotValue(first(before)?.start ?? new Date(0))).toBe(`${before}T08:00:00${offsetBefore}`);
      expect(slotValue(first(after)?.start ?? new Date(0))).toBe(`${after}T08:00:00${offsetAfter}`);
    }
  });

  it('count the notice in real hours across a daylight-saving change', () => {
    // 24 real hours after Saturday 3 October 2026 09:00 (+10:00) is Sunday 10:00 (+11:00) — closed — so
    // Monday 5 October opens at 8:00.
    const windows = offeredWindows(
      input({ now: new Date('2026-10-03T09:00:00+10:00'), rules: { ...rules, horizonDays: 3 } }),
    );
    expect(slotValue(windows[0]?.start ?? new Date(0))).toBe('2026-10-05T08:00:00+11:00');
  });

  it('are not offered on closed dates, beyond the horizon, or by inactive teams', () => {
    expect(
      timesOn(offeredWindows(input({ rules: { ...rules, closedDates: ['2026-12-02'] } })), '2026-12-02'),
    ).toEqual([]);
    const windows = offeredWindows(input({ rules: { ...rules, horizonDays: 3 } }));
    expect(windows.every((window) => melbourneDay(window.start) <= '2026-12-03')).toBe(true);
    expect(timesOn(windows, '2026-12-03')).toEqual(['08:00', '10:00', '12:00']);
    expect(offeredWindows(input({ teams: twoTeams.map((team) => ({ ...team, active: false })) }))).toEqual(
      [],
    );
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
  });

  it('say why a start is not offered', () => {
    const at = (value: string) => checkSlot({ ...input(), start: new Date(value) });
    expect(at('2026-12-06T08:00:00+11:00')).toEqual({ offered: false, reason: 'closed' });
    expect(at('2026-12-02T07:00:00+11:00')).toEqual({ offered: false, reason: 'outside-hours' });
    expect(at('2026-12-02T14:00:00+11:00')).toEqual({ offered: false, reason: 'outside-hours' });
    expect(at('2026-12-02T09:00:00+11:00')).toEqual({ offered: false, reason: 'not-aligned' });
    expect(at('2027-03-01T08:00:00+11:00')).toEqual({ offered: false, reason: 'beyond-horizon' });
    expect(at('2026-12-01T08:00:00+11:00')).toEqual({ offered: false, reason: 'notice' });
    expect(at('2026-12-02T08:00:00+11:00')).toEqual({ offered: true, teamId: 'team-1' });
  });
});

describe('the offering rule, for any settings and bookings', () => {
  const weekdayHours = fc.option(
    fc.tuple(fc.integer({ min: 0, max: 20 }), fc.integer({ min: 1, max: 14 })).map(([startHour, length]) => ({
      start: `${String(startHour).padStart(2, '0')}:00`,
      end: `${String(Math.min(23, startHour + length)).padStart(2, '0')}:${startHour + length > 23 ? '59' : '00'}`,
    })),
    { nil: null },
  );
  const settings = fc.record({
    hours: fc.record({
      '0': weekdayHours,
      '1': weekdayHours,
      '2': weekdayHours,
      '3': weekdayHours,
      '4': weekdayHours,
      '5': weekdayHours,
      '6': weekdayHours,
    }),
    windowMinutes: fc.constantFrom(30, 60, 90, 120, 180),
    bufferMinutes: fc.constantFrom(0, 15, 30, 60),
    minimumNoticeHours: fc.integer({ min: 0, max: 72 }),
    horizonDays: fc.integer({ min: 1, max: 21 }),
    closedDates: fc.array(fc.integer({ min: 0, max: 21 }), { maxLength: 4 }),
  });
  // Around both of 2027's daylight-saving changes.
  const now = fc.constantFrom('2027-03-30T22:00:00Z', '2027-09-28T03:30:00Z').map((value) => new Date(value));
  const visits = fc.array(
    fc.record({
      teamId: fc.constantFrom('team-1', 'team-2'),
      offsetMinutes: fc.integer({ min: 0, max: 21 * 24 * 4 }).map((quarters) => quarters * 15),
      durationMinutes: fc.integer({ min: 1, max: 48 }).map((quarters) => quarters * 15),
    }),
    { maxLength: 40 },
  );

  it('never offers a window that overlaps a busy time of every active team, and always keeps its rules', () => {
    fc.assert(
      fc.property(settings, now, visits, fc.integer({ min: 1, max: 48 }), (drawn, at, booked, quarters) => {
        const today = melbourneDay(at);
        const rules: OfferingRules = {
          ...drawn,
          closedDates: drawn.closedDates.map((offset) => addDays(today, offset)),
        };
        const durationMinutes = quarters * 15;
        const busy: BusyVisit[] = booked.map((visit, index) => ({
          id: `v${index}`,
          teamId: visit.teamId,
          start: new Date(at.getTime() + visit.offsetMinutes * MINUTE),
          durationMinutes: visit.durationMinutes,
        }));
        const asked = { rules, teams: twoTeams, visits: busy, durationMinutes, now: at };
        for (const window of offeredWindows(asked)) {
          const start = window.start.getTime();
          const end = start + (durationMinutes + rules.bufferMinutes) * MINUTE;
          const free = twoTeams.some(
            (team) =>
              !busy.some(
                (visit) =>
                  visit.teamId === team.id &&
                  visit.start.getTime() < end &&
                  start < visit.start.getTime() + (visit.durationMinutes + rules.bufferMinutes) * MINUTE,
              ),
          );
          expect(free).toBe(true);
          expect(start).toBeGreaterThanOrEqual(at.getTime() + rules.minimumNoticeHours * HOUR);
          const day = melbourneDay(window.start);
          expect(day <= addDays(today, rules.horizonDays)).toBe(true);
          expect(rules.closedDates).not.toContain(day);
          const weekday = String(new Date(`${day}T00:00:00Z`).getUTCDay()) as keyof OfferingRules['hours'];
          const hours = rules.hours[weekday];
          expect(hours).not.toBeNull();
          const local = slotValue(window.start).slice(11, 16);
          expect(local >= (hours?.start ?? '')).toBe(true);
          expect(window.end.getTime() - start).toBe(rules.windowMinutes * MINUTE);
          // The booking's own check agrees.
          expect(checkSlot({ ...asked, start: window.start }).offered).toBe(true);
        }
      }),
      { numRuns: 150 },
    );
  });
});
