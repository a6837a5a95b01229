import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DAILY_REPORT_KIND } from '../analytics/report-mail.ts';
import { createApp } from '../app.ts';
import { type Database, openDatabase } from '../db/database.ts';
import { jobRuns, outbox } from '../db/schema.ts';
import { type Environment, parseEnvironment } from '../env.ts';
import { createLogger } from '../lib/logger.ts';
import { melbourneIsoString } from '../lib/melbourne-time.ts';
import { jobStatuses } from '../system-status/job-statuses.ts';
import { createTestAdmin, signIn } from '../test-support/sign-in.ts';
import { ManualClock } from './clock.ts';
import { JobRunner, type ScheduledJob } from './job-runner.ts';
import { dailyReportJob } from './scheduled-jobs.ts';

const logger = createLogger('silent');
const MINUTE = 60_000;
let directory: string;
let environment: Environment;
const open: Database[] = [];
const runners: JobRunner[] = [];

beforeEach(() => {
  directory = mkdtempSync(join(tmpdir(), 'cleanquote-jobs-'));
  environment = parseEnvironment({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'https://clean.example',
    DATABASE_URL: `file:${join(directory, 'jobs.db')}`,
    ADMIN_EMAIL: 'owner@sparkleclean.example',
  });
});
afterEach(async () => {
  for (const runner of runners.splice(0)) await runner.stop();
  for (const database of open.splice(0)) database.close();
  rmSync(directory, { recursive: true, force: true });
});

/** One app process's view of the shared database file. */
async function processOnDatabase(): Promise<Database> {
  const database = await openDatabase({ url: environment.DATABASE_URL });
  open.push(database);
  return database;
}

/** A runner as server.ts starts one, on `clock`, without croner timers (the test calls tick). */
function runnerFor(database: Database, clock: ManualClock, jobs: readonly ScheduledJob[] = [dailyReportJob]) {
  const runner = new JobRunner({ database, environment, logger, clock, jobs, schedule: false });
  runners.push(runner);
  return runner;
}

/** The daily reports in the outbox: which day each reports, from its subject. */
async function reportsSent(database: Database): Promise<string[]> {
  const rows = await database.db
    .select({ subject: outbox.subject })
    .from(outbox)
    .where(eq(outbox.kind, DAILY_REPORT_KIND))
    .orderBy(outbox.createdAt);
  return rows.map((row) => row.subject.replace('Daily analytics report for ', ''));
}

async function runsOf(database: Database, job = 'daily-report') {
  return database.db.select().from(jobRuns).where(eq(jobRuns.job, job)).orderBy(jobRuns.period);
}

/** Moves the clock from `from` to `to` a quarter of an hour at a time, as croner's fires would find it. */
async function live(runner: JobRunner, clock: ManualClock, from: string, to: string) {
  clock.set(from);
  await runner.start();
  while (clock.now() < new Date(to)) {
    clock.advance(15 * MINUTE);
    await runner.tick();
  }
}

