import ICAL from 'ical.js';
import { afterEach, describe, expect, it } from 'vitest';
import { formatMelbourneDateTime, melbourneWallClock } from '../lib/melbourne-time.ts';
import { expandSeriesInvite } from '../test-support/expand-invite.ts';
import { type SeriesInvite, type SeriesInviteOccurrence, seriesInvite } from './series-invite.ts';

/** An instant by Melbourne's clocks: ('2027-03-30', '09:00'). */
function at(day: string, time: string): Date {
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  return melbourneWallClock(day, hours * 60 + minutes);
}

/** Two hours from `start`: the arrival window. */
function window(start: Date): Date {
  return new Date(start.getTime() + 120 * 60_000);
}

// Tuesdays at 9:00, the first before the April change (first Sunday of April 2027: 4 April).
const invite: SeriesInvite = {
  seriesId: '0195a3d0-1c2e-7a4f-9b10-6e2d4c8a1f02',
  sequence: 0,
  method: 'REQUEST',
  frequency: 'weekly',
  anchorStart: at('2027-03-16', '09:00'),
  windowMinutes: 120,
  endsOn: null,
  occurrences: [],
  service: 'Regular Cleaning',
  address: '12 Chapel St, South Yarra VIC 3141',
  reference: 'CQ-7KX4M2QH',
  business: { name: 'Sparkle Clean Melbourne', email: 'hello@sparkleclean.example' },
  customer: { name: 'Priya Shah', email: 'priya@example.com' },
  domain: 'clean.example',
  pageUrl: 'https://clean.example/quote/abc',
};

/** An occurrence the product holds at the rule's own time, with `status`. */
function held(day: string, status: SeriesInviteOccurrence['status'] = 'booked'): SeriesInviteOccurrence {
  const start = at(day, '09:00');
  return { occurrenceStart: start, start, end: window(start), status };
}

/** The visits a calendar shows, before Melbourne's `day` begins, as Melbourne's clocks show them. */
function calendarShows(ics: string, beforeDay: string): string[] {
  return expandSeriesInvite(ics, at(beforeDay, '00:00')).map(
    ({ start, end }) => `${formatMelbourneDateTime(start)}–${formatMelbourneDateTime(end).slice(11)}`,
  );
}

/** The events of an invite as ical.js reads them. */
function eventsOf(ics: string): ICAL.Component[] {
  return new ICAL.Component(ICAL.parse(ics)).getAllSubcomponents('vevent');
}

/** The TZIDs of the time zones an invite describes. */
function timeZonesOf(ics: string): unknown[] {
  return new ICAL.Component(ICAL.parse(ics))
    .getAllSubcomponents('vtimezone')
    .map((zone) => zone.getFirstPropertyValue('tzid'));
}

/**
 * A property's value, its parameters left off (lines unfolded first), of every line of that name
 * outside the time zones' own rules.
 */
function values(ics: string, name: string): string[] {
  const unfolded = ics
    .replace(/\r\n[ \t]/g, '')
    .replace(/^BEGIN:VTIMEZONE\r\n[\s\S]*?^END:VTIMEZONE\r\n/m, '');
  return [...unfolded.matchAll(new RegExp(`^${name}(?:;[^:\\r\\n]*)?:(.*)\\r?$`, 'gm'))].map(
    (match) => match[1] ?? '',
  );
}

