import { EventEmitter } from 'node:events';
import { Cron } from 'croner';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { newRowId } from '../db/row-id.ts';
import { jobRuns, scheduledJobs } from '../db/schema.ts';
import type { Environment } from '../env.ts';
import { type Claim, type DurableQueue, defineDurableQueue, type QueueWorker } from '../lib/durable-queue.ts';
import type { Logger } from '../lib/logger.ts';
import { BUSINESS_TIME_ZONE } from '../lib/melbourne-time.ts';
import { randomToken } from '../lib/tokens.ts';
import type { WriteTransaction } from '../mail/outbox.ts';
import { type Clock, systemClock } from './clock.ts';

/** What a job's run is given. */
export interface JobContext {
  /** The period this run is for: the data's day ('2026-11-22') or week, not the fire time. */
  period: string;
  /** When the run started, by the runner's clock. */
  now: Date;
  database: Database;
  environment: Environment;
  logger: Logger;
  /**
   * Runs `work` in the write transaction that records this run as succeeded, so what it writes (a
   * report's mails in the outbox) exists exactly when the run counts as done. Throws, writing
   * nothing, if another process took the claim over meanwhile.
   */
  complete<T>(work: (tx: WriteTransaction) => Promise<T>): Promise<T>;
  /**
   * Records this run as skipped, with `reason`: the job had nothing it could do for the period (no
   * one to send a report to). Done for that period like a success — never retried, never alarming.
   */
  skip(reason: string): Promise<void>;
}

/** A job the runner schedules: one definition per job, in Melbourne time. */
export interface ScheduledJob {
  /** Stable name: the key of its runs ('daily-report'). */
  name: string;
  /** Cron pattern in Melbourne time ('0 9 * * *'). */
  schedule: string;
  /** The period a fire at `fireTime` is for (the daily report at 9:00 is for the day before). */
  periodOf(fireTime: Date): string;
  /** How long after a fire time a missed run is still made up at start-up. */
  graceMs: number;
  /** When the job came to exist (a schedule staff created): no run before it is ever caught up. */
  registeredAt?: Date;
  run(context: JobContext): Promise<void>;
}

/**
 * Says that the jobs {@link JobRunnerOptions.dynamicJobs} lists changed in this process (a weekly
 * report scheduled or cancelled): its runner reloads them at once. Other processes on the database
 * notice within {@link JobRunnerOptions.reloadMs}.
 */
export const jobsChanged = new EventEmitter();

/** Tells this process's runner that its dynamic jobs changed. */
export function announceJobsChanged(): void {
  jobsChanged.emit('changed');
}

/** Options of {@link JobRunner}. */
export interface JobRunnerOptions {
  database: Database;
  environment: Environment;
  logger: Logger;
  jobs: readonly ScheduledJob[];
  /** Jobs that come and go with the data (a weekly Xero report per schedule), read at start and on change. */
  dynamicJobs?: (() => Promise<readonly ScheduledJob[]>) | undefined;
  /** How often the dynamic jobs are read again for changes made by another process (default 1 min). */
  reloadMs?: number;
  clock?: Clock;
  /** How long a running claim holds before another process may take it over (default 10 min). */
  leaseMs?: number;
  /** Attempts per period before a failed run stays failed (default 5). */
  maxAttempts?: number;
  /** First retry delay, doubling per attempt (default 1 min), up to `retryMaxMs` (default 30 min). */
  retryBaseMs?: number;
  retryMaxMs?: number;
  /**
   * How often failed runs that are due again, and runs whose process died, are looked for (default
   * 5 s: a retry waits a minute or more, and runs a few seconds after its time at most).
   */
  retryPollMs?: number;
  /** false: no croner timers and no looking for due retries (tests call {@link JobRunner.tick}). Default true. */
  schedule?: boolean;
}

type JobRun = typeof jobRuns.$inferSelect;

/**
 * The runs of the scheduled jobs as a durable queue (lib/durable-queue.ts): a run is claimed as
 * 'running' when its time comes; it ends 'succeeded' or 'skipped', or 'failed' with the time of its
 * next attempt — or with none, once it has given up (the table keeps 'failed' for both, as staff see
 * it).
 */
export const jobRunQueue = defineDurableQueue({
  name: 'job-runs',
  table: jobRuns,
  columns: {
    id: jobRuns.id,
    status: jobRuns.status,
    attempts: jobRuns.attempts,
    sendAfter: jobRuns.nextAttemptAt,
    leaseUntil: jobRuns.leaseUntil,
    lastError: jobRuns.error,
  },
  statuses: { due: 'failed', leased: 'running', done: 'succeeded', dead: 'failed' },
});

