import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../db/database.ts';
import { jobRuns } from '../db/schema.ts';
import { type Environment, parseEnvironment } from '../env.ts';
import { ManualClock } from '../jobs/clock.ts';
import { JobRunner } from '../jobs/job-runner.ts';
import { SCHEDULED_JOBS } from '../jobs/scheduled-jobs.ts';
import { createLogger } from '../lib/logger.ts';
import { melbourneDay, melbourneIsoString } from '../lib/melbourne-time.ts';
import { BACKUPS_BY_DATABASE_SERVER, backupJob } from './backup-job.ts';
import { backupFileName } from './snapshot.ts';

const logger = createLogger('silent');
const HOUR = 60 * 60_000;
let directory: string;
const open: Database[] = [];
const runners: JobRunner[] = [];

beforeEach(() => {
  directory = mkdtempSync(join(tmpdir(), 'cleanquote-backup-job-'));
});
afterEach(async () => {
  for (const runner of runners.splice(0)) await runner.stop();
  for (const database of open.splice(0)) database.close();
  rmSync(directory, { recursive: true, force: true });
});

function environmentWith(overrides: Record<string, string> = {}): Environment {
  return parseEnvironment({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: `file:${join(directory, 'cleanquote.db')}`,
    BACKUP_DIR: join(directory, 'backups'),
    ...overrides,
  });
}

async function runnerOn(environment: Environment, clock: ManualClock): Promise<JobRunner> {
  const database = await openDatabase({ url: `file:${join(directory, 'cleanquote.db')}` });
  open.push(database);
  const runner = new JobRunner({ database, environment, logger, clock, jobs: [backupJob], schedule: false });
  runners.push(runner);
  return runner;
}

function filesIn(environment: Environment): string[] {
  return readdirSync(environment.BACKUP_DIR).sort().reverse();
}

/** Every hour on the hour in (from, to]: the instants the job fires. */
function hoursBetween(from: string, to: string): Date[] {
  const hours: Date[] = [];
  for (
    let t = Math.floor(new Date(from).getTime() / HOUR) * HOUR + HOUR;
    t <= new Date(to).getTime();
    t += HOUR
  ) {
    hours.push(new Date(t));
  }
  return hours;
}

/** What retention should leave after snapshots at `fired`: the last `hourly` hours and the last snapshot of each of the last `daily` Melbourne days. */
function expectedFiles(fired: Date[], hourly: number, daily: number): string[] {
  const lastOfDay = new Map<string, Date>();
  for (const instant of fired) lastOfDay.set(melbourneDay(instant), instant);
  const kept = new Set([
    ...fired.slice(-hourly).map((instant) => backupFileName(instant)),
    ...[...lastOfDay.values()].slice(-daily).map((instant) => backupFileName(instant)),
  ]);
  return [...kept].sort().reverse();
}

/** Runs the job at each of `hours` (on the hour), as croner's fires would find the clock there. */
async function live(runner: JobRunner, clock: ManualClock, from: string, hours: readonly Date[]) {
  clock.set(from);
  await runner.start();
  for (const hour of hours) {
    clock.set(hour);
    const [outcome] = await runner.tick();
    expect(outcome).toMatchObject({ job: 'database-backup', outcome: 'succeeded' });
  }
}

describe('the hourly backup job', () => {
  it('is one of the app’s scheduled jobs', () => {
    expect(SCHEDULED_JOBS).toContain(backupJob);
  });

  it('keeps 48 hourly and 30 daily snapshots by default and deletes the rest, across daylight saving', async () => {
    const environment = environmentWith();
    const clock = new ManualClock(0);
    const from = '2026-09-28T00:30:00+10:00';
    // Five weeks: on most days the server was up only at 23:00, then every hour of the last 58
    // (every hour of five weeks is 840 snapshots, each a real copy checked in a worker: the same
    // rule, only slower to run). The last 48 hours and 30 days cross the start of daylight saving.
    const fired = [
      ...hoursBetween(from, '2026-10-31T00:00:00+11:00').filter((hour) =>
        /T23:/.test(melbourneIsoString(hour)),
      ),
      ...hoursBetween('2026-10-31T00:00:00+11:00', '2026-11-02T10:00:00+11:00'),
    ];
    await live(await runnerOn(environment, clock), clock, from, fired);
    const files = filesIn(environment);
    expect(files).toEqual(expectedFiles(fired, 48, 30));
    // The last 48 hours touch three days (31 October to 2 November), so 27 older days add their
    // last snapshot: 75 in all.
    expect(files).toHaveLength(75);
    expect(files[0]).toBe('cleanquote-2026-11-01T23-00-00Z.db');
    // The oldest kept: the last snapshot of Sunday 4 October, 23:00 in Melbourne, on the day daylight saving began (UTC+11).
    expect(files.at(-1)).toBe('cleanquote-2026-10-04T12-00-00Z.db');
  }, 90_000);

  it('keeps what BACKUP_RETAIN_HOURLY and BACKUP_RETAIN_DAILY say', async () => {
    const environment = environmentWith({ BACKUP_RETAIN_HOURLY: '3', BACKUP_RETAIN_DAILY: '2' });
    const clock = new ManualClock(0);
    // From 21:00 on the 22nd: older days than the last two would be deleted all the same.
    const from = '2026-11-22T20:30:00+11:00';
    await live(
      await runnerOn(environment, clock),
      clock,
      from,
      hoursBetween(from, '2026-11-23T09:00:00+11:00'),
    );
    expect(filesIn(environment)).toEqual([
      'cleanquote-2026-11-22T22-00-00Z.db', // 9:00 on the 23rd, Melbourne
      'cleanquote-2026-11-22T21-00-00Z.db',
      'cleanquote-2026-11-22T20-00-00Z.db',
      'cleanquote-2026-11-22T12-00-00Z.db', // 23:00 on the 22nd: the last of the day before
    ]);
  }, 60_000);

  it('takes one snapshot per hour when two app instances on one database fire together', async () => {
    const environment = environmentWith();
    const clock = new ManualClock('2026-11-23T08:30:00+11:00');
    const [first, second] = [await runnerOn(environment, clock), await runnerOn(environment, clock)];
    await Promise.all([first.start(), second.start()]);
    clock.set('2026-11-23T09:00:00+11:00');
    await Promise.all([first.tick(), second.tick()]);
    clock.advance(60_000);
    await Promise.all([first.tick(), second.tick()]);
    expect(filesIn(environment)).toEqual(['cleanquote-2026-11-22T22-00-00Z.db']);
  });

  it('does nothing with a libSQL server: its backups are the server’s', async () => {
    // The runner's own database is a file; the job goes by DATABASE_URL, as the app does.
    const environment = environmentWith({ DATABASE_URL: 'libsql://cleanquote.example.turso.io' });
    const clock = new ManualClock('2026-11-23T08:30:00+11:00');
    const runner = await runnerOn(environment, clock);
    await runner.start();
    clock.set('2026-11-23T09:00:00+11:00');
    expect(await runner.tick()).toEqual([
      { job: 'database-backup', period: '2026-11-23T09+11:00', outcome: 'skipped', attempt: 1 },
    ]);
    // The run is recorded as skipped with the reason, for staff who wonder where the backups are.
    const [run] = await (open.at(-1) as Database).db
      .select()
      .from(jobRuns)
      .where(eq(jobRuns.job, 'database-backup'));
    expect(run?.error).toBe(BACKUPS_BY_DATABASE_SERVER);
    expect(() => filesIn(environment)).toThrow(/ENOENT/);
  });
});
