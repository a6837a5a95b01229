import { renderCustomerQuotePage } from '../../api/src/priced-quotes/customer-quote-page.tsx';
import type { BookingState } from '../../api/src/schedule/booking-section.tsx';
import { SLOT_TAKEN_MESSAGE } from '../../api/src/schedule/booking-section.tsx';
import type { OfferedWindow } from '../../api/src/schedule/offered-windows.ts';
import type { RecleanState } from '../../api/src/schedule/problem-reports.ts';
import type { Visit } from '../../api/src/schedule/visits.ts';
import { customerQuotes, quotePageToday, quotePageToken } from './customer-quote-page-fixtures.ts';

/*
 * Rendered in Node when Storybook builds (imported with '?server-rendered'): the accepted quote's
 * page once its clean is done, with the re-clean guarantee in each state, by the server's own
 * function, as its route calls it. Melbourne is on daylight saving in March (+11:00).
 */

const HOUR = 60 * 60 * 1000;

/** The clean of Monday 16 March, 8:00–10:00 am, marked done at 12:30 pm. */
const clean: Visit = {
  id: 'visit-richmond-1',
  quoteRequestId: 'request-richmond',
  pricedQuoteId: 'priced-richmond-1',
  teamId: 'team-1',
  teamName: 'Team 1',
  status: 'completed',
  kind: 'clean',
  seriesId: null,
  occurrenceStart: null,
  start: new Date('2026-03-16T08:00:00+11:00'),
  end: new Date('2026-03-16T10:00:00+11:00'),
  durationMinutes: 240,
  sequence: 0,
  bookedBy: 'customer',
  reminderMailId: null,
  cancelledAt: null,
  cancelReason: null,
  completedAt: new Date('2026-03-16T12:30:00+11:00'),
};

/** The re-clean's windows, reported on Monday afternoon: to the end of Thursday, any notice. */
const windows: OfferedWindow[] = [
  '2026-03-16T14:00',
  '2026-03-17T08:00',
  '2026-03-17T10:00',
  '2026-03-17T12:00',
  '2026-03-18T08:00',
  '2026-03-18T12:00',
  '2026-03-19T10:00',
].map((time) => {
  const start = new Date(`${time}:00+11:00`);
  return { start, end: new Date(start.getTime() + 2 * HOUR) };
});

/** The free re-clean, booked for Tuesday 17 March, 10:00 am–12:00 pm. */
const reclean: Visit = {
  ...clean,
  id: 'visit-richmond-reclean',
  status: 'booked',
  kind: 're-clean',
  teamId: 'team-2',
  teamName: 'Team 2',
  start: new Date('2026-03-17T10:00:00+11:00'),
  end: new Date('2026-03-17T12:00:00+11:00'),
  completedAt: null,
};

const actionBase = `/quote/${quotePageToken}`;

/** The booking part: the clean done. */
const booking: BookingState = {
  visit: clean,
  windows: [],
  changeable: false,
  changeCutoffHours: 4,
  actionBase,
};

const states = {
  reportForm: { kind: 'report', clean, actionBase, value: '' },
  reportTooLong: {
    kind: 'report',
    clean,
    actionBase,
    value: 'The oven was not cleaned inside. '.repeat(61),
    problem: 'Your message must be 2,000 characters or fewer (it has 2,012)',
  },
  recleanTimes: { kind: 'choose', clean, actionBase, windows },
  recleanTaken: { kind: 'choose', clean, actionBase, windows: windows.slice(1), message: SLOT_TAKEN_MESSAGE },
  recleanNoTimes: { kind: 'choose', clean, actionBase, windows: [] },
  recleanBooked: { kind: 'booked', clean, reclean },
  after24Hours: { kind: 'too-late', clean },
} satisfies Record<string, RecleanState>;

/** A state of the re-clean part, by its fixture's name. */
export type RecleanStateName = keyof typeof states;

const pages = Object.fromEntries(
  Object.entries(states).map(([state, reclean]) => [
    state,
    renderCustomerQuotePage({
      quote: customerQuotes.accepted,
      token: quotePageToken,
      view: 'own',
      today: quotePageToday,
      gstRegistered: true,
      booking,
      reclean,
    }),
  ]),
) as Record<RecleanStateName, string>;

export default pages;