describe('the daily report job', () => {
  it('sends each day once at 9:00 across the end of daylight saving (5 April 2026, a 25-hour day)', async () => {
    const database = await processOnDatabase();
    const clock = new ManualClock(0);
    await live(runnerFor(database, clock), clock, '2026-04-03T00:00:00+11:00', '2026-04-07T12:00:00+10:00');
    expect(await reportsSent(database)).toEqual([
      'Thursday 2 April 2026',
      'Friday 3 April 2026',
      'Saturday 4 April 2026',
      'Sunday 5 April 2026',
      'Monday 6 April 2026',
    ]);
    const runs = await runsOf(database);
    expect(runs.map((run) => [run.period, melbourneIsoString(run.startedAt), run.status])).toEqual([
      ['2026-04-02', '2026-04-03T09:00:00+11:00', 'succeeded'],
      ['2026-04-03', '2026-04-04T09:00:00+11:00', 'succeeded'],
      ['2026-04-04', '2026-04-05T09:00:00+10:00', 'succeeded'],
      ['2026-04-05', '2026-04-06T09:00:00+10:00', 'succeeded'],
      ['2026-04-06', '2026-04-07T09:00:00+10:00', 'succeeded'],
    ]);
  });

  it('sends each day once at 9:00 across the start of daylight saving (4 October 2026, a 23-hour day)', async () => {
    const database = await processOnDatabase();
    const clock = new ManualClock(0);
    await live(runnerFor(database, clock), clock, '2026-10-02T00:00:00+10:00', '2026-10-06T12:00:00+11:00');
    const runs = await runsOf(database);
    expect(runs.map((run) => [run.period, melbourneIsoString(run.startedAt)])).toEqual([
      ['2026-10-01', '2026-10-02T09:00:00+10:00'],
      ['2026-10-02', '2026-10-03T09:00:00+10:00'],
      ['2026-10-03', '2026-10-04T09:00:00+11:00'],
      ['2026-10-04', '2026-10-05T09:00:00+11:00'],
      ['2026-10-05', '2026-10-06T09:00:00+11:00'],
    ]);
    expect(await reportsSent(database)).toHaveLength(5);
    expect(await reportsSent(database)).toContain('Sunday 4 October 2026');
  });

  it('sends once when two app instances on one database fire at 9:00 together', async () => {
    const [first, second] = [await processOnDatabase(), await processOnDatabase()];
    const clock = new ManualClock('2026-11-22T20:00:00+11:00');
    const runnerA = runnerFor(first, clock);
    const runnerB = runnerFor(second, clock);
    await Promise.all([runnerA.start(), runnerB.start()]);
    clock.set('2026-11-23T09:00:00+11:00');
    const outcomes = (await Promise.all([runnerA.tick(), runnerB.tick()])).flat();
    const succeeded = outcomes.filter((outcome) => outcome.outcome === 'succeeded');
    expect(succeeded).toHaveLength(1);
    // The other found the claim taken: still running in the first process, or already done.
    expect(
      outcomes.filter((outcome) => outcome.outcome !== 'succeeded').map((outcome) => outcome.outcome),
    ).toEqual([expect.stringMatching(/^(held-elsewhere|done-already)$/)]);
    expect(await reportsSent(first)).toEqual(['Sunday 22 November 2026']);
    // Both fire again a moment later (a second timer, a retry): still one.
    clock.advance(MINUTE);
    await Promise.all([runnerA.tick(), runnerB.tick()]);
    expect(await reportsSent(second)).toEqual(['Sunday 22 November 2026']);
  });

  it('does not send again after a restart at 9:05', async () => {
    const clock = new ManualClock('2026-11-22T20:00:00+11:00');
    const before = runnerFor(await processOnDatabase(), clock);
    await before.start();
    clock.set('2026-11-23T09:00:00+11:00');
    await before.tick();
    await before.stop();
    clock.set('2026-11-23T09:05:00+11:00');
    const database = await processOnDatabase();
    const outcomes = await runnerFor(database, clock).start();
    expect(outcomes).toEqual([{ job: 'daily-report', period: '2026-11-22', outcome: 'done-already' }]);
    expect(await reportsSent(database)).toEqual(['Sunday 22 November 2026']);
  });

  it('sends at a restart at 9:05 when the process was down at 9:00', async () => {
    const clock = new ManualClock('2026-11-22T20:00:00+11:00');
    await runnerFor(await processOnDatabase(), clock).start();
    clock.set('2026-11-23T09:05:00+11:00');
    const database = await processOnDatabase();
    await runnerFor(database, clock).start();
    expect(await reportsSent(database)).toEqual(['Sunday 22 November 2026']);
  });

  it('catches up once after a restart at 11:00 that missed 9:00', async () => {
    const clock = new ManualClock('2026-11-22T10:00:00+11:00');
    const before = runnerFor(await processOnDatabase(), clock);
    await before.start();
    clock.set('2026-11-23T08:50:00+11:00');
    await before.tick();
    await before.stop();
    const database = await processOnDatabase();
    expect(await reportsSent(database)).toEqual([]);
    clock.set('2026-11-23T11:00:00+11:00');
    const after = runnerFor(database, clock);
    expect(await after.start()).toEqual([
      { job: 'daily-report', period: '2026-11-22', outcome: 'succeeded', attempt: 1 },
    ]);
    clock.advance(15 * MINUTE);
    await after.tick();
    expect(await reportsSent(database)).toEqual(['Sunday 22 November 2026']);
  });

  it('never catches up a day from before the database existed, nor one past the grace window', async () => {
    const clock = new ManualClock('2026-11-23T11:00:00+11:00');
    const database = await processOnDatabase();
    expect(await runnerFor(database, clock).start()).toEqual([
      { job: 'daily-report', outcome: 'nothing-due' },
    ]);
    // Down from 8:50 until 21:30: 9:00 is more than 12 hours gone; the next 9:00 sends as usual.
    clock.set('2026-11-24T21:30:00+11:00');
    expect(await runnerFor(database, clock).start()).toEqual([
      { job: 'daily-report', outcome: 'nothing-due' },
    ]);
    expect(await reportsSent(database)).toEqual([]);
  });
});

