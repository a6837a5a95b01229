import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type FakeXero, productEnvironmentFor, startFakeXero } from '../../../tests/support/fake-xero.ts';
import { createApp } from '../app.ts';
import { type Database, openDatabase } from '../db/database.ts';
import { jobRuns, outbox } from '../db/schema.ts';
import { type Environment, parseEnvironment } from '../env.ts';
import { ManualClock } from '../jobs/clock.ts';
import { JobRunner } from '../jobs/job-runner.ts';
import { createLogger } from '../lib/logger.ts';
import { melbourneIsoString } from '../lib/melbourne-time.ts';
import { createTestAdmin, signIn, testAdmin } from '../test-support/sign-in.ts';
import { isoWeekOf, mondayOfIsoWeek, weekBefore, weeklyReportJobs } from './weekly-reports.ts';
import { XERO_WEEKLY_REPORT_KIND, XeroService } from './xero-service.ts';

const logger = createLogger('silent');
const MINUTE = 60_000;
let fake: FakeXero;
let directory: string;
let environment: Environment;
const databases: Database[] = [];
const runners: JobRunner[] = [];

beforeEach(async () => {
  fake = await startFakeXero();
  directory = mkdtempSync(join(tmpdir(), 'cleanquote-weekly-'));
  environment = parseEnvironment({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'https://clean.example',
    DATABASE_URL: `file:${join(directory, 'weekly.db')}`,
    ADMIN_EMAIL: testAdmin.email,
    ...productEnvironmentFor(fake),
  });
});
afterEach(async () => {
  for (const runner of runners.splice(0)) await runner.stop();
  for (const database of databases.splice(0)) database.close();
  await fake.close();
  rmSync(directory, { recursive: true, force: true });
});

async function openProcess(): Promise<Database> {
  const database = await openDatabase({ url: environment.DATABASE_URL });
  databases.push(database);
  return database;
}

/** A server process's runner: the weekly jobs only, on the test's clock, ticked by hand. */
function runnerFor(database: Database, clock: ManualClock) {
  const xero = new XeroService(database, environment, logger);
  const runner = new JobRunner({
    database,
    environment,
    logger,
    clock,
    jobs: [],
    dynamicJobs: () => weeklyReportJobs(database, xero.sendWeeklyReport),
    schedule: false,
  });
  runners.push(runner);
  return runner;
}

/** Connects the fake's organisation and schedules weekly reports through the API, at the clock's time. */
async function scheduleThroughApi(database: Database, clock: ManualClock, slots: [string, string][]) {
  await createTestAdmin(database);
  const app = createApp({ environment, database, logger, clock });
  const cookie = await signIn(app);
  const start = await app.request('/xero/connect', { headers: { Cookie: cookie } });
  const consent = await fetch(start.headers.get('Location') ?? '', { redirect: 'manual' });
  const callback = new URL(consent.headers.get('Location') ?? '');
  expect(
    (await app.request(`/xero/callback${callback.search}`, { headers: { Cookie: cookie } })).status,
  ).toBe(200);
  const ids: string[] = [];
  for (const [dayOfWeek, hour] of slots) {
    const response = await app.request('/api/xero/schedule', {
      method: 'POST',
      headers: { Cookie: cookie, Origin: 'https://clean.example', 'Content-Type': 'application/json' },
      body: JSON.stringify({
        tenantId: fake.tenants[0]?.tenantId,
        dayOfWeek,
        hour,
        emailRecipients: [testAdmin.email, 'books@sparkleclean.example'],
        reportTypes: ['profit_loss', 'balance_sheet', 'bank_summary', 'trial_balance'],
      }),
    });
    expect(response.status).toBe(201);
    ids.push(((await response.json()) as { schedule: { id: string } }).schedule.id);
  }
  return ids;
}

/** Moves the clock to `to` a quarter of an hour at a time, as croner's fires would find it. */
async function live(runner: JobRunner, clock: ManualClock, to: string) {
  while (clock.now() < new Date(to)) {
    clock.advance(15 * MINUTE);
    await runner.tick();
  }
}

async function runsOf(database: Database, job: string) {
  const rows = await database.db.select().from(jobRuns).where(eq(jobRuns.job, job)).orderBy(jobRuns.period);
  return rows.map((run) => [run.period, melbourneIsoString(run.startedAt), run.status]);
}

