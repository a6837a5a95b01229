import { buildAnalyticsReport } from '../analytics/report.ts';
import { enqueueDailyReport, NO_REPORT_RECIPIENT, reportRecipients } from '../analytics/report-mail.ts';
import { deleteExpiredAnalytics } from '../analytics/retention.ts';
import { backupJob } from '../backups/backup-job.ts';
import { addDays, melbourneDay } from '../lib/melbourne-time.ts';
import { quoteExpiryJob } from '../priced-quotes/quote-expiry-job.ts';
import { seriesExtensionJob } from '../schedule/series.ts';
import type { ScheduledJob } from './job-runner.ts';

const HOUR_MS = 60 * 60 * 1000;

/**
 * The daily analytics email: at 9:00 Melbourne time, the previous Melbourne day's report
 * to ADMIN_EMAIL (and BUSINESS_EMAIL), HTML with a plain-text part, through the outbox. Its period
 * is the reported day; a start-up until 21:00 makes up a 9:00 missed while the server was down.
 * With neither address set (the plain `npm start` default) there is no one to read it: the run is
 * skipped, not failed and retried.
 */
export const dailyReportJob: ScheduledJob = {
  name: 'daily-report',
  schedule: '0 9 * * *',
  periodOf: (fireTime) => addDays(melbourneDay(fireTime), -1),
  graceMs: 12 * HOUR_MS,
  async run({ period, database, environment, logger, complete, skip }) {
    if (reportRecipients(environment).length === 0) {
      await skip(NO_REPORT_RECIPIENT);
      logger.info('daily analytics report skipped: no recipient');
      return;
    }
    const report = await buildAnalyticsReport(database.db, period, { publicUrl: environment.PUBLIC_URL });
    const recipients = await complete((tx) => enqueueDailyReport(tx, report, environment));
    logger.info({ recipients: recipients.length, views: report.totalViews }, 'daily analytics report queued');
  },
};

/** Deletes analytics older than 26 months and visitor salts older than 48 hours, nightly. */
export const analyticsRetentionJob: ScheduledJob = {
  name: 'analytics-retention',
  schedule: '30 3 * * *',
  periodOf: (fireTime) => melbourneDay(fireTime),
  graceMs: 24 * HOUR_MS,
  async run({ now, database, logger }) {
    const deleted = await deleteExpiredAnalytics(database, now);
    logger.info(deleted, 'expired analytics deleted');
  },
};

/** Every scheduled job of the app, in the order the admin lists them. */
export const SCHEDULED_JOBS: readonly ScheduledJob[] = [
  dailyReportJob,
  analyticsRetentionJob,
  quoteExpiryJob,
  seriesExtensionJob,
  backupJob,
];