describe('the daily report with no one to read it', () => {
  it('is skipped, not failed and retried, when neither ADMIN_EMAIL nor BUSINESS_EMAIL is set', async () => {
    environment = parseEnvironment({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      PUBLIC_URL: 'https://clean.example',
      DATABASE_URL: environment.DATABASE_URL,
    });
    const database = await processOnDatabase();
    const clock = new ManualClock('2026-11-22T20:00:00+11:00');
    const runner = runnerFor(database, clock);
    await runner.start();
    clock.set('2026-11-23T09:00:00+11:00');
    expect(await runner.tick()).toEqual([
      { job: 'daily-report', period: '2026-11-22', outcome: 'skipped', attempt: 1 },
    ]);
    // Done for the day: later looks (a retry timer, a restart) find nothing to do.
    for (const minutes of [1, 2, 30, 120]) {
      clock.set(new Date(new Date('2026-11-23T09:00:00+11:00').getTime() + minutes * MINUTE));
      expect(await runner.tick()).toEqual([
        { job: 'daily-report', period: '2026-11-22', outcome: 'done-already' },
      ]);
    }
    expect(await runnerFor(await processOnDatabase(), clock).start()).toEqual([
      { job: 'daily-report', period: '2026-11-22', outcome: 'done-already' },
    ]);
    const runs = await runsOf(database);
    expect(runs.map((run) => [run.period, run.status, run.attempts, run.nextAttemptAt, run.error])).toEqual([
      ['2026-11-22', 'skipped', 1, null, 'No recipient: set ADMIN_EMAIL (or BUSINESS_EMAIL).'],
    ]);
    expect(await reportsSent(database)).toEqual([]);

    // The next day is skipped the same way, once.
    clock.set('2026-11-24T09:00:00+11:00');
    expect((await runner.tick())[0]).toMatchObject({ period: '2026-11-23', outcome: 'skipped' });

    // Staff see why on the dashboard's System Status.
    await createTestAdmin(database);
    const app = createApp({ environment, database, logger, clock });
    const cookie = await signIn(app);
    const status = await app.request('/api/admin/status', { headers: { Cookie: cookie } });
    expect(status.status).toBe(200);
    expect(((await status.json()) as { dailyReport: unknown }).dailyReport).toMatchObject({
      name: 'daily-report',
      recipients: 0,
      lastRun: {
        period: '2026-11-23',
        status: 'skipped',
        error: 'No recipient: set ADMIN_EMAIL (or BUSINESS_EMAIL).',
      },
    });
  });
});

