import type { SeriesFrequency, VisitStatus } from '@cleanquote/quote-core/staff';
import { TZDate } from '@date-fns/tz';
import { foldLines, ICalEventRepeatingFreq, ICalEventStatus } from 'ical-generator';
import { tzlib_get_ical_block } from 'timezones-ical-library';
import { BUSINESS_TIME_ZONE, melbourneDayBounds } from '../lib/melbourne-time.ts';
import { type InviteParticulars, inviteCalendar, inviteParticulars } from './visit-invite.ts';

/** One occurrence of a series as the product holds it. */
export interface SeriesInviteOccurrence {
  /** The start the series' rule gives it: its RECURRENCE-ID, whatever became of it. */
  occurrenceStart: Date;
  /** Its arrival window as booked: the rule's, or where it was moved to. */
  start: Date;
  end: Date;
  status: VisitStatus;
}

/** What a series' calendar invite says. */
export interface SeriesInvite extends InviteParticulars {
  /** The series' id: the event's UID for the series' whole life. */
  seriesId: string;
  /** The SEQUENCE to write: the caller counts it up at every change, the cancellation included. */
  sequence: number;
  /** REQUEST sends the series as it now stands; CANCEL takes out its visits from `cancelFrom` on. */
  method: 'REQUEST' | 'CANCEL';
  frequency: SeriesFrequency;
  /** The first occurrence's start: DTSTART, and the weekday and wall-clock time of every other one. */
  anchorStart: Date;
  /** The arrival window's length: DTEND is DTSTART plus this. */
  windowMinutes: number;
  /** The series' last Melbourne day, 'yyyy-MM-dd' (inclusive), or null while it runs on. */
  endsOn: string | null;
  /** Every occurrence the product holds, whatever its status. */
  occurrences: readonly SeriesInviteOccurrence[];
  /** With CANCEL: the occurrenceStart of the first occurrence taken out. */
  cancelFrom?: Date | undefined;
  /** The host of the site's public URL: the UID's domain, so it is unique beyond this business. */
  domain: string;
}

/** Weeks between two occurrences of each frequency: the RRULE's INTERVAL. */
const INTERVAL_WEEKS: Readonly<Record<SeriesFrequency, number>> = {
  weekly: 1,
  fortnightly: 2,
  'four-weekly': 4,
};

/** Occurrences that are not visited at all: taken out of the calendar with an EXDATE. */
const NOT_VISITED: ReadonlySet<VisitStatus> = new Set<VisitStatus>(['skipped', 'cancelled', 'needs-time']);

const MINUTE = 60_000;

/**
 * An instant as Melbourne's clocks show it: what the calendar library writes as a local time after
 * `TZID=Australia/Melbourne` (a plain Date would be written in the server's own zone).
 */
function melbourne(instant: Date): TZDate {
  return new TZDate(instant.getTime(), BUSINESS_TIME_ZONE);
}

/** Melbourne's VTIMEZONE, from the IANA time-zone data the library ships. */
function vtimezone(timeZone: string): string | null {
  const [block] = tzlib_get_ical_block(timeZone);
  return block ?? null;
}

/**
 * A recurring clean's calendar invite as iCalendar text (RFC 5545) for an iTIP message (RFC 5546):
 * one event for the whole series, so the customer's calendar holds one series rather than a dozen
 * unrelated events, and every later change replaces it by its UID (`${seriesId}@${domain}`).
 *
 * The rules:
 * - The times are Melbourne wall-clock times with `TZID=Australia/Melbourne`, and the calendar
 *   carries Melbourne's VTIMEZONE: a calendar then repeats 9:00 as 9:00 on both sides of a
 *   daylight-saving change (a UTC start would drift an hour at each change).
 * - DTSTART is the series' first occurrence, DTEND its arrival window's end; the RRULE is
 *   `FREQ=WEEKLY;INTERVAL=1` (weekly), `2` (fortnightly) or `4` (every 4 weeks), with
 *   `UNTIL` the last second of the series' last Melbourne day when it has one, written in UTC as the
 *   standard requires when DTSTART has a TZID (so that day's occurrence is still in).
 * - An occurrence that is skipped, cancelled or needs a time is not visited: an EXDATE at the start
 *   the rule gives it (its occurrenceStart, with the TZID).
 * - An occurrence visited at another time than the rule's (start ≠ occurrenceStart) is an override:
 *   a second VEVENT with the same UID and SEQUENCE, `RECURRENCE-ID;TZID=…` its occurrenceStart, and
 *   its own DTSTART and DTEND. Any other occurrence (booked or completed at the rule's time) needs
 *   nothing: the rule gives it. Each occurrenceStart must be one of the rule's starts.
 * - A REQUEST sends all of that as it now stands (also to end the series: the rule gains UNTIL).
 * - A CANCEL takes out the occurrences from `cancelFrom` on, and only those: one VEVENT with the UID,
 *   `RECURRENCE-ID;TZID=…;RANGE=THISANDFUTURE` at cancelFrom and STATUS:CANCELLED. A CANCEL of the
 *   whole series would also take the visits already done out of the customer's calendar, so there is
 *   none: a CANCEL without cancelFrom is refused.
 */
