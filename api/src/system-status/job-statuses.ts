import type { JobRunStatus } from '../db/schema.ts';
import { lastJobRun, nextFireTime, type ScheduledJob } from '../jobs/job-runner.ts';
import { SCHEDULED_JOBS } from '../jobs/scheduled-jobs.ts';
import { BUSINESS_TIME_ZONE, melbourneIsoString } from '../lib/melbourne-time.ts';
import { weeklyReportJobs } from '../xero/weekly-reports.ts';

/** One scheduled job as staff see it (GET /api/admin/jobs). Times are Melbourne local time with their offset. */
export interface JobStatus {
  name: string;
  schedule: string;
  timezone: string;
  nextRunAt: string | null;
  lastRun: {
    period: string;
    /** 'skipped': there was nothing the job could do for the period (see `error` for why). */
    status: JobRunStatus;
    startedAt: string;
    finishedAt: string | null;
    /** Why the run failed or was skipped. */
    error: string | null;
  } | null;
}

// A mail server's refusal can quote an address; jobs are listed before the quote dashboard is unlocked.
const ADDRESS = /[^\s<>"',;:]+@[^\s<>"',;:]+/g;

/** The status of each scheduled job: its schedule, next fire and last run. */
export async function jobStatuses(
  database: Parameters<typeof lastJobRun>[0],
  now: Date,
  /** Default: every job of the app, the weekly Xero reports included. */
  given?: readonly ScheduledJob[],
): Promise<JobStatus[]> {
  const jobs = given ?? [
    ...SCHEDULED_JOBS,
    // Listed, not run, here: the runner in server.ts runs them.
    ...(await weeklyReportJobs(database, () =>
      Promise.reject(new Error('Only the job runner sends reports.')),
    )),
  ];
  return Promise.all(
    jobs.map(async (job) => {
      const next = nextFireTime(job.schedule, now);
      const last = await lastJobRun(database, job.name);
      return {
        name: job.name,
        schedule: job.schedule,
        timezone: BUSINESS_TIME_ZONE,
        nextRunAt: next ? melbourneIsoString(next) : null,
        lastRun: last
          ? {
              period: last.period,
              status: last.status,
              startedAt: melbourneIsoString(last.startedAt),
              finishedAt: last.finishedAt ? melbourneIsoString(last.finishedAt) : null,
              error: last.error?.replace(ADDRESS, '<address>') ?? null,
            }
          : null,
      };
    }),
  );
}
