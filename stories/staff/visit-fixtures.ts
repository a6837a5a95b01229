import { DEFAULT_SCHEDULE_SETTINGS } from '@cleanquote/quote-core/staff';
import { HttpResponse, http } from 'msw';
import type {
  ScheduleSettingsAnswer,
  ScheduleTeam,
} from '../../sites/web/src/admin/lib/schedule-teams-query.ts';
import type {
  OfferedSlots,
  QuoteVisit,
  QuoteVisitAnswer,
} from '../../sites/web/src/admin/lib/visit-queries.ts';
import { melbourneDayOf, melbourneInstant } from '../../sites/web/src/admin/lib/visit-times.ts';
import type { QuoteSeries } from '../../sites/web/src/admin/quote-requests/series-queries.ts';
import type {
  ScheduleAnswer,
  ScheduledVisit,
} from '../../sites/web/src/admin/schedule/schedule-week-queries.ts';
import { quoteOf, requests } from './quote-request-fixtures.ts';

/*
 * Booked visits as GET /api/schedule, GET /api/contact/:id/visit and GET /api/contact/:id/slots
 * answer them, typed by the API's own answers, in the week of Monday 30 November 2026 (Melbourne
 * summer time, +11:00), for the inbox's customers: their links open their quote requests. A
 * regular clean and its exceptions are at the end.
 */

/** The week the schedule's stories open at. */
export const storyWeek = '2026-11-30';

/** The business's two teams, as the schedule's settings list them. */
export const storyTeams: ScheduleTeam[] = [
  { id: 'team-1', name: 'Team 1', active: true },
  { id: 'team-2', name: 'Team 2', active: true },
];

/** A Melbourne day and arrival time as the API's window: its start and the end two hours later. */
export function windowAt(day: string, time: string): { start: string; end: string } {
  const start = new Date(melbourneInstant(day, time));
  return { start: start.toISOString(), end: new Date(start.getTime() + 2 * 60 * 60 * 1000).toISOString() };
}

type Customer = keyof typeof requests;

/** The inbox's request of this customer, by name. */
const requestOf = (customer: Customer) => quoteOf(requests[customer].name).listItem;

/** A visit of `customer` on `day` at `time` ('08:00'), Team 1 and booked unless `changes` say otherwise. */
export function scheduledVisit(
  customer: Customer,
  day: string,
  time: string,
  changes: Partial<ScheduledVisit> = {},
): ScheduledVisit {
  const request = requestOf(customer);
  return {
    id: `visit-${customer}-${day}-${time}`,
    quoteRequestId: request.id,
    reference: request.reference,
    ...windowAt(day, time),
    durationMinutes: 180,
    teamId: 'team-1',
    teamName: 'Team 1',
    status: 'booked',
    kind: 'clean',
    seriesId: null,
    occurrenceStart: null,
    completedAt: null,
    customerName: request.name,
    suburb: request.suburb,
    service: request.service,
    ...changes,
  };
}

const team2 = { teamId: 'team-2', teamName: 'Team 2' };

/** A busy week: both teams out most days, one visit done, one cancelled, Sunday closed. */
export const busyWeek: ScheduledVisit[] = [
  scheduledVisit('priya', '2026-11-30', '08:00', { status: 'completed' }),
  scheduledVisit('tom', '2026-11-30', '12:00', { durationMinutes: 240 }),
  scheduledVisit('margaret', '2026-11-30', '08:00', team2),
  scheduledVisit('liam', '2026-12-01', '10:00', team2),
  scheduledVisit('sophie', '2026-12-02', '08:00'),
  scheduledVisit('jack', '2026-12-02', '12:00', { ...team2, status: 'cancelled' }),
  scheduledVisit('emma', '2026-12-03', '08:00', { durationMinutes: 300 }),
  scheduledVisit('priya', '2026-12-04', '14:00', team2),
  scheduledVisit('tom', '2026-12-05', '08:00', { durationMinutes: 120 }),
];

/**
 * A clash: staff placed Tom's end-of-lease clean at 10:00 on Team 1 after confirming it, while
 * Priya's 8:00 clean there takes three hours.
 */
export const clashWeek: ScheduledVisit[] = [
  scheduledVisit('priya', '2026-12-01', '08:00'),
  scheduledVisit('tom', '2026-12-01', '10:00', { durationMinutes: 240 }),
  scheduledVisit('margaret', '2026-12-01', '08:00', team2),
];

/**
 * GET /api/schedule answering the visits of `visits` that start on the days asked for; a function
 * gives the visits as they stand at each request (a story that changes them).
 */
export function scheduleAnswer(visits: readonly ScheduledVisit[] | (() => readonly ScheduledVisit[])) {
  return http.get('/api/schedule', ({ request }) => {
    const query = new URL(request.url).searchParams;
    const from = query.get('from') ?? '';
    const to = query.get('to') ?? '';
    const inRange = (typeof visits === 'function' ? visits() : visits).filter((visit) => {
      const day = melbourneDayOf(visit.start);
      return day >= from && day <= to;
    });
    return HttpResponse.json({
      from,
      to,
      now: '2026-11-29T22:00:00.000Z',
      visits: inRange,
    } satisfies ScheduleAnswer);
  });
}

/** GET /api/schedule/settings: the default working time and the two teams. */
export const scheduleSettingsAnswer = http.get('/api/schedule/settings', () =>
  HttpResponse.json({ ...DEFAULT_SCHEDULE_SETTINGS, teams: storyTeams } satisfies ScheduleSettingsAnswer),
);

