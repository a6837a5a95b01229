import { renderCustomerQuotePage } from '../../api/src/priced-quotes/customer-quote-page.tsx';
import type { BookingState } from '../../api/src/schedule/booking-section.tsx';
import { SLOT_TAKEN_MESSAGE } from '../../api/src/schedule/booking-section.tsx';
import type { OfferedWindow } from '../../api/src/schedule/offered-windows.ts';
import type { Visit } from '../../api/src/schedule/visits.ts';
import { customerQuotes, quotePageToday, quotePageToken } from './customer-quote-page-fixtures.ts';

/*
 * Rendered in Node when Storybook builds (imported with '?server-rendered'): the accepted quote's
 * page with its booking part in each state, by the server's own function, as its route calls it.
 * Melbourne is on daylight saving in March (+11:00).
 */

/** Arrival windows of two hours from 8:00 on three days after the quote was accepted. */
const windows: OfferedWindow[] = ['2026-03-16', '2026-03-17', '2026-03-19'].flatMap((day) =>
  ['08:00', '10:00', '12:00', '14:00'].map((time) => {
    const start = new Date(`${day}T${time}:00+11:00`);
    return { start, end: new Date(start.getTime() + 2 * 60 * 60 * 1000) };
  }),
);

/** The visit booked for Thursday 19 March, 8:00–10:00 am. */
const bookedVisit: Visit = {
  id: 'visit-richmond-1',
  quoteRequestId: 'request-richmond',
  pricedQuoteId: 'priced-richmond-1',
  teamId: 'team-1',
  teamName: 'Team 1',
  status: 'booked',
  kind: 'clean',
  seriesId: null,
  occurrenceStart: null,
  start: new Date('2026-03-19T08:00:00+11:00'),
  end: new Date('2026-03-19T10:00:00+11:00'),
  durationMinutes: 240,
  sequence: 0,
  bookedBy: 'customer',
  reminderMailId: 'mail-reminder-1',
  cancelledAt: null,
  cancelReason: null,
  completedAt: null,
};

const actionBase = `/quote/${quotePageToken}`;
const base = { windows, changeable: false, changeCutoffHours: 4, actionBase, visit: undefined };

const states = {
  timesOffered: base,
  noneOffered: { ...base, windows: [] },
  taken: { ...base, windows: windows.slice(1), message: SLOT_TAKEN_MESSAGE },
  booked: { ...base, visit: bookedVisit, changeable: true },
  insideCutOff: { ...base, visit: bookedVisit, changeable: false },
  cancelled: {
    ...base,
    visit: {
      ...bookedVisit,
      status: 'cancelled',
      sequence: 1,
      cancelledAt: new Date('2026-03-13T01:00:00Z'),
    },
  },
} satisfies Record<string, BookingState>;

/** A state of the booking part, by its fixture's name. */
export type BookingStateName = keyof typeof states;

const pages = Object.fromEntries(
  Object.entries(states).map(([state, booking]) => [
    state,
    renderCustomerQuotePage({
      quote: customerQuotes.accepted,
      token: quotePageToken,
      view: 'own',
      today: quotePageToday,
      gstRegistered: true,
      booking,
    }),
  ]),
) as Record<BookingStateName, string>;

export default pages;
