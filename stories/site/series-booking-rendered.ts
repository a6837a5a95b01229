import { addDays, melbourneWallClock } from '../../api/src/lib/melbourne-time.ts';
import type { CustomerQuote } from '../../api/src/priced-quotes/customer-quote.ts';
import { renderCustomerQuotePage } from '../../api/src/priced-quotes/customer-quote-page.tsx';
import type { BookingState, SeriesState } from '../../api/src/schedule/booking-section.tsx';
import type { OfferedWindow } from '../../api/src/schedule/offered-windows.ts';
import type { Visit } from '../../api/src/schedule/visits.ts';
import { customerQuotes, quotePageToday, quotePageToken } from './customer-quote-page-fixtures.ts';

/*
 * Rendered in Node when Storybook builds (imported with '?server-rendered'): the page of an accepted
 * weekly quote once its regular clean is booked, by the server's own function. The series runs on
 * Tuesdays 8:00–10:00 am from 17 March 2026, across the end of daylight saving on 5 April.
 */

const HOUR = 60 * 60 * 1000;

/** The weekly quote, accepted on 11 March. */
const accepted: CustomerQuote = {
  ...customerQuotes.weekly,
  version: {
    ...customerQuotes.weekly.version,
    status: 'accepted',
    viewedAt: new Date('2026-03-10T09:02:00Z'),
    answeredAt: new Date('2026-03-11T08:40:00Z'),
    acceptedName: 'Priya Raman',
  },
};

/** The twelve Tuesdays of the series' first 12 weeks, at 8:00 Melbourne time. */
const tuesdays = Array.from({ length: 12 }, (_, week) =>
  melbourneWallClock(addDays('2026-03-17', week * 7), 8 * 60),
);

function occurrence(start: Date, changes: Partial<Visit> = {}): Visit {
  const at = changes.start ?? start;
  return {
    id: `visit-richmond-${start.toISOString().slice(0, 10)}`,
    quoteRequestId: accepted.request.id,
    pricedQuoteId: accepted.version.id,
    teamId: 'team-1',
    teamName: 'Team 1',
    status: 'booked',
    kind: 'clean',
    seriesId: 'series-richmond-weekly',
    occurrenceStart: start,
    start: at,
    end: new Date(at.getTime() + 2 * HOUR),
    durationMinutes: 180,
    sequence: 0,
    bookedBy: 'customer',
    reminderMailId: null,
    cancelledAt: null,
    cancelReason: null,
    completedAt: null,
    ...changes,
  };
}

const allBooked = tuesdays.map((start) => ({ visit: occurrence(start), changeable: true }));

/** 24 March skipped, 31 March moved to Wednesday 1 April at 10:00, 14 April needing a time. */
const withExceptions = tuesdays.map((start, week) => {
  switch (week) {
    case 1:
      return { visit: occurrence(start, { status: 'skipped' }), changeable: false };
    case 2:
      return {
        visit: occurrence(start, { start: melbourneWallClock('2026-04-01', 10 * 60) }),
        changeable: true,
      };
    case 4:
      return { visit: occurrence(start, { status: 'needs-time' }), changeable: true };
    default:
      return { visit: occurrence(start), changeable: true };
  }
});

/** The times the visit of 7 April can move to: that week's mornings. */
const moveWindows: OfferedWindow[] = ['2026-04-06', '2026-04-07', '2026-04-08'].flatMap((day) =>
  [8 * 60, 10 * 60].map((minutes) => {
    const start = melbourneWallClock(day, minutes);
    return { start, end: new Date(start.getTime() + 2 * HOUR) };
  }),
);

const series: SeriesState = {
  id: 'series-richmond-weekly',
  label: 'Weekly, Tuesdays 8:00–10:00 am',
  endsOn: null,
  today: quotePageToday,
  occurrences: allBooked,
};

const base: BookingState = {
  visit: allBooked[0]?.visit,
  windows: [],
  changeable: false,
  changeCutoffHours: 4,
  actionBase: `/quote/${quotePageToken}`,
  frequency: 'weekly',
};

const states = {
  /** Accepted, nothing booked yet: the first window, the following ones at the same time. */
  firstTime: {
    ...base,
    visit: undefined,
    windows: moveWindows,
    series: undefined,
  },
  booked: { ...base, series },
  withExceptions: { ...base, series: { ...series, occurrences: withExceptions } },
  changingTime: {
    ...base,
    series: {
      ...series,
      changing: { visit: occurrence(tuesdays[3] as Date), windows: moveWindows },
    },
  },
  ended: {
    ...base,
    series: {
      ...series,
      endsOn: '2026-04-28',
      occurrences: tuesdays.map((start, week) => ({
        visit: occurrence(start, week > 6 ? { status: 'cancelled' } : {}),
        changeable: week <= 6,
      })),
    },
  },
} satisfies Record<string, BookingState>;

/** A state of the regular clean's part of the page, by its fixture's name. */
export type SeriesBookingStateName = keyof typeof states;

const pages = Object.fromEntries(
  Object.entries(states).map(([state, booking]) => [
    state,
    renderCustomerQuotePage({
      quote: accepted,
      token: quotePageToken,
      view: 'own',
      today: quotePageToday,
      gstRegistered: true,
      booking,
    }),
  ]),
) as Record<SeriesBookingStateName, string>;

export default pages;
