import type { VisitStatus } from '@cleanquote/quote-core/staff';
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
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
  ],
);