/** The outcome of one look at a job: what ran, or why nothing did. */
export type TickOutcome =
  | { job: string; outcome: 'nothing-due' }
  | {
      job: string;
      period: string;
      outcome: 'done-already' | 'held-elsewhere' | 'waiting-to-retry' | 'gave-up';
    }
  | { job: string; period: string; outcome: 'succeeded' | 'failed' | 'skipped'; attempt: number };

/** The pattern evaluator of a schedule in Melbourne time (croner without a function never fires). */
export function cronFor(schedule: string): Cron {
  return new Cron(schedule, { timezone: BUSINESS_TIME_ZONE });
}

/** The next time `schedule` fires after `after`, in Melbourne time. */
export function nextFireTime(schedule: string, after: Date): Date | null {
  return cronFor(schedule).nextRun(after);
}

class LostClaimError extends Error {
  override name = 'LostClaimError';
}

/** A run's error for the admin: one line, bounded. */
function describeError(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.replace(/\s+/g, ' ').trim().slice(0, 500);
}

/**
 * The one mechanism behind every scheduled job (docs/decisions/0016-scheduled-jobs.md).
 *
 * croner fires each job in Australia/Melbourne time; every fire and the start-up call {@link tick},
 * which finds the latest fire time that is due (within the job's grace window, never before the job
 * was first scheduled on this database), turns it into the job's period and claims (job, period) in
 * `job_runs` before anything is done. The unique key makes the claim exactly-once across processes
 * and restarts. The runs are a durable queue ({@link jobRunQueue}): a failed run is tried again with
 * backoff, a claim whose process died is taken over once its lease ran out — both found by the
 * queue's worker when they come due, not by a timer.
 */