describe('a series’ calendar invite', () => {
  const serverZone = process.env.TZ;
  afterEach(() => {
    if (serverZone === undefined) delete process.env.TZ;
    else process.env.TZ = serverZone;
  });

  it('is one repeating event with the series’ UID, in Melbourne wall-clock time with Melbourne’s VTIMEZONE', () => {
    const ics = seriesInvite({ ...invite, sequence: 3 });
    expect(values(ics, 'METHOD')).toEqual(['REQUEST']);
    expect(values(ics, 'UID')).toEqual([`${invite.seriesId}@clean.example`]);
    expect(values(ics, 'SEQUENCE')).toEqual(['3']);
    expect(ics).toContain('\r\nDTSTART;TZID=Australia/Melbourne:20270316T090000\r\n');
    expect(ics).toContain('\r\nDTEND;TZID=Australia/Melbourne:20270316T110000\r\n');
    expect(values(ics, 'RRULE')).toEqual(['FREQ=WEEKLY;INTERVAL=1']);
    expect(timeZonesOf(ics)).toEqual(['Australia/Melbourne']);
    expect(values(ics, 'SUMMARY')).toEqual(['Regular Cleaning (Sparkle Clean Melbourne)']);
    expect(values(ics, 'LOCATION')).toEqual(['12 Chapel St\\, South Yarra VIC 3141']);
    expect(values(ics, 'ORGANIZER')).toEqual(['mailto:hello@sparkleclean.example']);
    expect(values(ics, 'ATTENDEE')).toEqual(['MAILTO:priya@example.com']);
  });

  it('keeps Tuesdays at 9:00 in Melbourne across the April change, an hour later in UTC after it', () => {
    const ics = seriesInvite(invite);
    expect(calendarShows(ics, '2027-04-21')).toEqual([
      '2027-03-16 09:00–11:00',
      '2027-03-23 09:00–11:00',
      '2027-03-30 09:00–11:00',
      '2027-04-06 09:00–11:00',
      '2027-04-13 09:00–11:00',
      '2027-04-20 09:00–11:00',
    ]);
    const starts = expandSeriesInvite(ics, at('2027-04-07', '00:00')).map(({ start }) => start.toISOString());
    expect(starts.slice(-2)).toEqual(['2027-03-29T22:00:00.000Z', '2027-04-05T23:00:00.000Z']);
  });

  it('keeps Tuesdays at 9:00 in Melbourne across the October change', () => {
    const ics = seriesInvite({ ...invite, anchorStart: at('2026-09-22', '09:00') });
    expect(calendarShows(ics, '2026-10-14')).toEqual([
      '2026-09-22 09:00–11:00',
      '2026-09-29 09:00–11:00',
      '2026-10-06 09:00–11:00',
      '2026-10-13 09:00–11:00',
    ]);
  });

  it('writes the same times whatever the server’s own time zone', () => {
    process.env.TZ = 'UTC';
    const inUtc = seriesInvite({ ...invite, occurrences: [held('2027-04-06', 'skipped')] });
    process.env.TZ = 'America/New_York';
    const inNewYork = seriesInvite({ ...invite, occurrences: [held('2027-04-06', 'skipped')] });
    const withoutStamp = (ics: string) => ics.replace(/^DTSTAMP:.*$/gm, '');
    expect(withoutStamp(inNewYork)).toBe(withoutStamp(inUtc));
    expect(inUtc).toContain('\r\nEXDATE;TZID=Australia/Melbourne:20270406T090000\r\n');
  });

  it('takes a skipped, a cancelled and an unplaced occurrence out of the calendar, and only those', () => {
    const ics = seriesInvite({
      ...invite,
      occurrences: [
        held('2027-03-16', 'completed'),
        held('2027-03-23', 'skipped'),
        held('2027-03-30', 'booked'),
        held('2027-04-06', 'needs-time'),
        held('2027-04-13', 'cancelled'),
        held('2027-04-20', 'booked'),
      ],
    });
    expect(calendarShows(ics, '2027-04-28')).toEqual([
      '2027-03-16 09:00–11:00',
      '2027-03-30 09:00–11:00',
      '2027-04-20 09:00–11:00',
      '2027-04-27 09:00–11:00',
    ]);
    expect(values(ics, 'EXDATE')).toEqual(['20270323T090000,20270406T090000,20270413T090000']);
  });

  it('shows a moved occurrence at its new time and not at its old, the rest of the series unmoved', () => {
    const moved = at('2027-04-07', '13:00');
    const ics = seriesInvite({
      ...invite,
      sequence: 2,
      occurrences: [
        held('2027-03-30'),
        { occurrenceStart: at('2027-04-06', '09:00'), start: moved, end: window(moved), status: 'booked' },
        held('2027-04-13'),
      ],
    });
    expect(calendarShows(ics, '2027-04-14')).toEqual([
      '2027-03-16 09:00–11:00',
      '2027-03-23 09:00–11:00',
      '2027-03-30 09:00–11:00',
      '2027-04-07 13:00–15:00',
      '2027-04-13 09:00–11:00',
    ]);
    const [series, override] = eventsOf(ics);
    expect(override?.getFirstPropertyValue('uid')).toBe(series?.getFirstPropertyValue('uid'));
    expect(values(ics, 'SEQUENCE')).toEqual(['2', '2']);
    expect(ics).toContain('\r\nRECURRENCE-ID;TZID=Australia/Melbourne:20270406T090000\r\n');
  });

  it('shows an occurrence moved from after a day to before it within the visits before that day', () => {
    const moved = at('2027-03-29', '10:00');
    const ics = seriesInvite({
      ...invite,
      occurrences: [
        { occurrenceStart: at('2027-04-06', '09:00'), start: moved, end: window(moved), status: 'booked' },
      ],
    });
    expect(calendarShows(ics, '2027-04-01')).toEqual([
      '2027-03-16 09:00–11:00',
      '2027-03-23 09:00–11:00',
      '2027-03-29 10:00–12:00',
      '2027-03-30 09:00–11:00',
    ]);
  });

  it('ends the series on its last day, that day’s visit included, with UNTIL in UTC', () => {
    const ics = seriesInvite({ ...invite, endsOn: '2027-04-13' });
    expect(calendarShows(ics, '2027-06-01')).toEqual([
      '2027-03-16 09:00–11:00',
      '2027-03-23 09:00–11:00',
      '2027-03-30 09:00–11:00',
      '2027-04-06 09:00–11:00',
      '2027-04-13 09:00–11:00',
    ]);
    // The last second of 13 April in Melbourne (+10:00 after the change).
    expect(values(ics, 'RRULE')).toEqual(['FREQ=WEEKLY;INTERVAL=1;UNTIL=20270413T135959Z']);
    const endedTheDayBefore = seriesInvite({ ...invite, endsOn: '2027-04-12' });
    expect(calendarShows(endedTheDayBefore, '2027-06-01').at(-1)).toBe('2027-04-06 09:00–11:00');
  });

  it('repeats every second week, fortnightly, at 9:00 across the October change', () => {
    const ics = seriesInvite({ ...invite, frequency: 'fortnightly', anchorStart: at('2026-09-22', '09:00') });
    expect(values(ics, 'RRULE')).toEqual(['FREQ=WEEKLY;INTERVAL=2']);
    expect(calendarShows(ics, '2026-11-04')).toEqual([
      '2026-09-22 09:00–11:00',
      '2026-10-06 09:00–11:00',
      '2026-10-20 09:00–11:00',
      '2026-11-03 09:00–11:00',
    ]);
  });

  it('repeats every fourth week at 9:00 across the April change', () => {
    const ics = seriesInvite({ ...invite, frequency: 'four-weekly', anchorStart: at('2027-02-23', '09:00') });
    expect(values(ics, 'RRULE')).toEqual(['FREQ=WEEKLY;INTERVAL=4']);
    expect(calendarShows(ics, '2027-06-16')).toEqual([
      '2027-02-23 09:00–11:00',
      '2027-03-23 09:00–11:00',
      '2027-04-20 09:00–11:00',
      '2027-05-18 09:00–11:00',
      '2027-06-15 09:00–11:00',
    ]);
  });

  it('cancels the visits from one occurrence on, never the whole series: METHOD:CANCEL with RANGE=THISANDFUTURE', () => {
    const ics = seriesInvite({
      ...invite,
      method: 'CANCEL',
      sequence: 4,
      occurrences: [held('2027-03-30', 'completed'), held('2027-04-06', 'cancelled')],
      cancelFrom: at('2027-04-06', '09:00'),
    });
    expect(values(ics, 'METHOD')).toEqual(['CANCEL']);
    const [cancelled, ...others] = eventsOf(ics);
    expect(others).toEqual([]);
    expect(cancelled?.getFirstPropertyValue('uid')).toBe(`${invite.seriesId}@clean.example`);
    expect(cancelled?.getFirstPropertyValue('sequence')).toBe(4);
    expect(cancelled?.getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(cancelled?.hasProperty('rrule')).toBe(false);
    const recurrenceId = cancelled?.getFirstProperty('recurrence-id');
    expect(recurrenceId?.getParameter('range')).toBe('THISANDFUTURE');
    expect(recurrenceId?.getParameter('tzid')).toBe('Australia/Melbourne');
    expect(ics).toContain(
      '\r\nRECURRENCE-ID;TZID=Australia/Melbourne;RANGE=THISANDFUTURE:20270406T090000\r\n',
    );
    expect(timeZonesOf(ics)).toEqual(['Australia/Melbourne']);
    expect(() => seriesInvite({ ...invite, method: 'CANCEL' })).toThrow(/cancelFrom/);
  });
});