/** GET /api/schedule/settings/history: no change made yet. */
export const scheduleSettingsHistoryAnswer = http.get('/api/schedule/settings/history', () =>
  HttpResponse.json([]),
);

/** Sophie's visit: Wednesday 2 December 2026, arriving between 8:00 and 10:00 am, Team 1. */
export function sophieVisit(changes: Partial<QuoteVisit> = {}): QuoteVisit {
  return scheduledVisit('sophie', '2026-12-02', '08:00', { durationMinutes: 90, ...changes });
}

/** The windows offered for Sophie's 1 h 30 min oven clean over three working days. */
export const sophieSlots: OfferedSlots = {
  durationMinutes: 90,
  slots: [
    ['2026-12-02', '08:00', 'Wed 2 Dec'],
    ['2026-12-02', '10:00', 'Wed 2 Dec'],
    ['2026-12-02', '14:00', 'Wed 2 Dec'],
    ['2026-12-03', '12:00', 'Thu 3 Dec'],
    ['2026-12-03', '14:00', 'Thu 3 Dec'],
    ['2026-12-05', '08:00', 'Sat 5 Dec'],
  ].map(([day, time, label]) => {
    const window = windowAt(day as string, time as string);
    return { ...window, label: `${label}, arrive ${time}` };
  }),
};

/*
 * A regular clean: Priya's weekly clean, Tuesdays 10:00 am–12:00 pm on Team 1, from Tuesday
 * 1 December 2026, with the exceptions staff meet — a visit skipped, one moved to another day and
 * team, one no team was free for (Needs a time) — and the schedule's week with regular cleans in it.
 */

/** Priya's weekly clean, as GET /api/contact/:id/visit names it. */
export const priyaSeries: QuoteSeries = {
  id: 'series-priya',
  frequency: 'weekly',
  endsOn: null,
  start: windowAt('2026-12-01', '10:00').start,
  label: 'Weekly, Tuesdays 10:00 am–12:00 pm',
  teamId: 'team-1',
  teamName: 'Team 1',
};

/** A visit of Priya's weekly clean at its usual time on `day`, booked on Team 1 unless `changes` say otherwise. */
function priyaWeekly(day: string, changes: Partial<ScheduledVisit> = {}): QuoteVisit {
  return {
    ...scheduledVisit('priya', day, '10:00', {
      seriesId: priyaSeries.id,
      occurrenceStart: windowAt(day, '10:00').start,
    }),
    invoice: null,
    ...changes,
  };
}

/** Priya's visits from Tuesday 1 December: one skipped, one moved, one needing a time, the rest booked. */
export const priyaSeriesVisits: QuoteVisit[] = [
  priyaWeekly('2026-12-01'),
  priyaWeekly('2026-12-08', { status: 'skipped' }),
  // Moved by staff from Tuesday 15 to Wednesday 16 December at 12:00, on Team 2.
  priyaWeekly('2026-12-15', { ...windowAt('2026-12-16', '12:00'), teamId: 'team-2', teamName: 'Team 2' }),
  // A closed day: no team holds it until staff choose a time.
  priyaWeekly('2026-12-22', { status: 'needs-time' }),
  priyaWeekly('2026-12-29'),
  priyaWeekly('2027-01-05'),
];

/** GET /api/contact/:id/visit for Priya's weekly clean. */
export const priyaSeriesAnswer: QuoteVisitAnswer = {
  visit: priyaSeriesVisits[0] ?? null,
  series: priyaSeries,
  visits: priyaSeriesVisits,
};

/** The windows offered for Priya's 3-hour clean: Thursday 3 and Friday 4 December. */
export const priyaSlots: OfferedSlots = {
  durationMinutes: 180,
  slots: [
    ['2026-12-03', '10:00', 'Thu 3 Dec'],
    ['2026-12-03', '13:00', 'Thu 3 Dec'],
    ['2026-12-04', '08:00', 'Fri 4 Dec'],
  ].map(([day, time, label]) => ({
    ...windowAt(day as string, time as string),
    label: `${label}, arrive ${time}`,
  })),
};

/**
 * A week with regular cleans: Priya's weekly clean on Tuesday, Tom's fortnightly one on Wednesday
 * that no team was free for (it names Team 2, its series' team, but holds none of its time), Liam's
 * skipped on Thursday, a free re-clean of Emma's on Friday, and one-offs.
 */
export const seriesWeek: ScheduledVisit[] = [
  scheduledVisit('margaret', '2026-11-30', '08:00', team2),
  scheduledVisit('priya', '2026-12-01', '10:00', {
    seriesId: priyaSeries.id,
    occurrenceStart: windowAt('2026-12-01', '10:00').start,
  }),
  scheduledVisit('sophie', '2026-12-02', '08:00'),
  scheduledVisit('tom', '2026-12-02', '10:00', {
    ...team2,
    status: 'needs-time',
    seriesId: 'series-tom',
    occurrenceStart: windowAt('2026-12-02', '10:00').start,
  }),
  scheduledVisit('liam', '2026-12-03', '08:00', {
    ...team2,
    status: 'skipped',
    seriesId: 'series-liam',
    occurrenceStart: windowAt('2026-12-03', '08:00').start,
  }),
  scheduledVisit('emma', '2026-12-04', '12:00', { kind: 're-clean' }),
];
