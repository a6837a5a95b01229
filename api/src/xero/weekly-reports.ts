import { eq } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { xeroConnections, xeroSchedules } from '../db/schema.ts';
import type { ScheduledJob } from '../jobs/job-runner.ts';
import { addDays, melbourneDay } from '../lib/melbourne-time.ts';
import type { ReportPeriod } from './xero-adapter.ts';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** The job name of a schedule in GET /api/admin/jobs and job_runs. */
export function weeklyJobName(scheduleId: string): string {
  return `xero-weekly:${scheduleId}`;
}

/** croner's pattern for `hour`:00 on `dayOfWeek` (0 = Sunday), read in Melbourne time. */
export function weeklyCron(dayOfWeek: number, hour: number): string {
  return `0 ${hour} * * ${dayOfWeek}`;
}

function utcOf(day: string): Date {
  return new Date(`${day}T00:00:00Z`);
}

/** The ISO week ('2026-W48') a Melbourne day ('YYYY-MM-DD') is in: weeks run Monday to Sunday. */
export function isoWeekOf(day: string): string {
  const date = utcOf(day);
  const weekday = date.getUTCDay() || 7;
  // The Thursday of the same week decides the year.
  const thursday = new Date(date.getTime() + (4 - weekday) * DAY_MS);
  const year = thursday.getUTCFullYear();
  const week = Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / DAY_MS / 7) + 1;
  return `${year}-W${String(week).padStart(2, '0')}`;
}

/** The Monday ('YYYY-MM-DD') of an ISO week label. */
export function mondayOfIsoWeek(week: string): string {
  const [yearText, weekText] = week.split('-W');
  const year = Number(yearText);
  // 4 January is always in week 1.
  const january4 = new Date(Date.UTC(year, 0, 4));
  const mondayOfWeek1 = january4.getTime() - ((january4.getUTCDay() || 7) - 1) * DAY_MS;
  return new Date(mondayOfWeek1 + (Number(weekText) - 1) * 7 * DAY_MS).toISOString().slice(0, 10);
}

/** The full week (Monday to Sunday) before the week of `day`: what a weekly report covers. */
export function weekBefore(day: string): ReportPeriod {
  const monday = mondayOfIsoWeek(isoWeekOf(day));
  return { fromDate: addDays(monday, -7), toDate: addDays(monday, -1) };
}

/** What a schedule's run needs to send its mail; the Xero module provides it (xero-service.ts). */
export type WeeklyReportSender = (
  input: { scheduleId: string; period: ReportPeriod },
  context: Parameters<ScheduledJob['run']>[0],
) => Promise<void>;

/**
 * One job per weekly schedule: fires at its hour on its day in Melbourne time; its
 * period is the ISO week of the fire, so each schedule sends once a week, whatever the restarts or
 * clock changes; a run missed while the server was down is made up within 12 hours.
 */
export async function weeklyReportJobs(
  database: Database,
  send: WeeklyReportSender,
): Promise<ScheduledJob[]> {
  const rows = await database.db
    .select({ schedule: xeroSchedules })
    .from(xeroSchedules)
    .innerJoin(xeroConnections, eq(xeroConnections.tenantId, xeroSchedules.tenantId))
    .orderBy(xeroSchedules.createdAt, xeroSchedules.id);
  return rows.map(({ schedule }) => ({
    name: weeklyJobName(schedule.id),
    schedule: weeklyCron(schedule.dayOfWeek, schedule.hour),
    periodOf: (fireTime: Date) => isoWeekOf(melbourneDay(fireTime)),
    graceMs: 12 * HOUR_MS,
    registeredAt: schedule.createdAt,
    run: (context) =>
      send({ scheduleId: schedule.id, period: weekBefore(mondayOfIsoWeek(context.period)) }, context),
  }));
}