export function seriesInvite(invite: SeriesInvite): string {
  if (invite.method === 'CANCEL') return cancelFromInvite(invite);

  const calendar = inviteCalendar(invite).timezone({ name: null, generator: vtimezone });
  const uid = `${invite.seriesId}@${invite.domain}`;
  const stamp = new Date();
  const particulars = inviteParticulars(invite);
  const until = invite.endsOn === null ? undefined : lastSecondOf(invite.endsOn);
  // An EXDATE after UNTIL would name a date the rule no longer gives.
  const exclude = invite.occurrences
    .filter(
      (occurrence) =>
        NOT_VISITED.has(occurrence.status) &&
        (until === undefined || occurrence.occurrenceStart.getTime() <= until.getTime()),
    )
    .map((occurrence) => melbourne(occurrence.occurrenceStart));

  calendar.createEvent({
    id: uid,
    sequence: invite.sequence,
    stamp,
    timezone: BUSINESS_TIME_ZONE,
    start: melbourne(invite.anchorStart),
    end: melbourne(new Date(invite.anchorStart.getTime() + invite.windowMinutes * MINUTE)),
    repeating: {
      freq: ICalEventRepeatingFreq.WEEKLY,
      interval: INTERVAL_WEEKS[invite.frequency],
      ...(until ? { until } : {}),
      // The library would write an empty EXDATE line for an empty list, which calendars reject.
      ...(exclude.length > 0 ? { exclude } : {}),
    },
    ...particulars,
    status: ICalEventStatus.CONFIRMED,
  });

  for (const occurrence of invite.occurrences) {
    if (NOT_VISITED.has(occurrence.status)) continue;
    if (occurrence.start.getTime() === occurrence.occurrenceStart.getTime()) continue;
    calendar.createEvent({
      id: uid,
      sequence: invite.sequence,
      stamp,
      timezone: BUSINESS_TIME_ZONE,
      recurrenceId: melbourne(occurrence.occurrenceStart),
      start: melbourne(occurrence.start),
      end: melbourne(occurrence.end),
      ...particulars,
      status: ICalEventStatus.CONFIRMED,
    });
  }
  return calendar.toString();
}

/** The last second of a Melbourne day: the rule's inclusive UNTIL for a series ending that day. */
function lastSecondOf(day: string): Date {
  return new Date(melbourneDayBounds(day).end.getTime() - 1000);
}

/** METHOD:CANCEL of the occurrences from `cancelFrom` on (see {@link seriesInvite}). */
function cancelFromInvite(invite: SeriesInvite): string {
  const { cancelFrom } = invite;
  if (!cancelFrom) {
    throw new Error('A series is cancelled from an occurrence on, never as a whole: cancelFrom is required.');
  }
  const calendar = inviteCalendar(invite).timezone({ name: null, generator: vtimezone });
  const occurrence = invite.occurrences.find(
    (candidate) => candidate.occurrenceStart.getTime() === cancelFrom.getTime(),
  );
  calendar.createEvent({
    id: `${invite.seriesId}@${invite.domain}`,
    sequence: invite.sequence,
    stamp: new Date(),
    timezone: BUSINESS_TIME_ZONE,
    recurrenceId: melbourne(cancelFrom),
    start: melbourne(occurrence?.start ?? cancelFrom),
    end: melbourne(occurrence?.end ?? new Date(cancelFrom.getTime() + invite.windowMinutes * MINUTE)),
    ...inviteParticulars(invite),
    status: ICalEventStatus.CANCELLED,
  });
  // The calendar library writes no RANGE parameter; the RECURRENCE-ID line it wrote gains one, and
  // the text is folded again in case the line grew past 75 octets.
  const recurrenceId = `RECURRENCE-ID;TZID=${BUSINESS_TIME_ZONE}:`;
  const text = calendar.toString();
  if (!text.includes(recurrenceId)) throw new Error('The cancellation has no RECURRENCE-ID to range over.');
  return foldLines(
    text.replace(recurrenceId, `RECURRENCE-ID;TZID=${BUSINESS_TIME_ZONE};RANGE=THISANDFUTURE:`),
  );
}
