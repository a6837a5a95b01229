import { z } from 'zod';

/**
 * A visit's life: booked (to come, a team held), needs-time (an occurrence of a series whose time
 * was taken: no team held until it is given a time), skipped (one occurrence of a series left out),
 * cancelled (its time freed), completed (done).
 */
export const VISIT_STATUSES = ['booked', 'needs-time', 'skipped', 'cancelled', 'completed'] as const;
export type VisitStatus = (typeof VISIT_STATUSES)[number];

/** What a visit is: a clean (priced by its quote) or a free re-clean under the guarantee. */
export const VISIT_KINDS = ['clean', 're-clean'] as const;
export type VisitKind = (typeof VISIT_KINDS)[number];

/** How often a quote's clean is done: once, or a series every 1, 2 or 4 weeks. */
export const QUOTE_FREQUENCIES = ['once', 'weekly', 'fortnightly', 'four-weekly'] as const;
export type QuoteFrequency = (typeof QUOTE_FREQUENCIES)[number];
/** The frequencies of a series (every frequency but once). */
export type SeriesFrequency = Exclude<QuoteFrequency, 'once'>;

/** Most days one GET /api/schedule covers (both ends included). */
export const MAX_SCHEDULE_SPAN_DAYS = 62;

const calendarDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date as yyyy-MM-dd')
  .refine((day) => {
    const parsed = new Date(`${day}T00:00:00Z`);
    return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(day);
  }, 'Use a real calendar date');

/** An instant with its offset or Z: '2026-12-02T08:00:00+11:00'. */
const instant = z.iso.datetime({
  offset: true,
  message: 'Use a date and time with its offset, e.g. 2026-12-02T08:00:00+11:00',
});

/** GET /api/schedule: the visits of the Melbourne days `from` to `to`, both included, at most 62 days after. */
export const scheduleQuery = z
  .object({ from: calendarDay, to: calendarDay })
  .refine((query) => query.to >= query.from, { path: ['to'], message: 'Use a day on or after from' })
  .refine(
    (query) =>
      Date.parse(`${query.to}T00:00:00Z`) - Date.parse(`${query.from}T00:00:00Z`) <=
      MAX_SCHEDULE_SPAN_DAYS * 86_400_000,
    { path: ['to'], message: `Use at most ${MAX_SCHEDULE_SPAN_DAYS} days after from` },
  );
export type ScheduleQuery = z.infer<typeof scheduleQuery>;
export type ScheduleQueryInput = z.input<typeof scheduleQuery>;

/**
 * POST /api/contact/:id/visit — staff book a visit for a request (a phone booking): `start` is the
 * arrival window's start; `teamId` the team (else the first free active team); `override` places it
 * even where the customer's rules would not (a clash, outside the hours, in the past).
 */
export const visitBooking = z.object({
  start: instant,
  teamId: z.string().min(1).max(100).optional(),
  override: z.boolean().optional(),
});
export type VisitBooking = z.infer<typeof visitBooking>;

/**
 * PATCH /api/visits/:id — move it (`start`, `teamId`), or set its status: 'cancelled' (with an
 * optional `reason`), 'completed', or 'skipped' (one visit of a regular clean; the others stay).
 */
export const visitChange = z
  .object({
    start: instant.optional(),
    teamId: z.string().min(1).max(100).optional(),
    status: z.enum(['cancelled', 'completed', 'skipped']).optional(),
    reason: z.string().trim().max(1000).optional(),
    override: z.boolean().optional(),
    /** With status 'completed': when the clean finished (default now). */
    completedAt: instant.optional(),
  })
  .refine(
    (change) => change.start !== undefined || change.teamId !== undefined || change.status !== undefined,
    {
      path: ['start'],
      message: 'Give a new start, a team or a status',
    },
  )
  .refine(
    (change) => change.status === undefined || (change.start === undefined && change.teamId === undefined),
    {
      path: ['status'],
      message: 'Change the status on its own, without a new start or team',
    },
  )
  .refine((change) => change.completedAt === undefined || change.status === 'completed', {
    path: ['completedAt'],
    message: "Give completedAt with status 'completed' only",
  });
export type VisitChange = z.infer<typeof visitChange>;

/**
 * PATCH /api/series/:id — end a regular clean after a Melbourne day (`endsOn`, its last day with a
 * visit), or move every visit still to come to a new weekday and time (`start`: the first of them).
 */
export const seriesChange = z
  .object({
    endsOn: calendarDay.optional(),
    start: instant.optional(),
  })
  .refine((change) => change.endsOn !== undefined || change.start !== undefined, {
    path: ['endsOn'],
    message: 'Give endsOn or start',
  });
export type SeriesChange = z.infer<typeof seriesChange>;