describe('ISO weeks in Melbourne days', () => {
  it('names the week and the full week before it', () => {
    expect(isoWeekOf('2026-11-23')).toBe('2026-W48');
    expect(isoWeekOf('2026-11-22')).toBe('2026-W47');
    expect(isoWeekOf('2027-01-01')).toBe('2026-W53');
    expect(mondayOfIsoWeek('2026-W53')).toBe('2026-12-28');
    expect(mondayOfIsoWeek('2026-W01')).toBe('2025-12-29');
    expect(weekBefore('2026-11-23')).toEqual({ fromDate: '2026-11-16', toDate: '2026-11-22' });
    expect(weekBefore('2026-11-29')).toEqual({ fromDate: '2026-11-16', toDate: '2026-11-22' });
  });
});

describe('a weekly Xero report', () => {
  it('sends once a week at its hour across the start of daylight saving and a restart that missed it', async () => {
    const clock = new ManualClock('2026-09-26T12:00:00+10:00');
    const database = await openProcess();
    const [monday, sunday] = await scheduleThroughApi(database, clock, [
      ['1', '9'],
      // 2:00 does not exist on Sunday 4 October 2026 (clocks go to 3:00): that week's runs at 3:00.
      ['0', '2'],
    ]);
    const before = runnerFor(database, clock);
    await before.start();
    await live(before, clock, '2026-10-05T08:00:00+11:00');
    // The server is down from 8:00 to 10:30 on Monday 5 October, over the 9:00 run.
    await before.stop();
    clock.set('2026-10-05T10:30:00+11:00');
    const after = runnerFor(await openProcess(), clock);
    await after.start();
    await live(after, clock, '2026-10-14T12:00:00+11:00');

    expect(await runsOf(database, `xero-weekly:${monday}`)).toEqual([
      ['2026-W40', '2026-09-28T09:00:00+10:00', 'succeeded'],
      ['2026-W41', '2026-10-05T10:30:00+11:00', 'succeeded'],
      ['2026-W42', '2026-10-12T09:00:00+11:00', 'succeeded'],
    ]);
    expect(await runsOf(database, `xero-weekly:${sunday}`)).toEqual([
      ['2026-W39', '2026-09-27T02:00:00+10:00', 'succeeded'],
      ['2026-W40', '2026-10-04T03:00:00+11:00', 'succeeded'],
      ['2026-W41', '2026-10-11T02:00:00+11:00', 'succeeded'],
    ]);
    const mails = await database.db
      .select()
      .from(outbox)
      .where(eq(outbox.kind, XERO_WEEKLY_REPORT_KIND))
      .orderBy(outbox.createdAt);
    // Six runs, each one mail to each of the two recipients.
    expect(mails).toHaveLength(12);
    expect(new Set(mails.map((mail) => mail.toAddress))).toEqual(
      new Set([testAdmin.email, 'books@sparkleclean.example']),
    );
    // The run of Monday 5 October reports the week of 28 September to 4 October.
    const profitAndLoss = fake.requests
      .filter((request) => request.path === '/api.xro/2.0/Reports/ProfitAndLoss')
      .map((request) => `${request.query.fromDate} ${request.query.toDate}`);
    expect(profitAndLoss).toContain('2026-09-28 2026-10-04');
    expect(mails[0]?.textBody).toContain('Trial Balance');
  });

  it('stops when its schedule is cancelled, and never makes up a week from before it existed', async () => {
    const clock = new ManualClock('2026-11-23T09:30:00+11:00');
    const database = await openProcess();
    const [id] = await scheduleThroughApi(database, clock, [['1', '9']]);
    const runner = runnerFor(database, clock);
    // Created at 9:30 on a Monday: this week's 9:00 is before it existed.
    expect(await runner.start()).toEqual([{ job: `xero-weekly:${id}`, outcome: 'nothing-due' }]);
    await new XeroService(database, environment, logger).cancelSchedule(id ?? '');
    await runner.reload();
    expect(runner.jobs).toEqual([]);
    await live(runner, clock, '2026-12-01T12:00:00+11:00');
    expect(await runsOf(database, `xero-weekly:${id}`)).toEqual([]);
  });
});