export class JobRunner {
  readonly #options: Required<Omit<JobRunnerOptions, 'clock' | 'dynamicJobs'>> & {
    clock: Clock;
    dynamicJobs: JobRunnerOptions['dynamicJobs'];
  };
  /** This runner's claim token. */
  readonly #id = randomToken();
  readonly #crons = new Map<string, Cron>();
  #jobs: readonly ScheduledJob[];
  #reloadTimer: ReturnType<typeof setInterval> | undefined;
  readonly #onJobsChanged = () => {
    void this.reload().catch((error: unknown) =>
      this.#options.logger.error({ err: error }, 'scheduled jobs could not be reloaded'),
    );
  };
  readonly #queue: DurableQueue<typeof jobRuns, JobRun>;
  /** Runs the retries and takeovers that come due (only when scheduling). */
  readonly #retries: QueueWorker<typeof jobRuns, JobRun> | undefined;
  readonly #running = new Set<Promise<unknown>>();
  #registeredAt = new Map<string, number>();
  #stopped = false;

  constructor(options: JobRunnerOptions) {
    this.#options = {
      clock: systemClock,
      leaseMs: 10 * 60_000,
      maxAttempts: 5,
      retryBaseMs: 60_000,
      retryMaxMs: 30 * 60_000,
      retryPollMs: 5_000,
      schedule: true,
      reloadMs: 60_000,
      ...options,
      dynamicJobs: options.dynamicJobs,
    };
    this.#jobs = options.jobs;
    const { database, clock, leaseMs, maxAttempts, retryBaseMs, retryMaxMs } = this.#options;
    this.#queue = jobRunQueue.connect(database, {
      backoff: { baseMs: retryBaseMs, factor: 2, maxMs: retryMaxMs },
      maxAttempts,
      leaseMs,
      clock,
    });
    this.#retries = this.#options.schedule
      ? this.#queue.worker({
          pollIntervalMs: this.#options.retryPollMs,
          // Only runs of jobs scheduled now: a removed weekly report's last failure stays as it is.
          where: () =>
            inArray(
              jobRuns.job,
              this.#jobs.map((job) => job.name),
            ),
          process: async (claim) => {
            const job = this.#jobs.find((candidate) => candidate.name === claim.row.job);
            if (job) await this.#track(this.#execute(job, claim, claim.row.period));
          },
          onError: (error) =>
            this.#options.logger.error({ err: error }, 'scheduled job retries could not be run'),
        })
      : undefined;
  }

  /** The jobs scheduled now: the fixed ones, then the dynamic ones as last read. */
  get jobs(): readonly ScheduledJob[] {
    return this.#jobs;
  }

  /** Records when each job was first scheduled on this database (kept: the first sighting wins). */
  async #register(jobs: readonly ScheduledJob[]): Promise<void> {
    const { database, clock } = this.#options;
    const unknown = jobs.filter((job) => !this.#registeredAt.has(job.name));
    // The minutely reload mostly finds nothing new: no write, no read.
    if (unknown.length === 0) return;
    await database.writes.run(async (tx) => {
      for (const job of unknown) {
        await tx
          .insert(scheduledJobs)
          .values({ name: job.name, registeredAt: job.registeredAt ?? clock.now() })
          .onConflictDoNothing();
      }
    });
    const rows = await database.db.select().from(scheduledJobs);
    this.#registeredAt = new Map(rows.map((row) => [row.name, row.registeredAt.getTime()]));
  }

  /** Starts croner for jobs without a timer and stops those of jobs that are gone. */
  #syncTimers(): void {
    if (!this.#options.schedule || this.#stopped) return;
    const names = new Set(this.#jobs.map((job) => job.name));
    for (const [name, cron] of this.#crons) {
      const job = this.#jobs.find((candidate) => candidate.name === name);
      if (names.has(name) && job && cron.getPattern() === job.schedule) continue;
      cron.stop();
      this.#crons.delete(name);
    }
    for (const job of this.#jobs) {
      if (this.#crons.has(job.name)) continue;
      this.#crons.set(
        job.name,
        new Cron(
          job.schedule,
          {
            timezone: BUSINESS_TIME_ZONE,
            protect: true,
            catch: (error) =>
              this.#options.logger.error({ err: error, job: job.name }, 'scheduled job failed'),
          },
          async () => {
            // The job as now defined (its recipients may have changed since the timer started).
            const current = this.#jobs.find((candidate) => candidate.name === job.name);
            if (current) await this.#track(this.#runDue(current));
          },
        ),
      );
    }
  }

  /**
   * Reads the dynamic jobs again: a new one is registered (no catch-up from before it existed) and
   * given a timer; a removed one loses its timer. Then runs whatever is due.
   */
  async reload(): Promise<TickOutcome[]> {
    const { dynamicJobs } = this.#options;
    if (!dynamicJobs || this.#stopped) return [];
    const loaded = await dynamicJobs();
    await this.#register(loaded);
    const before = new Set(this.#jobs.map((job) => job.name));
    this.#jobs = [...this.#options.jobs, ...loaded];
    this.#syncTimers();
    const added = loaded.filter((job) => !before.has(job.name));
    const outcomes: TickOutcome[] = [];
    for (const job of added) outcomes.push(await this.#track(this.#runDue(job)));
    return outcomes;
  }

  /** Registers the jobs on this database, makes up a run missed while down, then schedules them. */
  async start(): Promise<TickOutcome[]> {
    const { dynamicJobs, logger } = this.#options;
    // A database hiccup at start-up must not leave the jobs unscheduled: croner's fires try again.
    const loaded = dynamicJobs
      ? await dynamicJobs().catch((error: unknown) => {
          logger.error({ err: error }, 'scheduled jobs could not be read at start-up');
          return [] as ScheduledJob[];
        })
      : [];
    this.#jobs = [...this.#options.jobs, ...loaded];
    await this.#register(this.#jobs);
    const outcomes = await this.tick().catch((error: unknown) => {
      logger.error({ err: error }, 'scheduled jobs could not catch up at start-up');
      return [] as TickOutcome[];
    });
    this.#syncTimers();
    if (!this.#stopped) this.#retries?.start();
    if (dynamicJobs && this.#options.schedule && !this.#stopped) {
      jobsChanged.on('changed', this.#onJobsChanged);
      this.#reloadTimer = setInterval(this.#onJobsChanged, this.#options.reloadMs);
      this.#reloadTimer.unref();
    }
    return outcomes;
  }

  /** Looks at every job (or the one named) now: runs what is due and not yet done. */
  async tick(name?: string): Promise<TickOutcome[]> {
    const jobs = this.#jobs.filter((job) => name === undefined || job.name === name);
    const outcomes: TickOutcome[] = [];
    for (const job of jobs) outcomes.push(await this.#track(this.#runDue(job)));
    return outcomes;
  }

  /** Stops the timers and waits for runs in progress. */
  async stop(): Promise<void> {
    this.#stopped = true;
    jobsChanged.off('changed', this.#onJobsChanged);
    clearInterval(this.#reloadTimer);
    for (const cron of this.#crons.values()) cron.stop();
    this.#crons.clear();
    await this.#retries?.stop();
    await Promise.allSettled([...this.#running]);
  }

  #track<T>(promise: Promise<T>): Promise<T> {
    this.#running.add(promise);
    void promise.finally(() => this.#running.delete(promise)).catch(() => {});
    return promise;
  }

  /** The latest fire time of `job` that is due now, inside its grace window and after registration. */
  #dueFireTime(job: ScheduledJob, now: Date): Date | null {
    const registeredAt = this.#registeredAt.get(job.name) ?? now.getTime();
    const cron = cronFor(job.schedule);
    // A timer may wake a moment before the second it was set for.
    const limit = now.getTime() + 1_000;
    let cursor = new Date(Math.max(now.getTime() - job.graceMs, registeredAt) - 1);
    let due: Date | null = null;
    for (let next = cron.nextRun(cursor); next && next.getTime() <= limit; next = cron.nextRun(cursor)) {
      due = next;
      cursor = next;
    }
    return due;
  }

  /** Claims and runs the due period of `job`, if any, or says why nothing ran. */
  async #runDue(job: ScheduledJob): Promise<TickOutcome> {
    const now = this.#options.clock.now();
    const fire = this.#dueFireTime(job, now);
    if (!fire) return { job: job.name, outcome: 'nothing-due' };
    const period = job.periodOf(fire);
    const { claim, found } = await this.#claim(job, period, now);
    if (claim) return this.#execute(job, claim, period);
    const outcome =
      !found || found.status === 'succeeded' || found.status === 'skipped'
        ? 'done-already'
        : found.status === 'running'
          ? 'held-elsewhere'
          : found.nextAttemptAt === null
            ? 'gave-up'
            : 'waiting-to-retry';
    return { job: job.name, period, outcome };
  }

  /**
   * Claims (job, period) in one write transaction whose first statement is the INSERT, so two
   * processes serialise on SQLite's write lock and exactly one of them gets the row. A row that
   * exists is claimed when it is due again (failed, its next attempt come) or its holder's lease ran
   * out; otherwise `found` says where it is.
   */
  #claim(
    job: ScheduledJob,
    period: string,
    now: Date,
  ): Promise<{ claim?: Claim<JobRun>; found?: Pick<JobRun, 'status' | 'nextAttemptAt'> }> {
    return this.#options.database.writes.run(async (tx) => {
      const fresh = await this.#queue.insertClaimed(tx, {
        id: newRowId(),
        job: job.name,
        period,
        status: 'running',
        claimedBy: this.#id,
        startedAt: now,
      });
      if (fresh) return { claim: fresh };
      const thisRun = and(eq(jobRuns.job, job.name), eq(jobRuns.period, period));
      const again = await this.#queue.claim({
        tx,
        where: thisRun,
        set: { claimedBy: this.#id, startedAt: now, finishedAt: null, nextAttemptAt: null },
      });
      if (again) return { claim: again };
      const [found] = await tx
        .select({ status: jobRuns.status, nextAttemptAt: jobRuns.nextAttemptAt })
        .from(jobRuns)
        .where(thisRun);
      return found ? { found } : {};
    });
  }

  /** Runs a claimed run of `job` for `period` and records how it went. */
  async #execute(job: ScheduledJob, claim: Claim<JobRun>, period: string): Promise<TickOutcome> {
    const { database, clock, logger } = this.#options;
    const now = clock.now();
    const log = logger.child({ job: job.name, period, attempt: claim.attempts });
    let completed = false;
    let skipped = false;
    const markFinished = async (tx: WriteTransaction, skipReason?: string) => {
      const held = await this.#queue.complete(claim, {
        tx,
        set: {
          status: skipReason === undefined ? 'succeeded' : 'skipped',
          finishedAt: clock.now(),
          error: skipReason ?? null,
          nextAttemptAt: null,
        },
      });
      if (!held) throw new LostClaimError(`the run of ${job.name} for ${period} was taken over`);
    };
    try {
      await job.run({
        period,
        now,
        database,
        environment: this.#options.environment,
        logger: log,
        complete: async (work) => {
          const result = await database.writes.run(async (tx) => {
            const value = await work(tx);
            await markFinished(tx);
            return value;
          });
          completed = true;
          return result;
        },
        skip: async (reason) => {
          await database.writes.run((tx) => markFinished(tx, reason));
          completed = true;
          skipped = true;
        },
      });
      if (!completed) await database.writes.run((tx) => markFinished(tx));
      if (skipped) {
        log.info('scheduled job skipped');
        return { job: job.name, period, outcome: 'skipped', attempt: claim.attempts };
      }
      log.info('scheduled job succeeded');
      return { job: job.name, period, outcome: 'succeeded', attempt: claim.attempts };
    } catch (error) {
      if (error instanceof LostClaimError) {
        log.warn('scheduled job run was taken over by another process');
        return { job: job.name, period, outcome: 'held-elsewhere' };
      }
      const failed = await this.#queue.fail(claim, {
        error: describeError(error),
        set: { finishedAt: clock.now() },
      });
      const nextAttemptAt = failed?.sendAfter ?? null;
      log.error(
        { err: error, nextAttemptAt },
        nextAttemptAt ? 'scheduled job failed; will retry' : 'scheduled job failed',
      );
      return { job: job.name, period, outcome: 'failed', attempt: claim.attempts };
    }
  }
}

/** The last run of each job, for the admin (GET /api/admin/jobs, the dashboard's System Status). */
export async function lastJobRun(database: Database, job: string) {
  const [row] = await database.db
    .select()
    .from(jobRuns)
    .where(eq(jobRuns.job, job))
    .orderBy(desc(jobRuns.startedAt))
    .limit(1);
  return row ?? null;
}
