import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

/**
 * Where a scheduled job's run for one period is. 'skipped': there was nothing it could do (the daily
 * report with no one to send it to) — done for that period, like 'succeeded', never retried.
 */
export const JOB_RUN_STATUSES = ['running', 'succeeded', 'failed', 'skipped'] as const;
export type JobRunStatus = (typeof JOB_RUN_STATUSES)[number];

/**
 * One row per scheduled job and period (the data's day or week, not the fire time): the run is
 * claimed here before it acts, so two processes or a restart never run one period twice
 * (docs/decisions/0016-scheduled-jobs.md).
 */
export const jobRuns = sqliteTable(
  'job_runs',
  {
    id: text('id').primaryKey(),
    job: text('job').notNull(),
    /** The period the run is for: '2026-11-22' for a day. */
    period: text('period').notNull(),
    status: text('status', { enum: JOB_RUN_STATUSES }).notNull(),
    attempts: integer('attempts').notNull().default(1),
    /** Who holds the claim while running (a random id per runner), so only it can finish the run. */
    claimedBy: text('claimed_by'),
    /** A running claim whose holder vanished (a crash) may be taken over after this time. */
    leaseUntil: integer('lease_until', { mode: 'timestamp_ms' }),
    /** A failed run is tried again from this time on, while attempts remain. */
    nextAttemptAt: integer('next_attempt_at', { mode: 'timestamp_ms' }),
    startedAt: integer('started_at', { mode: 'timestamp_ms' }).notNull(),
    finishedAt: integer('finished_at', { mode: 'timestamp_ms' }),
    /** Why the run failed, or why it was skipped. */
    error: text('error'),
  },
  (table) => [
    uniqueIndex('job_runs_job_period').on(table.job, table.period),
    index('job_runs_job_started').on(table.job, table.startedAt),
  ],
);

/**
 * When each job was first scheduled on this database: a run missed before that time is never caught
 * up (a new database does not send yesterday's report at its first start).
 */
export const scheduledJobs = sqliteTable('scheduled_jobs', {
  name: text('name').primaryKey(),
  registeredAt: integer('registered_at', { mode: 'timestamp_ms' })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`),
});