describe('croner', () => {
  it('fires the daily report at 9:00 Melbourne time by itself', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    try {
      vi.setSystemTime(new Date('2026-11-23T08:58:30+11:00'));
      const database = await processOnDatabase();
      // The real clock and croner's own timers, both on the faked time.
      const runner = new JobRunner({ database, environment, logger, jobs: [dailyReportJob] });
      runners.push(runner);
      await runner.start();
      await vi.advanceTimersByTimeAsync(60_000);
      expect(await reportsSent(database)).toEqual([]);
      await vi.advanceTimersByTimeAsync(40_000);
      await vi.waitFor(async () => expect(await reportsSent(database)).toEqual(['Sunday 22 November 2026']));
      const [run] = await runsOf(database);
      expect(melbourneIsoString(run?.startedAt ?? new Date(0))).toBe('2026-11-23T09:00:00+11:00');
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('a failed run', () => {
  it('is retried with backoff and shows as failed until it succeeds', async () => {
    const database = await processOnDatabase();
    const clock = new ManualClock('2026-11-22T20:00:00+11:00');
    let failures = 2;
    const flaky: ScheduledJob = {
      ...dailyReportJob,
      async run(context) {
        if (failures > 0) {
          failures -= 1;
          throw new Error('The mail server refused owner@sparkleclean.example');
        }
        await dailyReportJob.run(context);
      },
    };
    const runner = runnerFor(database, clock, [flaky]);
    await runner.start();
    clock.set('2026-11-23T09:00:00+11:00');
    expect(await runner.tick()).toEqual([
      { job: 'daily-report', period: '2026-11-22', outcome: 'failed', attempt: 1 },
    ]);
    const [failed] = await jobStatuses(database, clock.now(), [flaky]);
    expect(failed?.lastRun).toMatchObject({
      period: '2026-11-22',
      status: 'failed',
      error: 'Error: The mail server refused <address>',
    });
    // First retry a minute later, the second two minutes after that.
    clock.advance(30_000);
    expect((await runner.tick())[0]?.outcome).toBe('waiting-to-retry');
    clock.advance(31_000);
    expect(await runner.tick()).toEqual([
      { job: 'daily-report', period: '2026-11-22', outcome: 'failed', attempt: 2 },
    ]);
    clock.advance(MINUTE + 1_000);
    expect((await runner.tick())[0]?.outcome).toBe('waiting-to-retry');
    clock.advance(MINUTE);
    expect((await runner.tick())[0]).toMatchObject({ outcome: 'succeeded', attempt: 3 });
    expect(await reportsSent(database)).toEqual(['Sunday 22 November 2026']);
    const [succeeded] = await jobStatuses(database, clock.now(), [flaky]);
    expect(succeeded?.lastRun).toMatchObject({ status: 'succeeded', error: null });
  });

  it('is tried again by itself once its retry time comes, with no timer of its own', async () => {
    const database = await processOnDatabase();
    const clock = new ManualClock('2026-11-22T20:00:00+11:00');
    let failures = 1;
    const flaky: ScheduledJob = {
      ...dailyReportJob,
      async run(context) {
        if (failures > 0) {
          failures -= 1;
          throw new Error('The mail server is down');
        }
        await dailyReportJob.run(context);
      },
    };
    // Scheduling as server.ts does (croner's next 9:00 is far off), looking for due retries often.
    const runner = new JobRunner({ database, environment, logger, clock, jobs: [flaky], retryPollMs: 20 });
    runners.push(runner);
    await runner.start();
    clock.set('2026-11-23T09:00:00+11:00');
    expect((await runner.tick())[0]).toMatchObject({ outcome: 'failed', attempt: 1 });
    expect(await reportsSent(database)).toEqual([]);
    // The failed run is a row due a minute later: whoever looks then runs it.
    clock.advance(MINUTE);
    await vi.waitFor(async () => expect(await reportsSent(database)).toEqual(['Sunday 22 November 2026']));
    expect((await runsOf(database))[0]).toMatchObject({
      status: 'succeeded',
      attempts: 2,
      nextAttemptAt: null,
    });
  });

  it('is taken over when the process that claimed it died before finishing', async () => {
    const database = await processOnDatabase();
    const clock = new ManualClock('2026-11-22T20:00:00+11:00');
    const hanging: ScheduledJob = { ...dailyReportJob, run: () => new Promise(() => {}) };
    const crashed = new JobRunner({ database, environment, logger, clock, jobs: [hanging], schedule: false });
    await crashed.start();
    clock.set('2026-11-23T09:00:00+11:00');
    void crashed.tick();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const runner = runnerFor(database, clock);
    await runner.start();
    clock.advance(5 * MINUTE);
    expect((await runner.tick())[0]?.outcome).toBe('held-elsewhere');
    clock.advance(6 * MINUTE);
    expect((await runner.tick())[0]).toMatchObject({ outcome: 'succeeded', attempt: 2 });
    expect(await reportsSent(database)).toEqual(['Sunday 22 November 2026']);
  });
});

describe('GET /api/admin/jobs', () => {
  async function jobsAt(now: string) {
    const database = await processOnDatabase();
    await createTestAdmin(database);
    const app = createApp({ environment, database, logger, clock: new ManualClock(now) });
    const cookie = await signIn(app);
    const response = await app.request('/api/admin/jobs', { headers: { Cookie: cookie } });
    expect(response.status).toBe(200);
    return { app, body: (await response.json()) as Record<string, unknown>[] };
  }

  it('shows the daily report next at 09:00 Melbourne time with that date’s offset', async () => {
    const summer = await jobsAt('2026-11-23T10:00:00+11:00');
    expect(summer.body[0]).toEqual({
      name: 'daily-report',
      schedule: '0 9 * * *',
      timezone: 'Australia/Melbourne',
      nextRunAt: '2026-11-24T09:00:00+11:00',
      lastRun: null,
    });
    expect((await summer.app.request('/api/admin/jobs')).status).toBe(401);
    for (const database of open.splice(0)) database.close();
    const winter = await jobsAt('2026-06-10T09:30:00+10:00');
    expect(winter.body[0]?.nextRunAt).toBe('2026-06-11T09:00:00+10:00');
    for (const database of open.splice(0)) database.close();
    // The night daylight saving starts: the next 9:00 is already in summer time.
    const change = await jobsAt('2026-10-03T23:00:00+10:00');
    expect(change.body[0]?.nextRunAt).toBe('2026-10-04T09:00:00+11:00');
  });

  it('shows the daily report’s last run, also in the dashboard’s System Status', async () => {
    const database = await processOnDatabase();
    await createTestAdmin(database);
    const clock = new ManualClock('2026-11-22T20:00:00+11:00');
    const runner = runnerFor(database, clock);
    await runner.start();
    clock.set('2026-11-23T09:00:00+11:00');
    await runner.tick();
    const app = createApp({ environment, database, logger, clock });
    const cookie = await signIn(app);
    const jobs = (await (await app.request('/api/admin/jobs', { headers: { Cookie: cookie } })).json()) as {
      lastRun: unknown;
    }[];
    const lastRun = {
      period: '2026-11-22',
      status: 'succeeded',
      startedAt: '2026-11-23T09:00:00+11:00',
      finishedAt: expect.stringMatching(/^2026-11-23T09:00:00\+11:00$/),
      error: null,
    };
    expect(jobs[0]?.lastRun).toEqual(lastRun);
    const status = await app.request('/api/admin/status', { headers: { Cookie: cookie } });
    expect(((await status.json()) as { dailyReport: unknown }).dailyReport).toMatchObject({
      name: 'daily-report',
      recipients: 1,
      lastRun,
    });
  });
});
