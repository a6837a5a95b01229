import type { SeriesFrequency, VisitKind, VisitStatus } from '@cleanquote/quote-core/staff';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { quoteRequests } from './schema.ts';
import { pricedQuotes } from './schema-priced-quotes.ts';

/**
 * The teams that go out to clean. A team is never deleted while it has visits to come; an inactive
 * team keeps its visits but is offered no new ones. No customer data.
 */
export const teams = sqliteTable('teams', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  active: integer('active', { mode: 'boolean' }).notNull().default(true),
  /** Where the team stands in the settings' list (and the schedule's columns). */
  position: integer('position').notNull(),
  createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  /** Taken out of the settings; the row stays for the past visits that name it. */
  removedAt: integer('removed_at', { mode: 'timestamp_ms' }),
});

/**
 * The working time the customers' booking is offered within (hours per weekday, arrival windows,
 * buffer, notice, cut-off, horizon, closed dates), as one JSON document in a single row (id
 * 'schedule'). Without the row, the defaults in code apply. No customer data.
 */
export const scheduleSettings = sqliteTable('schedule_settings', {
  id: text('id').primaryKey(),
  settings: text('settings', { mode: 'json' }).notNull(),
  updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
});

/** Every change of the schedule settings and teams: who, when, which setting, old → new. Append-only. */
export const scheduleSettingChanges = sqliteTable(
  'schedule_setting_changes',
  {
    id: text('id').primaryKey(),
    at: integer('at', { mode: 'timestamp_ms' }).notNull(),
    actorUserId: text('actor_user_id'),
    actorName: text('actor_name').notNull(),
    actorEmail: text('actor_email').notNull(),
    /** The setting's name in the settings JSON ('hours.6', 'windowMinutes', 'teams'). */
    field: text('field').notNull(),
    /** The value before and after, as JSON (null where there was none). */
    oldValue: text('old_value', { mode: 'json' }),
    newValue: text('new_value', { mode: 'json' }),
  },
  (table) => [index('schedule_setting_changes_at').on(table.at, table.id)],
);

/**
 * A recurring clean: the same Melbourne wall-clock time and weekday every 1, 2 or 4 weeks from
 * `anchorStart` (the first occurrence of its current rule). Its occurrences are rows of `visits`
 * (`seriesId`, `occurrenceStart`); the series holds the next 12 weeks of them, extended as time
 * passes. The id is the calendar invite's UID for the series; `sequence` counts its versions.
 */
export const visitSeries = sqliteTable(
  'visit_series',
  {
    id: text('id').primaryKey(),
    quoteRequestId: text('quote_request_id')
      .notNull()
      .references(() => quoteRequests.id),
    /** The accepted quote version the series was booked from: its per-visit price and duration. */
    pricedQuoteId: text('priced_quote_id').references(() => pricedQuotes.id),
    frequency: text('frequency').$type<SeriesFrequency>().notNull(),
    /** The first occurrence of the series' current rule; every occurrence is this wall-clock time. */
    anchorStart: integer('anchor_start', { mode: 'timestamp_ms' }).notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    windowMinutes: integer('window_minutes').notNull(),
    /** The team the series was booked with: tried first for every occurrence. */
    teamId: text('team_id')
      .notNull()
      .references(() => teams.id),
    /** The last Melbourne date with an occurrence ('yyyy-MM-dd'); null while the series goes on. */
    endsOn: text('ends_on'),
    /** Occurrences exist for every rule date up to and including this instant. */
    heldUntil: integer('held_until', { mode: 'timestamp_ms' }).notNull(),
    /** The series invite's SEQUENCE: 0 at booking, one more at every change. */
    sequence: integer('sequence').notNull().default(0),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (table) => [index('visit_series_quote_request').on(table.quoteRequestId)],
);

/**
 * A visit to a customer's home: one team, a start (the beginning of the arrival window) and how long
 * the clean takes. Its busy time is [start, start + duration + the buffer). The id is also the
 * calendar invite's UID for the visit's whole life; `sequence` counts the invite's versions.
 */
export const visits = sqliteTable(
  'visits',
  {
    id: text('id').primaryKey(),
    quoteRequestId: text('quote_request_id')
      .notNull()
      .references(() => quoteRequests.id),
    /** The accepted quote version it was booked from; null for a staff booking without one. */
    pricedQuoteId: text('priced_quote_id').references(() => pricedQuotes.id),
    teamId: text('team_id')
      .notNull()
      .references(() => teams.id),
    status: text('status').$type<VisitStatus>().notNull().default('booked'),
    /** A clean, or a free re-clean under the guarantee (no invoice). */
    kind: text('kind').$type<VisitKind>().notNull().default('clean'),
    /** The series it is an occurrence of; null for a one-off or a re-clean. */
    seriesId: text('series_id').references(() => visitSeries.id),
    /**
     * The time the series' rule gave this occurrence (its RECURRENCE-ID): stays when the occurrence
     * is moved, and makes each occurrence exist once.
     */
    occurrenceStart: integer('occurrence_start', { mode: 'timestamp_ms' }),
    start: integer('start', { mode: 'timestamp_ms' }).notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    /** The arrival window's length when it was booked: the customer arrives between start and start + this. */
    windowMinutes: integer('window_minutes').notNull(),
    /** The calendar invite's SEQUENCE: 0 at booking, one more at every change or cancellation. */
    sequence: integer('sequence').notNull().default(0),
    /** 'customer' (their quote page) or 'staff' (a phone booking). */
    bookedBy: text('booked_by').$type<'customer' | 'staff'>().notNull(),
    /** The reminder mail waiting in the outbox until 24 hours before the window; null when none. */
    reminderMailId: text('reminder_mail_id'),
    cancelledAt: integer('cancelled_at', { mode: 'timestamp_ms' }),
    cancelReason: text('cancel_reason'),
    completedAt: integer('completed_at', { mode: 'timestamp_ms' }),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (table) => [
    // The offering rule and the schedule read the booked visits of a span of days.
    index('visits_status_start').on(table.status, table.start),
    index('visits_team_start').on(table.teamId, table.start),
    index('visits_quote_request').on(table.quoteRequestId, table.createdAt),
    uniqueIndex('visits_series_occurrence').on(table.seriesId, table.occurrenceStart),
  ],
);

/**
 * A problem the customer reported within 24 hours of a completed visit (the re-clean guarantee),
 * and the free re-clean booked for it.
 */
export const problemReports = sqliteTable(
  'problem_reports',
  {
    id: text('id').primaryKey(),
    quoteRequestId: text('quote_request_id')
      .notNull()
      .references(() => quoteRequests.id),
    /** The completed visit the problem is about. */
    visitId: text('visit_id')
      .notNull()
      .references(() => visits.id),
    message: text('message').notNull(),
    /** The free re-clean booked for it; null until the customer chooses a time. */
    recleanVisitId: text('reclean_visit_id').references(() => visits.id),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (table) => [index('problem_reports_visit').on(table.visitId)],
);
